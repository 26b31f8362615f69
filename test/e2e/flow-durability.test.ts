/**
 * What a person was shown survives a crash: the exchange flow's journal, start-up settling of
 * creates interrupted by a crash, creates whose answer was lost, and Telegram's 429 retried below
 * the conversation's replay layer.
 *
 * A kill -9 is reproduced in process by restarting the app and putting back, while it is down,
 * what the disk would have held at the moment of the kill (an older flow state, a pending create
 * marker). The child-process kill tests in test/crash/ do the same with real kills.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { openStore } from "../../src/store/store.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { CREATE_MARKERS, type CreateMarker } from "../../src/exchange/create-once.js";
import { FLOW_STATES, type FlowRecord } from "../../src/bot/features/exchange/flow-state.js";
import { openExchange, pendingCreateMarker } from "./fixtures.js";
import { until } from "../until.js";

const BTC = SAMPLE_ADDRESSES.BTC!;
const XRP = SAMPLE_ADDRESSES.XRP!;
const ADMIN_ID = 9101;

describe("the exchange flow after a crash", () => {
  let h: Harness;
  let chat: ChatDriver;
  beforeEach(async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN_ID), POLL_INTERVAL_MS: "3600000" } });
    chat = new ChatDriver(h, h.emulator.user({ id: 3101, first_name: "Kim", language_code: "en" }));
    // Support has opened the bot once, as the README asks, so alerts can reach them.
    await new ChatDriver(h, h.emulator.user({ id: ADMIN_ID, first_name: "Support", language_code: "en" })).send("/start", /./);
  });
  afterEach(async (t) => {
    if (t.task.result?.state === "fail") console.log(h.logs.filter((l) => /"level":(40|50)/.test(l)).join(""));
    await h.close();
  });

  /** Walks BTC → XRP to the quote; returns the quote message. */
  async function toQuote(amount = "0.1") {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:XRP", "How much BTC do you send?");
    return chat.send(amount, "You get:");
  }

  it("takes the answer typed at the prompt on screen as that step's answer when the prompt was not noted as shown", async () => {
    const quote = await toQuote();
    await chat.press(quote, "x:next", "address that will receive");
    const askTag = await chat.send(XRP, "Send the Destination tag");
    await chat.settle();
    const chatId = chat.user.id;
    expect((await h.app.store.kv<FlowRecord>(FLOW_STATES).get(String(chatId)))?.step).toBe("destinationTag");
    // The kill came right after the tag prompt was sent: the record had the step, not its message.
    const record = (await h.app.store.kv<FlowRecord>(FLOW_STATES).get(String(chatId)))!;
    const restarted = chat.mark();
    await h.restart(async () => {
      const live = await openStore({ dataDir: h.dataDir, fileName: "live.json" });
      live.kv<FlowRecord>(FLOW_STATES.name).set(String(chatId), { ...record, seq: record.seq + 1, prompts: [], due: true });
      await live.close();
    });
    // Owed, so shown once more (with a word why); its buttons work on both copies.
    const again = await chat.waitNew("Send the Destination tag", restarted);
    expect(again.message_id).toBeGreaterThan(askTag.message_id);

    // The person answers the question on their screen, once: read back in it.
    await chat.send("123456", "refund address");
    expect(chat.user.chat.byId(again.message_id)!.plain).toContain("Destination tag: 123456");
    // The tag prompt on screen is the one answered; nothing was read as an amount.
    expect(chat.user.chat.byId(askTag.message_id)).toBeDefined();
    expect(h.sandbox.requests.count("rate")).toBe(1);
    const card = await chat.send(BTC, "Check your exchange");
    expect(card.plain).toContain("You send: 0.1 BTC");
    expect(card.plain).toContain("123456");
    await chat.press(card, "x:confirm", "Exchange created");
    const [order] = h.sandbox.orders.list();
    expect(order).toMatchObject({ destinationTag: "123456", destinationAddress: XRP });
    expect(await h.app.store.exchanges.get(order!.id)).toMatchObject({ amountFrom: "0.1", destinationTag: "123456" });
  });

  it("tells the person and support when the process died waiting for exchange-create, and never creates it again", async () => {
    const { card } = await chat.toConfirmationCard();
    await chat.settle();
    const chatId = chat.user.id;
    const journal = (await h.app.store.kv<FlowRecord>(FLOW_STATES).get(String(chatId)))!;
    // The kill came while exchange-create was on its way: the marker was pending, the journal
    // said "creating", and the order may exist at the service.
    await h.restart(async () => {
      const store = await openStore({ dataDir: h.dataDir });
      store
        .kv<CreateMarker>(CREATE_MARKERS.name)
        .set(journal.draftId, pendingCreateMarker(journal.draftId, chatId, new Date().toISOString()));
      await store.close();
      const live = await openStore({ dataDir: h.dataDir, fileName: "live.json" });
      live.kv<FlowRecord>(FLOW_STATES.name).set(String(chatId), { ...journal, seq: journal.seq + 1, step: "creating" });
      await live.close();
    });
    const told = await chat.waitNew("I could not confirm whether your exchange", 0);
    expect(told.plain).toContain("0.1 BTC → ETH");
    const admin = h.emulator.user({ id: ADMIN_ID });
    const alert = await h.emulator.waitFor(() => admin.chat.messages().find((m) => m.plain.includes("an exchange-create got no answer")));
    expect(alert.plain).toContain(BTC);
    // The old card's Confirm creates nothing.
    const sent = chat.user.pressButton(card, "x:c:confirm");
    await sent.handled;
    await chat.settle();
    expect(h.sandbox.requests.count("exchange-create")).toBe(0);
    expect((await h.app.store.kv<CreateMarker>(CREATE_MARKERS).get(journal.draftId))?.state).toBe("in-doubt");
    // Told with one button to start again with the same details: the card, under a new draft.
    expect(told.plain).toContain("Do not pay anything for this first attempt");
    const again = await chat.press(told, chat.button(told, "Start again with the same details"), "Check your exchange");
    expect(again.plain).toContain(BTC);
    expect((await h.app.store.kv<FlowRecord>(FLOW_STATES).get(String(chatId)))?.draftId).not.toBe(journal.draftId);
  });

  it("offers the card again when the process died before exchange-create was sent", async () => {
    await chat.toConfirmationCard();
    await chat.settle();
    const chatId = chat.user.id;
    const journal = (await h.app.store.kv<FlowRecord>(FLOW_STATES).get(String(chatId)))!;
    await h.restart(async () => {
      const live = await openStore({ dataDir: h.dataDir, fileName: "live.json" });
      live.kv<FlowRecord>(FLOW_STATES.name).set(String(chatId), { ...journal, seq: journal.seq + 1, step: "creating" });
      await live.close();
    });
    await chat.waitNew("nothing was created", 0);
    await chat.send("ok", "I was restarted");
    const card = await chat.waitNew("Check your exchange", chat.mark() - 1);
    await chat.press(card, "x:confirm", "Exchange created");
    expect(h.sandbox.orders.list()).toHaveLength(1);
  });

  it("tells the person each time the same card is interrupted before exchange-create was sent", async () => {
    await chat.toConfirmationCard();
    await chat.settle();
    const chatId = chat.user.id;
    const journal = (await h.app.store.kv<FlowRecord>(FLOW_STATES).get(String(chatId)))!;
    const creating = (seq: number) => async () => {
      const live = await openStore({ dataDir: h.dataDir, fileName: "live.json" });
      live.kv<FlowRecord>(FLOW_STATES.name).set(String(chatId), { ...journal, seq, step: "creating" });
      await live.close();
    };
    await h.restart(creating(journal.seq + 1));
    await chat.waitNew("nothing was created", 0);
    await chat.send("ok", "I was restarted");
    await chat.settle();
    // A refused create leaves no marker, so the same draft can be interrupted again: said again.
    const since = chat.mark();
    await h.restart(creating(journal.seq + 10));
    await chat.waitNew("nothing was created", since);
  });

  it("treats a create whose answer was lost as in doubt: told, alerted, never sent twice", async () => {
    const { card } = await chat.toConfirmationCard();
    h.sandbox.faults.inject({ endpoint: "exchange-create", kind: "http", status: 502, times: 1 });
    await chat.press(card, "x:confirm", "I could not confirm whether your exchange");
    const admin = h.emulator.user({ id: ADMIN_ID });
    await h.emulator.waitFor(() => admin.chat.messages().find((m) => m.plain.includes("an exchange-create got no answer")));
    // No Retry is offered and the card's buttons are gone: the flow is over. The one button is to
    // start again with the same details, as a new order (create-in-doubt-start-again.test.ts).
    await chat.settle();
    expect(chat.user.chat.byId(card.message_id)!.buttons()).toEqual([]);
    expect(
      chat.user.chat
        .last()!
        .buttons()
        .map((b) => b.text),
    ).toEqual(["🔁 Start again with the same details"]);
    expect(h.sandbox.requests.count("exchange-create")).toBe(1);
    // The flow ended, once the person was told: waited for as it is read, not inferred from a quiet
    // spell of the bot's calls.
    await until(async () => (await h.app.store.kv<FlowRecord>(FLOW_STATES).get(String(chat.user.id)))?.step === "ended");
  });
  it("treats an order the service made but the store refused as in doubt, not as a crash", async () => {
    const eve = new ChatDriver(h, h.emulator.user({ id: 3199, first_name: "Eve", language_code: "en" }));
    await eve.send("/start", /./);
    const earlier = await openExchange(h, eve.user);
    const { card } = await chat.toConfirmationCard();
    // The store already has an exchange with the id the service is about to hand out (as after a
    // sandbox restart that repeated its ids): the insert fails after the order exists.
    const remove = h.sandbox.onRequest((event) => {
      if (event.request.endpoint !== "exchange-create" || event.phase !== "answered") return;
      remove();
      void h.app.store.exchanges.insert({ ...earlier, id: h.sandbox.orders.list().at(-1)!.id });
    });
    const told = await chat.press(card, "x:confirm", "I could not confirm whether your exchange");
    // The order is known to exist (support takes it over): starting again is not offered.
    expect(told.buttons()).toEqual([]);
    const admin = h.emulator.user({ id: ADMIN_ID });
    const alert = await h.emulator.waitFor(() => admin.chat.messages().find((m) => m.plain.includes("an exchange-create got no answer")));
    expect(alert.plain).toContain(h.sandbox.orders.list().at(-1)!.id);
    expect(h.sandbox.requests.count("exchange-create")).toBe(2);
  });
});

describe("Telegram's 429 inside the flow", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000" } });
  });
  afterEach(async () => {
    await h.close();
  });

  it("is waited out once: later steps are not slowed by a replayed retry_after", async () => {
    const chat = new ChatDriver(h, h.emulator.user({ id: 3201, first_name: "Lu", language_code: "en" }));
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    h.emulator.failNext("editMessageText", { code: 429, retryAfter: 2 });
    const started = Date.now();
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    // Each later answer is well under the 2 s that was asked for once.
    for (const step of [
      () => chat.press(pickTo, "x:c:ETH", "How much BTC do you send?"),
      () => chat.send("0.1", "You get:"),
      () => chat.send("0.2", "You get:"),
    ]) {
      const t0 = Date.now();
      await step();
      expect(Date.now() - t0).toBeLessThan(1_000);
    }
  });
});
