/**
 * The outbox over a real live store on disk: order per chat, durable marks (a reopened store
 * resumes from the last confirmed part), retry with backoff, once per key, expiry.
 */
import { describe, expect, it } from "vitest";
import { GrammyError } from "grammy";
import { freshStores } from "../store/helpers.js";
import { openStore } from "../../src/store/store.js";
import { fileDataStore } from "../../src/store/file-data-store.js";
import { Outbox, type Deliverer, type OutboxEntry } from "../../src/delivery/outbox.js";

const { fresh, dirs } = freshStores();
const silent = { info() {}, warn() {}, error() {} };

type P = { parts: string[] };

function recorder(fail: (part: string, n: number) => boolean = () => false) {
  const sent: string[] = [];
  let n = 0;
  const deliver: Deliverer<P> = async (entry, confirmed) => {
    for (let i = entry.progress; i < entry.payload.parts.length; i++) {
      const part = entry.payload.parts[i]!;
      if (fail(part, ++n)) throw new Error(`telegram down at ${part}`);
      sent.push(part);
      await confirmed(i + 1);
    }
    return "sent";
  };
  return { sent, deliver };
}

/** Telegram's answer to a message for someone who never opened the bot. */
function neverStarted(): GrammyError {
  return new GrammyError(
    "no",
    { ok: false, error_code: 403, description: "Forbidden: bot can't initiate conversation with a user" },
    "sendMessage",
    {},
  );
}

describe("outbox", () => {
  it("sends a chat's entries in order, each key once, and marks them sent on disk", async () => {
    const dir = await dirs.make();
    const live = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    const { sent, deliver } = recorder();
    const outbox = new Outbox<P>({ storage: fileDataStore(live), deliver, logger: silent });
    expect(await outbox.enqueue("a", 1, { parts: ["a1", "a2"] }, { ttlMs: 60_000 })).toBe(true);
    expect(await outbox.enqueue("b", 1, { parts: ["b1"] }, { ttlMs: 60_000 })).toBe(true);
    expect(await outbox.enqueue("a", 1, { parts: ["again"] }, { ttlMs: 60_000 })).toBe(false);
    outbox.start();
    await outbox.idle();
    expect(sent).toEqual(["a1", "a2", "b1"]);
    await live.close();
    const reopened = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    expect(reopened.kv<{ state: string }>("outbox").get("chat:1:a")!.state).toBe("sent");
    await reopened.close();
  });

  it("after a failure mid-entry, a new outbox on the same file goes on from the first unconfirmed part", async () => {
    const dir = await dirs.make();
    const live = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    const first = recorder((part) => part === "x3");
    const outbox = new Outbox<P>({ storage: fileDataStore(live), deliver: first.deliver, logger: silent, retryBaseMs: 60_000 });
    await outbox.enqueue("x", 7, { parts: ["x1", "x2", "x3", "x4"] }, { ttlMs: 60_000 });
    await outbox.enqueue("y", 7, { parts: ["y1"] }, { ttlMs: 60_000 });
    outbox.start();
    await outbox.idle();
    // The failed entry holds back the chat's next one.
    expect(first.sent).toEqual(["x1", "x2"]);
    expect(await outbox.get("x", 7)).toMatchObject({ state: "pending", progress: 2, attempts: 1 });
    await outbox.stop();
    await live.close();

    const again = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    const second = recorder();
    const restarted = new Outbox<P>({ storage: fileDataStore(again), deliver: second.deliver, logger: silent });
    await restarted.retryNow();
    restarted.start();
    await restarted.idle();
    expect(second.sent).toEqual(["x3", "x4", "y1"]);
    await again.close();
  });

  it("sends and finds the entries an earlier version stored under the bare key, moved under their chat once", async () => {
    const dir = await dirs.make();
    const at = new Date().toISOString();
    const entry = (key: string, chatId: number, seq: number, done = false): OutboxEntry<P> => ({
      key,
      chatId,
      seq,
      payload: { parts: [key] },
      state: done ? "sent" : "pending",
      createdAt: at,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      nextAt: at,
      attempts: 0,
      progress: 0,
      ...(done ? { doneAt: at } : {}),
    });
    // live.json as the earlier version left it: keys without their chat.
    const earlier = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    const kv = earlier.kv<OutboxEntry<P>>("outbox");
    kv.set("dep:x", entry("dep:x", 7, 1));
    kv.set("ms:x:success", entry("ms:x:success", 7, 2));
    kv.set("card:y", entry("card:y", 70, 3, true));
    // A stop half-way through an earlier move: the copy under its chat (since sent) and the old key.
    kv.set("dep:z", entry("dep:z", 9, 4));
    kv.set("chat:9:dep:z", entry("dep:z", 9, 4, true));
    await earlier.close();

    const live = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    const { sent, deliver } = recorder();
    const outbox = new Outbox<P>({ storage: fileDataStore(live), deliver, logger: silent });
    // Found by the per-chat reads (chat 70's entry is not chat 7's), and still once per key.
    expect((await outbox.pending(7)).map((e) => e.key)).toEqual(["dep:x", "ms:x:success"]);
    expect(await outbox.get("card:y", 70)).toMatchObject({ state: "sent" });
    expect(await outbox.whenDrained(7, 0)).toBe(false);
    expect(await outbox.enqueue("dep:x", 7, { parts: ["again"] }, { ttlMs: 60_000 })).toBe(false);
    expect(await outbox.enqueue("card:y", 70, { parts: ["again"] }, { ttlMs: 60_000 })).toBe(false);
    outbox.start();
    expect(await outbox.whenDrained(7, 5_000)).toBe(true);
    await outbox.idle();
    // The half-moved entry was sent before the stop: not again.
    expect(sent).toEqual(["dep:x", "ms:x:success"]);
    expect(await outbox.get("ms:x:success", 7)).toMatchObject({ state: "sent" });
    await outbox.stop();
    await live.close();
    const reopened = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    expect(reopened.kv("outbox").keys().sort()).toEqual(["chat:70:card:y", "chat:7:dep:x", "chat:7:ms:x:success", "chat:9:dep:z"]);
    await reopened.close();
  });

  it("ends a chat's entries on 403 without retrying, and skips an expired entry", async () => {
    const live = await fresh();
    const blocked: number[] = [];
    const statesWhenTold: string[] = [];
    let calls = 0;
    const outbox = new Outbox<P>({
      storage: fileDataStore(live),
      logger: silent,
      // Told before the entries are marked: whoever reads an entry "blocked" finds the chat marked too.
      onBlocked: async (chatId) => {
        blocked.push(chatId);
        statesWhenTold.push((await outbox.get("a", 1))!.state, (await outbox.get("b", 1))!.state);
      },
      deliver: (entry) => {
        calls++;
        if (entry.chatId === 1)
          return Promise.reject(new GrammyError("blocked", { ok: false, error_code: 403, description: "Forbidden" }, "sendMessage", {}));
        return Promise.resolve("sent");
      },
    });
    await outbox.enqueue("a", 1, { parts: [] }, { ttlMs: 60_000 });
    await outbox.enqueue("b", 1, { parts: [] }, { ttlMs: 60_000 });
    await outbox.enqueue("old", 2, { parts: [] }, { ttlMs: -1 });
    outbox.start();
    await outbox.idle();
    expect([(await outbox.get("a", 1))!.state, (await outbox.get("b", 1))!.state, (await outbox.get("old", 2))!.state]).toEqual([
      "blocked",
      "blocked",
      "expired",
    ]);
    expect(calls).toBe(1);
    expect(blocked).toEqual([1]);
    expect(statesWhenTold).toEqual(["pending", "pending"]);
  });

  it("keeps entries marked keepWhenForbidden through a 403 and sends them, in order and once, on wake", async () => {
    const dir = await dirs.make();
    const live = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    let started = false;
    const sent: string[] = [];
    let calls = 0;
    const deliver: Deliverer<P> = (entry) => {
      calls++;
      if (!started) return Promise.reject(neverStarted());
      sent.push(entry.key);
      return Promise.resolve("sent");
    };
    const outbox = new Outbox<P>({ storage: fileDataStore(live), deliver, logger: silent, keepDoneMs: 0 });
    await outbox.enqueue("alert-1", 5, { parts: [] }, { ttlMs: 60_000, keepWhenForbidden: true });
    await outbox.enqueue("notice", 5, { parts: [] }, { ttlMs: 60_000 });
    outbox.start();
    await outbox.idle();
    // The alert waits; the plain entry ends as a 403 always ended it.
    expect(await outbox.get("alert-1", 5)).toMatchObject({ state: "pending", parked: true });
    expect((await outbox.get("notice", 5))!.state).toBe("blocked");
    expect(calls).toBe(1);
    expect(await outbox.whenDrained(5, 50)).toBe(true);

    // A second alert: it tries the oldest first (still 403) and waits behind it.
    await outbox.enqueue("alert-2", 5, { parts: [] }, { ttlMs: 60_000, keepWhenForbidden: true });
    expect(await outbox.enqueue("alert-1", 5, { parts: [] }, { ttlMs: 60_000, keepWhenForbidden: true })).toBe(false);
    await outbox.idle();
    expect(calls).toBe(2);
    expect([(await outbox.get("alert-1", 5))!.parked, (await outbox.get("alert-2", 5))!.parked]).toEqual([true, true]);

    // Across a restart (a new outbox on the same file), then the chat opens the bot.
    await outbox.stop();
    await live.close();
    const again = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    const restarted = new Outbox<P>({ storage: fileDataStore(again), deliver, logger: silent });
    restarted.start();
    await restarted.idle();
    expect(calls).toBe(2);
    started = true;
    await restarted.wake(6); // another chat: nothing
    await restarted.wake(5);
    await restarted.idle();
    expect(sent).toEqual(["alert-1", "alert-2"]);
    await restarted.wake(5);
    await restarted.idle();
    expect(sent).toEqual(["alert-1", "alert-2"]);
    await again.close();
  });

  it("drops a kept entry past its deadline at pruning, sending nothing", async () => {
    const live = await fresh();
    let calls = 0;
    let now = Date.parse("2026-01-01T00:00:00Z");
    const outbox = new Outbox<P>({
      storage: fileDataStore(live),
      logger: silent,
      now: () => new Date(now),
      keepDoneMs: 0,
      deliver: () => {
        calls++;
        return Promise.reject(neverStarted());
      },
    });
    await outbox.enqueue("alert", 5, { parts: [] }, { ttlMs: 60_000, keepWhenForbidden: true });
    outbox.start();
    await outbox.idle();
    now += 61_000;
    await outbox.prune();
    expect((await outbox.get("alert", 5))!.state).toBe("expired");
    now += 1;
    await outbox.prune();
    expect(await outbox.get("alert", 5)).toBeUndefined();
    await outbox.wake(5);
    await outbox.idle();
    expect(calls).toBe(1);
  });
});
