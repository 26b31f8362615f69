/**
 * The sender's in-memory heads: after the first whole read the pump reads only the chats whose
 * entries changed, so a burst to many chats costs reads in proportion to its size, not its square;
 * and what this process was not told of is still found (a poke, or the whole read once a minute).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { freshStores } from "../store/helpers.js";
import { fileDataStore } from "../../src/store/file-data-store.js";
import { Outbox, type Deliverer } from "../../src/delivery/outbox.js";
import { countReads } from "./counted-live.js";
import { until } from "../until.js";

const { fresh } = freshStores();
const silent = { info() {}, warn() {}, error() {} };
const ttl = { ttlMs: 60_000 };

/** Every outbox a test made: stopped after it even when it failed, before its store is closed. */
const outboxes: Array<Outbox<string>> = [];
/** An outbox that is stopped after the test (see above). */
function outbox(opts: ConstructorParameters<typeof Outbox<string>>[0]): Outbox<string> {
  const made = new Outbox<string>(opts);
  outboxes.push(made);
  return made;
}

// Registered after freshStores' hook, so it runs before it. A test that timed out left its sender
// running: once the store closed, the send it could not record was sent again and again, and the
// busy worker never ran another file.
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(outboxes.splice(0).map((o) => o.stop()));
});

/** A fresh live store on disk, its outbox reads counted. */
async function countedLive() {
  return countReads(fileDataStore(await fresh()));
}

/** Records which chats were sent to, in order. */
function recorder() {
  const chats: number[] = [];
  const deliver: Deliverer<string> = (entry) => {
    chats.push(entry.chatId);
    return Promise.resolve("sent");
  };
  return { chats, deliver };
}

/**
 * A started, idle sender and another process's outbox on the same store (a replica that queues
 * but does not send), whose news does not reach the sender by itself.
 */
async function senderAndOther() {
  const { live, reads } = await countedLive();
  const { chats, deliver } = recorder();
  const sender = outbox({ storage: live, deliver, logger: silent });
  const other = outbox({ storage: live, deliver: () => Promise.reject(new Error("not the sender")), logger: silent });
  sender.start();
  await sender.idle();
  return { reads, chats, sender, other };
}

describe("outbox sender heads", () => {
  it("serves a burst to 300 chats in queue order with one whole read, not one per chat served", async () => {
    const { live, reads } = await countedLive();
    const { chats, deliver } = recorder();
    const sender = outbox({ storage: live, deliver, logger: silent, concurrency: 1 });
    const burst = Array.from({ length: 300 }, (_, i) => 5_000 - i * 7);
    for (const chatId of burst) await sender.enqueue("notice", chatId, "hello", ttl);
    sender.start();
    await sender.idle();
    await sender.stop();

    expect(chats).toEqual(burst);
    // The first read of the store (the highest seq) and the sender's first whole read.
    expect(reads.whole).toBeLessThanOrEqual(2);
    // Each chat's row a few times (its read as a stale chat, its serve); reading the namespace
    // after each chat served was 300 × 300.
    expect(reads.rows).toBeLessThan(1_800);
  });

  it("finds another process's entry when poked for its chat, and every chat's when poked without one", async () => {
    const { reads, chats, sender, other } = await senderAndOther();

    await other.enqueue("n", 11, "x", ttl);
    const wholeBefore = reads.whole;
    sender.poke(11);
    await until(() => chats.includes(11));
    // Only chat 11 was read again.
    expect(reads.whole).toBe(wholeBefore);

    await other.enqueue("n", 12, "x", ttl);
    await other.enqueue("n", 13, "x", ttl);
    sender.poke();
    await until(() => chats.includes(12) && chats.includes(13));
    expect(reads.whole).toBe(wholeBefore + 1);
    await sender.stop();
    expect(chats).toEqual([11, 12, 13]);
  });

  it("finds an entry nobody told it of at the whole read a minute later", async () => {
    const { reads, chats, sender, other } = await senderAndOther();

    // Queued elsewhere, news lost: the sender's own work reads only its own chat.
    await other.enqueue("n", 21, "missed", ttl);
    await sender.enqueue("n", 22, "own", ttl);
    await until(() => chats.includes(22));
    await sender.idle();
    expect(chats).not.toContain(21);
    const wholeBefore = reads.whole;

    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, "now").mockImplementation(() => realNow() + 61_000);
    await sender.enqueue("n", 23, "own", ttl);
    await until(() => chats.includes(21) && chats.includes(23));
    expect(reads.whole).toBe(wholeBefore + 1);
    await sender.stop();
  });
});
