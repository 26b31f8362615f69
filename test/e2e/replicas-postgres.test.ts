/**
 * Two replicas on one PostgreSQL, in process (the harness's app and a second app on the same
 * database; the emulator posts updates to the first):
 * - creates interrupted by a replica that died: a create another replica is making is never
 *   taken for one left behind, neither while it is recent nor, under its chat's lock, while it is
 *   slow; one left behind is settled once, however many passes run at once;
 * - a webhook update Telegram posts again, reaching the other replica, is handled once.
 */
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, WEBHOOK_SECRET, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { testDatabase } from "../postgres/database.js";
import { startApp, type App } from "../../src/app.js";
import { createLogger } from "../../src/log.js";
import { pendingCreateMarker } from "./fixtures.js";
import { REQUEST_TIME_LIMIT_MS } from "../../src/partner/client.js";
import { CREATE_MARKERS, type CreateMarker } from "../../src/exchange/create-once.js";
import { FLOW_STATES, type FlowRecord } from "../../src/bot/features/exchange/flow-state.js";
import { until } from "../until.js";

const ADMIN_ID = 9301;
const IN_DOUBT = "I could not confirm whether your exchange";
const ALERT = "an exchange-create got no answer";
/** Later than any bound the app may use for "left behind" (the longest create plus minutes). */
const MUCH_LATER_MS = REQUEST_TIME_LIMIT_MS + 60 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let h: Harness;
let other: App | undefined;

beforeEach(async () => {
  const url = await testDatabase();
  h = await startHarness({ env: { DATABASE_URL: url, ADMIN_IDS: String(ADMIN_ID), POLL_INTERVAL_MS: "3600000" }, webhook: true });
});
afterEach(async () => {
  await other?.stop();
  other = undefined;
  await h.close();
});

/** A second replica on the same database; the emulator keeps posting updates to the first. */
async function startOtherReplica(): Promise<App> {
  const destination = new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
  other = await startApp({
    config: h.config,
    logger: createLogger({ level: "warn", secrets: [], destination }),
    botToken: h.emulator.token,
    telegramApiRoot: h.emulator.apiRoot,
    partnerApiUrl: h.sandbox.url,
    partnerApiKey: h.sandbox.apiKey,
    webhookHost: "127.0.0.1",
  });
  return other;
}

describe("two replicas and a create in flight", () => {
  let chat: ChatDriver;

  beforeEach(async () => {
    chat = new ChatDriver(h, h.emulator.user({ id: 3301, first_name: "Rae", language_code: "en" }));
    await new ChatDriver(h, h.emulator.user({ id: ADMIN_ID, first_name: "Support", language_code: "en" })).send("/start", /./);
  });

  const told = (text: string) => chat.user.chat.messages().filter((m) => m.plain.includes(text)).length;
  const alerts = () =>
    h.emulator
      .user({ id: ADMIN_ID })
      .chat.messages()
      .filter((m) => m.plain.includes(ALERT)).length;

  /** Waits until the leader (the harness's app) has sent what was queued, and support's alerts. */
  async function delivered(): Promise<void> {
    await h.app.support.alerts.idle();
    await other?.support.alerts.idle();
    await h.app.delivery.idle();
    await chat.settle();
  }

  it("leaves a create that is waiting for the service alone, even to a pass whose clock says it is old", async () => {
    const { card } = await chat.toConfirmationCard();
    // Long enough for a second replica to start while the create waits (a loaded machine included).
    h.sandbox.faults.inject({ endpoint: "exchange-create", kind: "delay", ms: 4_000, times: 1 });
    const since = chat.mark();
    const pressed = chat.user.pressButton(card, "x:c:confirm");
    // The first replica has sent the create and waits for its answer.
    const markers = h.app.store.kv<CreateMarker>(CREATE_MARKERS);
    const states = async () => (await markers.entries()).map(([, m]) => m.state);
    await until(async () => (await states()).includes("pending"));
    // The marker is written before the request goes out: wait for the request to arrive.
    await until(() => h.sandbox.requests.count("exchange-create") > 0);
    expect(h.sandbox.requests.count("exchange-create")).toBe(1);

    // Another replica starts meanwhile: its start settles nothing.
    const b = await startOtherReplica();
    expect(await states()).toEqual(["pending"]);
    // Both run the pass. The leader's, with the real clock, finds the create too recent. The
    // other's clock is an hour ahead, so the create looks old: only the chat's lock holds it off
    // until the first replica's update is over, and then there is nothing left to settle.
    const leaders = await h.app.settleInterrupted();
    const ahead = await b
      .settleInterrupted(new Date(Date.now() + MUCH_LATER_MS))
      .then(async (report) => ({ report, states: await states() }));
    expect(leaders).toEqual({ inDoubt: 0, notSent: 0, finished: 0 });
    expect(ahead).toEqual({ report: { inDoubt: 0, notSent: 0, finished: 0 }, states: ["done"] });

    await chat.waitNew("Waiting for your deposit", since);
    await pressed.handled;
    await delivered();
    expect(told(IN_DOUBT)).toBe(0);
    expect(alerts()).toBe(0);
    expect(h.sandbox.orders.list()).toHaveLength(1);
    expect((await markers.entries()).map(([, m]) => m.state)).toEqual(["done"]);
  });

  it("settles a create left by a replica that died only once it is old, and then once however many passes run", async () => {
    await chat.toConfirmationCard();
    await chat.settle();
    const chatId = chat.user.id;
    const journals = h.app.store.kv<FlowRecord>(FLOW_STATES);
    const journal = (await journals.get(String(chatId)))!;
    // What a replica that died waiting for exchange-create leaves in the database.
    const at = new Date().toISOString();
    await journals.set(String(chatId), { ...journal, seq: journal.seq + 1, step: "creating", at, owner: "replica-gone" });
    await h.app.store
      .kv<CreateMarker>(CREATE_MARKERS)
      .set(journal.draftId, pendingCreateMarker(journal.draftId, chatId, at, "replica-gone"));

    // A replica starting now cannot tell it from a create under way: nothing is settled, by it
    // or by the leader, and the person hears nothing.
    const b = await startOtherReplica();
    expect(await Promise.all([h.app.settleInterrupted(), b.settleInterrupted()])).toEqual([
      { inDoubt: 0, notSent: 0, finished: 0 },
      { inDoubt: 0, notSent: 0, finished: 0 },
    ]);
    await delivered();
    expect(told(IN_DOUBT)).toBe(0);
    expect(alerts()).toBe(0);
    expect((await h.app.store.kv<CreateMarker>(CREATE_MARKERS).get(journal.draftId))?.state).toBe("pending");
    expect((await journals.get(String(chatId)))?.step).toBe("creating");

    // Once no create could still be running, both replicas' passes at once settle it once.
    const later = new Date(Date.now() + MUCH_LATER_MS);
    const reports = await Promise.all([h.app.settleInterrupted(later), b.settleInterrupted(later)]);
    expect(reports.reduce((n, r) => n + r.inDoubt, 0)).toBe(1);
    expect(reports.reduce((n, r) => n + r.notSent + r.finished, 0)).toBe(0);
    await delivered();
    expect(told(IN_DOUBT)).toBe(1);
    expect(alerts()).toBe(1);
    expect(await h.app.store.kv<CreateMarker>(CREATE_MARKERS).get(journal.draftId)).toMatchObject({
      state: "in-doubt",
      reason: "restart",
    });
    // The flow ended, keeping nothing of its answers.
    expect(await journals.get(String(chatId))).toMatchObject({ step: "ended", draft: { answers: {} } });
    expect(h.sandbox.requests.count("exchange-create")).toBe(0);

    // And never again.
    expect(await b.settleInterrupted(new Date(Date.now() + 2 * MUCH_LATER_MS))).toEqual({ inDoubt: 0, notSent: 0, finished: 0 });
  });
});

describe("two replicas and a webhook update posted again", () => {
  /** A /start as Telegram posts it. */
  function startUpdate(updateId: number, userId: number): string {
    return JSON.stringify({
      update_id: updateId,
      message: {
        message_id: updateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: userId, type: "private", first_name: "Ode" },
        from: { id: userId, is_bot: false, first_name: "Ode", language_code: "en" },
        text: "/start",
        entities: [{ type: "bot_command", offset: 0, length: 6 }],
      },
    });
  }
  const post = (app: App, body: string) =>
    fetch(`${app.webhook!.localUrl}/telegram/hook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": WEBHOOK_SECRET },
      body,
    });
  /** Makes each sendMessage of `app` take `ms` longer, so its handler is still running when the repeat comes. */
  const slowReplies = (app: App, ms: number) =>
    app.bot.api.config.use(async (prev, method, payload, signal) => {
      if (method === "sendMessage") await sleep(ms);
      return prev(method, payload, signal);
    });
  const greetings = (userId: number) =>
    h.emulator.callsOf("sendMessage").filter((c) => String(c.params.chat_id) === String(userId) && String(c.params.text).includes("Ode"));

  it("is handled once when the repeat reaches the other replica, during the first's handling or after", async () => {
    const b = await startOtherReplica();
    slowReplies(h.app, 300);
    slowReplies(b, 300);
    const user = h.emulator.user({ id: 6101, first_name: "Ode", language_code: "en" });
    const update = startUpdate(910_001, user.id);
    // Telegram's first post and its repeat, one to each replica, the second while the first runs.
    const first = post(h.app, update);
    await sleep(50);
    const answers = await Promise.all([first, post(b, update)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    await h.emulator.waitFor(() => greetings(user.id).length > 0 || undefined, 5_000);
    // Each replica answers within its ack window; give both handlers time to finish.
    await sleep(1_000);
    expect(greetings(user.id)).toHaveLength(1);

    // Later repeats, to either replica, are dropped too; a new update is not.
    expect((await post(b, update)).status).toBe(200);
    expect((await post(h.app, update)).status).toBe(200);
    expect((await post(b, startUpdate(910_002, user.id))).status).toBe(200);
    await h.emulator.waitFor(() => greetings(user.id).length === 2 || undefined, 5_000);
    await sleep(700);
    expect(greetings(user.id)).toHaveLength(2);
  });
});
