/**
 * The outbox when the store cannot record what happened (a full disk, a database refusing writes):
 * a message Telegram confirmed is not sent again, and the chat waits a growing pause before the
 * next try, rather than being served again at once. Measured before the fix: a confirmed message
 * whose mark could not be written was sent again in a loop with no pause, as fast as the store
 * refused (the pump served the chat again at once, and its stored entry still looked due).
 */
import { describe, expect, it } from "vitest";
import { freshStores } from "../store/helpers.js";
import { fileDataStore } from "../../src/store/file-data-store.js";
import { kvQueueStorage, type QueueStorage } from "../../src/delivery/queue-storage.js";
import { Outbox, type Deliverer, type OutboxEntry } from "../../src/delivery/outbox.js";
import { until } from "../until.js";

const { fresh } = freshStores();
const silent = { info() {}, warn() {}, error() {} };
/** The first pause is between half of this and this (outbox-entry.ts, retryDelay). */
const RETRY_BASE_MS = 400;

type P = { parts: string[] };

/** The outbox's storage on a live store, whose writes of entries (`put`, `update`) fail while `control.refuses` says so. */
async function storeRefusingWrites() {
  const inner = kvQueueStorage<P>(fileDataStore(await fresh()));
  const writes: Array<{ at: number; entry: OutboxEntry<P>; failed: boolean }> = [];
  const control: { refuses?: (entry: OutboxEntry<P>) => boolean } = {};
  /** Notes the write; refused from I/O, as a disk's refusal comes: on a later turn of the event loop. (Refused at once, the loop before the fix never yielded: the process froze, timers and all.) */
  const write = async (entry: OutboxEntry<P>): Promise<void> => {
    const failed = control.refuses?.(entry) ?? false;
    writes.push({ at: Date.now(), entry, failed });
    if (!failed) return;
    await new Promise((resolve) => setImmediate(resolve));
    throw new Error("ENOSPC: no space left on device");
  };
  const storage: QueueStorage<P> = {
    ...inner,
    async put(entry) {
      await write(entry);
      await inner.put(entry);
    },
    async update(chatId, key, change) {
      const next = change(await inner.get(chatId, key));
      if (next) await write(next);
      return inner.update(chatId, key, change);
    },
  };
  return { storage, writes, control, stored: (chatId: number, key: string) => inner.get(chatId, key) };
}

/**
 * A deliverer that records each part it sends, with when; `fail(n)` makes the n-th call fail as
 * Telegram would. With `confirms` false it sends one message per entry and reports no progress, as
 * delivery.ts does for a notice: the entry's "sent" mark is then the only record of the send.
 */
function telegram(fail: (call: number) => boolean = () => false, confirms = true) {
  const sent: Array<{ part: string; at: number }> = [];
  let calls = 0;
  const deliver: Deliverer<P> = async (entry, confirmed) => {
    if (fail(++calls)) throw new Error("telegram down");
    for (let i = entry.progress; i < entry.payload.parts.length; i++) {
      sent.push({ part: entry.payload.parts[i]!, at: Date.now() });
      if (confirms) await confirmed(i + 1);
    }
    return "sent";
  };
  return { sent, deliver, parts: () => sent.map((s) => s.part), calls: () => calls };
}

/**
 * Waits until the outbox has nothing due (a held chat is not due), or until `tooMuch` holds: the
 * outbox is trying again at once, as it did before the fix, and the test's assertions show it.
 */
async function settled(outbox: Outbox<P>, tooMuch: () => boolean): Promise<void> {
  await Promise.race([outbox.idle(), until(tooMuch)]);
}

describe("outbox, when the store cannot record a send", () => {
  it("does not send a confirmed part again when its progress cannot be written; goes on after a pause, once it is", async () => {
    const { storage, writes, control, stored } = await storeRefusingWrites();
    const tg = telegram();
    const outbox = new Outbox<P>({ storage, deliver: tg.deliver, logger: silent, retryBaseMs: RETRY_BASE_MS });
    try {
      await outbox.enqueue("a", 1, { parts: ["a1", "a2"] }, { ttlMs: 60_000 });
      control.refuses = () => true;
      outbox.start();
      await until(() => writes.length > 0);
      await settled(outbox, () => tg.parts().length > 1 || writes.length > 1);
      expect(tg.parts(), "a1 sent once, nothing more while the store refuses").toEqual(["a1"]);
      expect(writes.map((w) => w.entry.progress)).toEqual([1]);

      delete control.refuses;
      expect(await outbox.whenSent("a", 1, 10_000)).toBe(true);
      expect(tg.parts()).toEqual(["a1", "a2"]);
      expect(await stored(1, "a")).toMatchObject({ state: "sent", progress: 2 });
      const [failed, next] = writes;
      expect(next!.at - failed!.at, "the pause before the progress was written again").toBeGreaterThanOrEqual(RETRY_BASE_MS / 2);
    } finally {
      await outbox.stop();
    }
  });

  it("does not send a confirmed message again when its 'sent' mark cannot be written; marks it after a pause", async () => {
    const { storage, writes, control, stored } = await storeRefusingWrites();
    const tg = telegram(() => false, false);
    const outbox = new Outbox<P>({ storage, deliver: tg.deliver, logger: silent, retryBaseMs: RETRY_BASE_MS });
    const told: string[] = [];
    outbox.on("sent", ({ entry }) => told.push(entry.key));
    try {
      await outbox.enqueue("b", 2, { parts: ["b1"] }, { ttlMs: 60_000 });
      await outbox.enqueue("c", 2, { parts: ["c1"] }, { ttlMs: 60_000 });
      // Its "sent" mark is refused (a retry's time would be taken: that was the repeat).
      control.refuses = (entry) => entry.state !== "pending";
      outbox.start();
      await until(() => writes.some((w) => w.failed));
      await settled(outbox, () => tg.parts().length > 1 || writes.filter((w) => w.failed).length > 1);
      expect(tg.parts(), "b1 sent once; c1 waits behind it").toEqual(["b1"]);
      expect(told, "nobody is told of a send the store does not hold").toEqual([]);
      expect(await stored(2, "b")).toMatchObject({ state: "pending" });

      delete control.refuses;
      // The events are what is asserted, so they are what is waited for (whenSent reads the store,
      // which holds the mark a moment before the event is told).
      await until(() => told.length >= 2);
      expect(told).toEqual(["b", "c"]);
      expect(tg.parts()).toEqual(["b1", "c1"]);
      expect(await stored(2, "b")).toMatchObject({ state: "sent" });
      const lastRefused = writes.filter((w) => w.failed).at(-1)!;
      const retried = writes.find((w) => !w.failed && w.at >= lastRefused.at && w.entry.key === "b")!;
      expect(retried.at - lastRefused.at, "the pause before the mark was written again").toBeGreaterThanOrEqual(RETRY_BASE_MS / 2);
    } finally {
      await outbox.stop();
    }
  });

  it("sends an entry queued again while its sent mark was held as it is now, rather than marking the newer one sent", async () => {
    const { storage, control, stored } = await storeRefusingWrites();
    const tg = telegram(() => false, false);
    const outbox = new Outbox<P>({ storage, deliver: tg.deliver, logger: silent, retryBaseMs: RETRY_BASE_MS });
    try {
      await outbox.enqueue("card", 4, { parts: ["card v1"] }, { ttlMs: 60_000 });
      control.refuses = (entry) => entry.state !== "pending";
      outbox.start();
      await until(() => tg.parts().length > 0);
      await settled(outbox, () => tg.parts().length > 1);
      // The card changes while the mark of its first version waits: the newer one is what counts.
      await outbox.requeue("card", 4, { parts: ["card v2"] }, { ttlMs: 60_000 });
      delete control.refuses;
      await until(async () => (await stored(4, "card"))?.state === "sent");
      expect(tg.parts()).toEqual(["card v1", "card v2"]);
      expect(await stored(4, "card")).toMatchObject({ payload: { parts: ["card v2"] } });
    } finally {
      await outbox.stop();
    }
  });

  it("waits its backoff before trying Telegram again when the store cannot record the retry's time", async () => {
    const { storage, writes, control } = await storeRefusingWrites();
    const tg = telegram((call) => call === 1);
    const outbox = new Outbox<P>({ storage, deliver: tg.deliver, logger: silent, retryBaseMs: RETRY_BASE_MS });
    try {
      await outbox.enqueue("d", 3, { parts: ["d1"] }, { ttlMs: 60_000 });
      control.refuses = () => true;
      const failedAt = Date.now();
      outbox.start();
      await until(() => writes.length > 0);
      await settled(outbox, () => tg.calls() > 1);
      expect(tg.calls(), "no second try while the first one's pause runs").toBe(1);

      delete control.refuses;
      expect(await outbox.whenSent("d", 3, 10_000)).toBe(true);
      expect(tg.parts()).toEqual(["d1"]);
      expect(tg.sent[0]!.at - failedAt, "the pause before Telegram was tried again").toBeGreaterThanOrEqual(RETRY_BASE_MS / 2);
    } finally {
      await outbox.stop();
    }
  });
});
