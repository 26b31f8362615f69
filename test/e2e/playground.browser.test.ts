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

  it("at 400×800 (a phone): a first view that says how to begin, whole Send and inline hint, most of the height for the chat, a sandbox toggle beside it", async () => {
    // Runs first, and sends nothing: the person's chat is still empty.
    const page = await context!.newPage();
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(system!.playground!.url);
    await page.locator("body[data-ready=true]").waitFor();

    const empty = page.locator("#chat-empty");
    await empty.waitFor();
    expect(await empty.textContent()).toContain("/start");
    expect(await empty.textContent()).toContain("after a restart it starts empty again");

    type Fit = { sendWidth: number; sendRoom: number; hintWidth: number; hintRoom: number };
    const fit = await page.evaluate<Fit>(`(() => {
      const send = document.getElementById("send-button");
      const input = document.getElementById("inline-input");
      const style = getComputedStyle(input);
      const sendStyle = getComputedStyle(send);
      const canvas = document.createElement("canvas").getContext("2d");
      canvas.font = sendStyle.font;
      const sendWidth = canvas.measureText(send.textContent).width;
      canvas.font = style.font;
      return {
        sendWidth,
        sendRoom: send.clientWidth - parseFloat(sendStyle.paddingLeft) - parseFloat(sendStyle.paddingRight),
        hintWidth: canvas.measureText(input.placeholder).width,
        hintRoom: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    })()`);
    expect(fit.sendWidth, "the Send button shows its whole word").toBeLessThanOrEqual(fit.sendRoom);
    expect(fit.hintWidth, "the inline box's hint fits in it").toBeLessThanOrEqual(fit.hintRoom);

    // The chat gets most of the height: the top bar is one row (who and which language behind a
    // menu), the command chips one row that scrolls sideways. Measured before: 352 of 800 px for
    // the messages, with a top bar of three rows (201 px) and chips of two (83 px).
    type Heights = Record<"topbar" | "commands" | "commandsScroll" | "commandsRoom" | "reading" | "menuButton", number>;
    const heights = await page.evaluate<Heights>(`(() => {
      const height = (id) => document.getElementById(id).getBoundingClientRect().height;
      const commands = document.getElementById("commands");
      return {
        topbar: document.querySelector(".topbar").getBoundingClientRect().height,
        commands: height("commands"),
        commandsScroll: commands.scrollWidth,
        commandsRoom: commands.clientWidth,
        // Where messages are read: the list, and the first view's note above it while it is empty.
        reading: height("messages") + height("chat-empty"),
        menuButton: height("menu-toggle"),
      };
    })()`);
    console.info(`playground at 400×800, heights: ${JSON.stringify(heights)}`);
    expect(heights.topbar, "the top bar is one row").toBeLessThan(2 * heights.menuButton);
    expect(heights.commands, "the command chips are one row").toBeLessThan(45);
    expect(heights.commandsScroll, "the chips that do not fit scroll sideways").toBeGreaterThan(heights.commandsRoom);
    expect(heights.reading, "the messages get most of the window").toBeGreaterThan(500);
    // The person and language switches are behind the menu button, and close once one is chosen.
    await expect.poll(() => page.locator("#people").isVisible()).toBe(false);
    await page.locator("#menu-toggle").click();
    await page.locator('button[data-language="en"][aria-pressed="true"]').waitFor();
    await page.locator('button[data-user="1001"]').click();
    await expect.poll(() => page.locator("#people").isVisible()).toBe(false);

    // The sandbox panel is behind a toggle; opened, it sits below the chat, both in the window.
    await expect.poll(() => page.locator("#sandbox-panel").isVisible()).toBe(false);
    await page.locator("#panel-toggle").click();
    await page.locator("#orders").waitFor();
    console.info(`playground at 400 px: ${JSON.stringify(fit)}`);
    type Boxes = Record<"chatTop" | "composerBottom" | "panelTop" | "panelBottom" | "windowHeight", number>;
    const b = await page.evaluate<Boxes>(`(() => {
      const chat = document.getElementById("messages").getBoundingClientRect();
      const panel = document.getElementById("sandbox-panel").getBoundingClientRect();
      return {
        chatTop: chat.top,
        composerBottom: document.getElementById("send-form").getBoundingClientRect().bottom,
        panelTop: panel.top,
        panelBottom: panel.bottom,
        windowHeight: window.innerHeight,
      };
    })()`);
    expect(b.chatTop).toBeGreaterThanOrEqual(0);
    expect(b.composerBottom, "the chat, down to its message box, is above the panel").toBeLessThanOrEqual(b.panelTop);
    expect(b.composerBottom - b.chatTop, "the chat keeps room to read").toBeGreaterThan(200);
    expect(b.panelBottom, "the panel is inside the window").toBeLessThanOrEqual(b.windowHeight + 1);
    const beside = await page.evaluate<number>(
      `["messages", "chat-empty"].reduce((sum, id) => sum + document.getElementById(id).getBoundingClientRect().height, 0)`,
    );
    expect(beside, "room to read beside the open panel").toBeGreaterThanOrEqual(300);
    await page.locator("#panel-toggle").click();
    await expect.poll(() => page.locator("#sandbox-panel").isVisible()).toBe(false);
    await page.close();
  }, 30_000);

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

    // The language switch changes the person's Telegram language: the bot confirms in Russian at
    // once, before the person writes anything, and answers in Russian. Six languages to pick.
    expect(await page.locator("button[data-language]").count()).toBe(6);
    await page.locator('button[data-language="ru"]').click();
    await page.locator('button[data-language="ru"][aria-pressed="true"]').waitFor();
    await bot("Язык: русский.").waitFor();
    await say("/help", "Как проходит обмен");
    await page.locator('button[data-language="en"]').click();
    await page.locator('button[data-language="en"][aria-pressed="true"]').waitFor();
    await bot("Language set: English.").waitFor();

    // A command in the bot's text is a link, as in Telegram: tapped, it is sent. The language
    // chosen with /language (not with the page's switch) shows in the header and on the switch.
    await say("/help", "How an exchange works");
    await bot("How an exchange works").locator('a.command[data-command="/language"]').click();
    await bot("Choose your language").waitFor();
    await page.locator("button.kb", { hasText: "Español" }).last().click();
    await bot("Idioma: español.").waitFor();
    await page.locator("#chat-sub", { hasText: "language ES (app EN)" }).waitFor();
    await page.locator('button[data-language="es"][aria-pressed="true"]').waitFor();
    await page.locator('button[data-language="en"]').click();
    await page.locator("#chat-sub", { hasText: /language EN$/ }).waitFor();

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

  it("at 400×800: picks a ticker, then its network from the list with each one's minimum, and the card names it", async () => {
    const page = await context!.newPage();
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(system!.playground!.url);
    await page.locator("body[data-ready=true]").waitFor();
    // The person's chat still holds the earlier tests' messages (the same texts among them): a
    // message counts only when it is newer than the last one there now.
    const messages = page.locator(".msg");
    const idOf = async (message: Locator): Promise<number> => Number(await message.getAttribute("data-id"));
    const mark = (await messages.count()) === 0 ? 0 : await idOf(messages.last());
    const bot = (text: string): Locator => page.locator(".msg.bot", { hasText: text }).last();
    const arrived = async (text: string): Promise<void> => {
      await expect
        .poll(async () => ((await bot(text).count()) === 0 ? 0 : await idOf(bot(text))), { timeout: 10_000 })
        .toBeGreaterThan(mark);
    };
    const say = async (text: string, expected: string): Promise<void> => {
      await page.locator("#text-input").fill(text);
      await page.locator("#text-input").press("Enter");
      await arrived(expected);
    };
    const tap = async (label: string, expected: string): Promise<void> => {
      await page.locator("button.kb", { hasText: label }).last().click();
      await arrived(expected);
    };

    await say("/exchange", "Which coin do you send?");
    await tap("USDT ▸", "Which network do you send USDT on?");
    const networks = bot("Which network do you send USDT on?");
    expect(await networks.textContent()).toContain("coins sent on another network are lost");
    // One button per network, each on its own row, as wide as the message.
    const buttons = networks.locator("button.kb");
    expect(await buttons.allTextContents()).toEqual(["ERC20", "TRC20", "BEP20", "◀ Back", "✖ Cancel"]);
    const box = await networks.boundingBox();
    expect(box!.x + box!.width, "the network list fits the phone's width").toBeLessThanOrEqual(400);
    await networks.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), "playground-network-list.png") });
    await tap("TRC20", "Which coin do you want to get?");
    await tap("BTC", "How much USDT · TRC20 do you send?");
    await say("100", "Withdrawal fee");
    await tap("Continue", "address that will receive");
    await say(SAMPLE_ADDRESSES.BTC!, "refund address");
    // This exchange's card: an earlier test's card says "Check your exchange" too, and the quote
    // "You send: 100 USDT · TRC20".
    await page.locator("#text-input").fill(SAMPLE_ADDRESSES.USDTTRC20!);
    await page.locator("#text-input").press("Enter");
    await page.locator(".msg.bot").filter({ hasText: "Check your exchange" }).filter({ hasText: "You send: 100 USDT · TRC20" }).waitFor();
    await page.screenshot({ path: join(tmpdir(), "playground-network-step.png") });
    await page.close();
  }, 45_000);

  /**
   * Where the newest message is, against what the person can see of the chat: the part of the
   * message list inside the window. Also whether the composer (the boxes one types in) is inside
   * the window. (In-page code is written as strings: the tests are type-checked without the
   * DOM's types.)
   */
  type View = Record<
    "newestTop" | "newestBottom" | "visibleTop" | "visibleBottom" | "composerBottom" | "windowHeight" | "scrollTop" | "distanceToBottom",
    number
  >;
  const view = (page: Page) =>
    page.evaluate<View>(`(() => {
      const box = document.getElementById("messages");
      const newest = box.lastElementChild.getBoundingClientRect();
      const area = box.getBoundingClientRect();
      return {
        newestTop: newest.top,
        newestBottom: newest.bottom,
        visibleTop: Math.max(area.top, 0),
        visibleBottom: Math.min(area.bottom, window.innerHeight),
        composerBottom: document.getElementById("send-form").getBoundingClientRect().bottom,
        windowHeight: window.innerHeight,
        scrollTop: box.scrollTop,
        distanceToBottom: box.scrollHeight - box.scrollTop - box.clientHeight,
      };
    })()`);
  /** Every image of the chat loaded, and two frames drawn after that. */
  const settled = async (page: Page) => {
    await page.waitForFunction(`[...document.querySelectorAll("#messages img")].every((i) => i.complete)`);
    await page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))`);
  };
  const expectNewestInView = async (page: Page, when: string) => {
    await settled(page);
    const v = await view(page);
    expect(v.newestBottom, `${when}: the newest message ends inside the visible chat (${JSON.stringify(v)})`).toBeLessThanOrEqual(
      v.visibleBottom + 1,
    );
    expect(v.newestBottom, `${when}: the newest message is not above the visible chat`).toBeGreaterThan(v.visibleTop);
    expect(v.composerBottom, `${when}: the message box is inside the window`).toBeLessThanOrEqual(v.windowHeight + 1);
  };

  for (const size of [
    { width: 400, height: 800 },
    { width: 1280, height: 800 },
  ]) {
    it(`keeps the newest message in view at ${size.width}×${size.height}: on opening, after Confirm (QR code), on resize`, async () => {
      const page = await context!.newPage();
      page.setDefaultTimeout(10_000);
      const failed: string[] = [];
      page.on("response", (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      await page.setViewportSize(size);
      await page.goto(system!.playground!.url);
      await page.locator("body[data-ready=true]").waitFor();
      /** Does `act`, then waits for one more bot message containing `expected` than there was before. */
      const answered = async (act: () => Promise<void>, expected: string): Promise<void> => {
        const matching = page.locator(".msg.bot", { hasText: expected });
        const before = await matching.count();
        await act();
        await matching.nth(before).waitFor();
      };
      const say = (text: string, expected: string) =>
        answered(async () => {
          await page.locator("#text-input").fill(text);
          await page.locator("#text-input").press("Enter");
        }, expected);
      const press = (data: string, expected: string) =>
        answered(() => page.locator(`button.kb[data-data="${data}"]`).last().click(), expected);

      // A chat long enough to scroll: the first test's exchange, then help.
      await say("/help", "How an exchange works");
      await expectNewestInView(page, "after the first messages");

      // Opening the page on a long chat.
      await page.reload();
      await page.locator("body[data-ready=true]").waitFor();
      await expectNewestInView(page, "on opening");

      // Confirm: the QR code loads after the messages arrive, and the card comes after it.
      await say("/exchange", "Which coin do you send?");
      await press("x:f:c:BTC", "Which coin do you want to get?");
      await press("x:t:c:ETH", "How much BTC");
      await say("0.1", "Withdrawal fee");
      await press("x:a:next", "address that will receive");
      // The "Sample…" picker fills in an address the sandbox accepts.
      await page.locator("#samples").selectOption({ label: "ETH address" });
      expect(await page.locator("#text-input").inputValue()).toBe(SAMPLE_ADDRESSES.ETH);
      await answered(() => page.locator("#text-input").press("Enter"), "refund address");
      await say(SAMPLE_ADDRESSES.BTC!, "Check your exchange");
      // The whole confirmation card is in view at once, from "You send" and "You get" at its top
      // down to Confirm. Measured before at 400×800: the card 470 px tall, the chat 352.
      await settled(page);
      const card = await page.evaluate<{
        text: string;
        cardTop: number;
        confirmBottom: number;
        visibleTop: number;
        visibleBottom: number;
      }>(`(() => {
        const area = document.getElementById("messages").getBoundingClientRect();
        const card = [...document.querySelectorAll(".msg.bot")].filter((m) => m.textContent.includes("Check your exchange")).pop();
        const confirm = card.querySelector('button.kb[data-data="x:c:confirm"]');
        return {
          text: card.textContent,
          cardTop: card.getBoundingClientRect().top,
          confirmBottom: confirm.getBoundingClientRect().bottom,
          visibleTop: Math.max(area.top, 0),
          visibleBottom: Math.min(area.bottom, window.innerHeight),
        };
      })()`);
      expect(card.text).toMatch(/You send: [\s\S]*You get: /);
      expect(card.cardTop, `the card's top is in the visible chat (${JSON.stringify(card)})`).toBeGreaterThanOrEqual(card.visibleTop - 1);
      expect(card.confirmBottom, "and so is its Confirm").toBeLessThanOrEqual(card.visibleBottom + 1);
      await press("x:c:confirm", "I will tell you about every status change");
      await expectNewestInView(page, "after Confirm");
      if (size.width === 400) {
        // The open sandbox panel leaves the chat room to read and scrolls inside: the order's last
        // button is reachable. Measured before: 152 px of messages, "Late deposit" cut off.
        await page.locator("#panel-toggle").click();
        await page.locator(".order button.late").first().waitFor();
        type Panel = Record<"messages" | "panelTop" | "panelBottom" | "lateTop" | "lateBottom" | "windowHeight", number>;
        // Scrolled to and measured in one step: the panel redraws its orders on every change, so
        // an element found in one call may be gone by the next.
        const panel = await page.evaluate<Panel>(`(() => {
          const button = document.querySelector(".order button.late");
          button.scrollIntoView({ block: "nearest" });
          const panel = document.getElementById("sandbox-panel").getBoundingClientRect();
          const late = button.getBoundingClientRect();
          return {
            messages: document.getElementById("messages").getBoundingClientRect().height,
            panelTop: panel.top,
            panelBottom: panel.bottom,
            lateTop: late.top,
            lateBottom: late.bottom,
            windowHeight: window.innerHeight,
          };
        })()`);
        console.info(`playground at 400×800, the panel open: ${JSON.stringify(panel)}`);
        expect(panel.messages, "messages beside the open panel").toBeGreaterThanOrEqual(300);
        expect(panel.panelBottom, "the panel is inside the window").toBeLessThanOrEqual(panel.windowHeight + 1);
        expect(panel.lateTop, "Late deposit is inside the panel").toBeGreaterThanOrEqual(panel.panelTop - 1);
        expect(panel.lateBottom, "the whole of it").toBeLessThanOrEqual(panel.panelBottom + 1);
        await page.locator("#panel-toggle").click();
        await expect.poll(() => page.locator("#sandbox-panel").isVisible()).toBe(false);
      }
      expect(await page.locator(".msg").last().textContent()).toContain("I will tell you about every status change");

      if (size.width === 400) {
        // One-tap copy on a phone: the card's button puts the deposit address on the clipboard,
        // and the page says so.
        await context!.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(system!.playground!.url).origin });
        const copy = page.locator("button.kb[data-copy]", { hasText: "Copy address" }).last();
        const address = (await copy.getAttribute("data-copy"))!;
        expect(await page.locator(".msg.bot", { hasText: address }).count()).toBeGreaterThan(0);
        await copy.click();
        await page.locator("#toast", { hasText: "Copied" }).waitFor();
        expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(address);
      }

      // A smaller window, then the old size again.
      await page.setViewportSize({ width: size.width, height: 560 });
      await expectNewestInView(page, "after a resize");
      await page.setViewportSize(size);
      await expectNewestInView(page, "after resizing back");

      // Scrolled up on purpose: new messages do not pull the chat down; back at the bottom they do.
      await page.locator("#messages").hover();
      await page.mouse.wheel(0, -600);
      await expect.poll(async () => (await view(page)).distanceToBottom).toBeGreaterThan(300);
      const before = (await view(page)).scrollTop;
      await say("/help", "How an exchange works");
      await settled(page);
      expect((await view(page)).scrollTop).toBe(before);
      await page.evaluate(`document.getElementById("messages").scrollTo({ top: 1e9 })`);
      await say("/rate 0.1 btc eth", "You get");
      await expectNewestInView(page, "after scrolling back down");

      expect(failed, "no request of the page failed (favicon included)").toEqual([]);
      await page.close();
    }, 60_000);
  }

  it("draws the bot's emoji in colour with the font the page ships: ⏳ and ✅ in /history are two glyphs, not two boxes", async () => {
    // The machines here have no emoji font of their own: without the page's, both were the same box.
    const page = await context!.newPage();
    page.setDefaultTimeout(10_000);
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(system!.playground!.url);
    await page.locator("body[data-ready=true]").waitFor();
    // The earlier tests left Alice one finished exchange and open ones.
    await page.locator("#text-input").fill("/history");
    await page.locator("#text-input").press("Enter");
    const history = page.locator(".msg.bot", { hasText: "newest first (page" }).last();
    await history.waitFor();
    const text = (await history.textContent()) ?? "";
    expect(text).toContain("✅");
    expect(text).toContain("⏳");

    type Glyph = { width: number; inked: number; coloured: number; pixels: string };
    // In the page: each glyph drawn alone in the history message's own font, large enough to
    // tell a glyph from a box, once the font has loaded what it needs.
    const glyphs = await page.evaluate<Glyph[]>(`(async () => {
      const message = [...document.querySelectorAll(".msg.bot")].filter((m) => m.textContent.includes("newest first (page")).pop();
      const font = "40px " + getComputedStyle(message.querySelector(".bubble")).fontFamily;
      await document.fonts.load(font, "✅⏳");
      const draw = (glyph) => {
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = 64;
        const c = canvas.getContext("2d");
        c.font = font;
        c.textBaseline = "top";
        c.fillText(glyph, 4, 4);
        const data = c.getImageData(0, 0, 64, 64).data;
        let inked = 0;
        let coloured = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3] === 0) continue;
          inked++;
          if (Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 40) coloured++;
        }
        return { width: c.measureText(glyph).width, inked, coloured, pixels: Array.from(data).join(",") };
      };
      return [draw("✅"), draw("⏳")];
    })()`);
    const [done, pending] = glyphs as [Glyph, Glyph];
    console.info(`emoji at 40 px: ✅ ${done.width} px wide, ${done.coloured} coloured pixels; ⏳ ${pending.width} px, ${pending.coloured}`);
    expect(done.pixels === pending.pixels, "✅ and ⏳ are drawn differently").toBe(false);
    expect(done.coloured, "✅ is drawn in colour").toBeGreaterThan(100);
    expect(pending.coloured, "⏳ is drawn in colour").toBeGreaterThan(100);
    await page.close();
  }, 30_000);
});
