/**
 * Reading a whole table in insertion order without holding it in memory: pages of rows after the
 * last `seq` seen (a keyset, so a page costs the same at row 100 000 as at row 0, and rows added
 * meanwhile are simply read too).
 */
import type { PgConnection } from "./connection.js";

/** Rows per page: large enough to keep round trips few, small enough to stay a few megabytes. */
const PAGE_ROWS = 1000;

/** Exchanges created in [`createdFrom`, `createdBefore`) only. */
interface CreatedRange {
  createdFrom: Date;
  createdBefore: Date;
}

/**
 * The `record` column of every row of `table` (of `exchanges` created in `range`, when given), in
 * `seq` order, a page at a time.
 */
export async function* keysetPages<T>(db: PgConnection, table: "users" | "exchanges", range?: CreatedRange): AsyncGenerator<T> {
  const where = range ? " AND created_at >= $3 AND created_at < $4" : "";
  // created_at is ISO 8601 text (COLLATE "C"), which sorts as the times do.
  const extra = range ? [range.createdFrom.toISOString(), range.createdBefore.toISOString()] : [];
  // BIGSERIAL starts at 1; node-postgres hands BIGINT over as a string, passed back as is.
  let after = "0";
  for (;;) {
    const rows = await db.rows<{ seq: string; record: T }>(
      `SELECT seq, record FROM ${table} WHERE seq > $1${where} ORDER BY seq LIMIT $2`,
      [after, PAGE_ROWS, ...extra],
    );
    for (const row of rows) yield row.record;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return;
    after = last.seq;
  }
}
