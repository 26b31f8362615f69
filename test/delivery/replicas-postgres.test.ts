/**
 * The once-only steps of delivery and support over a real PostgreSQL shared by two replicas (two
 * stores on one database, as two processes would have): a key queued by both is queued once, a
 * broadcast confirmed on both starts once, one resumed by both writes to each person once, and the
 * funnel loses no count.
 */
import { GrammyError } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DataStore } from "../../src/store/data-store.js";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import { postgresCoordination } from "../../src/store/postgres/coordination.js";
import type { Coordination } from "../../src/store/coordination.js";
import { Outbox, type Deliverer } from "../../src/delivery/outbox.js";
import { BroadcastRunner } from "../../src/support/broadcast.js";
import { countFunnel, readFunnel } from "../../src/support/funnel.js";
import { testDatabase } from "../postgres/database.js";
import { until } from "../until.js";
import { ns } from "../store/namespaces.js";

const silent = { info() {}, warn() {}, error() {} };
let stores: DataStore[] = [];
let coordinations: Coordination[] = [];
let databaseUrl = "";

async function twoReplicas(): Promise<[DataStore, DataStore]> {
  databaseUrl = await testDatabase();
  stores = [await openPostgresStore({ url: databaseUrl }), await openPostgresStore({ url: databaseUrl })];
  return [stores[0]!, stores[1]!];
}

/** The news between processes, one per replica, as app.ts has. */
function coordination(): Coordination {
  const c = postgresCoordination({ url: databaseUrl, logger: silent });
  coordinations.push(c);
  return c;
}

beforeEach(() => {
  stores = [];
  coordinations = [];
});
afterEach(async () => {
  await Promise.all(coordinations.map((c) => c.close()));
  await Promise.all(stores.map((s) => s.close()));
});

describe("two replicas on one database", () => {
  it("queue a key once between them, and the one that sends marks it sent for both", async () => {
    const [a, b] = await twoReplicas();
    const sent: string[] = [];
    const deliver: Deliverer<string> = (entry) => {
      sent.push(entry.payload);
      return Promise.resolve("sent");
    };
    const first = new Outbox<string>({ storage: a, deliver, logger: silent });
    const second = new Outbox<string>({ storage: b, deliver, logger: silent });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : second).enqueue("ms:x:success", 7, `copy ${i}`, { ttlMs: 60_000 })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    first.start();
    await first.idle();
    expect(sent).toHaveLength(1);
    expect(await second.get("ms:x:success", 7)).toMatchObject({ state: "sent" });
    expect(await second.pending()).toEqual([]);
    await first.stop();
  });

  it("tell a replica waiting for a chat when the leader has sent what that replica queued", async () => {
    const [a, b] = await twoReplicas();
    const sent: string[] = [];
    const deliver: Deliverer<string> = async (entry) => {
      // A slow Telegram: the waiting replica must look more than once.
      await new Promise((r) => setTimeout(r, 100));
      sent.push(entry.payload);
      return "sent";
    };
    const leader = new Outbox<string>({ storage: a, deliver, logger: silent });
    const replica = new Outbox<string>({ storage: b, deliver, logger: silent });
    replica.on("queued", () => leader.poke());
    // The news app.ts passes between replicas: the waiting one looks again when the leader has sent.
    leader.on("sent", ({ entry }) => replica.heard(entry.chatId));
    leader.start();
    expect(await replica.enqueue("dep:x", 7, "instructions", { ttlMs: 60_000 })).toBe(true);
    expect(await replica.whenSent("dep:x", 7, 10_000)).toBe(true);
    expect(sent).toEqual(["instructions"]);
    expect(await replica.get("dep:x", 7)).toMatchObject({ state: "sent" });
    await leader.stop();
  });

  it("send what the leader kept for a chat that could not be written to, when its next update reaches the other replica", async () => {
    const [a, b] = await twoReplicas();
    const [news, otherNews] = [coordination(), coordination()];
    const { deliver, sent, pressStart } = forbiddenUntilStart();
    const leader = new Outbox<string>({ storage: a, deliver, logger: silent });
    leader.on("parked", ({ chatId }) => void news.notify("parked", String(chatId)));
    const replica = new Outbox<string>({ storage: b, deliver, logger: silent });
    replica.on("queued", () => void otherNews.notify("news"));
    await news.listen("news", () => leader.poke());
    let toldParked = false;
    await otherNews.listen("parked", (chatId) => {
      replica.knowParked(Number(chatId));
      toldParked = true;
    });
    leader.start();
    await leader.enqueue("alert:1", 9, "first alert", { ttlMs: 60_000, keepWhenForbidden: true });
    await until(() => toldParked);
    expect(await replica.pending(9)).toMatchObject([{ key: "alert:1", parked: true }]);

    // The admin presses Start; the balancer hands that update to the replica that does not send.
    pressStart();
    await replica.wake(9);
    // Sent, then marked: the mark is what the waiting replica reads.
    expect(await replica.whenSent("alert:1", 9, 10_000)).toBe(true);
    expect(sent).toEqual(["first alert"]);
    await leader.stop();
  });

  it("learn which chats wait for an update from the store, when the news of them was missed", async () => {
    const [a, b] = await twoReplicas();
    const { deliver, sent, pressStart } = forbiddenUntilStart();
    const leader = new Outbox<string>({ storage: a, deliver, logger: silent });
    const replica = new Outbox<string>({ storage: b, deliver, logger: silent });
    replica.on("queued", () => leader.poke());
    leader.start();
    await leader.enqueue("alert:1", 9, "first alert", { ttlMs: 60_000, keepWhenForbidden: true });
    await leader.idle();
    expect(await replica.pending(9)).toMatchObject([{ parked: true }]);

    pressStart();
    // Without the news, the replica does not know the chat waits.
    await replica.wake(9);
    await leader.idle();
    expect(sent).toEqual([]);
    await replica.relearnParked();
    await replica.wake(9);
    await until(() => sent.length > 0);
    expect(sent).toEqual(["first alert"]);
    await leader.stop();
  });

  it("start a broadcast confirmed on both once, and write to each person once", async () => {
    const [a, b] = await twoReplicas();
    for (let id = 1; id <= 5; id++) await a.users.upsertSeen({ id, first_name: `u${id}` }, new Date());
    const sentTo: number[] = [];
    const runner = (store: DataStore) =>
      new BroadcastRunner({
        store,
        logger: silent,
        perSecond: 1000,
        batchSize: 2,
        send: (userId) => {
          sentTo.push(userId);
          return Promise.resolve("sent");
        },
        onProgress: () => Promise.resolve(),
      });
    const [ra, rb] = [runner(a), runner(b)];
    const draft = await ra.createDraft(99, 99, "hi");
    const started = await Promise.all([ra.start(draft.id), rb.start(draft.id)]);
    expect(started.filter((job) => job !== undefined)).toHaveLength(1);
    await Promise.all([ra.finished(draft.id), rb.finished(draft.id)]);
    expect(sentTo.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await rb.counts(draft.id)).toMatchObject({ sent: 5, remaining: 0 });

    // A job left running (both replicas restarted) is resumed by both at once.
    sentTo.length = 0;
    const job = { id: "bboth", adminId: 99, chatId: 99, text: "again", state: "running" as const };
    await a.kv(ns("broadcasts")).set(job.id, { ...job, createdAt: new Date().toISOString(), recipients: [1, 2, 3, 4, 5] });
    expect(await Promise.all([ra.resumeAll(), rb.resumeAll()])).toEqual([1, 1]);
    await Promise.all([ra.finished(job.id), rb.finished(job.id)]);
    expect(sentTo.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("lose no funnel count when both count at once", async () => {
    const [a, b] = await twoReplicas();
    await Promise.all(Array.from({ length: 20 }, (_, i) => countFunnel(i % 2 === 0 ? a : b, "quoted")));
    expect((await readFunnel(b)).find((f) => f.step === "quoted")?.count).toBe(20);
  });
});

/**
 * A Telegram that answers 403 to a chat whose person never pressed Start, until `pressStart()`;
 * then it delivers, and `sent` lists what went out.
 */
function forbiddenUntilStart(): { deliver: Deliverer<string>; sent: string[]; pressStart: () => void } {
  let started = false;
  const sent: string[] = [];
  const deliver: Deliverer<string> = (entry) => {
    if (!started)
      return Promise.reject(new GrammyError("forbidden", { ok: false, error_code: 403, description: "Forbidden" }, "sendMessage", {}));
    sent.push(entry.payload);
    return Promise.resolve("sent");
  };
  return { deliver, sent, pressStart: () => (started = true) };
}
