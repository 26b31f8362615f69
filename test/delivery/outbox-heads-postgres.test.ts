/**
 * The next entry of each chat on PostgreSQL is a query (the store's `outbox.heads`), not heads kept
 * in memory: what it answers (one head per chat, its lowest seq, not parked, finished or not yet
 * due, oldest first, limited), and a sender that asks it each time it looks for work: a burst is
 * served in queue order without reading every entry, and an entry nobody told it of is found at its
 * next look, not a minute later. The lowdb versions are in outbox-heads.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DataStore, KeyValueStore, OutboxQueries } from "../../src/store/data-store.js";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import { Outbox, type Deliverer, type OutboxEntry } from "../../src/delivery/outbox.js";
import { countReads } from "./counted-live.js";
import { testDatabase } from "../postgres/database.js";
import { until } from "../until.js";
import { ns } from "../store/namespaces.js";

const silent = { info() {}, warn() {}, error() {} };
const ttl = { ttlMs: 60_000 };
let stores: DataStore[] = [];
let outboxes: Array<Outbox<string>> = [];

beforeEach(() => {
  stores = [];
  outboxes = [];
});
afterEach(async () => {
  await Promise.all(outboxes.map((o) => o.stop()));
  await Promise.all(stores.map((s) => s.close()));
});

/** `count` stores on one fresh database, as that many replicas would have. */
async function storesOnOneDatabase(count: number): Promise<DataStore[]> {
  const url = await testDatabase();
  for (let i = 0; i < count; i++) stores.push(await openPostgresStore({ url }));
  return stores;
}

/** The store's queries (PostgreSQL has them). */
function queriesOf(store: DataStore): OutboxQueries {
  if (!store.outbox) throw new Error("the PostgreSQL store answers outbox.heads");
  return store.outbox;
}

const NOW = new Date("2026-11-26T12:00:00.000Z");
const EARLIER = "2026-11-26T11:59:00.000Z";
const LATER = "2026-11-26T12:00:30.000Z";

/** An entry as the outbox stores it, pending and due at {@link NOW} unless `fields` say otherwise. */
function entry(chatId: number, seq: number, fields: Partial<OutboxEntry<string>> = {}): OutboxEntry<string> {
  return {
    key: `n${seq}`,
    chatId,
    seq,
    payload: "x",
    state: "pending",
    createdAt: EARLIER,
    expiresAt: "2026-11-27T00:00:00.000Z",
    nextAt: EARLIER,
    attempts: 0,
    progress: 0,
    ...fields,
  };
}

/** Stores `entries` where the outbox keeps them (queue-storage.ts: "chat:<chatId>:<key>" in "outbox"). */
async function stored(store: DataStore, entries: Array<OutboxEntry<string>>): Promise<void> {
  const kv: KeyValueStore<OutboxEntry<string>> = store.kv(ns("outbox"));
  for (const e of entries) await kv.set(`chat:${e.chatId}:${e.key}`, e);
}

/** The chat and seq of each head. */
const chatAndSeq = (heads: Array<OutboxEntry<string>>) => heads.map((e) => [e.chatId, e.seq]);

describe("outbox heads on PostgreSQL (the store's query)", () => {
  it("answers each chat's pending entry of lowest seq, oldest first, skipping finished and not-yet-due ones", async () => {
    const [store] = await storesOnOneDatabase(1);
    await stored(store!, [
      // Chat 1: its first entry is sent; the next pending one is its head.
      entry(1, 10, { state: "sent", doneAt: EARLIER }),
      entry(1, 14),
      entry(1, 12),
      // Chat -2 (a group): queued before chat 1's head.
      entry(-2, 11),
      entry(-2, 13),
      // Chat 3: its head is retried later; the entry behind it must wait too.
      entry(3, 5, { attempts: 1, nextAt: LATER }),
      entry(3, 6),
      // Chat 4: only finished entries.
      entry(4, 1, { state: "blocked", doneAt: EARLIER }),
      entry(4, 2, { state: "expired", doneAt: EARLIER }),
    ]);
    const { due, nextAt } = await queriesOf(store!).heads<OutboxEntry<string>>(10, NOW);
    expect(chatAndSeq(due)).toEqual([
      [-2, 11],
      [1, 12],
    ]);
    expect(due[1]).toMatchObject({ key: "n12", payload: "x", state: "pending" });
    // Chat 3's head falls due then: when the sender must look again.
    expect(nextAt).toBe(LATER);
  });

  it("skips a chat whose pending entries are all parked, and starts one with a newer awake entry from its oldest", async () => {
    const [store] = await storesOnOneDatabase(1);
    await stored(store!, [
      entry(7, 1, { parked: true, keepWhenForbidden: true }),
      entry(7, 2, { parked: true, keepWhenForbidden: true }),
      entry(8, 3, { parked: true, keepWhenForbidden: true }),
      entry(8, 4),
      // A parked entry waits for an update, not for time: it tells no time to look again.
      entry(9, 5, { parked: true, keepWhenForbidden: true, nextAt: LATER }),
    ]);
    const { due, nextAt } = await queriesOf(store!).heads<OutboxEntry<string>>(10, NOW);
    expect(chatAndSeq(due)).toEqual([[8, 3]]);
    expect(nextAt).toBeUndefined();
  });

  it("answers at most the limit, the oldest heads first, leaving out the chats asked to skip", async () => {
    const [store] = await storesOnOneDatabase(1);
    await stored(
      store!,
      Array.from({ length: 20 }, (_, i) => entry(100 + i, 1_000 - i * 10)),
    );
    const { due } = await queriesOf(store!).heads<OutboxEntry<string>>(3, NOW);
    expect(chatAndSeq(due)).toEqual([
      [119, 810],
      [118, 820],
      [117, 830],
    ]);
    expect((await queriesOf(store!).heads(1, NOW)).due).toHaveLength(1);
    // The chats the sender is serving already are left out, and the limit is of the others.
    const { due: others } = await queriesOf(store!).heads<OutboxEntry<string>>(3, NOW, [119, 117]);
    expect(chatAndSeq(others)).toEqual([
      [118, 820],
      [116, 840],
      [115, 850],
    ]);
  });

  it("answers nothing when nothing is pending", async () => {
    const [store] = await storesOnOneDatabase(1);
    expect(await queriesOf(store!).heads(8, NOW)).toEqual({ due: [] });
  });
});

/** Records which chats were sent to, in order. */
function recorder() {
  const chats: number[] = [];
  const deliver: Deliverer<string> = (e) => {
    chats.push(e.chatId);
    return Promise.resolve("sent");
  };
  return { chats, deliver };
}

describe("the sender on PostgreSQL", () => {
  it("serves a burst to 300 chats in queue order from the query, with no whole read", async () => {
    const [store] = await storesOnOneDatabase(1);
    const { live, reads } = countReads(store!);
    const { chats, deliver } = recorder();
    const outbox = new Outbox<string>({ storage: live, deliver, logger: silent, concurrency: 1 });
    outboxes.push(outbox);
    const burst = Array.from({ length: 300 }, (_, i) => 5_000 - i * 7);
    for (const chatId of burst) await outbox.enqueue("notice", chatId, "hello", ttl);
    const before = { ...reads };
    outbox.start();
    await outbox.idle();

    expect(chats).toEqual(burst);
    // Only the read at start (the highest seq) read the whole namespace.
    expect(reads.whole - before.whole).toBe(0);
    // A query per look (one per chat served, and a few more), each answering a head or two; and
    // each chat's own entries while it is served.
    expect(reads.heads - before.heads).toBeGreaterThanOrEqual(300);
    expect(reads.rows - before.rows).toBeLessThan(1_800);
  });

  it("finds an entry another replica queued without news at its next look, not a minute later", async () => {
    const [a, b] = await storesOnOneDatabase(2);
    const { chats, deliver } = recorder();
    const sender = new Outbox<string>({ storage: a!, deliver, logger: silent });
    const other = new Outbox<string>({ storage: b!, deliver: () => Promise.reject(new Error("not the sender")), logger: silent });
    outboxes.push(sender, other);
    sender.start();
    await sender.idle();

    // Queued elsewhere, news lost: the sender's next look for its own entry finds it too.
    await other.enqueue("n", 21, "missed", ttl);
    await sender.enqueue("n", 22, "own", ttl);
    await until(() => chats.includes(21) && chats.includes(22));
    // Two chats are served side by side: which send comes first is theirs to race, not asserted.
    expect([...chats].sort()).toEqual([21, 22]);
  });

  it("looks again when the next entry it found not yet due falls due, with no news", async () => {
    const [a, b] = await storesOnOneDatabase(2);
    const sentAt = new Map<number, number>();
    const deliver: Deliverer<string> = (e) => {
      sentAt.set(e.chatId, Date.now());
      return Promise.resolve("sent");
    };
    const sender = new Outbox<string>({ storage: a!, deliver, logger: silent });
    outboxes.push(sender);
    sender.start();
    await sender.idle();

    // Another replica tried chat 31's entry and will try again in a second (it is not the sender
    // any more); its news is lost. The sender's look for its own entry sees when that one falls due.
    const dueAt = Date.now() + 1_000;
    // Its lifetime counts from the real clock: a fixed date passes, and an expired entry is dropped, not sent.
    const now = Date.now();
    await stored(b!, [
      entry(31, 1, {
        attempts: 1,
        createdAt: new Date(now).toISOString(),
        nextAt: new Date(dueAt).toISOString(),
        expiresAt: new Date(now + 60_000).toISOString(),
      }),
    ]);
    await sender.enqueue("n", 32, "own", ttl);
    await until(() => sentAt.has(31), 5_000);
    expect(sentAt.get(31)).toBeGreaterThanOrEqual(dueAt);
    expect(sentAt.has(32)).toBe(true);
  });
});
