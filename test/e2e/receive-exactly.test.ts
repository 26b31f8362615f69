/**
 * Receive exactly (issue 22, capability `receive`): the person gives the amount to receive, the
 * service's payment/rate says what to send, and payment/exchange-create makes the order.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { storedExchange } from "./stored.js";
import { FLOW_STATES, type FlowRecord } from "../../src/bot/features/exchange/flow-state.js";

const ETH_ADDRESS = SAMPLE_ADDRESSES.ETH!;
const BTC_ADDRESS = SAMPLE_ADDRESSES.BTC!;

describe("receive exactly", () => {
  let h: Harness;
  let chat: ChatDriver;

  async function start(env: Record<string, string>): Promise<void> {
    h = await startHarness({ env });
    chat = new ChatDriver(h, h.emulator.user({ id: 2202, first_name: "Rex", language_code: "en" }));
  }
  afterEach(async () => {
    await h.close();
  });

  async function toAmount() {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    return chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
  }
  const requests = (endpoint: string) => h.sandbox.requests.list().filter((r) => r.endpoint === endpoint);

  it("asks payment/rate, checks the limits in the coin sent, and creates with payment/exchange-create", async () => {
    await start({ PARTNER_FEATURES: "receive,fixed" });
    const askAmount = await toAmount();
    const askReceive = await chat.press(askAmount, chat.button(askAmount, "to receive instead"), "How much ETH must arrive?");

    // Too little to send: the minimum is told in BTC, the coin sent.
    await chat.send("0.001", /below the minimum of [\d.]+ BTC/);
    // Too much: the maximum likewise.
    await chat.send("5000", /above the maximum of 50 BTC/);
    const quote = await chat.send("2", "You get exactly: 2 ETH");
    const send = /You send: ([\d.]+) BTC/.exec(quote.plain)![1]!;
    expect(requests("payment/rate").at(-1)!.params).toMatchObject({ from: "BTC", to: "ETH", amountTo: "2" });
    expect(askReceive).toBeDefined();

    // No fixed-or-floating choice: a payment order has no `fix`.
    await chat.press(quote, "x:next", "address that will receive");
    await chat.send(ETH_ADDRESS, "refund address");
    const card = await chat.send(BTC_ADDRESS, "Check your exchange");
    expect(card.plain).toContain("You get exactly: 2 ETH");
    expect(card.plain).toContain(`You send: ${send} BTC`);
    expect(card.plain).not.toContain("Withdrawal fee");

    await chat.press(card, "x:c:confirm", "Exchange created");
    const intro = chat.user.chat.messages().find((m) => m.plain.includes("Exchange created"))!;
    expect(intro.plain).toContain(`Send exactly ${send} BTC to the address below, so that exactly 2 ETH arrive`);
    expect(requests("exchange-create")).toHaveLength(0);
    const created = requests("payment/exchange-create");
    expect(created).toHaveLength(1);
    expect(created[0]!.params).toMatchObject({ amountTo: "2", destinationAddress: ETH_ADDRESS, refundAddress: BTC_ADDRESS });
    expect("fix" in created[0]!.params).toBe(false);
    const order = h.sandbox.orders.list()[0]!;
    expect(order).toMatchObject({ expectedAmountTo: "2", expectedAmountFrom: send });
    expect(await storedExchange(h.app, order.id)).toMatchObject({ quoteKind: "exact", amountFrom: send, quotedAmountTo: "2" });
  });

  it("shows the new amount to send when it moved before the create, and creates only after a second Confirm", async () => {
    await start({ PARTNER_FEATURES: "receive" });
    const askAmount = await toAmount();
    await chat.press(askAmount, chat.button(askAmount, "to receive instead"), "How much ETH must arrive?");
    const quote = await chat.send("2", "You get exactly: 2 ETH");
    await chat.press(quote, "x:next", "address that will receive");
    await chat.send(ETH_ADDRESS, "refund address");
    const card = await chat.send(BTC_ADDRESS, "Check your exchange");
    const before = /You send: ([\d.]+) BTC/.exec(card.plain)![1]!;
    h.sandbox.moveRates(-3);
    const moved = await chat.press(card, "x:c:confirm", "changed since you saw it");
    const after = /You send: ([\d.]+) BTC/.exec(moved.plain)![1]!;
    expect(Number(after)).toBeGreaterThan(Number(before));
    expect(requests("payment/exchange-create")).toHaveLength(0);
    await chat.press(moved, "x:c:confirm", "Exchange created");
    expect(h.sandbox.orders.list()[0]).toMatchObject({ expectedAmountFrom: after, expectedAmountTo: "2" });
  });

  it("reads an answer typed at the prompt on screen as an amount to receive after a restart", async () => {
    await start({ PARTNER_FEATURES: "receive" });
    const askAmount = await toAmount();
    await chat.press(askAmount, chat.button(askAmount, "to receive instead"), "How much ETH must arrive?");
    await chat.settle();
    const chatId = String(chat.user.id);
    expect((await h.app.store.kv<FlowRecord>(FLOW_STATES).get(chatId))?.view).toMatchObject({ mode: "receive" });
    await h.restart();
    await chat.send("2", "You get exactly: 2 ETH");
    expect(requests("rate")).toHaveLength(0);
  });

  it("goes back to the amount to send on request", async () => {
    await start({ PARTNER_FEATURES: "receive" });
    const askAmount = await toAmount();
    const askReceive = await chat.press(askAmount, chat.button(askAmount, "to receive instead"), "How much ETH must arrive?");
    await chat.press(askReceive, chat.button(askReceive, "amount to send instead"), "How much BTC do you send?");
    const quote = await chat.send("0.1", "You get:");
    expect(quote.plain).toMatch(/You get: ≈/);
  });

  it("without the capability: no such button, and no payment call", async () => {
    await start({});
    const askAmount = await toAmount();
    expect(askAmount.buttons().map((b) => b.callback_data)).toEqual(["x:a:back", "x:a:cancel"]);
    expect(requests("payment/rate")).toHaveLength(0);
  });
});
