/**
 * A create in doubt without the service's history (issue 22, point 7), end to end: exchange-create
 * makes the order and its answer is lost (a proxy's 502). The person is told not to pay anything
 * for that attempt and gets one button to start again with the same details: a new flow at the
 * card, a fresh quote, a new order once confirmed. Only theirs, once, and after a restart too.
 * With `history` and the order found there, nothing is in doubt and no button is offered.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { CREATE_MARKERS, type CreateMarker } from "../../src/exchange/create-once.js";
import { FLOW_STATES, type FlowRecord } from "../../src/bot/features/exchange/flow-state.js";
import { testDatabase } from "../postgres/database.js";

const ETH = SAMPLE_ADDRESSES.ETH!;
const BTC = SAMPLE_ADDRESSES.BTC!;
const ADMIN_ID = 9301;
const DO_NOT_PAY = "Do not pay anything for this first attempt";
const START_AGAIN = "Start again with the same details";

describe("a create in doubt: start again with the same details", () => {
  let h: Harness | undefined;
  afterEach(async (t) => {
    if (t.task.result?.state === "fail") console.log(h?.logs.filter((l) => /"level":(40|50)/.test(l)).join(""));
    await h?.close();
    h = undefined;
  });

  async function setUp(features: string, env: Record<string, string> = {}): Promise<ChatDriver> {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN_ID), POLL_INTERVAL_MS: "3600000", PARTNER_FEATURES: features, ...env } });
    // Support has opened the bot once, so the alert reaches them.
    await new ChatDriver(h, h.emulator.user({ id: ADMIN_ID, first_name: "Support", language_code: "en" })).send("/start", /./);
    return new ChatDriver(h, h.emulator.user({ id: 3401, first_name: "Ada", language_code: "en" }));
  }

  const marker = (draftId: string) => h!.app.store.kv<CreateMarker>(CREATE_MARKERS).get(draftId);

  it("without `history`: one button, only for the person, once, after a restart too, making a second order", async () => {
    const chat = await setUp("");
    const { card } = await chat.toConfirmationCard();
    h!.sandbox.faults.inject({ endpoint: "exchange-create", kind: "lost", status: 502, times: 1 });
    const told = await chat.press(card, "x:confirm", "I could not confirm whether your exchange");
    expect(told.plain).toContain(DO_NOT_PAY);
    expect(told.plain).toContain("simply expires unpaid");
    expect(told.buttons().map((b) => b.text)).toEqual([`🔁 ${START_AGAIN}`]);
    const data = chat.button(told, START_AGAIN);
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    expect(data).not.toContain(ETH.slice(0, 10));
    const firstDraft = data.slice("again:".length);
    expect((await marker(firstDraft))?.state).toBe("in-doubt");
    const [first] = h!.sandbox.orders.list();
    expect(h!.sandbox.orders.list()).toHaveLength(1);
    // Support's alert stays.
    const admin = h!.emulator.user({ id: ADMIN_ID });
    const alert = await h!.emulator.waitFor(() => admin.chat.messages().find((m) => m.plain.includes("an exchange-create got no answer")));
    expect(alert.plain).toContain("offered to start again with the same details");

    // The marker is durable: the button works after a restart.
    await h!.restart();

    // A stranger's client makes up the same data under a message of their own: nothing happens.
    const bob = new ChatDriver(h!, h!.emulator.user({ id: 3402, first_name: "Bob", language_code: "en" }));
    const greeting = await bob.send("/start", /./);
    const adaSeen = chat.mark();
    const bobSeen = bob.mark();
    const forged = bob.user.pressButton(greeting, data, { forged: true });
    await forged.handled;
    await chat.settle();
    expect(bob.user.chat.messagesFrom(bobSeen)).toHaveLength(0);
    expect(chat.user.chat.messagesFrom(adaSeen)).toHaveLength(0);
    expect(await h!.app.store.kv<FlowRecord>(FLOW_STATES).get(String(bob.user.id))).toBeUndefined();
    expect(await marker(firstDraft)).not.toHaveProperty("restartedAs");

    // Ada presses it: the card again, same details, a fresh quote, under a new draft.
    const rates = h!.sandbox.requests.count("rate");
    const again = await chat.press(told, data, "Check your exchange");
    expect(again.plain).toContain("You send: 0.1 BTC");
    expect(again.plain).toContain(ETH);
    expect(again.plain).toContain(BTC);
    expect(h!.sandbox.requests.count("rate")).toBe(rates + 1);
    expect(chat.user.chat.messagesFrom(adaSeen).some((m) => m.plain.includes("Do not pay anything for the first attempt"))).toBe(true);
    // The button is gone from the message.
    expect(chat.user.chat.byId(told.message_id)!.buttons()).toHaveLength(0);
    const record = (await h!.app.store.kv<FlowRecord>(FLOW_STATES).get(String(chat.user.id)))!;
    expect(record.step).toBe("confirm");
    expect(record.draftId).not.toBe(firstDraft);
    expect(await marker(firstDraft)).toMatchObject({ state: "in-doubt", restartedAs: record.draftId });

    // Confirmed: a second order at the service, and its deposit instructions.
    await chat.press(again, "x:confirm", "Exchange created");
    const orders = h!.sandbox.orders.list();
    expect(orders).toHaveLength(2);
    expect(h!.sandbox.requests.count("exchange-create")).toBe(2);
    const second = orders.find((o) => o.id !== first!.id)!;
    expect(await marker(record.draftId)).toEqual({ state: "done", exchangeId: second.id });
    expect(await h!.app.store.exchanges.count()).toBe(1);
    expect(await h!.app.store.exchanges.has(first!.id)).toBe(false);
    await h!.emulator.waitFor(() => chat.user.chat.messages().find((m) => m.plain === second.depositAddress));

    // A second press (a double tap, a client that kept the button) says it was used; nothing more.
    // Every message owed so far (the instructions, paced per chat) is out before the next press.
    expect(await h!.app.delivery.whenDrained(chat.user.id, 10_000)).toBe(true);
    const seen = chat.mark();
    chat.user.pressButton(told, data, { forged: true });
    await chat.waitNew("This button was already used", seen);
    await chat.settle();
    expect(chat.user.chat.messagesFrom(seen).map((m) => m.plain)).toEqual([expect.stringContaining("already used")]);
    expect(h!.sandbox.requests.count("exchange-create")).toBe(2);
  });

  /** Loses the answer of the next create at `endpoint`, confirms `card`, starts again: the new card. */
  async function loseAndStartAgain(
    chat: ChatDriver,
    card: Parameters<ChatDriver["press"]>[0],
    endpoint: "exchange-create" | "payment/exchange-create",
  ) {
    h!.sandbox.faults.inject({ endpoint, kind: "lost", status: 502, times: 1 });
    const told = await chat.press(card, "x:confirm", DO_NOT_PAY);
    return chat.press(told, chat.button(told, START_AGAIN), "Check your exchange");
  }
  const params = (endpoint: string) =>
    h!.sandbox.requests
      .list()
      .filter((r) => r.endpoint === endpoint)
      .map((r) => r.params);

  it("keeps a fixed rate chosen: the new card is fixed, and the create asks `fix` again", async () => {
    const chat = await setUp("fixed");
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    const quote = await chat.send("0.1", "You get:");
    const choice = await chat.press(quote, "x:next", "Fixed or floating rate?");
    await chat.press(choice, chat.button(choice, "Fixed"), "address that will receive");
    await chat.send(ETH, "refund address");
    const card = await chat.send(BTC, "Check your exchange");
    const again = await loseAndStartAgain(chat, card, "exchange-create");
    expect(again.plain).toMatch(/You get: [\d.\s\u202f]+ ETH \(fixed rate\)/);
    await chat.press(again, "x:confirm", "Exchange created");
    expect(params("exchange-create").map((p) => p.fix)).toEqual(["1", "1"]);
    expect(h!.sandbox.orders.list()).toHaveLength(2);
  });

  it("keeps an amount to receive: the new card asks payment/rate, the create is payment/exchange-create", async () => {
    const chat = await setUp("receive");
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    const askAmount = await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    await chat.press(askAmount, chat.button(askAmount, "to receive instead"), "How much ETH must arrive?");
    const quote = await chat.send("2", "You get exactly: 2 ETH");
    await chat.press(quote, "x:next", "address that will receive");
    await chat.send(ETH, "refund address");
    const card = await chat.send(BTC, "Check your exchange");
    const again = await loseAndStartAgain(chat, card, "payment/exchange-create");
    expect(again.plain).toContain("You get exactly: 2 ETH");
    await chat.press(again, "x:confirm", "Exchange created");
    expect(params("payment/exchange-create").map((p) => p.amountTo)).toEqual(["2", "2"]);
    expect(params("exchange-create")).toHaveLength(0);
    expect(h!.sandbox.orders.list()).toHaveLength(2);
  });

  it("pressed while another flow waits at its first step: that flow gives way to the card", async () => {
    const chat = await setUp("");
    const { card } = await chat.toConfirmationCard();
    h!.sandbox.faults.inject({ endpoint: "exchange-create", kind: "lost", status: 502, times: 1 });
    const told = await chat.press(card, "x:confirm", DO_NOT_PAY);
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const again = await chat.press(told, chat.button(told, START_AGAIN), "Check your exchange");
    // The other flow's prompt lost its buttons; one pressed still (a tap before the edit) is stale.
    // The card's Confirm makes the second order.
    expect(chat.user.chat.byId(pickFrom.message_id)!.buttons()).toEqual([]);
    const stale = chat.user.pressButton(pickFrom, pickFrom.buttons()[0]!.callback_data!, { forged: true });
    await h!.emulator.waitFor(() => chat.user.lastCallbackAnswer()?.callback_query_id === stale.callback_query_id || undefined);
    expect(chat.user.lastToast()).toBe("This button belongs to an earlier step.");
    await chat.press(again, "x:confirm", "Exchange created");
    expect(h!.sandbox.orders.list()).toHaveLength(2);
  });

  it("asks again what no longer fits: a coin the service stopped offering, and the address that was for it", async () => {
    const chat = await setUp("");
    const { card } = await chat.toConfirmationCard();
    h!.sandbox.faults.inject({ endpoint: "exchange-create", kind: "lost", status: 502, times: 1 });
    const told = await chat.press(card, "x:confirm", DO_NOT_PAY);
    h!.sandbox.hideCoins("ETH");
    await h!.app.catalog.refresh();
    const pickTo = await chat.press(told, chat.button(told, START_AGAIN), "Which coin do you want to get?");
    // The coin sent, the amount and the refund address are kept; the receiving address is asked for the new coin.
    await chat.press(pickTo, "x:c:LTC", "address that will receive");
    const again = await chat.send(SAMPLE_ADDRESSES.LTC!, "Check your exchange");
    expect(again.plain).toContain("You send: 0.1 BTC");
    expect(again.plain).toContain(BTC);
  });

  it("on PostgreSQL too: the claim is kept in the database, and a second press is told it was used", async () => {
    const chat = await setUp("", { DATABASE_URL: await testDatabase() });
    const { card } = await chat.toConfirmationCard();
    h!.sandbox.faults.inject({ endpoint: "exchange-create", kind: "lost", status: 502, times: 1 });
    const told = await chat.press(card, "x:confirm", DO_NOT_PAY);
    const data = chat.button(told, START_AGAIN);
    const again = await chat.press(told, data, "Check your exchange");
    const record = (await h!.app.store.kv<FlowRecord>(FLOW_STATES).get(String(chat.user.id)))!;
    expect(await marker(data.slice("again:".length))).toMatchObject({ state: "in-doubt", restartedAs: record.draftId });
    // A second press (its button is gone: a double tap that came before the edit).
    const seen = chat.mark();
    chat.user.pressButton(told, data, { forged: true });
    await chat.waitNew("This button was already used", seen);
    await chat.press(again, "x:confirm", "Exchange created");
    expect(h!.sandbox.orders.list()).toHaveLength(2);
  });

  it("with `history` and the order found there: adopted, no button", async () => {
    const chat = await setUp("history");
    const { card } = await chat.toConfirmationCard();
    h!.sandbox.faults.inject({ endpoint: "exchange-create", kind: "lost", status: 502, times: 1 });
    const seen = chat.mark();
    await chat.press(card, "x:confirm", "Exchange created");
    await chat.settle();
    const messages = chat.user.chat.messagesFrom(seen);
    expect(messages.some((m) => m.plain.includes(DO_NOT_PAY))).toBe(false);
    expect(messages.flatMap((m) => m.buttons()).some((b) => b.callback_data?.startsWith("again:"))).toBe(false);
    expect(h!.sandbox.orders.list()).toHaveLength(1);
  });
});
