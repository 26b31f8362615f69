/**
 * The playground in a real browser: headless Chromium from Debian's `chromium` package, driven by
 * playwright-core through `executablePath` (a test tool's own browser download does not work on
 * these machines). Walks a whole exchange through the page, from /start to the success push, and
 * saves a screenshot (to docs/playground.png for the README when UPDATE_SCREENSHOT=1, so an
 * ordinary run leaves the tree clean).
 *
 * Without the browser binary the test is skipped with a message, except under CI (CI set), where
 * it fails: CI installs the package in `.ci/run` and must really run this.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.js";
import { loadDevConfig, startDevSystem, type DevSystem } from "../../src/devtools/system.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HAVE_BROWSER = existsSync(CHROMIUM);
const REPO = fileURLToPath(new URL("../../", import.meta.url));
const SCREENSHOT = process.env.UPDATE_SCREENSHOT === "1" ? join(REPO, "docs", "playground.png") : join(tmpdir(), "playground.png");

if (!HAVE_BROWSER && !process.env.CI) {
  console.warn(`playground browser test skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
}

describe.skipIf(!HAVE_BROWSER && !process.env.CI)("the playground in a real browser", () => {
  let system: DevSystem | undefined;
  let context: BrowserContext | undefined;
  let dataDir: string | undefined;
  let profileDir: string | undefined;

  beforeAll(async () => {
    if (!HAVE_BROWSER) throw new Error(`CI is set but there is no Chromium at ${CHROMIUM}: .ci/run installs Debian's chromium package`);
    dataDir = await mkdtemp(join(tmpdir(), "swapbot-playground-"));
    profileDir = await mkdtemp(join(tmpdir(), "swapbot-chromium-"));
    const env = { DATA_DIR: dataDir, SANDBOX_PORT: "0", LOG_LEVEL: "silent" };
    system = await startDevSystem(loadDevConfig(env), createLogger({ level: "silent", secrets: [] }));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
      viewport: { width: 1280, height: 900 },
    });
  }, 30_000);

  afterAll(async () => {
    await context?.close();
    await system?.close();
    for (const dir of [dataDir, profileDir]) if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it("walks a whole exchange through the page, from /start to the success push", async () => {
    const page: Page = context!.pages()[0] ?? (await context!.newPage());
    page.setDefaultTimeout(10_000);
    const pageErrors: string[] = [];
    page.on("pageerror", (err) => pageErrors.push(err.message));
    await page.goto(system!.playground!.url);
    await page.locator("body[data-ready=true]").waitFor();

    /** The bot's latest message containing `text`. */
    const bot = (text: string): Locator => page.locator(".msg.bot", { hasText: text }).last();
    const say = async (text: string, expected: string): Promise<void> => {
      await page.locator("#text-input").fill(text);
      await page.locator("#text-input").press("Enter");
      await bot(expected).waitFor();
    };
    const press = async (data: string, expected: string): Promise<void> => {
      await page.locator(`button.kb[data-data="${data}"]`).last().click();
      await bot(expected).waitFor();
    };

    // /start: formatting arrives as real elements (bold), buttons can be pressed.
    await say("/start", "Hi, Alice");
    expect(await bot("Hi, Alice").locator("b").first().textContent()).toBe("Alice");

    // The inline box: typing a rate question shows results, choosing one posts it "via @bot".
    await page.locator("#inline-input").fill("0.1 btc eth");
    await page.locator("button.inline-result").first().click();
    await page.locator(".msg .via").first().waitFor();

    // The language switch changes the person's Telegram language: the bot answers in Russian.
    await page.locator('button[data-language="ru"]').click();
    await page.locator('button[data-language="ru"][aria-pressed="true"]').waitFor();
    await say("/help", "Как проходит обмен");
    await page.locator('button[data-language="en"]').click();
    await page.locator('button[data-language="en"][aria-pressed="true"]').waitFor();

    // The person switch: Support has a chat of its own, with the bot's commands as quick buttons.
    await page.locator('button[data-user="9001"]').click();
    await page.locator("#chat-sub", { hasText: "Support" }).waitFor();
    expect(await page.locator(".msg").count()).toBe(0);
    await page.locator('#commands button[data-command="help"]').click();
    await bot("How an exchange works").waitFor();
    await page.locator('button[data-user="1001"]').click();
    await bot("Hi, Alice").waitFor();

    // The exchange, through buttons and typed text. A picked coin edits its message in place.
    await press("x:new", "Which coin do you send?");
    await press("x:f:c:BTC", "Which coin do you want to get?");
    expect(await bot("You send: BTC").locator(".meta").textContent()).toContain("edited");
    await press("x:t:c:ETH", "How much BTC");
    await say("0.1", "Withdrawal fee");
    await press("x:a:next", "address that will receive");
    await say(SAMPLE_ADDRESSES.ETH!, "refund address");
    await say(SAMPLE_ADDRESSES.BTC!, "Check your exchange");
    await press("x:c:confirm", "I will tell you about every status change");

    // The QR code is a real image that loaded.
    const qr = page.locator("img.photo").last();
    await qr.waitFor();
    await expect
      .poll(
        () =>
          qr.evaluate((img) => {
            const i = img as unknown as { complete: boolean; naturalWidth: number };
            return i.complete ? i.naturalWidth : 0;
          }),
        { timeout: 5_000 },
      )
      .toBeGreaterThan(0);

    // The side panel moves the order along; the bot's push arrives in the chat.
    const order = page.locator(".order").first();
    await order.waitFor();
    for (const next of ["deposit_received", "exchanging", "sending", "success"]) {
      await order.locator("button.advance").click();
      await page.locator(`.order[data-status="${next}"]`).waitFor();
    }
    await bot("is complete").waitFor();
    expect(await order.locator("button.advance").isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);

    // The picture for the README: the end of the chat, with the success message.
    await bot("is complete").scrollIntoViewIfNeeded();
    await mkdir(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    console.info(`playground screenshot: ${SCREENSHOT}`);
  }, 45_000);
});
