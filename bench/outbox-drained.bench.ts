/**
 * Benchmark of one look of `outbox.isDrained(chatId)` (a person waiting for their instructions or
 * a notice looks once per event of their chat, and at least once a second) while many other chats
 * have entries queued: does its cost follow the namespace or the one chat?
 *
 *   npm run bench:outbox
 *
 * For each backlog (other chats' pending entries, queued through `outbox.enqueue`), on PostgreSQL
 * (a real server started here, the database in an English ICU collation, as a server set up
 * for English would have, when the server has ICU) and on lowdb (live.json in a temp directory):
 *
 * - "before": what a look cost before entries were stored under their chat: every entry of the
 *   namespace read, then filtered (`outbox.pending()` of all chats, filtered, is exactly that read);
 * - "after": `outbox.isDrained(chatId)`, one look as it is now.
 *
 * Medians of LOOKS looks each. The PostgreSQL plan of the per-chat query is printed too, to show
 * it is an index range. Writes bench/outbox-drained.results.md. Temp directories removed at the end.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { Outbox } from "../src/delivery/outbox.js";
import type { DataStore } from "../src/store/data-store.js";
import { fileDataStore } from "../src/store/file-data-store.js";
import { openPostgresStore } from "../src/store/postgres/postgres-store.js";
import { openStore } from "../src/store/store.js";
import { freshDatabase, startPostgres } from "../test/postgres/server.js";
import { median } from "./year-of-exchanges.js";

const BACKLOGS = [0, 500, 5_000, 20_000] as const;
const LOOKS = 200;
/** The chat that waits; the backlog's chats are 1,000,000 and up. */
const WAITING = 4_242;
const silent = { info() {}, warn() {}, error() {} };

interface Row {
  backend: "PostgreSQL" | "lowdb";
  backlog: number;
  beforeMs: number;
  afterMs: number;
}

/** Median milliseconds of `run`, after a few warm-up calls. */
async function time(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < LOOKS; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  return median(ms);
}

/** Fills `store`'s outbox with `backlog` other chats' entries and one of the waiting chat; measures. */
async function measure(store: DataStore, backend: Row["backend"], backlog: number): Promise<Row> {
  const outbox = new Outbox<{ text: string }>({ storage: store, deliver: () => Promise.resolve("sent"), logger: silent });
  const have = (await outbox.pending()).length;
  for (let i = have; i < backlog + 1; i++) {
    const chatId = i === 0 ? WAITING : 1_000_000 + i;
    await outbox.enqueue(`ms:ex${i}:success`, chatId, { text: `notice ${i}` }, { ttlMs: 3_600_000 });
  }
  // Never started: nothing is sent, so the waiting chat stays pending and each look is a full one.
  const before = await time(async () => (await outbox.pending()).filter((e) => e.chatId === WAITING && !e.parked));
  const after = await time(() => outbox.isDrained(WAITING));
  if (await outbox.isDrained(WAITING)) throw new Error("the waiting chat's entry should still be pending");
  return { backend, backlog, beforeMs: before, afterMs: after };
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg();
  const started = performance.now();
  const dir = await mkdtemp(join(os.tmpdir(), "swapgram-outbox-bench-"));
  const server = await startPostgres();
  const rows: Row[] = [];
  let plan = "";
  let collation = "";
  try {
    const url = await databaseInEnglish(server.url);
    const pgStore = await openPostgresStore({ url });
    const files = await openStore({ dataDir: dir, fileName: "live.json" });
    const fileStore = fileDataStore(files);
    try {
      for (const backlog of BACKLOGS) {
        // Backlogs grow from one to the next: the same stores, more entries.
        rows.push(await measure(pgStore, "PostgreSQL", backlog));
        rows.push(await measure(fileStore, "lowdb", backlog));
        process.stdout.write(`backlog ${backlog}: done\n`);
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        collation = (
          await client.query<{ c: string }>(
            "SELECT datcollate || coalesce(' / ICU ' || datlocale, '') AS c FROM pg_database WHERE datname = current_database()",
          )
        ).rows[0]!.c;
        const explained = await client.query<{ "QUERY PLAN": string }>(
          "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT key, value FROM kv WHERE namespace = $1 AND key LIKE $2 ORDER BY seq",
          ["outbox", `chat:${WAITING}:%`],
        );
        plan = explained.rows.map((r) => r["QUERY PLAN"]).join("\n");
      } finally {
        await client.end();
      }
    } finally {
      await pgStore.close();
      await files.close();
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }

  const f = (ms: number) => (ms >= 10 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(2));
  const table = rows
    .map(
      (r) =>
        `| ${r.backend} | ${r.backlog.toLocaleString("en-US")} | ${f(r.beforeMs)} ms | ${f(r.afterMs)} ms | ${(r.beforeMs / r.afterMs).toFixed(1)}× |`,
    )
    .join("\n");
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const machine = `${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 20).toFixed(0)} MB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(", ");
  const md = `# Outbox: one look of isDrained(chatId) beside other chats' backlog

Produced by \`npm run bench:outbox\` on ${new Date().toISOString().slice(0, 10)} (the whole run: ${((performance.now() - started) / 1000).toFixed(0)} s).

Machine: ${machine}. Load average at the start: ${load(loadAtStart)}; at the end: ${load(os.loadavg())}. The machine is shared: compare the columns, measured in the same run, rather than absolute figures.

The waiting chat has one pending entry; "backlog" is how many other chats' pending entries the outbox holds. "Before" is one look as it was before entries were stored under their chat (the whole namespace read, then filtered: \`outbox.pending()\` of all chats); "after" is \`outbox.isDrained(chatId)\` now. A person waiting (up to 20 s for instructions) looks once per event of their chat and at least once a second. Medians of ${LOOKS} looks. PostgreSQL: the embedded server the tests use, default settings, database collation ${collation}.

| backend | backlog | before: one look | after: one look | before / after |
|---|---|---|---|---|
${table}

The per-chat query's plan on PostgreSQL with the largest backlog (as the looks above ran it: the statistics are whatever autovacuum had gathered):

\`\`\`
${plan}
\`\`\`

## Reading

- **Before**, a look read and parsed every entry of the namespace, so it grew with the backlog: on PostgreSQL every row crossed the connection and was parsed, 25 ms apart, for as long as a person waited.
- **After**, on PostgreSQL a look is one index range over the waiting chat's own rows (the plan above: kv_key_prefix, one row read), about one round trip whatever the backlog. On lowdb the namespace is in memory: a look still compares every key in memory but copies only the chat's entries, which is why it grows a little with the backlog, far below the copy of everything it made before.
- The leader's pump no longer reads the whole namespace either: it keeps every chat's first entry in memory and reads again only the chats that changed, with a whole read at least once a minute (\`bench/outbox-burst.results.md\`).
`;
  await writeFile(new URL("./outbox-drained.results.md", import.meta.url), md);
  process.stdout.write(md);
}

/**
 * A new database in an English ICU collation when the server has ICU (a server set up for English
 * sorts text that way, and then the primary key cannot serve a LIKE prefix: the index of schema
 * migration 2 must); else in the server's default.
 */
function databaseInEnglish(serverUrl: string): Promise<string> {
  return freshDatabase(serverUrl, "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'").catch(() =>
    freshDatabase(serverUrl),
  );
}

await main();
