/**
 * Batch status (PARTNER_FEATURES `batch-status`): partner requests per poller cycle at 10,000 open
 * exchanges (env BENCH_EXCHANGES), before (one exchange-status per exchange) and after (one
 * exchanges-status per 100 due exchanges, then exchange-status for those whose status moved).
 * The setup is the poller benchmarks' (bench/poller.bench.ts, bench/poller-replicas.bench.ts):
 * orders created through the sandbox's HTTP API, their records in a temporary lowdb store with the
 * app's 1 s coalescing window, the sandbox answering after a fixed latency, concurrency 16.
 *
 * Scenarios, each on a clock an hour later than the one before so that every exchange is due
 * again: nothing changes; 1 % of the deposits arrive (100 of 10,000 statuses move). Each is run
 * by a poller without and one with the batch request, on the same data.
 *
 *   npx tsx bench/poller-batch-status.bench.ts   (writes nothing; copy the table to poller-batch-status.results.md)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { openStore } from "../src/store/store.js";
import { fileDataStore } from "../src/store/file-data-store.js";
import { startSandbox } from "../src/devtools/sandbox/server.js";
import { createPartnerClient } from "../src/partner/client.js";
import { BATCH_STATUS_MAX_IDS } from "../src/partner/batch-status.js";
import { createPoller, type CycleReport } from "../src/poller/poller.js";
import { seedOpenExchanges } from "./open-exchanges.js";

const N = Number(process.env.BENCH_EXCHANGES ?? 10_000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);
const CONCURRENCY = 16;
const silent = { debug() {}, info() {}, warn() {}, error() {} };

const dir = await mkdtemp(join(tmpdir(), "poller-batch-bench-"));
const sandbox = await startSandbox({ lifecycle: "manual" });
const partner = createPartnerClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
const store = await openStore({ dataDir: dir, flushDelayMs: 1_000 });

const t0 = Date.now();
const ids = await seedOpenExchanges(partner, N, (rec) => store.exchanges.insert(rec));
await store.flush();
console.error(`seeded ${N} exchanges in ${Date.now() - t0} ms`);
sandbox.setLatency(LATENCY_MS);

let offset = 0;
const pollerWith = (batch: boolean) =>
  createPoller({
    store: fileDataStore(store),
    partner,
    notices: { notice: () => Promise.resolve() },
    logger: silent,
    intervalMs: 30_000,
    maxAgeMs: 7 * 86_400_000,
    concurrency: CONCURRENCY,
    now: () => new Date(Date.now() + offset),
    ...(batch ? { batchStatus: (list: string[]) => partner.exchangesStatus(list), batchSize: BATCH_STATUS_MAX_IDS } : {}),
  });

interface Row {
  scenario: string;
  poller: string;
  report: CycleReport;
  single: number;
  batch: number;
}

async function measure(scenario: string, batch: boolean): Promise<Row> {
  offset += 3_600_000;
  const poller = pollerWith(batch);
  const single0 = sandbox.requests.count("exchange-status");
  const batch0 = sandbox.requests.count("exchanges-status");
  const report = await poller.runCycle({ all: true });
  await poller.stop();
  const row: Row = {
    scenario,
    poller: batch ? "after: batch-status" : "before: one by one",
    report,
    single: sandbox.requests.count("exchange-status") - single0,
    batch: sandbox.requests.count("exchanges-status") - batch0,
  };
  console.error(JSON.stringify(row));
  return row;
}

const rows: Row[] = [];
rows.push(await measure("nothing changes", false));
rows.push(await measure("nothing changes", true));
// 1 % of the deposits arrive before each of the two cycles.
let next = 0;
const deposit = () => {
  for (const id of ids.slice(next, next + N / 100)) sandbox.orders.deposit(id);
  next += N / 100;
};
deposit();
rows.push(await measure("1 % of the statuses move", false));
deposit();
rows.push(await measure("1 % of the statuses move", true));

console.log(
  `Machine: ${cpus()[0]?.model ?? "?"}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}`,
);
console.log(
  `Date: ${new Date().toISOString().slice(0, 10)}; ${N} open exchanges, sandbox latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY}`,
);
console.log("");
console.log("| scenario | poller | checks | status changes | exchange-status | exchanges-status | partner requests | cycle |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows)
  console.log(
    `| ${r.scenario} | ${r.poller} | ${r.report.checked} | ${r.report.changed} | ${r.single} | ${r.batch} | ${r.single + r.batch} | ${(r.report.ms / 1000).toFixed(2)} s |`,
  );

await store.close();
partner.close();
await sandbox.close();
await rm(dir, { recursive: true, force: true });
