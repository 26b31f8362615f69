/**
 * What a person must receive, end to end, across Telegram failures and crashes: deposit
 * instructions, status notices, and the order card as a way to pay. A crash is simulated by
 * copying the data files at the critical moment (what `kill -9` would leave: every write is a
 * rename, so each file is whole) and starting a new bot on the copy.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ExchangeRecord } from "../../src/domain/types.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver, leadingIcon } from "./chat-driver.js";
import { cycle, openExchange, type TestUser } from "./fixtures.js";
import { until } from "../until.js";
import { storedExchange } from "./stored.js";

/** The person's messages that start with `icon` (milestones start with their status icon). */
const starting = (user: TestUser, icon: string) =>
  user.chat
    .messages()
    .filter((m) => leadingIcon(m.plain) === icon && !m.plain.includes("Status:") && !m.plain.includes("Exchange created"));
const intros = (user: TestUser): ReturnType<TestUser["chat"]["messages"]> =>
  user.chat.messages().filter((m) => m.plain.includes("Exchange created"));

/** Stores an exchange the way createExchangeOnce does, and nothing else (no instructions). */
async function storeOnly(h: Harness, user: TestUser): Promise<ExchangeRecord> {
  const created = await h.app.partner.createExchange({
    from: "BTC",
    to: "ETH",
    amount: "0.1",
    destinationAddress: SAMPLE_ADDRESSES.ETH!,
    refundAddress: SAMPLE_ADDRESSES.BTC!,
  });
  const at = new Date().toISOString();
  const record = await h.app.store.exchanges.insert({
    id: created.id,
    userId: user.id,
    chatId: user.id,
    from: "BTC",
    to: "ETH",
    amountFrom: "0.1",
    quotedAmountTo: "1.5",
    destinationAddress: SAMPLE_ADDRESSES.ETH!,
    destinationTag: "",
    refundAddress: SAMPLE_ADDRESSES.BTC!,
    refundTag: "",
    depositAddress: created.depositAddress,
    depositTag: created.depositTag,
    status: "waiting_deposit",
    statusHistory: [{ status: "waiting_deposit", at }],
    createdAt: at,
    updatedAt: at,
    lastNotifiedStatus: "waiting_deposit",
  });
  return record;
}

describe("delivery, end to end", () => {
  let h: Harness;
  let user: TestUser;
  let chat: ChatDriver;

  beforeEach(async () => {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000" } });
    user = h.emulator.user({ id: 5001, first_name: "Ada", language_code: "en" });
    chat = new ChatDriver(h, user);
    user.sendText("/start");
    await h.emulator.waitFor(() => user.chat.last());
  });
  afterEach(async () => {
    await h.close();
  });

  it("delivers the instructions once when Telegram fails for longer than its retries right after the create", async () => {
    const { card } = await chat.toConfirmationCard();
    // The create is slow enough to let the failures begin after "Creating your exchange…".
    h.sandbox.faults.inject({ kind: "delay", ms: 300, endpoint: "exchange-create", times: 1 });
    const since = chat.mark();
    user.pressButton(card, "x:c:confirm");
    await chat.waitNew("Creating your exchange", since);
    // Four 429s: the HTTP-level retry's four tries are used up, so the first attempt fails.
    h.emulator.failNext("sendMessage", { code: 429, retryAfter: 1 }, 4);
    await chat.waitNew("I will tell you about every status change", since, 20_000);
    await chat.settle();
    // The entry's mark and the card's id are stored once Telegram has answered: after the person saw it.
    await h.app.delivery.idle();

    const order = h.sandbox.orders.list()[0]!;
    expect(h.emulator.callsOf("sendMessage").filter((c) => c.error?.code === 429)).toHaveLength(4);
    expect(intros(user)).toHaveLength(1);
    expect(user.chat.messages().filter((m) => m.plain === order.depositAddress)).toHaveLength(1);
    expect(await h.app.delivery.entry(`dep:${order.id}`, user.id)).toMatchObject({ state: "sent", attempts: 1 });
    expect((await storedExchange(h.app, order.id)).cardMessageId).toBe(user.chat.last()!.message_id);
  });

  it("keeps trying after a restart when Telegram is still failing, and sends the rest once", async () => {
    const record = await storeOnly(h, user);
    h.emulator.failNext("sendMessage", { code: 429, retryAfter: 1 }, 4);
    void h.app.delivery.depositInstructions(record, undefined, 0);
    await until(async () => (await h.app.delivery.entry(`dep:${record.id}`, record.chatId))?.attempts === 1);
    expect(intros(user)).toHaveLength(0);

    await h.restart();
    await h.emulator.waitFor(() => user.chat.messages().some((m) => m.plain.includes("I will tell you about every status change")), 10_000);
    await chat.settle();
    expect(intros(user)).toHaveLength(1);
    await h.restart();
    await chat.settle();
    expect(intros(user)).toHaveLength(1);
  });

  it("after a crash between storing the exchange and queuing its instructions, delivers them at start-up, once", async () => {
    const record = await storeOnly(h, user);
    const crashed = await h.snapshot();
    await h.restartFrom(crashed);
    await h.emulator.waitFor(() => user.chat.messages().some((m) => m.plain.includes("I will tell you about every status change")), 10_000);
    await chat.settle();
    expect(intros(user)).toHaveLength(1);
    expect(user.chat.messages().filter((m) => m.plain === record.depositAddress)).toHaveLength(1);
    expect(user.chat.messages().filter((m) => m.photo)).toHaveLength(1);

    // A second start has nothing to repeat.
    await h.restart();
    await chat.settle();
    expect(intros(user)).toHaveLength(1);
  });

  it("after a crash in the middle of the instructions, goes on from the first part not confirmed", async () => {
    const record = await storeOnly(h, user);
    // The QR code fails for good this time: the text parts are confirmed, the photo is not.
    h.emulator.failNext("sendPhoto", { code: 429, retryAfter: 1 }, 4);
    void h.app.delivery.depositInstructions(record, undefined, 0);
    await until(async () => (await h.app.delivery.entry(`dep:${record.id}`, record.chatId))?.attempts === 1);
    expect((await h.app.delivery.entry(`dep:${record.id}`, record.chatId))!.progress).toBe(2);
    const crashed = await h.snapshot();
    await h.restartFrom(crashed);
    await h.emulator.waitFor(() => user.chat.messages().some((m) => m.plain.includes("I will tell you about every status change")), 10_000);
    await chat.settle();
    expect(intros(user)).toHaveLength(1);
    expect(user.chat.messages().filter((m) => m.plain === record.depositAddress)).toHaveLength(1);
    expect(user.chat.messages().filter((m) => m.photo)).toHaveLength(1);
  });

  it("repeats no notice after a crash right after it was shown (deposit received, then success)", async () => {
    const ex = await openExchange(h, user);
    h.sandbox.orders.deposit(ex.id);
    await cycle(h);
    expect(starting(user, "📥")).toHaveLength(1);
    // Killed right after the person saw it: the main file may not have the "told" mark yet.
    await h.restartFrom(await h.snapshot());
    await cycle(h);
    await h.app.delivery.idle();
    expect(starting(user, "📥")).toHaveLength(1);

    for (let i = 0; i < 3; i++) h.sandbox.orders.advance(ex.id);
    await cycle(h);
    expect(starting(user, "✅")).toHaveLength(1);
    await h.restartFrom(await h.snapshot());
    await h.app.delivery.idle();
    await cycle(h);
    await chat.settle();
    expect(starting(user, "✅")).toHaveLength(1);
    expect(starting(user, "📥")).toHaveLength(1);
  });

  it("drops a slow, stale status answer: no step back, and one success notice", async () => {
    const ex = await openExchange(h, user);
    h.sandbox.orders.deposit(ex.id);
    h.sandbox.orders.advance(ex.id);
    h.sandbox.orders.advance(ex.id);
    await cycle(h);
    expect((await storedExchange(h.app, ex.id)).status).toBe("sending");

    // The poller asks; the answer ("sending", as of now) takes 800 ms to come back.
    h.sandbox.faults.inject({ kind: "delay", ms: 800, endpoint: "exchange-status", times: 1 });
    const slow = h.app.poller.runCycle({ all: true });
    await until(() => h.sandbox.requests.count("exchange-status") >= 2);
    // Meanwhile the exchange completes and the person asks with /status.
    h.sandbox.orders.advance(ex.id);
    await chat.send(`/status ${ex.id}`, "Completed");
    await slow;
    await h.app.delivery.idle();
    await cycle(h);
    await chat.settle();

    const stored = await storedExchange(h.app, ex.id);
    expect(stored.status).toBe("success");
    expect(stored.statusHistory.map((s) => s.status)).toEqual(["waiting_deposit", "sending", "success"]);
    expect(starting(user, "✅")).toHaveLength(1);
  });

  it("shows the deposit address and tag on the card while the deposit is awaited (/status), and not after", async () => {
    const ex = await openExchange(h, user);
    const card = await chat.send(`/status ${ex.id}`, "Status:");
    expect(card.plain).toContain(`Deposit address: ${ex.depositAddress}`);
    h.sandbox.orders.deposit(ex.id);
    await cycle(h);
    expect(user.chat.byId((await storedExchange(h.app, ex.id)).cardMessageId!)!.plain).not.toContain("Deposit address:");
  });

  it("gives a way to pay when the exchange was already created: the instructions if never sent, else the card", async () => {
    const record = await storeOnly(h, user);
    await h.app.delivery.offerPayment(record, undefined);
    await chat.settle();
    expect(intros(user)).toHaveLength(1);

    const since = chat.mark();
    await h.app.delivery.offerPayment(record, undefined);
    await chat.settle();
    const after = user.chat.messages().slice(since);
    expect(after).toHaveLength(1);
    expect(after[0]!.plain).toContain(`Deposit address: ${record.depositAddress}`);
    expect(intros(user)).toHaveLength(1);
  });

  it("stops writing to a person who blocked the bot, without retrying", async () => {
    const record = await storeOnly(h, user);
    h.emulator.failNext("sendMessage", { code: 403, description: "Forbidden: bot was blocked by the user" });
    await h.app.delivery.depositInstructions(record, undefined, 2_000);
    // (The 2 s wait above can run out on a loaded machine before the 403 comes back.)
    await until(async () => (await h.app.delivery.entry(`dep:${record.id}`, record.chatId))?.state !== "pending");
    expect((await h.app.delivery.entry(`dep:${record.id}`, record.chatId))!.state).toBe("blocked");
    expect((await h.app.store.users.get(user.id))?.blocked ?? true).toBe(true);
    await chat.settle();
    expect(h.emulator.callsOf("sendMessage").filter((c) => c.error?.code === 403)).toHaveLength(1);
    expect(h.emulator.callsOf("sendMessage").filter((c) => /Exchange created/.test(String(c.params.text)))).toHaveLength(1);
  });
});
