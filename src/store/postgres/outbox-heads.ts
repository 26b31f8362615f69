/**
 * The sender's next entry of each chat on PostgreSQL ({@link OutboxQueries.heads}): one statement
 * over the outbox's pending entries, through the partial indexes of migration 3 (finished entries,
 * kept a while for once-only, are not in them). It walks the pending entries in queue order and
 * keeps those with no earlier pending entry in their chat, stopping at the limit; so a burst costs
 * the sender a few index rows per look, not a read of every entry, and what another replica queued
 * is found the next time the sender looks, news or not.
 *
 * The expressions and predicates here must stay those of the indexes (schema-migrations.ts) for
 * the planner to use them.
 */
import type { OutboxQueries, QueueHeads, QueuedEntryFields } from "../data-store.js";
import type { PgConnection } from "./connection.js";

/** A pending outbox entry of the row aliased `row`. */
const pending = (row: string): string => `${row}.namespace = 'outbox' AND ${row}.value ->> 'state' = 'pending'`;
const chatOf = (row: string): string => `(${row}.value ->> 'chatId')::bigint`;
const seqOf = (row: string): string => `(${row}.value ->> 'seq')::bigint`;
const nextAtOf = (row: string): string => `(${row}.value ->> 'nextAt') COLLATE "C"`;
const notParked = (row: string): string => `${row}.value -> 'parked' IS DISTINCT FROM 'true'::jsonb`;

/**
 * The due heads ($1 at most, due at $2, but those of the chats in $3), and in one more row the earliest `nextAt` after $2 of a
 * pending entry that is not parked. ISO 8601 times of one format compare as text, byte by byte.
 *
 * The heads are walked in queue order and the due test comes after, behind `OFFSET 0` (which keeps
 * the planner from moving it inside): otherwise the planner, which cannot tell how many entries
 * are their chat's first, picks the `nextAt` index, reads every due entry and sorts them (measured:
 * 12 ms at 3,000 pending against 0.2 ms). Each candidate's "first of its chat" is one probe of
 * the (chat, seq) index.
 */
const HEADS_SQL = `
  (SELECT value, NULL AS next_at FROM (
    SELECT head.value FROM kv head
      WHERE ${pending("head")} AND ${chatOf("head")} <> ALL ($3::bigint[])
        AND ${seqOf("head")} = (SELECT min(${seqOf("earlier")}) FROM kv earlier
          WHERE ${pending("earlier")} AND ${chatOf("earlier")} = ${chatOf("head")})
        AND (${notParked("head")} OR EXISTS (SELECT 1 FROM kv awake
          WHERE ${pending("awake")} AND ${chatOf("awake")} = ${chatOf("head")} AND ${notParked("awake")}))
      ORDER BY ${seqOf("head")}
      OFFSET 0) heads
    WHERE ${nextAtOf("heads")} <= $2
    LIMIT $1)
  UNION ALL
  (SELECT NULL, later.value ->> 'nextAt' FROM kv later
    WHERE ${pending("later")} AND ${nextAtOf("later")} > $2 AND ${notParked("later")}
    ORDER BY ${nextAtOf("later")}
    LIMIT 1)`;

/** {@link OutboxQueries} over the kv table of `db`. */
export function postgresOutboxQueries(db: PgConnection): OutboxQueries {
  return {
    async heads<T extends QueuedEntryFields>(limit: number, now: Date, skip: readonly number[] = []): Promise<QueueHeads<T>> {
      if (!Number.isSafeInteger(limit) || limit <= 0) return { due: [] };
      const rows = await db.rows<{ value: T | null; next_at: string | null }>(HEADS_SQL, [limit, now.toISOString(), skip]);
      const due = rows.flatMap((r) => (r.value === null ? [] : [r.value])).sort((a, b) => a.seq - b.seq);
      const nextAt = rows.find((r) => r.next_at !== null)?.next_at ?? undefined;
      return nextAt === undefined ? { due } : { due, nextAt };
    },
  };
}
