/**
 * Support's /export of a range of days on PostgreSQL: how long listing the range's exchanges takes
 * when the table holds many more than the range, read the way the store reads it now (pages along
 * the `exchanges_created` index, by creation time) and the way it read it before (pages in `seq`
 * order from the table's first row, each row's creation time checked), in the same run.
 *
 *   npm run bench:export-postgres
 *
 * A real server is started here (test/postgres/server.ts); the table is filled in one statement,
 * one exchange every 10 s (about 8,640 a day), then analysed as autovacuum would. Each way lists
 * the last day and a day in the middle, three times; the median is reported. Writes
 * bench/export-postgres-range.results.md.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import pg from "pg";
import { freshDatabase, startPostgres } from "../test/postgres/server.js";
import { openPostgresStore } from "../src/store/postgres/postgres-store.js";

const ROWS = [100_000, 400_000, 1_600_000];
const EVERY_S = 10;
const START = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;
const TIMES = 3;
const MB = 1024 * 1024;

/** The query the store ran before this change, page after page (pages.ts at the time). */
async function listedBefore(pool: pg.Pool, from: Date, to: Date): Promise<number> {
  let after = "0";
  let count = 0;
  for (;;) {
    const { rows } = await pool.query<{ seq: string }>(
      `SELECT seq, record FROM exchanges WHERE seq > $1 AND created_at >= $3 AND created_at < $4 ORDER BY seq LIMIT $2`,
      [after, 1000, from.toISOString(), to.toISOString()],
    );
    count += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < 1000) return count;
    after = last.seq;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function timed(run: () => Promise<number>): Promise<{ ms: number; count: number }> {
  const runs: number[] = [];
  let count = 0;
  for (let i = 0; i < TIMES; i++) {
    const t0 = performance.now();
    count = await run();
    runs.push(performance.now() - t0);
  }
  return { ms: median(runs), count };
}

async function main(): Promise<void> {
  const server = await startPostgres();
  const lines: string[] = [];
  const sizes: string[] = [];
  const builds: string[] = [];
  try {
    for (const rows of ROWS) {
      const url = await freshDatabase(server.url);
      const store = await openPostgresStore({ url });
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        await pool.query(
          `INSERT INTO exchanges (id, user_id, is_open, created_at, search_keys, record)
             SELECT 'e' || i, i % 5000, false, t, ARRAY['e' || i], jsonb_build_object('id', 'e' || i, 'createdAt', t, 'status', 'success')
               FROM generate_series(1, $1::int) AS i,
                    to_char((to_timestamp($2::bigint / 1000.0) + i * $3::int * interval '1 second') AT TIME ZONE 'UTC',
                            'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS t`,
          [rows, START, EVERY_S],
        );
        await pool.query("ANALYZE exchanges");
        const size = await pool.query<{ index: string; table: string }>(
          "SELECT pg_relation_size('exchanges_created')::text AS index, pg_table_size('exchanges')::text AS table",
        );
        sizes.push(
          `| ${rows.toLocaleString("en")} | ${(Number(size.rows[0]?.index) / MB).toFixed(1)} MB | ${(Number(size.rows[0]?.table) / MB).toFixed(1)} MB |`,
        );
        const end = START + rows * EVERY_S * 1000;
        const ranges = {
          "the last day": [new Date(end - DAY), new Date(end + 1000)],
          "a day in the middle": [new Date(START + (end - START) / 2), new Date(START + (end - START) / 2 + DAY)],
        } as const;
        const now = new Map<string, { ms: number; count: number }>();
        for (const [name, [from, to]] of Object.entries(ranges)) {
          now.set(
            name,
            await timed(async () => {
              const ids = new Set<string>();
              for await (const e of store.lookup.createdBetween(from, to)) ids.add(e.id);
              return ids.size;
            }),
          );
        }
        // Before: the schema had no creation-time index.
        await pool.query("DROP INDEX exchanges_created");
        for (const [name, [from, to]] of Object.entries(ranges)) {
          const after = now.get(name)!;
          const before = await timed(() => listedBefore(pool, from, to));
          if (after.count !== before.count) throw new Error(`the two ways listed ${after.count} and ${before.count}`);
          lines.push(
            `| ${rows.toLocaleString("en")} | ${name} | ${after.count.toLocaleString("en")} | ${before.ms.toFixed(0)} ms | ${after.ms.toFixed(0)} ms | ${(before.ms / after.ms).toFixed(1)}× |`,
          );
          console.log(lines.at(-1));
        }
        // What the upgrade's migration costs on a table this size (writes to it wait meanwhile).
        const t0 = performance.now();
        await pool.query("CREATE INDEX exchanges_created ON exchanges (created_at, seq)");
        builds.push(`${rows.toLocaleString("en")}: ${((performance.now() - t0) / 1000).toFixed(2)} s`);
      } finally {
        await pool.end();
        await store.close();
      }
    }
  } finally {
    await server.stop();
  }
  const text = `# /export of a range on PostgreSQL: results

\`npm run bench:export-postgres\`: the exchanges of one day listed through \`store.lookup.createdBetween\`
(pages along the \`exchanges_created\` index, by creation time) and by the query it replaced (pages in
\`seq\` order from the table's first row, the range checked on each row), on a table of one exchange
every ${EVERY_S} s; median of ${TIMES} listings each. Records are small (id, time, status), so the time is the
reading, not the transfer.

Machine: ${os.cpus().length} vCPUs (${os.cpus()[0]?.model.trim() ?? "?"}), Node ${process.version}, embedded PostgreSQL. Date: ${new Date().toISOString().slice(0, 10)}.

| exchanges in the table | range | listed | before (seq order) | now (creation-time index) | ratio |
| --- | --- | --- | --- | --- | --- |
${lines.join("\n")}

Before, each page read the table in \`seq\` order from where the last one ended and checked each
row's time, so the first page of a range read every row created before it: the time grew with the
table, not with the range. Now a range costs the same wherever it lies and however large the table
is. The index (schema migration 4) costs its space and one more index entry per new exchange, and
building it at the upgrade holds writes to the table for (by exchanges in it) ${builds.join("; ")}:

| exchanges in the table | \`exchanges_created\` | the table |
| --- | --- | --- |
${sizes.join("\n")}
`;
  await writeFile(new URL("./export-postgres-range.results.md", import.meta.url), text);
}

await main();
