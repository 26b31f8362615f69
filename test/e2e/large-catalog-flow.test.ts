/**
 * The exchange flow on a real-size catalog: the sandbox's large one (about 900 coins, nearly every
 * pair open, a 9 MB pairs answer). What a flow keeps stays small whatever the catalog's size; the
 * coin picker stays usable at 75 pages; a coin that goes away under an open flow is told, not
 * crashed on.
 */
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileOnDisk } from "../store/helpers.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { until } from "../until.js";
import { flowEntries } from "../../src/bot/features/exchange/flow-state.js";

const FLOWS = 50;
const MAX_BYTES_PER_FLOW = 8 * 1024;
/** How long one person of the crowd below may wait for an answer: most of the test's time. */
const CROWD_WAIT_MS = 100_000;

describe("the exchange flow on a 900-coin catalog", () => {
  let h: Harness;
  let nextUser = 60_000;
  const person = (waitMs?: number) => new ChatDriver(h, h.emulator.user({ id: nextUser++, first_name: "P", language_code: "en" }), waitMs);
  beforeAll(async () => {
    h = await startHarness({ sandbox: { catalog: "large" }, env: { POLL_INTERVAL_MS: "3600000", LOG_LEVEL: "warn" } });
    await h.app.catalog.index();
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  it(`keeps at most 8 KB per open flow on disk, with ${FLOWS} flows open`, async () => {
    // live.json as its base with its log applied: what it keeps, not the changes on the way there.
    const size = async () =>
      Buffer.byteLength(JSON.stringify(await fileOnDisk(h.dataDir, "live.json"))) + (await stat(join(h.dataDir, "db.json"))).size;
    await h.app.files?.store.whenDurable();
    const before = await size();
    await Promise.all(
      Array.from({ length: FLOWS }, async (_, i) => {
        // Fifty people write at once: a person's next answer comes after the others' updates, so
        // one step's wait may take most of the test's time, not the few seconds of one person
        // alone (what is measured here is the bytes a flow keeps, not how fast it answers).
        const chat = person(CROWD_WAIT_MS);
        const pickFrom = await chat.send("/exchange", "Which coin do you send?");
        const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
        const askAmount = await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
        // Half of them go on to the confirmation card, with a search and a page turn on the way.
        if (i % 2 === 0) return askAmount;
        const quote = await chat.send("0.1", "You get:");
        await chat.press(quote, "x:next", "address that will receive");
        await chat.send("0x0efb118d42d9d65eee4c9ec9b3c8d550a845de3e", "refund address");
        return chat.send("bc1qy8952nqs7lnkrhxpg4vs8mrfwwdpwhflk8dgfr", "Check your exchange");
      }),
    );
    // Each flow's record notes its prompt once Telegram has it: wait for all of them, not for a
    // quiet spell of the bot's calls.
    const shown = async () => (await flowEntries(h.app.store)).filter(([, record]) => record.due !== true).length;
    await until(async () => (await shown()) === FLOWS);
    await h.app.files?.store.whenDurable();
    expect(await shown()).toBe(FLOWS);
    const perFlow = ((await size()) - before) / FLOWS;
    console.log(`bytes on disk per open flow with the large catalog: ${perFlow.toFixed(0)}`);
    expect(perFlow).toBeLessThanOrEqual(MAX_BYTES_PER_FLOW);
  }, 120_000);

  it("offers popular coins first, a ticker once however many networks it has, pages without blank buttons, and jumps to the last page", async () => {
    const chat = person();
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const labels = pickFrom.buttons().map((b) => b.text);
    expect(labels.slice(0, 3)).toEqual(["BTC", "ETH", "USDT ▸"]);
    expect(labels.filter((l) => l.startsWith("USDT"))).toEqual(["USDT ▸"]);
    for (const b of pickFrom.buttons()) expect(b.text.trim(), JSON.stringify(b.text)).not.toBe("");
    // 900 coins are about 470 tickers.
    const pages = /Page 1 of (\d+)/.exec(labels.join(" "));
    expect(Number(pages?.[1])).toBeGreaterThan(35);
    chat.user.pressButton(pickFrom, chat.button(pickFrom, "⏭"));
    const shown = await h.emulator.waitFor(() => {
      const m = chat.user.chat.byId(pickFrom.message_id)!;
      return m.buttons().some((b) => b.text === `Page ${pages![1]} of ${pages![1]}`) ? m : undefined;
    });
    for (const b of shown.buttons()) expect(b.text.trim()).not.toBe("");
    expect(shown.buttons().some((b) => b.text === "▶")).toBe(false);
    expect(shown.buttons().some((b) => b.text === "◀")).toBe(true);
  });

  it("finds coins by ticker, name and network, and takes an exact ticker at once", async () => {
    const chat = person();
    await chat.send("/exchange", "Which coin do you send?");
    const byNetwork = await chat.send("usdt trc20", "Coins matching");
    expect(byNetwork.buttons()[0]!.text).toBe("USDT · TRC20");
    const byName = await chat.send("tether", "Coins matching");
    expect(byName.buttons().filter((b) => b.text.startsWith("USDT")).length).toBeGreaterThan(3);
    const taken = await chat.send("xmr", "Which coin do you want to get?");
    expect(taken.plain).toContain("You send XMR");
  });

  it("offers only the open pairs as coins to receive", async () => {
    const from = "BTC";
    const closed = h.sandbox.catalog.coins
      .map((c) => c.code)
      .find((code) => code !== from && h.sandbox.catalog.find(code) && !h.sandbox.catalog.hasPair(from, code));
    expect(closed, "the large catalog closes about 1% of pairs").toBeDefined();
    const chat = person();
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    const index = await h.app.catalog.index();
    expect(index.get(closed!), "the closed pair's coin is offered elsewhere").toBeDefined();
    // Typing its ticker finds nothing to take: at most other coins whose names contain it.
    const reply = await chat.send(closed!.toLowerCase(), /No coin matches|Coins matching/);
    expect(reply.buttons().some((b) => b.callback_data?.endsWith(`:c:${closed}`))).toBe(false);
  });
});

describe("a coin that goes away under an open flow", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000" } });
  });
  afterAll(async () => {
    await h.close();
  });

  it("is told when it is pressed, the list comes again without it, and the flow goes on", async () => {
    const chat = new ChatDriver(h, h.emulator.user({ id: 61_001, first_name: "Ola", language_code: "en" }));
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    // The service stops offering ETH while the list with ETH is on the screen.
    h.sandbox.hideCoins("ETH");
    await h.app.catalog.refresh();
    const told = await chat.press(pickTo, "x:c:ETH", "ETH is no longer offered");
    expect(told).toBeDefined();
    const again = await chat.waitNew("Which coin do you want to get?", chat.mark() - 1);
    expect(again.buttons().some((b) => b.text === "ETH")).toBe(false);
    await chat.press(again, "x:c:LTC", "How much BTC do you send?");
    // And when the coin sent goes away before the amount: said plainly, the coins asked again.
    h.sandbox.hideCoins("BTC");
    await h.app.catalog.refresh();
    await chat.send("0.1", /no longer offers BTC → LTC|refused/);
    h.sandbox.showCoins();
    await h.app.catalog.refresh();
    expect(h.logs.join("")).not.toMatch(/Bad replay/i);
  });

  it("says so when the pair closes before the amount is asked again, and has the coins picked again", async () => {
    const chat = new ChatDriver(h, h.emulator.user({ id: 61_002, first_name: "Pia", language_code: "en" }));
    const { card } = await chat.toConfirmationCard();
    const editMenu = await chat.pressAndEdit(card, "x:edit", "What do you want to change?");
    h.sandbox.hideCoins("ETH");
    await h.app.catalog.refresh();
    try {
      await chat.press(editMenu, "x:e:amount", "no longer offers BTC → ETH");
      const pick = await chat.waitNew("Which coin do you send?", chat.mark() - 1);
      // The refund address (a BTC address) is kept for when BTC is picked again.
      const pickTo = await chat.press(pick, "x:c:BTC", "Which coin do you want to get?");
      expect(pickTo.buttons().some((b) => b.text === "ETH")).toBe(false);
      await chat.press(pickTo, "x:c:LTC", "How much BTC do you send?");
    } finally {
      h.sandbox.showCoins();
      await h.app.catalog.refresh();
    }
  });
});
