/**
 * Exchanges on PostgreSQL: the same behaviour as exchanges-repo.ts over the `exchanges` table, plus
 * the poller's claims (leases in the row, taken with `FOR UPDATE SKIP LOCKED`; a claim whose owner is
 * gone is free before its lease ends: claim-owners.ts).
 *
 * Orders match lowdb's: insertion order is `seq`; "newest first" is createdAt descending, then
 * the later insertion first.
 */
import type { ExchangeRecord } from "../../domain/types.js";
import type { ArchivedTotals, ExchangeLookupStore, ExchangePatch, ExchangesStore } from "../data-store.js";
import { exchangeProblem } from "../schema.js";
import type { PgConnection, Queryable } from "./connection.js";
import { toJsonb } from "./text.js";
import { createdPages, keysetPages } from "./pages.js";
import { exchangeRow } from "./rows.js";
import { ownerGoneSql, type ClaimOwners } from "./claim-owners.js";

/** Unique violation: the id is taken. */
const UNIQUE_VIOLATION = "23505";

const NEWEST_FIRST = "ORDER BY created_at DESC, seq DESC";

/** Writes every column of `rec`'s row but the schedule and lease, which belong to the poller. */
function rowParams(rec: ExchangeRecord): unknown[] {
  const row = exchangeRow(rec);
  return [row.id, row.user_id, row.is_open, row.created_at, row.search_keys, JSON.stringify(row.record)];
}

export function postgresExchanges(db: PgConnection, owners: ClaimOwners): ExchangesStore {
  const records = async (sql: string, params: unknown[]): Promise<ExchangeRecord[]> =>
    (await db.rows<{ record: ExchangeRecord }>(sql, params)).map((r) => r.record);

  return {
    async insert(rec) {
      const stored = toJsonb(rec);
      const problem = exchangeProblem(stored);
      if (problem) throw new TypeError(`Refusing to store an exchange that ${problem}.`);
      try {
        await db.result(
          `INSERT INTO exchanges (id, user_id, is_open, created_at, search_keys, record)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
          rowParams(stored),
        );
      } catch (err) {
        if ((err as { code?: unknown }).code === UNIQUE_VIOLATION) throw new Error(`An exchange with id ${stored.id} already exists.`);
        throw err;
      }
      // `stored` is the JSON copy, held by nobody else.
      return stored;
    },

    async get(id) {
      return (await records("SELECT record FROM exchanges WHERE id = $1", [id]))[0];
    },

    async has(id) {
      return (await db.rows("SELECT 1 FROM exchanges WHERE id = $1", [id])).length > 0;
    },

    update(id, change) {
      return db.transaction((client) => updateLocked(client, id, change));
    },

    byUser(userId) {
      return records(`SELECT record FROM exchanges WHERE user_id = $1 ${NEWEST_FIRST}`, [userId]);
    },

    open() {
      return records("SELECT record FROM exchanges WHERE is_open ORDER BY seq", []);
    },

    async find(query) {
      const q = query.trim();
      if (q === "") return [];
      // `@>` on the GIN-indexed array: exact, case-sensitive, like lowdb's Map lookup.
      return records(`SELECT record FROM exchanges WHERE search_keys @> ARRAY[$1::text] ${NEWEST_FIRST}`, [q]);
    },

    all() {
      return keysetPages<ExchangeRecord>(db, "exchanges");
    },

    async count() {
      return (await db.rows<{ n: number }>("SELECT count(*)::int AS n FROM exchanges"))[0]?.n ?? 0;
    },

    async claimDue(owner, { now, leaseMs, limit }) {
      if (!(limit > 0)) return [];
      // Before the claim: a claim of an owner without its lock is free to every other replica.
      await owners.hold(owner);
      // The `now` given, not the database's clock: the poller (and its tests) own the time.
      const until = new Date(now.getTime() + leaseMs);
      // UPDATE … RETURNING keeps no order, so the order is restored from the claimed rows.
      const rows = await db.rows<{ record: ExchangeRecord; due_at: Date | null }>(
        `WITH due AS (
           SELECT id, seq, next_check_at FROM exchanges
           WHERE is_open
             AND coalesce(record #>> '{tracking,stoppedReason}', '') = ''
             AND (next_check_at IS NULL OR next_check_at <= $2)
             AND (lease_until IS NULL OR lease_until <= $2 OR ${ownerGoneSql("lease_owner")})
           ORDER BY next_check_at NULLS FIRST, seq
           LIMIT $4
           FOR UPDATE SKIP LOCKED
         ), claimed AS (
           UPDATE exchanges e SET lease_owner = $1, lease_until = $3
           FROM due WHERE e.id = due.id
           RETURNING e.record, due.next_check_at, due.seq
         )
         SELECT record, next_check_at AS due_at FROM claimed ORDER BY next_check_at NULLS FIRST, seq`,
        [owner, now, until, limit],
      );
      return rows.map((r) => ({ exchange: r.record, dueAt: r.due_at ?? undefined }));
    },

    async releaseClaims(owner, releases) {
      // One row per id (the last release of it counts): UPDATE … FROM applies one source row per
      // target row, and which one would be left to chance.
      const last = new Map(releases.map((r) => [r.id, r.nextCheckAt ?? null]));
      if (last.size === 0) return;
      // As on lowdb: a row another owner has claimed since is left to that owner.
      await db.result(
        `UPDATE exchanges e SET lease_owner = NULL, lease_until = NULL, next_check_at = coalesce(r.next_at, e.next_check_at)
         FROM unnest($2::text[], $3::timestamptz[]) AS r(id, next_at)
         WHERE e.id = r.id AND (e.lease_owner IS NULL OR e.lease_owner = $1)`,
        [owner, [...last.keys()], [...last.values()]],
      );
    },
  };
}

/** The read-modify-write of `update`, with the row locked for the transaction. */
async function updateLocked(
  client: Queryable,
  id: string,
  change: ExchangePatch | ((rec: ExchangeRecord) => ExchangeRecord),
): Promise<ExchangeRecord> {
  const { rows } = await client.query<{ record: ExchangeRecord }>("SELECT record FROM exchanges WHERE id = $1 FOR UPDATE", [id]);
  const current = rows[0]?.record;
  if (!current) throw new Error(`No exchange with id ${id}.`);
  // `current` was parsed from this query's answer: the caller's function may mutate it.
  const next = toJsonb(typeof change === "function" ? change(current) : { ...current, ...change });
  if (next.id !== id) throw new Error(`An update may not change an exchange's id (${id}).`);
  const problem = exchangeProblem(next);
  if (problem) throw new TypeError(`Refusing an update after which the exchange ${problem}.`);
  await client.query(
    `UPDATE exchanges SET user_id = $2, is_open = $3, created_at = $4, search_keys = $5, record = $6::jsonb WHERE id = $1`,
    rowParams(next),
  );
  return next;
}

/** Lookups: PostgreSQL keeps every exchange in one table, so there is no archive to merge. */
export function postgresLookup(db: PgConnection, exchanges: ExchangesStore): ExchangeLookupStore {
  return {
    find: (query) => exchanges.find(query),
    byUser: (userId) => exchanges.byUser(userId),
    async ofUser(userId, id) {
      const rows = await db.rows<{ record: ExchangeRecord }>("SELECT record FROM exchanges WHERE id = $1 AND user_id = $2", [id, userId]);
      return rows[0]?.record;
    },
    archivedTotals: () => Promise.resolve(nothingArchived()),
    createdBetween: (from, to) => createdPages<ExchangeRecord>(db, { createdFrom: from, createdBefore: to }),
  };
}

function nothingArchived(): ArchivedTotals {
  return { count: 0, byStatus: {}, volume: {} };
}
