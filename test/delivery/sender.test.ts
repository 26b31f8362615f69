/**
 * The sender (outbox.ts) over an in-memory {@link QueueStorage}: backoff, parking and what it
 * tells, with fake timers, since time is what these tests are about.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GrammyError } from "grammy";
import { Outbox, type Deliverer, type OutboxEntry } from "../../src/delivery/outbox.js";
import type { QueueStorage } from "../../src/delivery/queue-storage.js";

const silent = { info() {}, warn() {}, error() {} };

/** Entries in a Map (copies in and out, as a store gives), with its reads counted. */
function memoryStorage<P>() {
  const entries = new Map<string, OutboxEntry<P>>();
  const at = (chatId: number, key: string) => `${chatId}:${key}`;
  const reads = { chat: 0, all: 0, get: 0 };
  const storage: QueueStorage<P> = {
    open: () => Promise.resolve({ entries: [...entries.values()].map((e) => structuredClone(e)), moved: 0 }),
    all: () => {
      reads.all++;
      return Promise.resolve([...entries.values()].map((e) => structuredClone(e)));
    },
    ofChat: (chatId) => {
      reads.chat++;
      return Promise.resolve([...entries.values()].filter((e) => e.chatId === chatId).map((e) => structuredClone(e)));
    },
    get: (chatId, key) => {
      reads.get++;
      const e = entries.get(at(chatId, key));
      return Promise.resolve(e && structuredClone(e));
    },
    add: (entry) => {
      if (entries.has(at(entry.chatId, entry.key))) return Promise.resolve(false);
      entries.set(at(entry.chatId, entry.key), structuredClone(entry));
      return Promise.resolve(true);
    },
    put: (entry) => {
      entries.set(at(entry.chatId, entry.key), structuredClone(entry));
      return Promise.resolve();
    },
    update: (chatId, key, change) => {
      const next = change(structuredClone(entries.get(at(chatId, key))));
      if (next === undefined) entries.delete(at(chatId, key));
      else entries.set(at(chatId, key), structuredClone(next));
      return Promise.resolve(next);
    },
  };
  return { storage, reads };
}

function apiError(code: number, description: string): GrammyError {
  return new GrammyError(description, { ok: false, error_code: code, description }, "sendMessage", {});
}

/** A deliverer that throws what `answers` says for each call in turn (undefined: sent). */
function telegram(answers: Array<Error | undefined> = []) {
  const sent: string[] = [];
  const calls: number[] = [];
  const deliver: Deliverer<string> = (entry) => {
    calls.push(Date.now());
    const answer = answers.shift();
    if (answer) return Promise.reject(answer);
    sent.push(entry.payload);
    return Promise.resolve("sent");
  };
  return { deliver, sent, calls };
}

/** What the outbox told, in order. */
function told(outbox: Outbox<string>) {
  const events: string[] = [];
  outbox.on("sent", ({ entry }) => events.push(`sent ${entry.key}`));
  outbox.on("failed", ({ entry }) => events.push(`${entry.state} ${entry.key}`));
  outbox.on("parked", ({ chatId }) => events.push(`parked ${chatId}`));
  outbox.on("drained", ({ chatId }) => events.push(`drained ${chatId}`));
  return events;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") });
  // The top of each backoff window: the delays below are exact.
  vi.spyOn(Math, "random").mockReturnValue(1);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the sender", () => {
  it("tries a failed entry again after its backoff, doubling each time, and holds back the chat's next entry", async () => {
    const { storage } = memoryStorage<string>();
    const { deliver, sent, calls } = telegram([new Error("network down"), new Error("network down")]);
    const outbox = new Outbox<string>({ storage: storage, deliver, logger: silent, retryBaseMs: 1_000 });
    const events = told(outbox);
    await outbox.enqueue("first", 7, "first", { ttlMs: 60_000 });
    await outbox.enqueue("second", 7, "second", { ttlMs: 60_000 });
    const start = Date.now();
    outbox.start();

    await vi.advanceTimersByTimeAsync(999);
    expect(calls.map((t) => t - start)).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((t) => t - start)).toEqual([0, 1_000]);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((t) => t - start)).toEqual([0, 1_000, 3_000, 3_000]);
    expect(sent).toEqual(["first", "second"]);
    expect(events).toEqual(["sent first", "sent second", "drained 7"]);
    expect(await outbox.get("first", 7)).toMatchObject({ state: "sent", attempts: 2 });
    await outbox.stop();
  });

  it("ends an entry Telegram refuses for good and goes on with the chat's next", async () => {
    const { storage } = memoryStorage<string>();
    const { deliver, sent } = telegram([apiError(400, "Bad Request: message is too long")]);
    const outbox = new Outbox<string>({ storage: storage, deliver, logger: silent });
    const events = told(outbox);
    await outbox.enqueue("long", 7, "long", { ttlMs: 60_000 });
    await outbox.enqueue("short", 7, "short", { ttlMs: 60_000 });
    outbox.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["short"]);
    expect(events).toEqual(["failed long", "sent short", "drained 7"]);
    expect(await outbox.get("long", 7)).toMatchObject({ state: "failed", lastError: "Bad Request: message is too long" });
    await outbox.stop();
  });

  it("parks what support must get on a 403, ends the rest, and sends what it kept once the chat writes", async () => {
    const { storage } = memoryStorage<string>();
    const never = apiError(403, "Forbidden: bot can't initiate conversation with a user");
    const { deliver, sent } = telegram([never]);
    const outbox = new Outbox<string>({ storage: storage, deliver, logger: silent });
    const events = told(outbox);
    await outbox.enqueue("alert", 5, "alert", { ttlMs: 2 * 3_600_000, keepWhenForbidden: true });
    await outbox.enqueue("notice", 5, "notice", { ttlMs: 60_000 });
    outbox.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(["blocked notice", "parked 5", "drained 5"]);
    expect(await outbox.isDrained(5)).toBe(true);

    // Nothing happens with time alone: a parked entry waits for the chat, not for a clock.
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(sent).toEqual([]);
    await outbox.wake(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["alert"]);
    await outbox.stop();
  });

  it("answers whenSent on the sent event, looking at the entry once per event rather than every few milliseconds", async () => {
    const { storage, reads } = memoryStorage<string>();
    const { deliver } = telegram([new Error("network down")]);
    const outbox = new Outbox<string>({ storage: storage, deliver, logger: silent, retryBaseMs: 10_000 });
    await outbox.enqueue("dep:x", 7, "instructions", { ttlMs: 60_000 });
    outbox.start();
    await vi.advanceTimersByTimeAsync(0);
    const before = reads.get;
    const waiting = outbox.whenSent("dep:x", 7, 20_000);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(waiting).resolves.toBe(true);
    // The first look, one a second while no news came (10), and one on the sent event.
    expect(reads.get - before).toBeLessThanOrEqual(12);
    await outbox.stop();
  });

  it("gives up a wait at its timeout, and at once when the sender stops", async () => {
    const { storage } = memoryStorage<string>();
    const outbox = new Outbox<string>({ storage: storage, deliver: telegram().deliver, logger: silent });
    // Never started: nothing is sent.
    await outbox.enqueue("dep:x", 7, "instructions", { ttlMs: 60_000 });
    const timedOut = outbox.whenDrained(7, 5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(timedOut).resolves.toBe(false);
    const stopped = outbox.whenSent("dep:x", 7, 60_000);
    await outbox.stop();
    await expect(stopped).resolves.toBe(false);
  });
});
