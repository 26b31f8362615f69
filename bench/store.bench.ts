/**
 * Benchmark of the durable store at 100,000 exchanges.
 *
 *   npx tsx bench/store.bench.ts
 *
 * Measures: start-up load time (fresh child processes, median), time from a change to its durable
 * write (on the coalesced schedule and forced with flush()), a burst of 1,000 changes, file size,
 * RSS and heap after load, and how long a write blocks the event loop. Prints a table and writes
 * bench/store.results.md. Everything happens in a temp directory, removed at the end.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { ExchangeRecord } from "../src/domain/types.js";
import { syntheticExchange } from "./synthetic-exchange.js";
import { openStore } from "../src/store/store.js";

const EXCHANGES = 100_000;
const USERS = 5_000;
const LOAD_RUNS = 5;
const SINGLE_CHANGES = 20;
const BURST = 1_000;

const here = fileURLToPath(import.meta.url);

/** Child mode: open the store in argv[3], report load time and memory as one JSON line. */
async function childLoad(dataDir: string): Promise<void> {
  const before = process.memoryUsage();
  const t0 = performance.now();
  const store = await openStore({ dataDir });
  const ms = performance.now() - t0;
  const open = store.exchanges.open().length;
  const after = process.memoryUsage();
  await store.close();
  process.stdout.write(
    JSON.stringify({ ms, rss: after.rss, heapUsed: after.heapUsed, rssBefore: before.rss, heapBefore: before.heapUsed, open }) + "\n",
  );
}

interface LoadFigures {
  ms: number;
  rss: number;
  heapUsed: number;
  rssBefore: number;
  heapBefore: number;
  open: number;
}

function runChild(dataDir: string): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", here, "--load", dataDir], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out) as LoadFigures) : reject(new Error(`child exited ${code}`))));
  });
}

const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number;
};
const median = (xs: number[]) => quantile(xs, 0.5);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A realistic exchange, ~2% still open and the rest final, like a bot that has run for a year. */
function makeExchange(i: number): ExchangeRecord {
  return syntheticExchange(i, { created: new Date(Date.UTC(2023, 0, 1) + i * 5 * 60_000), open: i % 50 === 0, users: USERS });
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(os.tmpdir(), "swapgram-bench-"));
  try {
    // 1. Build the file through the store's own API.
    const tBuild = performance.now();
    const store = await openStore({ dataDir: dir });
    for (let u = 0; u < USERS; u++) {
      store.users.upsertSeen(
        { id: 100_000_000 + u, first_name: `User ${u}`, username: `user_${u}`, language_code: u % 3 ? "en" : "ru" },
        new Date(Date.UTC(2023, 0, 1)),
      );
    }
    for (let i = 0; i < EXCHANGES; i++) store.exchanges.insert(makeExchange(i));
    await store.flush();
    const buildMs = performance.now() - tBuild;
    const fileBytes = (await stat(store.file)).size;
    const ids = [...store.exchanges.open()].map((e) => e.id);
    console.log(`built ${EXCHANGES} exchanges, ${USERS} users in ${ms(buildMs)}; file ${mb(fileBytes)}; ${ids.length} open`);

    // 2. Change → durable write, on the coalesced schedule (default 200 ms window).
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const scheduled: number[] = [];
    for (let k = 0; k < SINGLE_CHANGES; k++) {
      const t0 = performance.now();
      store.exchanges.update(pick(ids, k), { updatedAt: new Date().toISOString() });
      await store.whenDurable();
      scheduled.push(performance.now() - t0);
    }
    // 3. The same, forced with flush().
    const forced: number[] = [];
    const writeMs: number[] = [];
    for (let k = 0; k < SINGLE_CHANGES; k++) {
      const t0 = performance.now();
      store.exchanges.update(pick(ids, k), { updatedAt: new Date().toISOString() });
      await store.flush();
      forced.push(performance.now() - t0);
      writeMs.push(store.stats.lastWriteMs);
    }
    loopDelay.disable();
    const maxLoopBlockMs = loopDelay.max / 1e6;
    const p99LoopBlockMs = loopDelay.percentile(99) / 1e6;

    // 4. A burst of 1,000 changes spread over event-loop turns, as handlers and the poller make them.
    const writesBefore = store.stats.writes;
    const tBurst = performance.now();
    for (let k = 0; k < BURST; k++) {
      store.exchanges.update(pick(ids, k), (r) => ({ ...r, tracking: { ...r.tracking, consecutiveFailures: k } }));
      if (k % 10 === 0) await new Promise((r) => setImmediate(r));
    }
    const burstChangesMs = performance.now() - tBurst;
    await store.whenDurable();
    const burstTotalMs = performance.now() - tBurst;
    const burstWrites = store.stats.writes - writesBefore;
    await store.close();

    // 5. Start-up load in fresh processes (so RSS is the store's, not this builder's).
    const baseline = await runChild(await mkdtemp(join(dir, "empty-")));
    const loads: LoadFigures[] = [];
    for (let r = 0; r < LOAD_RUNS; r++) loads.push(await runChild(dir));
    const loadMs = loads.map((l) => l.ms);
    const rss = median(loads.map((l) => l.rss));
    const heap = median(loads.map((l) => l.heapUsed));

    const rows: Array<[string, string]> = [
      ["exchanges / users", `${EXCHANGES.toLocaleString("en")} / ${USERS.toLocaleString("en")} (${ids.length} open)`],
      ["file size", `${mb(fileBytes)} (${fileBytes.toLocaleString("en")} bytes)`],
      [
        `start-up load (open), median of ${LOAD_RUNS}`,
        `${ms(median(loadMs))} (min ${ms(Math.min(...loadMs))}, max ${ms(Math.max(...loadMs))})`,
      ],
      ["RSS after load (median)", `${mb(rss)} (empty store: ${mb(baseline.rss)})`],
      ["heap used after load (median)", `${mb(heap)} (empty store: ${mb(baseline.heapUsed)})`],
      ["one write (serialise + write + fsync + rename)", `median ${ms(median(writeMs))}, p95 ${ms(quantile(writeMs, 0.95))}`],
      ["change → durable, coalesced (200 ms window)", `median ${ms(median(scheduled))}, p95 ${ms(quantile(scheduled, 0.95))}`],
      ["change → durable, flush()", `median ${ms(median(forced))}, p95 ${ms(quantile(forced, 0.95))}`],
      ["event-loop delay during writes", `p99 ${ms(p99LoopBlockMs)}, max ${ms(maxLoopBlockMs)}`],
      [
        `burst of ${BURST} changes`,
        `${burstWrites} write(s); changes made in ${ms(burstChangesMs)}, all durable after ${ms(burstTotalMs)}`,
      ],
      ["building the file through the API", ms(buildMs)],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log();
    for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);

    const cpu = os.cpus()[0]?.model ?? "unknown CPU";
    const machine = `${cpu}, ${os.cpus().length} cores, ${mb(os.totalmem())} RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
    const md = [
      "# Store benchmark results",
      "",
      `Produced by \`npx tsx bench/store.bench.ts\` on ${new Date().toISOString().slice(0, 10)}.`,
      "",
      `Machine: ${machine}.`,
      "",
      "| measure | value |",
      "|---|---|",
      ...rows.map(([k, v]) => `| ${k} | ${v} |`),
      "",
      "## Reading",
      "",
      reading({
        fileBytes,
        loadMs: median(loadMs),
        rss,
        writeMs: median(writeMs),
        scheduled: median(scheduled),
        forced: median(forced),
        maxLoopBlockMs,
        burstWrites,
      }),
      "",
      "## Why writes are serialised in pieces",
      "",
      HISTORY,
      "",
    ].join("\n");
    await writeFile(new URL("./store.results.md", import.meta.url), md);
    console.log("\nwrote bench/store.results.md");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A measurement from an earlier design, kept because it explains the current one. */
const HISTORY =
  "The first version of the store serialised with one JSON.stringify of the whole data. On the 2-core Xeon " +
  "above, with the same 100,000 exchanges, a write then took 882 ms (median) and blocked the event loop for up " +
  "to 1,453 ms each time: the bot would freeze for over a second on every coalesced write. Serialising in ~1 MB " +
  "pieces from a snapshot (durable-file.ts, schema.ts snapshotDb) brought the pause down to the figures above " +
  "without changing the file format.";

/** The one-paragraph interpretation, filled with this run's numbers. */
function reading(f: {
  fileBytes: number;
  loadMs: number;
  rss: number;
  writeMs: number;
  scheduled: number;
  forced: number;
  maxLoopBlockMs: number;
  burstWrites: number;
}): string {
  return (
    `At 100,000 exchanges the whole state is a ${mb(f.fileBytes)} JSON file that loads in about ${ms(f.loadMs)} ` +
    `(read, JSON.parse, shape check, index build: one synchronous pause, at start-up only) and occupies about ` +
    `${mb(f.rss)} RSS. Because lowdb's model is "rewrite the whole file", every write costs about ${ms(f.writeMs)} ` +
    `however small the change; the store serialises in ~1 MB pieces from a cheap snapshot, so the longest ` +
    `event-loop pause seen while writing was ${ms(f.maxLoopBlockMs)} and the bot keeps answering during a write. ` +
    `Coalescing is what keeps the cost bounded: a change is durable about ${ms(f.scheduled)} after it is made on the ` +
    `normal 200 ms schedule (${ms(f.forced)} when forced with flush()), and a burst of ${BURST} changes cost ` +
    `${f.burstWrites} write(s) instead of ${BURST}. This is comfortable at this size; the per-write cost, load time and ` +
    `memory grow linearly with the file, so well beyond it (or with changes arriving faster than one write per ` +
    `second needs to absorb) an append-only log or SQLite would be the next step.`
  );
}

if (process.argv[2] === "--load") await childLoad(process.argv[3] as string);
else await main();
