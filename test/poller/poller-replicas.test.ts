/**
 * Two pollers on one real PostgreSQL database, as two replicas run them: they share the due
 * exchanges out through the store's claims, never check one exchange at the same time, and the
 * claims of a poller that stopped answering come back to the other when their lease runs out, or
 * at once when its process is gone (its database session ended).
 */
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { DataStore } from "../../src/store/data-store.js";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.js";
import { createPoller, type Poller, type PollerOptions } from "../../src/poller/poller.js";
import { CLAIM_OWNER_LOCK_CLASS, ownerGoneSql, ownerLockKey } from "../../src/store/postgres/claim-owners.js";
import { testDatabase } from "../postgres/database.js";
import { statusAnswer, storedExchange } from "./fixtures.js";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const T0 = Date.parse("2026-01-01T00:00:00Z");
const MIN = 60_000;
const LEASE_MS = 30_000;

/** A partner that counts checks per exchange and who made them, and sees overlapping checks. */
class CountingPartner {
  readonly checks = new Map<string, string[]>();
  readonly inFlight = new Map<string, string>();
  overlaps = 0;
  /** Checks of these ids do not answer until `unstick()` (a replica stuck, then killed). */
  readonly hang = new Set<string>();
  readonly #stuck: Array<(err: Error) => void> = [];

  unstick(): void {
    for (const fail of this.#stuck.splice(0)) fail(new Error("the stuck replica is gone"));
  }

  as(who: string): Pick<PollerOptions["partner"], "exchangeStatus"> {
    return {
      exchangeStatus: async (id: string) => {
        if (this.inFlight.has(id)) this.overlaps++;
        this.inFlight.set(id, who);
        this.checks.set(id, [...(this.checks.get(id) ?? []), who]);
        if (this.hang.has(id)) return new Promise<never>((_, fail) => this.#stuck.push(fail));
        await new Promise((r) => setTimeout(r, 2));
        this.inFlight.delete(id);
        return statusAnswer("waiting_deposit");
      },
    };
  }
}

describe("two pollers on one database", () => {
  const opened: DataStore[] = [];
  const pollers: Poller[] = [];
  afterEach(async () => {
    await Promise.all(pollers.splice(0).map((p) => p.stop()));
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  let url = "";
  async function replicas(n: number, exchanges: number): Promise<DataStore[]> {
    url = await testDatabase();
    const stores = await Promise.all(Array.from({ length: n }, () => openPostgresStore({ url })));
    opened.push(...stores);
    // Created 10 minutes before T0 and never checked: every one is due at T0.
    for (let i = 0; i < exchanges; i++) await stores[0]!.exchanges.insert(storedExchange(`e${i}`, new Date(T0 - 10 * MIN).toISOString()));
    return stores;
  }

  function poller(
    store: DataStore,
    owner: string,
    partner: CountingPartner,
    clock: () => number,
    over: Partial<PollerOptions> = {},
  ): Poller {
    const p = createPoller({
      store,
      partner: partner.as(owner),
      notices: { notice: () => Promise.resolve() },
      logger: silent,
      intervalMs: 30_000,
      maxAgeMs: 7 * 24 * 60 * MIN,
      owner,
      leaseMs: LEASE_MS,
      concurrency: 4,
      claimBatch: 5,
      now: () => new Date(clock()),
      random: () => 0.5,
      ...over,
    });
    pollers.push(p);
    return p;
  }

  it("share the due exchanges: each checked once, by one of them, never by both at once", async () => {
    const [a, b] = await replicas(2, 120);
    const partner = new CountingPartner();
    const clock = () => T0;
    const [ra, rb] = await Promise.all([poller(a!, "A", partner, clock).runCycle(), poller(b!, "B", partner, clock).runCycle()]);

    expect(partner.overlaps).toBe(0);
    expect(partner.checks.size).toBe(120);
    for (const [id, who] of partner.checks) expect(who, id).toHaveLength(1);
    expect(ra.checked + rb.checked).toBe(120);
    expect(ra.checked).toBeGreaterThan(20);
    expect(rb.checked).toBeGreaterThan(20);

    // Both released everything with its next check time: nothing is due again at once.
    const [again] = await Promise.all([poller(a!, "A2", partner, clock).runCycle()]);
    expect(again.due).toBe(0);
  });

  it("leave a stuck poller's claims alone until the lease runs out, then the other checks them", async () => {
    const [a, b] = await replicas(2, 12);
    const partner = new CountingPartner();
    for (let i = 0; i < 12; i++) partner.hang.add(`e${i}`);
    let clock = T0;
    // A claims a batch of 5 and hangs on them (as a replica does that is about to be killed).
    const stuck = poller(a!, "A", partner, () => clock, { concurrency: 5 });
    void stuck.runCycle();
    await waitUntil(() => partner.inFlight.size === 5);
    const held = [...partner.inFlight.keys()];
    partner.hang.clear();

    const other = poller(b!, "B", partner, () => clock);
    const first = await other.runCycle();
    expect(first.checked).toBe(7);
    expect(held.every((id) => partner.checks.get(id)?.length === 1)).toBe(true);

    // Just before the lease runs out: still A's.
    clock = T0 + LEASE_MS - 1;
    expect((await other.runCycle()).checked).toBe(0);
    // Then B takes them over; the ones B checked at T0 are not due before T0 + 30 s either.
    clock = T0 + LEASE_MS;
    const after = await other.runCycle();
    expect(after.checked).toBe(5 + 7);
    for (const id of held) expect(partner.checks.get(id)).toEqual(["A", "B"]);
    partner.unstick();
  });

  it("take a dead poller's claims at once: its owner's lock went with its database session", async () => {
    const [a, b] = await replicas(2, 12);
    const partner = new CountingPartner();
    for (let i = 0; i < 12; i++) partner.hang.add(`e${i}`);
    const clock = () => T0;
    const stuck = poller(a!, "A", partner, clock, { concurrency: 5 });
    void stuck.runCycle();
    await waitUntil(() => partner.inFlight.size === 5);
    const held = [...partner.inFlight.keys()];
    partner.hang.clear();

    // A's process dies: the server ends its sessions (here: the one holding A's owner lock). Only
    // in this test's database: other test files on the same server run owners named "A" too, and
    // a lock of theirs in the list ended their session and failed this test one run in a few.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
         WHERE locktype = 'advisory' AND granted AND classid = $1::oid AND objid = ($2::int4)::oid AND objsubid = 2
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [CLAIM_OWNER_LOCK_CLASS, ownerLockKey("A")],
      );
      expect(rows).toEqual([{ ended: true }]);
    } finally {
      await admin.end();
    }

    // Long before the lease runs out, B checks every exchange, A's five included.
    const other = await poller(b!, "B", partner, clock).runCycle();
    expect(other.checked).toBe(12);
    for (const id of held) expect(partner.checks.get(id)).toEqual(["A", "B"]);
    partner.unstick();
  });

  it("folds an owner's name in SQL as in TypeScript, whatever the sign of its key", async () => {
    await replicas(1, 0);
    const owners = ["A", "B", "vm:23949:a2947e", "host-with-a-long-name.example.internal:1:ffffff", "ключ"];
    expect(new Set(owners.map((o) => Math.sign(ownerLockKey(o))))).toEqual(new Set([1, -1]));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (const owner of owners) {
        // Held by this session, the owner is not gone; released, it is.
        await admin.query("SELECT pg_advisory_lock($1, $2)", [CLAIM_OWNER_LOCK_CLASS, ownerLockKey(owner)]);
        const held = await admin.query<{ gone: boolean }>(`SELECT ${ownerGoneSql("$1::text")} AS gone`, [owner]);
        await admin.query("SELECT pg_advisory_unlock($1, $2)", [CLAIM_OWNER_LOCK_CLASS, ownerLockKey(owner)]);
        const released = await admin.query<{ gone: boolean }>(`SELECT ${ownerGoneSql("$1::text")} AS gone`, [owner]);
        expect([owner, held.rows[0]?.gone, released.rows[0]?.gone]).toEqual([owner, false, true]);
      }
    } finally {
      await admin.end();
    }
  });

  it("ends a cycle early, and backs off, when the store cannot be reached", async () => {
    const [a] = await replicas(1, 3);
    const partner = new CountingPartner();
    const p = poller(a!, "A", partner, () => T0);
    await a!.close();
    const report = await p.runCycle();
    expect(report).toMatchObject({ aborted: true, checked: 0 });
    expect(p.backoffLevel).toBe(1);
  });
});

async function waitUntil(ok: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
}
