import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, WEBHOOK_SECRET, type Harness, type HarnessOptions } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { INBOX_NAMESPACE } from "../../src/updates/inbox.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Makes every sendMessage of the bot take `ms` longer, so the handler that sends it is slow. */
function slowReplies(h: Harness, ms: number, onEnter?: () => void): void {
  h.app.bot.api.config.use(async (prev, method, payload, signal) => {
    if (method === "sendMessage") {
      onEnter?.();
      await sleep(ms);
    }
    return prev(method, payload, signal);
  });
}

/** POSTs `body` to the running app's webhook, as Telegram would (with `secret` in its header). */
function postToHook(h: Harness, body: string, secret?: string): Promise<Response> {
  return fetch(`${h.app.webhook!.localUrl}/telegram/hook`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(secret === undefined ? {} : { "x-telegram-bot-api-secret-token": secret }) },
    body,
  });
}

/** A /start update as Telegram would post it, from someone the emulator does not know. */
function startUpdate(updateId: number, userId: number): string {
  const from = { id: userId, is_bot: false, first_name: "Mallory", language_code: "en" };
  return JSON.stringify({
    update_id: updateId,
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: userId, type: "private", first_name: "Mallory" },
      from,
      text: "/start",
      entities: [{ type: "bot_command", offset: 0, length: 6 }],
    },
  });
}

describe("webhook mode, end to end (emulator posting like Telegram)", () => {
  let h: Harness | undefined;
  const start = async (options: HarnessOptions["webhook"] = true) => {
    h = await startHarness({ webhook: options });
    return h;
  };
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("sets the webhook with the secret, the bot's update types and pending updates kept, and never polls", async () => {
    const h = await start();
    const [call] = h.emulator.callsOf("setWebhook");
    expect(call?.ok).toBe(true);
    expect(call?.params).toMatchObject({
      url: "https://bot.example.com/telegram/hook",
      secret_token: WEBHOOK_SECRET,
      drop_pending_updates: false,
    });
    expect(call?.params.allowed_updates).toEqual(["message", "callback_query", "inline_query", "chosen_inline_result", "my_chat_member"]);
    expect(h.emulator.callsOf("getUpdates")).toEqual([]);
    expect(h.emulator.callsOf("deleteWebhook")).toEqual([]);
    // Telegram refuses getUpdates while a webhook is set; so does the emulator.
    const res = await fetch(`${h.emulator.apiRoot}/bot${h.emulator.token}/getUpdates`, { method: "POST" });
    expect(res.status).toBe(409);
    expect(h.logs.join("")).not.toContain(WEBHOOK_SECRET);
  });

  it("serves /healthz, /readyz and /metrics on the webhook's port, and counts a delivery as Telegram reaching the bot", async () => {
    const h = await start();
    const local = h.app.webhook!.localUrl;
    expect((await fetch(`${local}/healthz`)).status).toBe(200);
    const chat = new ChatDriver(h, h.emulator.user({ id: 5002, first_name: "Ops", language_code: "en" }));
    await chat.send("/start", "Hi, Ops!");
    const ready = await fetch(`${local}/readyz`);
    expect(ready.status, await ready.clone().text()).toBe(200);
    expect(await (await fetch(`${local}/metrics`)).text()).toMatch(/^# HELP /m);
    // Still a webhook: other paths are not found, and no getUpdates was ever made.
    expect((await fetch(`${local}/nope`)).status).toBe(404);
    expect(h.emulator.callsOf("getUpdates")).toEqual([]);
  });

  it("takes a person through a whole exchange, every update delivered once with the secret header", async () => {
    const h = await start();
    const chat = new ChatDriver(h, h.emulator.user({ id: 5001, first_name: "Wen", language_code: "en" }));
    await chat.send("/start", "Hi, Wen!");
    const { card } = await chat.toConfirmationCard();
    const since = chat.mark();
    chat.user.pressButton(card, "x:c:confirm");
    await chat.waitNew("I will tell you about every status change", since);
    const order = h.sandbox.orders.list()[0]!;
    expect(order).toMatchObject({ from: "BTC", to: "ETH" });
    expect(await h.app.store.exchanges.get(order.id)).toMatchObject({ userId: 5001, status: "waiting_deposit" });
    // A delivery is counted when the bot's 200 reaches the emulator, which may be after the person
    // saw the answer: wait for the last one, not for a quiet spell of the bot's calls.
    await h.emulator.waitFor(() => h.emulator.pendingUpdates() === 0);
    const ids = h.emulator.webhookDeliveries.map((d) => d.update_id);
    expect(ids.length).toBeGreaterThanOrEqual(9);
    expect(h.emulator.webhookDeliveries.every((d) => d.status === 200)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(h.emulator.pendingUpdates()).toBe(0);
  });

  it("refuses a request without or with a wrong secret with 401 and changes nothing; the right secret is handled", async () => {
    const h = await start();
    const post = (body: string, secret?: string) => postToHook(h, body, secret);
    const callsBefore = h.emulator.calls.length;

    expect((await post(startUpdate(900_001, 6001))).status).toBe(401);
    expect((await post(startUpdate(900_002, 6001), "wrong-secret")).status).toBe(401);
    expect((await post(startUpdate(900_003, 6001), `${WEBHOOK_SECRET}x`)).status).toBe(401);
    await sleep(300);
    expect(h.emulator.calls.length).toBe(callsBefore);
    expect(await h.app.store.users.get(6001)).toBeUndefined();
    // Other paths are not the webhook at all.
    expect(
      (
        await fetch(`${h.app.webhook!.localUrl}/`, {
          method: "POST",
          headers: { "x-telegram-bot-api-secret-token": WEBHOOK_SECRET },
          body: startUpdate(900_004, 6001),
        })
      ).status,
    ).toBe(404);

    // The same request with the right secret is handled: the refusals above were not a broken probe.
    expect((await post(startUpdate(900_005, 6001), WEBHOOK_SECRET)).status).toBe(200);
    await h.emulator.waitFor(() => h.emulator.callsOf("sendMessage").some((c) => String(c.params.chat_id) === "6001"));
    expect(await h.app.store.users.get(6001)).toBeDefined();
  });

  it("answers Telegram before a slow handler ends, so the update is delivered and handled once", async () => {
    // The bot answers after 100 ms at most; Telegram would give up after 400 ms.
    const h = await start({ ackWithinMs: 100, timeoutMs: 400, retryDelayMs: 20 });
    slowReplies(h, 1_000);
    const user = h.emulator.user({ id: 5002, first_name: "Slow", language_code: "en" });
    const sent = user.sendText("/start");
    await h.emulator.waitFor(() => user.chat.last(), 5_000);
    await sleep(600);
    const deliveries = h.emulator.webhookDeliveries.filter((d) => d.update_id === sent.update_id);
    expect(deliveries.map((d) => d.status)).toEqual([200]);
    expect(user.chat.messages().filter((m) => m.plain.includes("Hi, Slow!"))).toHaveLength(1);
  });

  it("answers an update handled within the ack window once handled, and never writes it to the inbox", async () => {
    // A window nothing here outlives, so that a slow moment of a loaded machine cannot flip it.
    const h = await start({ ackWithinMs: 10_000 });
    const quick = h.emulator.user({ id: 5007, first_name: "Quick", language_code: "en" });
    const sent = quick.sendText("/start");
    await h.emulator.waitFor(() => h.emulator.webhookDeliveries.some((d) => d.update_id === sent.update_id && d.status === 200));
    expect(
      quick.chat.messages().some((m) => m.plain.includes("Hi, Quick!")),
      "answered before the 200",
    ).toBe(true);
    await h.app.stop();
    expect(await readFile(join(h.dataDir, "live.json.log"), "utf8").catch(() => "")).not.toContain(INBOX_NAMESPACE.name);
  });

  it("keeps an update that outlives the ack window on disk before the 200, until its handling ends", async () => {
    const h = await start({ ackWithinMs: 100 });
    const inbox = h.app.store.kv(INBOX_NAMESPACE);
    const keptIds = async () => (await inbox.entries()).flatMap(([, batch]) => batch.updates.map((u) => u.update_id));
    // Its reply is held until released: the handling outlives the window for sure.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    h.app.bot.api.config.use(async (prev, method, payload, signal) => {
      if (method === "sendMessage") await held;
      return prev(method, payload, signal);
    });
    const slow = h.emulator.user({ id: 5008, first_name: "Slow", language_code: "en" });
    const sent = slow.sendText("/start");
    await h.emulator.waitFor(() => h.emulator.webhookDeliveries.some((d) => d.update_id === sent.update_id && d.status === 200));
    expect(await keptIds()).toEqual([sent.update_id]);
    release();
    await h.emulator.waitFor(() => slow.chat.messages().some((m) => m.plain.includes("Hi, Slow!")));
    await h.app.stop();
    expect(await keptIds()).toEqual([]);
  });

  /** Telegram posts `updateId` again (its 200 lost to a kill); resolves once the bot answered it again. */
  async function postedAgain(h: Harness, updateId: number): Promise<void> {
    const delivered = () => h.emulator.webhookDeliveries.filter((d) => d.update_id === updateId && d.status === 200).length;
    const before = delivered();
    h.emulator.postAgain(updateId);
    await h.emulator.waitFor(() => delivered() > before);
  }

  it("takes an answer the flow moved on by once, when Telegram posts it again to a restarted bot", async () => {
    const h = await start();
    const chat = new ChatDriver(h, h.emulator.user({ id: 5009, first_name: "Again", language_code: "en" }));
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    const quote = await chat.send("0.1", "You get:");
    await chat.press(quote, "x:next", "address that will receive");
    const since = chat.mark();
    const sent = chat.user.sendText(SAMPLE_ADDRESSES.ETH!);
    await chat.waitNew("refund address", since);
    // A kill -9 just before the 200: the flow had moved on, and Telegram posts the address again
    // to the next process, which has no memory of it.
    await h.restartFrom(await h.snapshot());
    await postedAgain(h, sent.update_id!);
    await chat.settle();
    expect(chat.user.chat.messagesFrom(since).map((m) => m.plain)).toEqual([expect.stringContaining("refund address")]);
    // Still at the refund address: the next answer is taken there.
    const card = await chat.send(SAMPLE_ADDRESSES.BTC!, "Check your exchange");
    expect(card.plain).toContain(SAMPLE_ADDRESSES.ETH);
  });

  it("takes a Confirm that created the exchange once, when Telegram posts it again to a restarted bot", async () => {
    const h = await start();
    const chat = new ChatDriver(h, h.emulator.user({ id: 5010, first_name: "Once", language_code: "en" }));
    const { card } = await chat.toConfirmationCard();
    const since = chat.mark();
    const pressed = chat.user.pressButton(card, "x:c:confirm");
    await chat.waitNew("I will tell you about every status change", since);
    const answersBefore = h.emulator.callsOf("answerCallbackQuery").length;
    await h.restartFrom(await h.snapshot());
    await postedAgain(h, pressed.update_id!);
    await chat.settle();
    expect(h.sandbox.orders.list()).toHaveLength(1);
    // Not answered again (Telegram would refuse it as too old), and nothing new in the chat.
    expect(h.emulator.callsOf("answerCallbackQuery")).toHaveLength(answersBefore);
    expect(chat.user.chat.messagesFrom(since).filter((m) => m.plain.includes("no longer active"))).toEqual([]);
  });

  it("handles an update once when Telegram retries it anyway (a delivery that timed out)", async () => {
    // Here Telegram gives up first (300 ms, the bot would answer after 2 s): it posts the update again.
    const h = await start({ ackWithinMs: 2_000, timeoutMs: 300, retryDelayMs: 20 });
    slowReplies(h, 1_000);
    const user = h.emulator.user({ id: 5003, first_name: "Twice", language_code: "en" });
    const sent = user.sendText("/start");
    await h.emulator.waitFor(() => user.chat.last(), 5_000);
    await h.emulator.waitFor(() => h.emulator.webhookDeliveries.some((d) => d.update_id === sent.update_id && d.status === 200), 5_000);
    await sleep(1_500);
    const deliveries = h.emulator.webhookDeliveries.filter((d) => d.update_id === sent.update_id);
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
    expect(deliveries[0]?.error).toBe("Read timeout expired");
    expect(h.emulator.callsOf("sendMessage").filter((c) => String(c.params.chat_id) === "5003")).toHaveLength(1);
    expect(user.chat.messages()).toHaveLength(1);
  });

  it("still handles one chat's updates one at a time: a quick update waits for the slow one before it", async () => {
    // Each request is answered after 50 ms, so the second update arrives while the first is running.
    const h = await start({ ackWithinMs: 50 });
    let first = true;
    h.app.bot.api.config.use(async (prev, method, payload, signal) => {
      if (method === "sendMessage" && String((payload as { chat_id?: unknown }).chat_id) === "5005" && first) {
        first = false;
        await sleep(600);
      }
      return prev(method, payload, signal);
    });
    const user = h.emulator.user({ id: 5005, first_name: "Seq", language_code: "en" });
    const other = h.emulator.user({ id: 5006, first_name: "Other", language_code: "en" });
    user.sendText("/start");
    await h.emulator.waitFor(() => h.emulator.webhookDeliveries.length >= 1);
    user.sendText("/help");
    other.sendText("/help");
    await h.emulator.waitFor(() => user.chat.count() >= 2, 5_000);
    const texts = user.chat.messages().map((m) => m.plain);
    expect(texts[0]).toContain("Hi, Seq!");
    expect(texts[1]).toContain("/exchange");
    // Another chat is not held up by it.
    const otherReply = h.emulator.callsOf("sendMessage").findIndex((c) => String(c.params.chat_id) === "5006");
    const seqGreeting = h.emulator.callsOf("sendMessage").findIndex((c) => String(c.params.chat_id) === "5005");
    expect(otherReply).toBeLessThan(seqGreeting);
  });

  it("stop takes no more requests, finishes the running handler and closes the store", async () => {
    const h = await start();
    let entered!: () => void;
    const running = new Promise<void>((resolve) => (entered = resolve));
    slowReplies(h, 700, () => entered());
    const user = h.emulator.user({ id: 5004, first_name: "Stop", language_code: "en" });
    user.sendText("/start");
    await running;
    const local = h.app.webhook!.localUrl;
    await h.app.stop();
    // The reply of the handler that was running went out before stop resolved.
    expect(user.chat.messages().filter((m) => m.plain.includes("Hi, Stop!"))).toHaveLength(1);
    // The person it was handling is on disk: the store was flushed and closed after the handler.
    const db = JSON.parse(await readFile(join(h.dataDir, "db.json"), "utf8")) as { users: Record<string, unknown> };
    expect(db.users["5004"]).toBeDefined();
    await expect(fetch(`${local}/telegram/hook`, { method: "POST", body: "{}" })).rejects.toThrow();
  });
});
