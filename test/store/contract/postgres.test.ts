/**
 * The storage contract on PostgreSQL, and what only a shared database has to get right: replicas
 * claiming work at the same moment, a vanished replica's leases, migrations racing at start-up, a
 * database from a newer bot, and clear errors when the database cannot be reached.
 */
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { DataStore } from "../../../src/store/data-store.js";
import { StoreClosedError } from "../../../src/store/errors.js";
import { SchemaVersionError } from "../../../src/store/postgres/migrate.js";
import { DatabaseUnavailableError } from "../../../src/store/postgres/database-unavailable.js";
import { openPostgresStore } from "../../../src/store/postgres/postgres-store.js";
import { testDatabase } from "../../postgres/database.js";
import { exchange } from "../helpers.js";
import { defineDataStoreContract } from "./data-store-contract.js";
import { ns } from "../namespaces.js";

describe("DataStore contract: postgres", () => {
  it("says it is the PostgreSQL store", async () => {
    const store = await openPostgresStore({ url: await testDatabase() });
    expect(store.kind).toBe("postgres");
    await store.close();
  });

  defineDataStoreContract(emptyStore, () => openPostgresStore({ url: contractUrl as string }));
});

let contractUrl: string | undefined;

/**
 * A store on an empty database: the file's first one, emptied for each later test (the suite closes
 * each test's stores before the next begins). Much cheaper than a new database per test.
 */
async function emptyStore(): Promise<DataStore> {
  if (contractUrl === undefined) contractUrl = await testDatabase();
  else await query(contractUrl, "TRUNCATE users, exchanges, kv, settings");
  return openPostgresStore({ url: contractUrl });
}

describe("PostgreSQL store: replicas on one database", () => {
  const opened: DataStore[] = [];
  const openOn = async (url: string): Promise<DataStore> => {
    const store = await openPostgresStore({ url });
    opened.push(store);
    return store;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  const t0 = new Date("2024-05-01T10:00:00.000Z");
  const at = (ms: number): Date => new Date(t0.getTime() + ms);

  it("two replicas claiming at the same moment get disjoint sets that together are everything due", async () => {
    const url = await testDatabase();
    const [a, b] = await Promise.all([openOn(url), openOn(url)]);
    const n = 120;
    for (let i = 0; i < n; i++) await a.exchanges.insert(exchange({ id: `e${i}` }));

    // Each replica works as a poller does, both at once: claim a small batch, check it, release it
    // until an hour later; until nothing is due any more.
    const nextHour = at(3_600_000);
    const drain = async (store: DataStore, owner: string): Promise<string[]> => {
      const mine: string[] = [];
      for (;;) {
        const batch = await store.exchanges.claimDue(owner, { now: t0, leaseMs: 60_000, limit: 7 });
        if (batch.length === 0) return mine;
        mine.push(...batch.map((c) => c.exchange.id));
        await store.exchanges.releaseClaims(
          owner,
          batch.map((c) => ({ id: c.exchange.id, nextCheckAt: nextHour })),
        );
      }
    };
    const [fromA, fromB] = await Promise.all([drain(a, "A"), drain(b, "B")]);
    expect(fromA.length).toBeGreaterThan(0);
    expect(fromB.length).toBeGreaterThan(0);
    expect(fromA.filter((id) => fromB.includes(id))).toEqual([]);
    expect(new Set([...fromA, ...fromB]).size).toBe(n);
    expect(fromA.length + fromB.length).toBe(n);

    // One large claim each, at once, when everything is due again: still disjoint and complete.
    const later = nextHour;
    const [bigA, bigB] = await Promise.all([
      a.exchanges.claimDue("A", { now: later, leaseMs: 60_000, limit: 100 }),
      b.exchanges.claimDue("B", { now: later, leaseMs: 60_000, limit: 100 }),
    ]);
    const idsA = bigA.map((c) => c.exchange.id);
    const idsB = bigB.map((c) => c.exchange.id);
    expect(idsA.filter((id) => idsB.includes(id))).toEqual([]);
    expect(new Set([...idsA, ...idsB]).size).toBe(n);
  });

  it("the leases of a live replica hold until they run out; a vanished one's come back at once", async () => {
    const url = await testDatabase();
    const [alive, gone] = await Promise.all([openOn(url), openOn(url)]);
    for (const id of ["a", "b", "c"]) await gone.exchanges.insert(exchange({ id }));
    expect(await alive.exchanges.claimDue("alive", { now: t0, leaseMs: 30_000, limit: 1 })).toHaveLength(1);
    expect(await gone.exchanges.claimDue("gone", { now: t0, leaseMs: 30_000, limit: 10 })).toHaveLength(2);
    // Its session ends, and the owner's lock with it, as a killed process's does (claim-owners.ts).
    await gone.close();

    const survivor = await openOn(url);
    const ids = (claims: Array<{ exchange: { id: string } }>) => claims.map((c) => c.exchange.id);
    expect(ids(await survivor.exchanges.claimDue("survivor", { now: at(29_000), leaseMs: 30_000, limit: 10 }))).toEqual(["b", "c"]);
    expect(ids(await survivor.exchanges.claimDue("survivor", { now: at(30_000), leaseMs: 30_000, limit: 10 }))).toEqual(["a"]);
  });

  it("is once-only and atomic across replicas: add and update from two stores", async () => {
    const url = await testDatabase();
    const [a, b] = await Promise.all([openOn(url), openOn(url)]);
    const adds = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).kv<number>(ns("once")).add("k", i)));
    expect(adds.filter(Boolean)).toHaveLength(1);
    await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).kv<number>(ns("n")).update("count", (c) => (c ?? 0) + 1)));
    expect(await a.kv<number>(ns("n")).get("count")).toBe(50);
    await a.exchanges.insert(exchange({ id: "x" }));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).exchanges.update("x", (r) => ({ ...r, statusHistory: [...r.statusHistory, { status: `s${i}`, at: "t" }] })),
      ),
    );
    expect((await b.exchanges.get("x"))?.statusHistory).toHaveLength(21);
    // Two replicas seeing a new person at once: one user, not an error.
    const seen = await Promise.all([a, b, a, b].map((s) => s.users.upsertSeen({ id: 42, first_name: "P" }, t0)));
    expect(seen.every((u) => u.id === 42)).toBe(true);
    expect(await a.users.count()).toBe(1);
  });

  it("applies the schema once when several stores open on a new database at the same moment", async () => {
    const url = await testDatabase();
    const stores = await Promise.all([openOn(url), openOn(url), openOn(url), openOn(url)]);
    await stores[0].kv<number>(ns("k")).set("a", 1);
    expect(await stores[3].kv<number>(ns("k")).get("a")).toBe(1);
    const versions = await query<{ version: number }>(url, "SELECT version FROM schema_migrations ORDER BY version");
    expect(versions.map((r) => r.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it("lists a range of more pages than one, each exchange once, in creation order, ties across a page boundary", async () => {
    const url = await testDatabase();
    const store = await openOn(url);
    // 2,500 in the range, created in groups of seven at the same millisecond (so groups straddle
    // the 1,000-row pages), inserted newest first; and some just outside the range on both sides.
    await query(
      url,
      `INSERT INTO exchanges (id, user_id, is_open, created_at, search_keys, record)
         SELECT 'r' || i, 1, false, t, ARRAY['r' || i], jsonb_build_object('id', 'r' || i, 'createdAt', t)
           FROM generate_series(2500, 1, -1) AS i,
                to_char((timestamptz '2024-05-01 00:00:00Z' + (i / 7) * interval '1 millisecond') AT TIME ZONE 'UTC',
                        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS t;
       INSERT INTO exchanges (id, user_id, is_open, created_at, search_keys, record) VALUES
         ('early', 1, false, '2024-04-30T23:59:59.999Z', ARRAY['early'], '{"id": "early", "createdAt": "2024-04-30T23:59:59.999Z"}'),
         ('late', 1, false, '2024-05-01T00:00:01.000Z', ARRAY['late'], '{"id": "late", "createdAt": "2024-05-01T00:00:01.000Z"}');`,
    );
    const listed: Array<{ id: string; createdAt: string }> = [];
    for await (const e of store.lookup.createdBetween(new Date("2024-05-01T00:00:00Z"), new Date("2024-05-01T00:00:01Z"))) listed.push(e);
    expect(listed).toHaveLength(2500);
    expect(new Set(listed.map((e) => e.id)).size).toBe(2500);
    expect(listed.every((e, i) => i === 0 || listed[i - 1]!.createdAt <= e.createdAt)).toBe(true);
    expect(listed[0]?.createdAt).toBe("2024-05-01T00:00:00.000Z");
  });

  it("finds a range's first page through the creation-time index, not by reading the table from its start", async () => {
    const url = await testDatabase();
    await openOn(url);
    await query(
      url,
      `INSERT INTO exchanges (id, user_id, is_open, created_at, search_keys, record)
         SELECT 'x' || i, 1, false, to_char((timestamptz '2024-01-01Z' + i * interval '1 minute') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                ARRAY['x' || i], '{}'
           FROM generate_series(1, 20000) AS i;
       ANALYZE exchanges;`,
    );
    const [plan] = await query<{ "QUERY PLAN": unknown }>(
      url,
      `EXPLAIN (FORMAT JSON) SELECT seq, created_at, record FROM exchanges
         WHERE (created_at, seq) > ('2024-01-14T00:00:00.000Z', 0) AND created_at < '2024-01-15T00:00:00.000Z'
         ORDER BY created_at, seq LIMIT 1000`,
    );
    expect(JSON.stringify(plan?.["QUERY PLAN"])).toContain('"Index Name":"exchanges_created"');
  });

  it("refuses a database migrated by a newer version of the bot", async () => {
    const url = await testDatabase();
    await (await openOn(url)).close();
    await query(url, "INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')");
    const refused = openPostgresStore({ url });
    await expect(refused).rejects.toThrow(SchemaVersionError);
    await expect(refused).rejects.toThrow(/version 999/);
  });

  it("closing waits for running writes, then refuses reads and writes alike", async () => {
    const url = await testDatabase();
    const store = await openPostgresStore({ url });
    const writes = Array.from({ length: 20 }, (_, i) => store.kv<number>(ns("w")).set(`k${i}`, i));
    const closed = store.close();
    await Promise.all(writes);
    await closed;
    await expect(store.kv(ns("w")).get("k0")).rejects.toThrow(StoreClosedError);
    await expect(store.exchanges.count()).rejects.toThrow(StoreClosedError);
    const again = await openOn(url);
    expect(await again.kv(ns("w")).keys()).toHaveLength(20);
  });
});

describe("PostgreSQL store: a database it cannot use", () => {
  const secret = "s3cr3t-p@ss";

  async function refusal(url: string): Promise<DatabaseUnavailableError> {
    try {
      await openPostgresStore({ url });
    } catch (err) {
      expect(err).toBeInstanceOf(DatabaseUnavailableError);
      const e = err as DatabaseUnavailableError;
      expect(e.message).toContain("DATABASE_URL");
      expect(e.message).not.toContain(secret);
      expect(e.message).not.toContain(encodeURIComponent(secret));
      expect(e.message).not.toContain("\n");
      return e;
    }
    throw new Error("expected openPostgresStore to fail");
  }

  it("names the server when nothing listens there", async () => {
    const e = await refusal(`postgres://bot:${encodeURIComponent(secret)}@127.0.0.1:1/botdb`);
    expect(e.code).toBe("ECONNREFUSED");
    expect(e.message).toMatch(/Cannot reach PostgreSQL at bot@127\.0\.0\.1:1\/botdb/);
  });

  it("says the login failed on a wrong password", async () => {
    const url = new URL(await testDatabase());
    url.password = secret;
    const e = await refusal(url.toString());
    expect(e.code).toBe("28P01");
    expect(e.message).toMatch(/password is wrong/);
  });

  it("says the database does not exist", async () => {
    const url = new URL(await testDatabase());
    url.pathname = "/no_such_database";
    const e = await refusal(url.toString());
    expect(e.code).toBe("3D000");
    expect(e.message).toMatch(/no_such_database.*does not exist/);
  });
});

async function query<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}
