/**
 * Reading a whole table in insertion order without holding it in memory: pages of rows after the
 * last `seq` seen (a keyset, so a page costs the same at row 100 000 as at row 0, and rows added
 * meanwhile are simply read too); a range of exchanges, likewise, by creation time.
 */
import type { PgConnection } from "./connection.js";

/** Rows per page: large enough to keep round trips few, small enough to stay a few megabytes. */
const PAGE_ROWS = 1000;

/** Exchanges created in [`createdFrom`, `createdBefore`). */
interface CreatedRange {
  createdFrom: Date;
  createdBefore: Date;
}

/** The `record` column of every row of `table`, in `seq` order, a page at a time. */
export async function* keysetPages<T>(db: PgConnection, table: "users" | "exchanges"): AsyncGenerator<T> {
  // BIGSERIAL starts at 1; node-postgres hands BIGINT over as a string, passed back as is.
  let after = "0";
  for (;;) {
    const rows = await db.rows<{ seq: string; record: T }>(`SELECT seq, record FROM ${table} WHERE seq > $1 ORDER BY seq LIMIT $2`, [
      after,
      PAGE_ROWS,
    ]);
    for (const row of rows) yield row.record;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return;
    after = last.seq;
  }
}

/**
 * Exchanges created in `range`, by creation time, then `seq` for those created at the same time:
 * pages after the last (created_at, seq) seen, along the `exchanges_created` index, so that a page
 * costs the same wherever the range lies in the table. created_at is ISO 8601 text (COLLATE "C"),
 * which sorts as the times do.
 */
export async function* createdPages<T>(db: PgConnection, range: CreatedRange): AsyncGenerator<T> {
  const before = range.createdBefore.toISOString();
  let afterAt = range.createdFrom.toISOString();
  // The first page takes the range's start itself: no row has seq 0.
  let afterSeq = "0";
  for (;;) {
    const rows = await db.rows<{ seq: string; created_at: string; record: T }>(
      `SELECT seq, created_at, record FROM exchanges
        WHERE (created_at, seq) > ($1, $2) AND created_at < $3
        ORDER BY created_at, seq LIMIT $4`,
      [afterAt, afterSeq, before, PAGE_ROWS],
    );
    for (const row of rows) yield row.record;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return;
    afterAt = last.created_at;
    afterSeq = last.seq;
  }
}
