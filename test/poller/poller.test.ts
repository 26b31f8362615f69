import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/store.js";
import { fileDataStore } from "../../src/store/file-data-store.js";
import type { DataStore } from "../../src/store/data-store.js";
import { createPoller, type PollerOptions } from "../../src/poller/poller.js";
import { PartnerError } from "../../src/partner/errors.js";
import type { ExchangeRecord } from "../../src/domain/types.js";
import { statusAnswer, storedExchange } from "./fixtures.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const T0 = Date.parse("2026-01-01T00:00:00Z");
const MIN = 60_000;

function rec(id: string, over: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return storedExchange(id, new Date(T0 - 10 * MIN).toISOString(), over);
}

const live = statusAnswer;

describe("the poller", () => {
  let dir: string;
  let store: Store;
  let clock: number;
  let statuses: Map<string, string | Error>;
  let inFlight: number;
  let maxInFlight: number;
  let enqueued: string[];
  let flags: [string, string][];

  const partner = {
    async exchangeStatus(id: string) {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      const s = statuses.get(id);
      if (s instanceof Error) throw s;
      return live(s ?? "waiting_deposit");
    },
  };
  const make = (over: Partial<PollerOptions> = {}) =>
    createPoller({
      // The lowdb store seen through the contract; the tests read the raw one synchronously.
      store: fileDataStore(store),
      partner,
      logger: silent,
      intervalMs: 30_000,
      maxAgeMs: 7 * 24 * 60 * MIN,
      notices: { notice: (id) => Promise.resolve(void enqueued.push(id)) },
      now: () => new Date(clock),
      random: () => 0.5,
      onFlag: (e, reason) => flags.push([e.id, reason]),
      ...over,
    });

  /** The store the poller sees, with the exchanges it reads, updates and releases (a batch each) listed. */
  function countedStore() {
    const data = fileDataStore(store);
    const gets: string[] = [];
    const updates: string[] = [];
    const releases: string[][] = [];
    const counted: DataStore = {
      ...data,
      exchanges: {
        ...data.exchanges,
        get(id) {
          gets.push(id);
          return data.exchanges.get(id);
        },
        update(id, change) {
          updates.push(id);
          return data.exchanges.update(id, change);
        },
        releaseClaims(owner, batch) {
          releases.push(batch.map((r) => r.id));
          return data.exchanges.releaseClaims(owner, batch);
        },
      },
    };
    return { counted, gets, updates, releases };
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "poller-"));
    store = await openStore({ dataDir: dir, flushDelayMs: 1_000 });
    clock = T0;
    statuses = new Map();
    inFlight = maxInFlight = 0;
    enqueued = [];
    flags = [];
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("checks due exchanges with bounded concurrency, stores changes first and hands them on", async () => {
    for (let i = 0; i < 40; i++) store.exchanges.insert(rec(`e${i}`));
    statuses.set("e3", "deposit_received");
    const poller = make({ concurrency: 4 });
    const report = await poller.runCycle();
    expect(report).toMatchObject({ due: 40, checked: 40, changed: 1, failed: 0 });
    expect(maxInFlight).toBe(4);
    expect(enqueued).toEqual(["e3"]);
    const e3 = store.exchanges.get("e3")!;
    expect(e3.status).toBe("deposit_received");
    expect(e3.statusHistory.map((h) => h.status)).toEqual(["waiting_deposit", "deposit_received"]);
    // After a deposit it is checked sooner (interval / 3), the others after the interval.
    expect(Date.parse(e3.tracking!.nextCheckAt!)).toBe(T0 + 10_000);
    expect((await poller.runCycle()).due).toBe(0);
    clock = T0 + 10_000;
    expect((await poller.runCycle()).due).toBe(1);
    clock = T0 + 30_000;
    expect((await poller.runCycle()).due).toBe(40);
  });

  it("reads each exchange once per check, writes a change with its next check time in one write, releases a round at once", async () => {
    store.exchanges.insert(rec("quiet"));
    store.exchanges.insert(rec("moved"));
    store.exchanges.insert(rec("known-again", { tracking: { notFoundCount: 2 } }));
    statuses.set("moved", "deposit_received");
    const { counted, gets, updates, releases } = countedStore();
    const poller = make({ store: counted });
    expect(await poller.runCycle()).toMatchObject({ checked: 3, changed: 1 });
    expect(gets.sort()).toEqual(["known-again", "moved", "quiet"]);
    // Nothing new: nothing written. A change: its status, history and next check (interval / 3
    // after a deposit) in one write. A not-found count ends with the next answer, in one write.
    expect(updates.sort()).toEqual(["known-again", "moved"]);
    expect(store.exchanges.get("quiet")!.tracking).toBeUndefined();
    expect(store.exchanges.get("moved")).toMatchObject({
      status: "deposit_received",
      tracking: { nextCheckAt: new Date(T0 + 10_000).toISOString() },
    });
    expect(store.exchanges.get("known-again")!.tracking).toEqual({ nextCheckAt: new Date(T0 + 30_000).toISOString() });
    // Fewer checks than the concurrency: released together, before the cycle ended.
    expect(releases.map((ids) => ids.sort())).toEqual([["known-again", "moved", "quiet"]]);
    // The schedule the store keeps is the one written into the records.
    clock = T0 + 10_000 - 1;
    expect((await poller.runCycle()).due).toBe(0);
    clock = T0 + 10_000;
    expect(await poller.runCycle()).toMatchObject({ due: 1, checked: 1 });
    expect(enqueued).toEqual(["moved"]);
  });

  it("releases `concurrency` checked exchanges at a time, and the rest when the cycle ends", async () => {
    for (let i = 0; i < 10; i++) store.exchanges.insert(rec(`e${i}`));
    const { counted, releases } = countedStore();
    const poller = make({ store: counted, concurrency: 4 });
    expect((await poller.runCycle()).checked).toBe(10);
    expect(releases.map((ids) => ids.length)).toEqual([4, 4, 2]);
    // All of them with their next check time: none is due again before it.
    clock = T0 + 30_000 - 1;
    expect((await poller.runCycle()).due).toBe(0);
    clock = T0 + 30_000;
    expect((await poller.runCycle()).due).toBe(10);
  });

  it("polls a status the spec does not list like any open one, and never crashes on it", async () => {
    store.exchanges.insert(rec("x"));
    statuses.set("x", "on_hold");
    const poller = make();
    expect((await poller.runCycle({ all: true })).changed).toBe(1);
    expect((await poller.runCycle({ all: true })).checked).toBe(1);
    statuses.set("x", "success");
    await poller.runCycle({ all: true });
    expect((await poller.runCycle({ all: true })).checked).toBe(0);
  });

  it("backs off while the service fails, keeping every exchange's place, then catches up", async () => {
    for (let i = 0; i < 20; i++) store.exchanges.insert(rec(`e${i}`));
    const down = new PartnerError({ kind: "http", endpoint: "exchange-status", message: "503", status: 503 });
    for (let i = 0; i < 20; i++) statuses.set(`e${i}`, down);
    const poller = make({ concurrency: 2, failureThreshold: 5 });
    const first = await poller.runCycle();
    expect(first.aborted).toBe(true);
    expect(first.checked).toBeLessThan(10);
    expect(poller.backoffLevel).toBe(1);
    await poller.runCycle();
    expect(poller.backoffLevel).toBe(2);
    for (let i = 0; i < 20; i++) statuses.set(`e${i}`, "deposit_received");
    const back = await poller.runCycle();
    expect(back).toMatchObject({ due: 20, checked: 20, changed: 20, aborted: false });
    expect(poller.backoffLevel).toBe(0);
  });

  it("counts no failure and no backoff for checks cancelled because the bot is stopping, and keeps their places", async () => {
    for (const id of ["a", "b", "c"]) store.exchanges.insert(rec(id));
    const cancelled = new PartnerError({ kind: "network", endpoint: "exchange-status", message: "cancelled", cancelled: true });
    for (const id of ["a", "b", "c"]) statuses.set(id, cancelled);
    const poller = make({ concurrency: 1 });
    expect(await poller.runCycle()).toMatchObject({ checked: 0, failed: 0, aborted: false });
    expect(poller.backoffLevel).toBe(0);
    statuses.clear();
    expect(await poller.runCycle()).toMatchObject({ due: 3, checked: 3, failed: 0 });
  });

  it("flags an exchange the service does not know after a few tries, and never deletes it", async () => {
    store.exchanges.insert(rec("gone"));
    statuses.set(
      "gone",
      new PartnerError({ kind: "rejected", endpoint: "exchange-status", message: "refused", serviceMessage: "exchange not found" }),
    );
    const poller = make({ notFoundLimit: 3 });
    await poller.runCycle({ all: true });
    await poller.runCycle({ all: true });
    expect(store.exchanges.get("gone")!.tracking?.notFoundCount).toBe(2);
    expect(flags).toEqual([]);
    await poller.runCycle({ all: true });
    expect(flags).toEqual([["gone", "not-found"]]);
    expect(store.exchanges.get("gone")!.tracking?.stoppedReason).toBe("not-found");
    expect((await poller.runCycle({ all: true })).checked).toBe(0);
    expect(store.exchanges.count()).toBe(1);
  });

  it("stops tracking after the maximum age, with a note for support", async () => {
    store.exchanges.insert(rec("old", { createdAt: new Date(T0 - 8 * 24 * 60 * MIN).toISOString() }));
    store.exchanges.insert(rec("young"));
    const report = await make().runCycle({ all: true });
    expect(report).toMatchObject({ checked: 1, flagged: 1 });
    expect(flags).toEqual([["old", "max-age"]]);
    expect(store.exchanges.get("old")!.tracking?.stoppedReason).toBe("max-age");
  });

  it("polls an order waiting for its deposit a long time less often, with jitter from the random source", async () => {
    store.exchanges.insert(rec("slow", { createdAt: new Date(T0 - 2 * 60 * MIN).toISOString() }));
    statuses.set("slow", "waiting_deposit");
    let r = 1 - Number.EPSILON;
    const poller = make({ random: () => r });
    await poller.runCycle({ all: true });
    r = 0;
    clock += 4 * 30_000 * 0.8 - 1;
    expect((await poller.runCycle()).due).toBe(0);
    clock = T0 + 4 * 30_000 * 1.2;
    expect((await poller.runCycle()).due).toBe(1);
  });

  it("schedules an exchange it has never seen from its record, without checking it at once", async () => {
    // Updated 5 s ago: next due one interval (30 s) after that, as after a restart.
    store.exchanges.insert(rec("fresh", { updatedAt: new Date(T0 - 5_000).toISOString() }));
    store.exchanges.insert(rec("stale"));
    const poller = make();
    expect(await poller.runCycle()).toMatchObject({ due: 1, checked: 1 });
    clock = T0 + 25_000 - 1;
    expect((await poller.runCycle()).checked).toBe(0);
    clock = T0 + 25_000;
    expect(await poller.runCycle()).toMatchObject({ due: 1, checked: 1 });
  });

  it("never overlaps cycles, and stop() waits for the running one", async () => {
    for (let i = 0; i < 10; i++) store.exchanges.insert(rec(`e${i}`));
    const poller = make({ concurrency: 1 });
    const a = poller.runCycle({ all: true });
    const b = poller.runCycle({ all: true });
    expect(inFlight).toBe(0);
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra.checked + rb.checked).toBe(20);
    expect(maxInFlight).toBe(1);
    poller.start();
    await poller.stop();
    expect(inFlight).toBe(0);
  });
});
