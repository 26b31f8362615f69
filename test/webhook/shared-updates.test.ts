/**
 * Webhook updates handled once across replicas (src/webhook/shared-updates.ts), on a real
 * PostgreSQL: two stores and two coordinations on one database, as two processes have them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DataStore } from "../../src/store/data-store.js";
import type { Coordination } from "../../src/store/coordination.js";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import { postgresCoordination } from "../../src/store/postgres/coordination.js";
import { SharedUpdates, UPDATE_MEMORY_MS, UPDATES_NAMESPACE } from "../../src/webhook/shared-updates.js";
import { testDatabase } from "../postgres/database.js";
import { until } from "../until.js";

const quiet = { info() {}, warn() {} };
const CHAT = 7001;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Replica {
  store: DataStore;
  coordination: Coordination;
  updates: SharedUpdates;
  /** Runs an update as installFeatures does with replicas: under its chat's lock, then once. */
  receive(updateId: number, handle: () => Promise<void>): Promise<void>;
}

let url: string;
let opened: Replica[] = [];
let clock: Date;

async function replica(owner: string, warnings: string[] = []): Promise<Replica> {
  const store = await openPostgresStore({ url });
  const coordination = postgresCoordination({ url, logger: quiet });
  const updates = new SharedUpdates({ store, owner, now: () => clock, logger: { warn: (_f, msg) => warnings.push(msg ?? "") } });
  const r: Replica = {
    store,
    coordination,
    updates,
    receive: (updateId, handle) => coordination.withChatLock(CHAT, () => updates.once(updateId, true, handle)),
  };
  opened.push(r);
  return r;
}

beforeEach(async () => {
  url = await testDatabase();
  clock = new Date("2024-06-01T12:00:00.000Z");
});
afterEach(async () => {
  for (const r of opened.splice(0)) {
    await r.coordination.close();
    await r.store.close().catch(() => undefined);
  }
  opened = [];
});

describe("an update id shared by replicas", () => {
  it("is handled once when it reaches both at the same moment", async () => {
    const [a, b] = [await replica("a"), await replica("b")];
    let handled = 0;
    const handle = async () => {
      handled++;
      await sleep(100);
    };
    await Promise.all([a.receive(501, handle), b.receive(501, handle), a.receive(501, handle), b.receive(501, handle)]);
    expect(handled).toBe(1);
    expect(await a.store.kv(UPDATES_NAMESPACE).get("501")).toMatchObject({ state: "handled" });
    // Another update is not taken for it.
    await b.receive(502, handle);
    expect(handled).toBe(2);
  });

  it("is dropped by the other replica while the first is still handling it, and after", async () => {
    const [a, b] = [await replica("a"), await replica("b")];
    const ran: string[] = [];
    let release!: () => void;
    const slow = a.receive(601, async () => {
      ran.push("a");
      await new Promise<void>((resolve) => (release = resolve));
    });
    await until(() => ran.length === 1);
    // The repeat waits for the chat's turn, then finds the update handled.
    const repeat = b.receive(601, () => {
      ran.push("b");
      return Promise.resolve();
    });
    await sleep(150);
    release();
    await Promise.all([slow, repeat]);
    // Without the chat's lock (an update with no chat) the claim alone decides.
    await b.updates.once(601, false, () => {
      ran.push("b without lock");
      return Promise.resolve();
    });
    expect(ran).toEqual(["a"]);
  });

  it("is handled again when the replica handling it died before the end, and then only once", async () => {
    const [a, b] = [await replica("a"), await replica("b")];
    // What a replica killed mid-update leaves: its claim, never marked handled (its lock died with it).
    await a.store.kv(UPDATES_NAMESPACE).set("701", { owner: "gone", state: "handling", at: clock.toISOString() });
    let handled = 0;
    const handle = () => {
      handled++;
      return Promise.resolve();
    };
    await Promise.all([a.receive(701, handle), b.receive(701, handle)]);
    expect(handled).toBe(1);
    expect(await b.store.kv(UPDATES_NAMESPACE).get("701")).toMatchObject({ state: "handled" });
    await b.receive(701, handle);
    expect(handled).toBe(1);

    // Without the chat's lock nothing shows that the claimant is gone: the repeat is dropped.
    await a.store.kv(UPDATES_NAMESPACE).set("702", { owner: "gone", state: "handling", at: clock.toISOString() });
    await a.updates.once(702, false, handle);
    expect(handled).toBe(1);
  });

  it("is not handled again after a handler that failed (the person was told), as in one process", async () => {
    const [a, b] = [await replica("a"), await replica("b")];
    await expect(a.receive(801, () => Promise.reject(new Error("feature broke")))).rejects.toThrow("feature broke");
    let handled = 0;
    await b.receive(801, () => {
      handled++;
      return Promise.resolve();
    });
    expect(handled).toBe(0);
  });

  it("is handled anyway when the store cannot say, and the failure is logged", async () => {
    const warnings: string[] = [];
    const a = await replica("a", warnings);
    await a.store.close();
    let handled = 0;
    await a.updates.once(901, true, () => {
      handled++;
      return Promise.resolve();
    });
    expect(handled).toBe(1);
    expect(warnings).toEqual([
      "webhook: could not check the update against other replicas; handling it",
      "webhook: could not mark the update handled; a repeat may be handled again",
    ]);
  });

  it("is forgotten an hour after it came, and not before", async () => {
    const [a, b] = [await replica("a"), await replica("b")];
    const noop = () => Promise.resolve();
    await a.receive(1001, noop);
    clock = new Date(clock.getTime() + 30 * 60_000);
    await b.receive(1002, noop);
    const seen = a.store.kv(UPDATES_NAMESPACE);

    expect(await a.updates.prune(new Date(clock.getTime() + UPDATE_MEMORY_MS - 30 * 60_000))).toBe(0);
    expect(await a.updates.prune(new Date(clock.getTime() + UPDATE_MEMORY_MS - 30 * 60_000 + 1))).toBe(1);
    expect(await seen.keys()).toEqual(["1002"]);
    expect(await b.updates.prune(new Date(clock.getTime() + UPDATE_MEMORY_MS + 1))).toBe(1);
    expect(await seen.keys()).toEqual([]);
  });
});
