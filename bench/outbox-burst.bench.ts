/**
 * Benchmark of the outbox sender under a burst: one notice queued for each of many chats (a
 * broadcast, or a partner's status changes arriving together), then the sender started with a
 * deliverer that answers at once, so what is measured is the sender's own reading and marking.
 *
 *   npm run bench:outbox-burst
 *   OUTBOX_BURSTS=1000 npm run bench:outbox-burst   (only the sizes given)
 *
 * For each burst size, on PostgreSQL (a real server started here, a fresh database per size) and
 * on lowdb (live.json in a fresh temp directory): the time from start to idle, and what the
 * sender read from the store (whole-namespace reads, head queries on PostgreSQL, and rows, counted
 * by test/delivery/counted-live.ts).
 * Writes bench/outbox-burst.results.md; temp directories are removed at the end. The results'
 * sections from "## Before" on (figures of the outbox before its heads were kept in memory,
 * measured by this script on that outbox) are kept as they are.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { Outbox } from "../src/delivery/outbox.js";
import type { DataStore } from "../src/store/data-store.js";
import { fileDataStore } from "../src/store/file-data-store.js";
import { openPostgresStore } from "../src/store/postgres/postgres-store.js";
import { openStore } from "../src/store/store.js";
import { countReads } from "../test/delivery/counted-live.js";
import { freshDatabase, startPostgres } from "../test/postgres/server.js";

/** Burst sizes; OUTBOX_BURSTS="1000" (comma-separated) runs only those. */
const BURSTS = (process.env.OUTBOX_BURSTS?.split(",").map(Number) ?? [1_000, 5_000]).filter((n) => Number.isSafeInteger(n) && n > 0);
const silent = { info() {}, warn() {}, error() {} };

interface Row {
  backend: "PostgreSQL" | "lowdb";
  chats: number;
  ms: number;
  wholeReads: number;
  headQueries: number;
  rows: number;
}

/** Queues one notice for each of `chats` chats on `store`, then times the sender until it is idle. */
async function measure(store: Pick<DataStore, "kv" | "outbox">, backend: Row["backend"], chats: number): Promise<Row> {
  const { live, reads } = countReads(store);
  let sent = 0;
  const outbox = new Outbox<{ text: string }>({
    storage: live,
    deliver: () => {
      sent++;
      return Promise.resolve("sent");
    },
    logger: silent,
  });
  for (let i = 0; i < chats; i++) await outbox.enqueue(`ms:ex${i}:success`, 1_000_000 + i, { text: `notice ${i}` }, { ttlMs: 3_600_000 });
  const before = { ...reads };
  const t = performance.now();
  outbox.start();
  await outbox.idle();
  const ms = performance.now() - t;
  await outbox.stop();
  if (sent !== chats) throw new Error(`sent ${sent} of ${chats}`);
  return {
    backend,
    chats,
    ms,
    wholeReads: reads.whole - before.whole,
    headQueries: reads.heads - before.heads,
    rows: reads.rows - before.rows,
  };
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg();
  const started = performance.now();
  const server = await startPostgres();
  const rows: Row[] = [];
  try {
    for (const chats of BURSTS) {
      const pgStore = await openPostgresStore({ url: await freshDatabase(server.url) });
      try {
        rows.push(await measure(pgStore, "PostgreSQL", chats));
      } finally {
        await pgStore.close();
      }
      const dir = await mkdtemp(join(os.tmpdir(), "swapgram-outbox-burst-"));
      const files = await openStore({ dataDir: dir, fileName: "live.json" });
      try {
        rows.push(await measure(fileDataStore(files), "lowdb", chats));
      } finally {
        await files.close();
        await rm(dir, { recursive: true, force: true });
      }
      process.stdout.write(`burst of ${chats}: done\n`);
    }
  } finally {
    await server.stop();
  }

  const n = (x: number) => x.toLocaleString("en-US");
  const table = rows
    .map(
      (r) =>
        `| ${r.backend} | ${n(r.chats)} | ${(r.ms / 1000).toFixed(2)} s | ${(r.ms / r.chats).toFixed(2)} ms | ${n(r.wholeReads)} | ${n(r.headQueries)} | ${n(r.rows)} |`,
    )
    .join("\n");
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const machine = `${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 20).toFixed(0)} MB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
  const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(", ");
  const md = `# Outbox: the sender under a burst to many chats

Produced by \`npm run bench:outbox-burst\` on ${new Date().toISOString().slice(0, 10)} (the whole run: ${((performance.now() - started) / 1000).toFixed(0)} s).

Machine: ${machine}. Load average at the start: ${load(loadAtStart)}; at the end: ${load(os.loadavg())}. The machine is shared: compare rows of one run rather than absolute figures.

One notice queued for each chat, then the sender started (8 chats at once, the default) with a deliverer that answers at once: the time is the sender's own reading and marking, from start to idle. "Whole reads" are reads of the entire outbox namespace; "head queries" are the store's query for the due head of each chat (PostgreSQL); "rows" are the rows every read returned. PostgreSQL: the embedded server the tests use, default settings, a fresh database per size.

## Now: the heads a query on PostgreSQL, kept in memory on lowdb

| backend | chats | start → idle | per chat | whole reads | head queries | rows read |
|---|---|---|---|---|---|---|
${table}
`;
  const results = new URL("./outbox-burst.results.md", import.meta.url);
  const earlier = await readFile(results, "utf8").catch(() => "");
  const kept = earlier.indexOf("\n## Before");
  await writeFile(results, kept >= 0 ? md + earlier.slice(kept) : md);
  process.stdout.write(md);
}

await main();
