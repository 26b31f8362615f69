/**
 * The partner's maximum (issue 15): "1,000.50" BTC was quoted and could be created where the
 * service's maximum was 12. The sandbox here behaves like that service: it sends `maxamount` in
 * its currency list and beside each rate, but quotes and creates any amount. The bot must hold the
 * limit itself, exactly like the minimum: at the amount step, on the confirmation card, for a deep
 * link, and in /rate and inline answers.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodeExchangePayload } from "../../src/domain/deep-link.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { askInline } from "./fixtures.js";

describe("the partner's maximum, held by the bot", () => {
  let h: Harness;
  let chat: ChatDriver;

  beforeEach(async () => {
    // BTC's maximum in the sandbox is 50.
    h = await startHarness({ sandbox: { enforceMaximum: false } });
    chat = new ChatDriver(h, h.emulator.user({ id: 2201, first_name: "Max", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  it("refuses an amount above the maximum at the amount step, without asking for a quote", async () => {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    const refusal = await chat.send("1,000.50", "The maximum for BTC is 50 BTC");
    expect(refusal.plain).toContain("Type a smaller amount");
    expect(h.sandbox.requests.count("rate")).toBe(0);
    // The maximum itself is fine, and the flow goes on to the end.
    const quote = await chat.send("50", "You get:");
    expect(quote.plain).toContain("You send: 50 BTC");
  });

  it("refuses it in Russian too", async () => {
    const ru = new ChatDriver(h, h.emulator.user({ id: 2202, first_name: "Оля", language_code: "ru" }));
    const pickFrom = await ru.send("/exchange", "Какую монету вы отдаёте?");
    const pickTo = await ru.press(pickFrom, "x:c:BTC", "Какую монету хотите получить?");
    await ru.press(pickTo, "x:c:ETH", "Сколько BTC вы отдаёте?");
    await ru.send("1 000,5", "Максимум для BTC: 50 BTC. Введите сумму меньше.");
  });

  it("drops an amount above the maximum from a deep link and asks for the amount", async () => {
    const payload = encodeExchangePayload({ from: "BTC", to: "ETH", amount: "1000.5" })!;
    await chat.send(`/start ${payload}`, "How much BTC do you send?");
    await chat.send("100", "The maximum for BTC is 50 BTC");
    expect(h.sandbox.requests.count("rate")).toBe(0);
  });

  it("never offers Confirm for an amount above a maximum lowered since the amount step", async () => {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    const quote = await chat.send("20", "You get:");
    await chat.press(quote, "x:next", "address that will receive");
    await chat.send(SAMPLE_ADDRESSES.ETH!, "refund address");
    // The service lowers its maximum to 12: its answer to the card's rate says so (and still quotes).
    h.sandbox.setMaximum("BTC", "12");
    const since = chat.mark();
    await chat.send(SAMPLE_ADDRESSES.BTC!, "The maximum for BTC is 12 BTC");
    // Back at the amount step, with no card to confirm: nothing can be created.
    await chat.waitNew("How much BTC do you send?", since);
    expect(chat.user.chat.messagesFrom(since).some((m) => m.plain.includes("Check your exchange"))).toBe(false);
    await chat.send("12", "You get:");
    expect(h.sandbox.requests.count("exchange-create")).toBe(0);
  });

  it("answers /rate and inline queries above the maximum with the maximum", async () => {
    await chat.send("/rate 1000.5 btc eth", "The maximum is 50 BTC");
    const { articles } = await askInline(h, chat.user, "1000.5 btc eth");
    expect(articles[0]?.title).toBe("The maximum is 50 BTC");
    expect(h.sandbox.requests.count("rate")).toBe(0);
  });
});
