/**
 * How the bot words an exchange, end to end: every coin named the same way (ticker · network) on
 * every message of the flow and the order card; Russian that says one thing one way; a card that
 * promises no amount once the exchange has failed; support's record naming the coins.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver, flowButtonData, type Expectation } from "./chat-driver.js";
import { storedExchange } from "./stored.js";

const ADMIN_ID = 3901;

/**
 * Picks `code` on a coin keyboard: its button if it is shown, else by typing it (an exact code is
 * taken at once, its network with it).
 */
async function pick(chat: ChatDriver, keyboard: Awaited<ReturnType<ChatDriver["send"]>>, code: string, expected: Expectation) {
  const shown = keyboard.buttons().some((b) => b.callback_data?.endsWith(`:c:${code}`));
  if (shown) return chat.press(keyboard, `x:c:${code}`, expected);
  return chat.send(code.toLowerCase(), expected);
}

describe("wording", () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN_ID), POLL_INTERVAL_MS: "3600000" } });
  });
  afterEach(async () => {
    await h.close();
  });

  /** Walks BTC → `to` to the deposit instructions; returns the exchange id and every text the person saw. */
  async function exchangeTo(chat: ChatDriver, to: string, address: string, tag?: string): Promise<string> {
    const step = (n: number) => new RegExp(`(Step|Шаг) ${n} `);
    const pickFrom = await chat.send("/exchange", step(1));
    const pickTo = await chat.press(pickFrom, "x:c:BTC", step(2));
    await pick(chat, pickTo, to, step(3));
    const quote = await chat.send("0.1", /≈/);
    await chat.press(quote, "x:next", step(4));
    if (tag === undefined) {
      await chat.send(address, step(5));
    } else {
      await chat.send(address, new RegExp(tag));
      await chat.send("12345", step(5));
    }
    const card = await chat.send(SAMPLE_ADDRESSES.BTC!, /Check your exchange|Проверьте обмен/);
    const since = chat.mark();
    chat.user.pressButton(card, flowButtonData(card, "x:confirm"));
    await chat.waitNew(/Exchange ID|ID обмена/, since);
    await h.app.delivery.idle();
    await chat.settle();
    return h.sandbox.orders.list().at(-1)!.id;
  }

  const seen = (chat: ChatDriver) =>
    chat.user.chat
      .messages()
      .map((m) => [m.plain, ...m.buttons().map((b) => b.text)].join("\n"))
      .join("\n");

  it("names a token as ticker · network everywhere: keyboard, quote, fee, confirmation, instructions, card, history", async () => {
    const chat = new ChatDriver(h, h.emulator.user({ id: 3902, first_name: "Ada", language_code: "en" }));
    const id = await exchangeTo(chat, "USDTBSC", SAMPLE_ADDRESSES.USDTBSC ?? SAMPLE_ADDRESSES.ETH!);
    const all = seen(chat);
    expect(all).not.toMatch(/USDTBSC|USDTERC20|USDTTRC20/);
    expect(all).toContain("You get: USDT · BEP20"); // the picked coin
    expect(all).toMatch(/You get: ≈ [\d\s\u202f.]+ USDT · BEP20/); // the quote and the card
    expect(all).toMatch(/Withdrawal fee \(already taken off what you get\): ≈ [\d.]+ USDT · BEP20/);
    expect(all).toMatch(/Send exactly 0\.1 BTC to the address below\. You will get ≈ [\d\s\u202f.]+ USDT · BEP20/);
    expect((await storedExchange(h.app, id)).labels).toEqual({ from: "BTC", to: "USDT · BEP20" });

    const history = await chat.send("/history", "Your exchanges");
    expect(history.buttons()[0]!.text).toMatch(/0\.1 BTC → USDT · BEP20/);
  });

  it("in Russian says «Вы отдаёте» on the quote and the card alike, and translates the tag's name", async () => {
    const chat = new ChatDriver(h, h.emulator.user({ id: 3903, first_name: "Оля", language_code: "ru" }));
    await exchangeTo(chat, "TON", SAMPLE_ADDRESSES.TON!, "Комментарий");
    const all = seen(chat);
    expect(all).toMatch(/Вы отдаёте: 0\.1 BTC\nВы получите: ≈ [\d\s\u202f.]+ TON/); // the quote
    expect(all).toContain("Вы отдаёте: 0.1 BTC\nВы получите: ≈"); // the card says the same
    expect(all).not.toContain("отправляете");
    expect(all).toContain("Комментарий: 12345");
    expect(all).not.toMatch(/Comment/);
  });

  for (const [status, outcome] of [
    ["failed", "Not exchanged"],
    ["reverted", "Refunded"],
    ["time_expired", "No deposit arrived in time"],
  ] as const) {
    it(`promises no amount on the card of a ${status} exchange, and says what happened`, async () => {
      const chat = new ChatDriver(h, h.emulator.user({ id: 3904, first_name: "Ada", language_code: "en" }));
      const id = await exchangeTo(chat, "ETH", SAMPLE_ADDRESSES.ETH!);
      const cardId = (await storedExchange(h.app, id)).cardMessageId!;
      expect(chat.user.chat.byId(cardId)!.plain).toMatch(/You get: ≈ [\d\s\u202f.]+ ETH/);
      if (status !== "time_expired") h.sandbox.orders.deposit(id);
      h.sandbox.orders.fail(id, status);
      await h.app.poller.runCycle({ all: true });
      await h.app.delivery.idle();
      const card = await h.emulator.waitFor(() => {
        const m = chat.user.chat.byId(cardId);
        return m?.plain.includes(outcome) ? m : undefined;
      });
      expect(card.plain).not.toContain("You get");
      expect(card.plain).not.toContain("≈");
    });
  }

  it("names the coins in support's 'Service expects' line", async () => {
    const chat = new ChatDriver(h, h.emulator.user({ id: 3905, first_name: "Ada", language_code: "en" }));
    const id = await exchangeTo(chat, "ETH", SAMPLE_ADDRESSES.ETH!);
    await h.app.poller.runCycle({ all: true });
    const admin = new ChatDriver(h, h.emulator.user({ id: ADMIN_ID, first_name: "Support", language_code: "en" }));
    const found = await admin.send(`/find ${id}`, "Service expects");
    expect(found.plain).toMatch(/Service expects: 0\.1 BTC → [\d\s\u202f.]+ ETH/);
  });
});
