/**
 * The status poller on PostgreSQL with one replica and with two: 10,000 open exchanges (env
 * BENCH_EXCHANGES), the sandbox exchange answering in 50 ms, concurrency 16 per replica. Measures
 * one cycle (from "go" to the last replica's report) and its ratio to one replica's (target: two
 * replicas at most 0.6 × one replica's cycle), and checks that the claims split the work: every
 * exchange checked exactly once per cycle, one `exchange-status` request each.
 *
 *   npm run bench:poller-replicas   (writes nothing; copy the printed figures to poller-replicas.results.md)
 *   BENCH_EXCHANGES=1000 npm run bench:poller-replicas   (a quick run)
 *   BENCH_CPU_PROF=<folder> …   (each replica writes a V8 CPU profile there)
 *
 * Each replica is a child process of its own, as real replicas are (one Node process is one
 * thread: two pollers in it would share one core): this file run with `--replica`. It opens the
 * store, the partner client and a poller, says "ready", runs one cycle on "go" and prints its
 * report, its CPU time and the queries it sent. PostgreSQL (the embedded server the tests use) and
 * the sandbox (in this process) run on the same machine, so the figures include their share of
 * its cores; their CPU is measured too.
 *
 * Scenarios, on the same data, each on a clock an hour later than the one before so that every
 * exchange is due again: nothing changes (1 replica, then 2), then every status changes (the
 * deposits arrive: 1 replica; the exchanges start: 2 replicas).
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import os from "node:os";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Decimal } from "decimal.js";
import pg from "pg";
import { startSandbox } from "../src/devtools/sandbox/server.js";
import { createPartnerClient } from "../src/partner/client.js";
import { createPoller, type CycleReport } from "../src/poller/poller.js";
import { openPostgresStore } from "../src/store/postgres/postgres-store.js";
import { freshDatabase, startPostgres } from "../test/postgres/server.js";
import { seedOpenExchanges } from "./open-exchanges.js";
import { machineCpuMs, parentPid, serverCpuMs } from "./process-figures.js";

const N = Number(process.env.BENCH_EXCHANGES ?? 10_000);
const LATENCY_MS = 50;
const CONCURRENCY = 16;
const HOUR = 3_600_000;
const here = fileURLToPath(import.meta.url);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** What the main process tells a replica. */
interface ReplicaConfig {
  databaseUrl: string;
  partnerUrl: string;
  apiKey: string;
  owner: string;
  /** Added to the real clock, so that the previous scenario's schedule is due. */
  offsetMs: number;
}

/** What a replica reports after its cycle. */
interface ReplicaFigures {
  owner: string;
  report: CycleReport;
  /** The process's CPU time during the cycle (user + system), and the system part of it. */
  cpuUs: number;
  systemUs: number;
  /** The share of the cycle the event loop was busy (0..1): 1 means the replica's thread was the limit. */
  loopBusy: number;
  notices: number;
  /** Statements sent to PostgreSQL during the cycle, by kind. */
  queries: Record<string, number>;
}

/** The kind of a statement the store sends, for counting. */
function statementKind(sql: string): string {
  const s = sql.replace(/\s+/g, " ").trim();
  if (s.startsWith("WITH due AS")) return "claim";
  if (/^UPDATE exchanges (e )?SET lease_owner/.test(s)) return "release";
  if (s.startsWith("SELECT record FROM exchanges WHERE id = $1 FOR UPDATE")) return "update (lock)";
  if (s.startsWith("UPDATE exchanges SET user_id")) return "update (write)";
  if (s === "BEGIN" || s === "COMMIT") return "begin/commit";
  if (s.startsWith("SELECT record FROM exchanges WHERE id = $1")) return "get";
  return s.slice(0, 40);
}

/** Counts every statement sent by any pg client of this process (the pool's included). */
function countStatements(): Map<string, number> {
  const counts = new Map<string, number>();
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    const text = typeof q === "string" ? q : typeof q === "object" && q !== null && "text" in q ? String(q.text) : "?";
    const kind = statementKind(text);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    return original.apply(this, args);
  };
  return counts;
}

/** Replica mode: one poller, one cycle on "go". */
async function replica(config: ReplicaConfig): Promise<void> {
  const statements = countStatements();
  const store = await openPostgresStore({ url: config.databaseUrl });
  const partner = createPartnerClient({ baseUrl: config.partnerUrl, apiKey: config.apiKey });
  let notices = 0;
  const poller = createPoller({
    store,
    partner,
    notices: {
      notice: () => {
        notices++;
        return Promise.resolve();
      },
    },
    logger: silent,
    intervalMs: 30_000,
    maxAgeMs: 7 * 86_400_000,
    concurrency: CONCURRENCY,
    owner: config.owner,
    now: () => new Date(Date.now() + config.offsetMs),
  });
  // The pool's connections opened before the cycle, as a running replica's are.
  await Promise.all(Array.from({ length: 10 }, () => store.exchanges.has("warm-up")));

  // "go" starts the cycle; the end of stdin lets the process close (after the main process has
  // read the database server's CPU time, so the connections' ends do not race that reading).
  const lines = createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) =>
    lines.on("line", (line) => {
      if (line === "go") resolve();
    }),
  );
  const end = new Promise<void>((resolve) => lines.on("close", resolve));
  process.stdout.write("ready\n");
  await go;
  statements.clear();
  const cpu0 = process.cpuUsage();
  const loop0 = performance.eventLoopUtilization();
  const report = await poller.runCycle();
  const cpu = process.cpuUsage(cpu0);
  const loopBusy = performance.eventLoopUtilization(loop0).utilization;
  const figures: ReplicaFigures = {
    owner: config.owner,
    report,
    cpuUs: cpu.user + cpu.system,
    systemUs: cpu.system,
    loopBusy,
    notices,
    queries: Object.fromEntries(statements),
  };
  process.stdout.write(JSON.stringify(figures) + "\n");
  await end;
  await poller.stop();
  partner.close();
  await store.close();
}

/** A replica process, started and waiting for "go". */
interface Started {
  proc: ChildProcessByStdio<Writable, Readable, null>;
  /** The replica's report, and when it arrived (performance.now()). */
  result: Promise<{ figures: ReplicaFigures; at: number }>;
  exited: Promise<void>;
}

async function startReplica(config: ReplicaConfig): Promise<Started> {
  // BENCH_CPU_PROF=<folder>: a V8 CPU profile per replica (Chrome DevTools opens it).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const proc = spawn(process.execPath, [...profile, "--import", "tsx", here, "--replica", JSON.stringify(config)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve, reject) => {
    proc.on("error", reject);
    proc.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`replica ${config.owner} exited ${code}`))));
  });
  const lines = createInterface({ input: proc.stdout });
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const result = new Promise<{ figures: ReplicaFigures; at: number }>((resolve, reject) => {
    lines.on("line", (line) => {
      if (line === "ready") ready();
      else resolve({ figures: JSON.parse(line) as ReplicaFigures, at: performance.now() });
    });
    // A replica that dies mid-cycle ends the run rather than leaving it waiting (no-op once resolved).
    proc.on("close", (code) => reject(new Error(`replica ${config.owner} exited ${code} without a report`)));
  });
  await Promise.race([isReady, exited]);
  return { proc, result, exited };
}

/** What one scenario measured. */
interface Scenario {
  label: string;
  replicas: number;
  wallMs: number;
  figures: ReplicaFigures[];
  requests: number;
  distinctIds: number;
  sandboxCpuMs: number;
  serverCpuMs: number;
  /** The machine's cores busy during the cycle, any process's work (others' included): 0..cores. */
  coresBusy: number;
}

async function main(): Promise<void> {
  const server = await startPostgres();
  const sandbox = await startSandbox({ lifecycle: "manual" });
  try {
    const databaseUrl = await freshDatabase(server.url);
    // Seeding: the orders through the sandbox's HTTP API, the records into PostgreSQL.
    const t0 = performance.now();
    const seeder = await openPostgresStore({ url: databaseUrl });
    const partner = createPartnerClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    // With the amounts the service quotes, as the bot stores them, so that a check finds nothing new.
    const ids = await seedOpenExchanges(partner, N, (rec) => {
      const order = sandbox.orders.get(rec.id)!;
      const expectedAmountFrom = new Decimal(order.expectedAmountFrom).toFixed();
      const expectedAmountTo = new Decimal(order.expectedAmountTo).toFixed();
      return seeder.exchanges.insert({ ...rec, expectedAmountFrom, expectedAmountTo });
    });
    partner.close();
    await seeder.close();
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    await pool.query("ANALYZE");
    const postmaster = parentPid((await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid) ?? 0;
    await pool.end();
    console.error(`seeded ${N} exchanges in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    sandbox.setLatency(LATENCY_MS);

    let hour = 0;
    const run = async (label: string, replicas: number): Promise<Scenario> => {
      hour++;
      const started = await Promise.all(
        Array.from({ length: replicas }, (_, i) =>
          startReplica({ databaseUrl, partnerUrl: sandbox.url, apiKey: sandbox.apiKey, owner: `replica-${i + 1}`, offsetMs: hour * HOUR }),
        ),
      );
      sandbox.requests.reset();
      const cpu0 = process.cpuUsage();
      const server0 = serverCpuMs(postmaster);
      const machine0 = machineCpuMs();
      const go = performance.now();
      for (const s of started) s.proc.stdin.write("go\n");
      const results = await Promise.all(started.map((s) => s.result));
      const wallMs = Math.max(...results.map((r) => r.at)) - go;
      const cpu = process.cpuUsage(cpu0);
      const serverMs = serverCpuMs(postmaster) - server0;
      const machine1 = machineCpuMs();
      for (const s of started) s.proc.stdin.end();
      await Promise.all(started.map((s) => s.exited));
      const statusRequests = sandbox.requests.list().filter((r) => r.endpoint === "exchange-status");
      const scenario: Scenario = {
        label,
        replicas,
        wallMs,
        figures: results.map((r) => r.figures),
        requests: statusRequests.length,
        distinctIds: new Set(statusRequests.map((r) => r.params.id)).size,
        sandboxCpuMs: (cpu.user + cpu.system) / 1000,
        serverCpuMs: serverMs,
        coresBusy: ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * os.cpus().length,
      };
      console.error(label, replicas, JSON.stringify(scenario));
      return scenario;
    };

    const scenarios: Scenario[] = [];
    scenarios.push(await run("no status changes", 1));
    scenarios.push(await run("no status changes", 2));
    for (const id of ids) sandbox.orders.deposit(id);
    scenarios.push(await run("every status changes", 1));
    for (const id of ids) sandbox.orders.advance(id);
    scenarios.push(await run("every status changes", 2));
    report(scenarios);
  } finally {
    await sandbox.close();
    await server.stop();
  }
}

/** Prints the figures as markdown, and whether every check was as expected. */
function report(scenarios: Scenario[]): void {
  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus[0]?.model ?? "?"}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  console.log(
    `Date: ${new Date().toISOString().slice(0, 10)}; ${N} open exchanges, sandbox latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY} per replica; load average at the end ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(", ")}`,
  );
  console.log("");
  console.log(
    "| cycle | replicas | cycle time | ideal | ratio vs one replica | checks per replica | partner requests (distinct exchanges) | replica CPU per check | PostgreSQL CPU per check | sandbox CPU per check | cores busy (machine) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  const problems: string[] = [];
  for (const s of scenarios) {
    const one = scenarios.find((o) => o.label === s.label && o.replicas === 1);
    const checked = s.figures.reduce((a, f) => a + f.report.checked, 0);
    const per = (ms: number) => (Number.isNaN(ms) ? "—" : `${((ms * 1000) / Math.max(1, checked)).toFixed(0)} µs`);
    const replicaCpuMs = s.figures.reduce((a, f) => a + f.cpuUs, 0) / 1000;
    const ideal = (N * LATENCY_MS) / (CONCURRENCY * s.replicas);
    console.log(
      `| ${s.label} | ${s.replicas} | ${(s.wallMs / 1000).toFixed(2)} s | ${(ideal / 1000).toFixed(2)} s | ${one ? (s.wallMs / one.wallMs).toFixed(3) : "—"} | ${s.figures.map((f) => f.report.checked).join(" + ")} | ${s.requests} (${s.distinctIds}) | ${per(replicaCpuMs)} | ${per(s.serverCpuMs)} | ${per(s.sandboxCpuMs)} | ${Number.isNaN(s.coresBusy) ? "—" : s.coresBusy.toFixed(2)} |`,
    );
    const where = `${s.label}, ${s.replicas} replica(s)`;
    if (checked !== N) problems.push(`${where}: ${checked} checks, not ${N}`);
    if (s.requests !== N || s.distinctIds !== N) problems.push(`${where}: ${s.requests} status requests for ${s.distinctIds} exchanges`);
    const changed = s.figures.reduce((a, f) => a + f.report.changed, 0);
    if (changed !== (s.label === "every status changes" ? N : 0)) problems.push(`${where}: ${changed} status changes`);
    if (s.figures.some((f) => f.report.failed > 0 || f.report.aborted)) problems.push(`${where}: failed checks`);
  }
  console.log("");
  console.log("Per replica (cycle time inside the replica):");
  console.log("");
  for (const s of scenarios) {
    for (const f of s.figures) {
      const q = Object.entries(f.queries)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${(v / Math.max(1, f.report.checked)).toFixed(2)}`)
        .join(", ");
      console.log(
        `- ${s.label}, ${s.replicas} replica(s), ${f.owner}: ${(f.report.ms / 1000).toFixed(2)} s, ${f.report.checked} checks, ${f.report.changed} changes, ${f.notices} notices; CPU ${(f.cpuUs / Math.max(1, f.report.checked)).toFixed(0)} µs per check (${((100 * f.systemUs) / Math.max(1, f.cpuUs)).toFixed(0)} % system), event loop busy ${(100 * f.loopBusy).toFixed(0)} %; statements per check: ${q}`,
      );
    }
  }
  console.log("");
  console.log(
    problems.length === 0 ? "Every exchange was checked exactly once per cycle, with one status request each." : problems.join("\n"),
  );
  if (problems.length > 0) process.exitCode = 1;
}

if (process.argv[2] === "--replica") await replica(JSON.parse(process.argv[3] ?? "{}") as ReplicaConfig);
else await main();
