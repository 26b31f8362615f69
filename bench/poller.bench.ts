/**
 * Poller benchmark: 10,000 open exchanges against the sandbox exchange answering in 50 ms, at
 * concurrency 16. Measures one full cycle (time vs the ideal 10,000 × 50 ms / 16 = 31.25 s),
 * partner requests, store writes, CPU per status check and RSS, for a cycle in which every status
 * changes and one in which none does.
 *
 * Run: npx tsx bench/poller.bench.ts   (writes nothing; copy the printed table to poller.results.md)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { openStore } from "../src/store/store.js";
import { fileDataStore } from "../src/store/file-data-store.js";
import { startSandbox } from "../src/devtools/sandbox/server.js";
import { createPartnerClient } from "../src/partner/client.js";
import { createPoller, type CycleReport } from "../src/poller/poller.js";
import { seedOpenExchanges } from "./open-exchanges.js";

const N = Number(process.env.BENCH_EXCHANGES ?? 10_000);
const LATENCY_MS = 50;
const CONCURRENCY = 16;
const silent = { debug() {}, info() {}, warn() {}, error() {} };

const dir = await mkdtemp(join(tmpdir(), "poller-bench-"));
const sandbox = await startSandbox({ lifecycle: "manual" });
const partner = createPartnerClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
// The same coalescing window as the app (src/app.ts).
const store = await openStore({ dataDir: dir, flushDelayMs: 1_000 });

// Seed: N orders created through the sandbox's HTTP API, N records in a temporary store.
const t0 = Date.now();
const ids = await seedOpenExchanges(partner, N, (rec) => store.exchanges.insert(rec));
await store.flush();
console.error(`seeded ${N} exchanges in ${Date.now() - t0} ms`);
sandbox.setLatency(LATENCY_MS);

let enqueued = 0;
let offset = 0;
const poller = createPoller({
  store: fileDataStore(store),
  partner,
  notices: {
    notice: () => {
      enqueued++;
      return Promise.resolve();
    },
  },
  logger: silent,
  intervalMs: 30_000,
  maxAgeMs: 7 * 86_400_000,
  concurrency: CONCURRENCY,
  now: () => new Date(Date.now() + offset),
});

interface Measured {
  label: string;
  report: CycleReport;
  requests: number;
  writes: number;
  cpuUsPerCheck: number;
  rssMb: number;
  heapMb: number;
}

async function measure(label: string, all: boolean): Promise<Measured> {
  const requests0 = sandbox.requests.count("exchange-status");
  const writes0 = store.stats.writes;
  const cpu0 = process.cpuUsage();
  const report = await poller.runCycle({ all });
  const cpu = process.cpuUsage(cpu0);
  // Writes caused by this cycle, including the last coalesced one.
  await store.whenDurable();
  const mem = process.memoryUsage();
  const m: Measured = {
    label,
    report,
    requests: sandbox.requests.count("exchange-status") - requests0,
    writes: store.stats.writes - writes0,
    cpuUsPerCheck: (cpu.user + cpu.system) / Math.max(1, report.checked),
    rssMb: mem.rss / 2 ** 20,
    heapMb: mem.heapUsed / 2 ** 20,
  };
  console.error(label, JSON.stringify({ ...m, report }));
  return m;
}

// Cycle 1: every deposit has arrived, so every status changes.
for (const id of ids) sandbox.orders.deposit(id);
const changing = await measure("every status changes", false);
// Cycle 2: an hour later, nothing changed.
offset += 3_600_000;
const quiet = await measure("no status changes", false);

const ideal = (N * LATENCY_MS) / CONCURRENCY;
const rows = [changing, quiet].map(
  (m) =>
    `| ${m.label} | ${(m.report.ms / 1000).toFixed(2)} s (${(m.report.ms / ideal).toFixed(3)}× ideal) | ${m.report.checked} | ${m.report.changed} | ${m.requests} | ${m.writes} (${(m.writes / (m.report.ms / 1000)).toFixed(2)}/s) | ${m.cpuUsPerCheck.toFixed(0)} µs | ${m.rssMb.toFixed(0)} MB (heap ${m.heapMb.toFixed(0)} MB) |`,
);
console.log(
  `Machine: ${cpus()[0]?.model ?? "?"}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}`,
);
console.log(
  `Date: ${new Date().toISOString().slice(0, 10)}; ${N} open exchanges, sandbox latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY}, ideal cycle ${(ideal / 1000).toFixed(2)} s; store file ${(store.stats.lastWriteBytes / 2 ** 20).toFixed(1)} MB, last write ${store.stats.lastWriteMs.toFixed(0)} ms`,
);
console.log("");
console.log("| cycle | time | checks | status changes | partner requests | store writes | CPU per check | RSS |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) console.log(r);
console.log(`\nnotices queued: ${enqueued}`);

await poller.stop();
await store.close();
partner.close();
await sandbox.close();
await rm(dir, { recursive: true, force: true });
