/**
 * The Mini App in a real browser, inside the playground as Telegram's web client shows it:
 * headless Chromium from Debian's `chromium` package, driven by playwright-core through
 * `executablePath` (as test/e2e/playground.browser.test.ts, whose setup this copies). At a phone's
 * 400 × 800 the page is opened from the chat's button and walks a whole exchange, the destination
 * taken by the scanner stand-in (another coin's payment request read without its amount), to the
 * deposit view, whose Copy buttons put the amount alone and the address on the clipboard; the same
 * exchange's card and instructions are then in the chat. Also: the dark theme, a refusal in the
 * chat's words with haptic feedback, a payment request's amount applied only when pressed, and a
 * link's pair and amount prefilled.
 *
 * Without the browser binary the tests are skipped with a message, except under CI (CI set),
 * where they fail: CI installs the package in `.ci/run` and must really run them.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sign } from "@tma.js/init-data-node";
import { chromium, type Browser, type FrameLocator, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.js";
import { loadDevConfig, startDevSystem, withSandboxFeatures, type DevSystem } from "../../src/devtools/system.js";
import { PLAYGROUND_USER } from "../../src/devtools/playground/server.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HAVE_BROWSER = existsSync(CHROMIUM);
/** The browser's getComputedStyle, as a function run in the page sees it (the test's own types have no DOM). */
type Styles = { getComputedStyle(el: unknown): { backgroundColor: string; color: string } };
/** An element's background colour, read in the page. */
const BACKGROUND = (el: unknown): string => (globalThis as unknown as Styles).getComputedStyle(el).backgroundColor;
/** An element's text colour, read in the page. */
const COLOR = (el: unknown): string => (globalThis as unknown as Styles).getComputedStyle(el).color;
/** The Mini App's iframe, as a function run in the host page sees it. */
type MiniAppFrame = { src: string; contentWindow: { postMessage(message: string, origin: string): void } };
/** Posts a scanned `data` to the Mini App's frame as the client's scanner does (`qr_text_received`, to its origin only). */
const POST_SCAN = (el: unknown, data: string): void => {
  const frame = el as MiniAppFrame;
  frame.contentWindow.postMessage(JSON.stringify({ eventType: "qr_text_received", eventData: { data } }), new URL(frame.src).origin);
};

if (!HAVE_BROWSER && !process.env.CI) {
  console.warn(`Mini App browser test skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
}

describe.skipIf(!HAVE_BROWSER && !process.env.CI)("the Mini App in the playground, in a real browser", () => {
  let system: DevSystem | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    if (!HAVE_BROWSER) throw new Error(`CI is set but there is no Chromium at ${CHROMIUM}: .ci/run installs Debian's chromium package`);
    dataDir = await mkdtemp(join(tmpdir(), "swapbot-webapp-"));
    // As `npm start` runs it (every capability of the sandbox on: fixed rates, "receive exactly").
    // The person's pace limit is off: a test walks faster than a person, and the limit itself is
    // test/e2e/webapp-api.test.ts's subject.
    const env = {
      DATA_DIR: dataDir,
      SANDBOX_PORT: "0",
      LOG_LEVEL: "silent",
      PERSON_UPDATES_PER_MINUTE: "0",
      PERSON_QUOTES_PER_MINUTE: "0",
    };
    system = await startDevSystem(withSandboxFeatures(loadDevConfig(env), {}), createLogger({ level: "silent", secrets: [] }));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
    });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await system?.close();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });

  /** The playground at a phone's size, ready, with the page's errors collected (the Mini App's frame's too). */
  async function playground(): Promise<{ page: Page; errors: string[] }> {
    // The clipboard readable and writable: what a Copy button put there is read back.
    const page = await browser!.newPage({ viewport: { width: 400, height: 800 }, permissions: ["clipboard-read", "clipboard-write"] });
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(system!.playground!.url);
    await page.locator("body[data-ready=true]").waitFor();
    return { page, errors };
  }

  /** The Mini App's frame, once its page has said web_app_ready and shown its first step. */
  async function miniApp(page: Page): Promise<FrameLocator> {
    await page.locator("#mini-app[data-app-ready=true]").waitFor();
    const frame = page.frameLocator("#mini-app-frame");
    await frame.locator("body[data-ready=true]").waitFor();
    return frame;
  }

  /** Presses the MainButton under the frame, once it says `text` and can be pressed. */
  async function pressMain(page: Page, text: string): Promise<void> {
    const main = page.locator("#mini-app-main");
    await expect.poll(async () => ((await main.isVisible()) && (await main.isEnabled()) ? await main.textContent() : "")).toBe(text);
    await main.click();
  }

  const step = (frame: FrameLocator, name: string): Promise<void> => frame.locator(`#app[data-step="${name}"]`).waitFor();

  /** What is on the clipboard, as a page reads it. */
  const clipboard = (page: Page): Promise<string> => page.evaluate<string>("navigator.clipboard.readText()");

  /** Picks the pair BTC → ETH and types an amount to send, up to its live quote. */
  async function btcToEth(page: Page, frame: FrameLocator, amount: string): Promise<void> {
    await frame.locator('#coin-list [data-code="BTC"]').click();
    await step(frame, "pick");
    await frame.locator('#coin-list [data-code="ETH"]').click();
    await step(frame, "amount");
    await frame.locator("#amount").fill(amount);
    await frame.locator('[data-rate="floating"]').waitFor();
    await pressMain(page, "Continue");
    await step(frame, "address-destination");
  }

  it("walks a whole exchange from the chat's button to the deposit view, the destination scanned; the chat has the same exchange", async () => {
    const { page, errors } = await playground();
    await page.locator("#text-input").fill("/start");
    await page.locator("#text-input").press("Enter");
    const button = page.locator("button[data-web-app]").last();
    await button.waitFor();
    expect(await button.textContent()).toContain("Exchange in the app");

    const opened = Date.now();
    await button.click();
    const frame = await miniApp(page);
    await expect.poll(() => page.locator("#mini-app").getAttribute("data-expanded")).toBe("true");
    // The first step: no Back, no MainButton (a tap on a coin moves on).
    expect(await page.locator("#mini-app-back").isVisible()).toBe(false);
    expect(await page.locator("#mini-app-main").isVisible()).toBe(false);

    // The coin sent: USDT, a ticker on three networks: the network chosen, with the warning.
    await frame.locator('#coin-list [data-ticker="USDT"]').click();
    await step(frame, "networks");
    expect(await frame.locator(".warning").textContent()).toContain("on this network only");
    await frame.locator('#network-list [data-code="USDTTRC20"]').click();
    // The coin received: found by a search over the catalog.
    await step(frame, "pick");
    await frame.locator("#search").fill("bitc");
    await frame.locator('#coin-list [data-code="BTC"]').click();

    // The amount, with a live quote: floating and fixed offered, Continue once quoted.
    await step(frame, "amount");
    await frame.locator("#amount").fill("100");
    const floating = frame.locator('[data-rate="floating"]');
    await floating.waitFor();
    expect(await floating.textContent()).toMatch(/You get ≈ \d+(\.\d+)? BTC/);
    // The fixed rate, chosen: its figure is the one confirmed.
    const fixed = frame.locator('[data-rate="fixed"]');
    await fixed.click();
    expect(await fixed.getAttribute("aria-pressed")).toBe("true");
    const fixedFigure = /You get ([\d.]+) BTC/.exec((await fixed.textContent()) ?? "")?.[1];
    expect(fixedFigure).toBeDefined();
    await pressMain(page, "Continue");
    await step(frame, "address-destination");
    // Back, and forward again: the amount is still there.
    await page.locator("#mini-app-back").click();
    await step(frame, "amount");
    expect(await frame.locator("#amount").inputValue()).toBe("100");
    await frame.locator('[data-rate="floating"]').waitFor();
    await pressMain(page, "Continue");
    await step(frame, "address-destination");

    // An ETH wallet's request scanned at the BTC step (a code the stand-in, which offers the coin
    // asked for, does not show): its address is read, its amount, in ether, is not offered as BTC.
    // Once the stand-in is open: the page's close must find it, not come before it opens.
    await frame.locator("#scan").click();
    await page.locator("#mini-app-scanner").waitFor();
    await page.locator("#mini-app-frame").evaluate(POST_SCAN, `ethereum:${SAMPLE_ADDRESSES.ETH}@1?value=1e17`);
    await page.locator("#mini-app-scanner").waitFor({ state: "detached" });
    await expect.poll(() => frame.locator("#address").inputValue()).toBe(SAMPLE_ADDRESSES.ETH);
    expect(await frame.locator("#offer").isHidden(), (await frame.locator("#offer").textContent()) ?? "").toBe(true);

    // Scan QR: the scanner stand-in offers the BTC sample as a payment request for 0.1 BTC.
    await frame.locator("#scan").click();
    const request = page.locator('#mini-app-scanner .scanner-offer[data-scan^="bitcoin:"]');
    await request.click();
    await page.locator("#mini-app-scanner").waitFor({ state: "detached" });
    expect(await frame.locator("#address").inputValue()).toBe(SAMPLE_ADDRESSES.BTC);
    // Its amount is offered, not applied: the person did not press it.
    const offer = frame.locator("#offer");
    await offer.waitFor();
    expect(await offer.textContent()).toContain("0.1 BTC");
    expect(await frame.locator("#apply-offer").isVisible()).toBe(true);
    await pressMain(page, "Continue");

    // The refund address, typed.
    await step(frame, "address-refund");
    await frame.locator("#address").fill(SAMPLE_ADDRESSES.USDTTRC20!);
    await pressMain(page, "Continue");

    // The confirmation: still 100 USDT sent (the request's 0.1 BTC was never applied).
    await step(frame, "confirm");
    expect(await frame.locator('[data-testid="confirm-send"]').textContent()).toBe("100 USDT · TRC20");
    expect(await frame.locator('[data-testid="confirm-get"]').textContent()).toBe(`${fixedFigure} BTC`);
    expect(await frame.locator('[data-testid="confirm-rate"]').textContent()).toBe("Fixed rate");
    expect(await frame.locator('[data-testid="confirm-destination"]').textContent()).toBe(SAMPLE_ADDRESSES.BTC);
    expect(await frame.locator('[data-testid="confirm-refund"]').textContent()).toBe(SAMPLE_ADDRESSES.USDTTRC20);
    await pressMain(page, "Confirm");

    // The deposit view: its QR code, the address to copy, the status.
    await step(frame, "deposit");
    await frame.locator("#deposit-qr").waitFor();
    const elapsed = Date.now() - opened;
    console.info(`Mini App: opening the page to the deposit view took ${elapsed} ms (a whole exchange, driven at machine speed)`);
    const depositAddress = (await frame.locator('[data-testid="deposit-address"]').textContent()) ?? "";
    const id = (await frame.locator('[data-testid="deposit-id"]').textContent()) ?? "";
    expect(depositAddress).not.toBe("");
    expect(await frame.locator('[data-testid="deposit-amount"]').textContent()).toBe("100 USDT · TRC20");
    expect(await frame.locator("#status").getAttribute("data-status")).toBe("waiting_deposit");
    expect(await page.locator("#mini-app-main").isVisible()).toBe(false);
    expect(await page.locator("#mini-app-back").isVisible()).toBe(false);
    expect(system!.sandbox.orders.list().filter((o) => o.id === id)).toHaveLength(1);
    // Copy: the amount alone (a wallet's amount field takes a number, not "100 USDT"), the address.
    await frame.locator('[data-copy="deposit-amount"]').click();
    await expect.poll(() => clipboard(page)).toBe("100");
    await frame.locator('[data-copy="deposit-address"]').click();
    await expect.poll(() => clipboard(page)).toBe(depositAddress);

    // The status, updated in place: the deposit arrives (the sandbox panel's move), the page follows.
    await page.evaluate(
      `fetch("/playground/api/orders/${id}/advance", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })`,
    );
    await expect.poll(() => frame.locator("#status").getAttribute("data-status"), { timeout: 15_000 }).not.toBe("waiting_deposit");

    // The chat is the person's record: the order card and the deposit instructions are there too.
    await page.locator("#mini-app-close").click();
    await page.locator(".msg.bot", { hasText: depositAddress }).first().waitFor();
    await page
      .locator(".msg.bot", { hasText: `Exchange ${id}` })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 40_000);

  it("renders in the client's dark theme, switched while open and from the launch", async () => {
    const { page } = await playground();
    // The chat's menu button (setChatMenuButton) opens it too.
    await page.locator("#mini-app-menu").click();
    const frame = await miniApp(page);
    const background = () => frame.locator("body").evaluate(BACKGROUND);
    const text = () => frame.locator("h1").evaluate(COLOR);
    expect(await background()).toBe("rgb(255, 255, 255)");
    await page.locator("#mini-app-theme").click();
    await expect.poll(background).toBe("rgb(33, 33, 33)");
    expect(await text()).toBe("rgb(255, 255, 255)");
    expect(await frame.locator("html").getAttribute("data-scheme")).toBe("dark");
    // Opened again, the launch parameters carry the dark theme from the first paint.
    await page.locator("#mini-app-close").click();
    await page.locator("#mini-app-menu").click();
    const again = await miniApp(page);
    expect(await again.locator("body").evaluate(BACKGROUND)).toBe("rgb(33, 33, 33)");
    await page.locator("#mini-app-theme").click();
    await page.close();
  }, 30_000);

  it("shows a refusal in the chat's words with haptic feedback, and applies a payment request's amount only when pressed", async () => {
    const { page } = await playground();
    await page.locator("#mini-app-menu").click();
    const frame = await miniApp(page);
    await btcToEth(page, frame, "0.5");

    // A bad address: the chat's own refusal, and the phone would vibrate.
    await frame.locator("#address").fill("not-an-address");
    await pressMain(page, "Continue");
    const error: Locator = frame.locator("#error");
    await expect.poll(async () => ((await error.isVisible()) ? await error.textContent() : "")).toContain("is not a valid ETH address");
    expect(await page.locator("#mini-app").getAttribute("data-last-haptic")).toBe("error");
    expect(Number(await page.locator("#mini-app").getAttribute("data-haptics"))).toBeGreaterThan(0);

    // Scanned: an EIP 681 request for 0.1 ETH, offered; pressed, the person now gets exactly that.
    await frame.locator("#scan").click();
    await page.locator('#mini-app-scanner .scanner-offer[data-scan^="ethereum:"]').click();
    expect(await frame.locator("#address").inputValue()).toBe(SAMPLE_ADDRESSES.ETH);
    await frame.locator("#apply-offer").click();
    await frame.locator("#offer .applied").waitFor();
    await pressMain(page, "Continue");
    await step(frame, "address-refund");
    await frame.locator("#address").fill(SAMPLE_ADDRESSES.BTC!);
    await pressMain(page, "Continue");
    await step(frame, "confirm");
    expect(await frame.locator('[data-testid="confirm-get"]').textContent()).toBe("0.1 ETH");
    expect(await frame.locator('[data-testid="confirm-send"]').textContent()).toMatch(/^≈ [\d.]+ BTC$/);
    // Created as "receive exactly": the deposit view asks for the figure the service quoted.
    await pressMain(page, "Confirm");
    await step(frame, "deposit");
    expect(await frame.locator('[data-testid="deposit-amount"]').textContent()).toMatch(/^[\d.]+ BTC$/);
    const id = (await frame.locator('[data-testid="deposit-id"]').textContent()) ?? "";
    expect(system!.sandbox.orders.get(id)).toMatchObject({ expectedAmountTo: "0.1", destinationAddress: SAMPLE_ADDRESSES.ETH });
    await page.close();
  }, 30_000);

  it("fills in a link's pair and amount (startapp), and shows its own buttons outside a client", async () => {
    const { page } = await playground();
    const info = await page.evaluate<{ url: string }>(`fetch("/playground/api/mini-app").then((r) => r.json())`);
    const initData = sign(
      { user: { id: PLAYGROUND_USER.id, first_name: PLAYGROUND_USER.first_name, language_code: "en" }, start_param: "x_BTC_ETH_0d1" },
      system!.emulator!.token,
      new Date(),
    );
    // A tab of its own, as a browser opens a page: no client hears its events.
    await page.goto(`${info.url}#${new URLSearchParams({ tgWebAppData: initData, tgWebAppPlatform: "weba" }).toString()}`);
    await page.locator("body[data-ready=true]").waitFor();
    await page.locator('#app[data-step="amount"]').waitFor();
    expect(await page.locator(".pair").textContent()).toBe("BTC → ETH");
    expect(await page.locator("#amount").inputValue()).toBe("0.1");
    await page.locator('[data-rate="floating"]').waitFor();
    await expect.poll(() => page.locator("#main-fallback").isEnabled()).toBe(true);
    expect(await page.locator("#main-fallback").textContent()).toBe("Continue");
    // Back goes to the coin received, then the coin sent.
    await page.locator("#back-fallback").click();
    await page.locator('#app[data-step="pick"]').waitFor();
    expect(await page.locator("h1").textContent()).toBe("Which coin do you get?");
    await page.close();
  }, 30_000);
});
