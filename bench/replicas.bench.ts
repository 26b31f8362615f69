/**
 * What a webhook replica adds: 1, 2 and 3 replicas of the bot on one PostgreSQL, behind a
 * round-robin proxy, driven by people walking the exchange flow and an inline flood at once.
 *
 *   npm run bench:replicas
 *   BENCH_REPLICAS=1,2 BENCH_SECONDS=20 npm run bench:replicas   (a shorter run)
 *   BENCH_WALKERS=30 BENCH_TYPISTS=20 BENCH_THINK_MS=1000 …   (the load; the defaults below)
 *
 * Each replica is a child process started as deployed (the Procfile's Node flags, production
 * mode, `DATABASE_URL`, a webhook on a port of its own). The Bot API emulator posts updates over
 * 40 connections (Telegram's default `max_connections`) to one public address, which is a tiny
 * round-robin HTTP forwarder here, as a load balancer in front of replicas would be; it applies
 * Telegram's flood limits (30 messages a second over all chats, about one a second per chat), so
 * the 429s the bot meets are Telegram's. PostgreSQL (the embedded server the tests use, commits
 * flushed to disk), the emulator, the sandbox exchange and the people all run on the same machine.
 *
 * The load, for `BENCH_SECONDS` after a warm-up:
 * - **walkers**: people each walking the flow from /exchange to the confirmation card (seven
 *   steps: a command, three presses, an amount, two addresses), thinking `BENCH_THINK_MS` between
 *   steps, then the next person. A step's time is from the person's action to the bot's answer.
 * - **typists**: inline queries ("0.1 btc eth"), each from a new person, each typist sending the
 *   next as soon as the last is answered.
 *
 * Figures per replica count: updates answered per second (flow steps and inline answers), a flow
 * step's p50 and p95, CPU seconds used per second by the replicas, by PostgreSQL (its server and
 * backends) and by this process (emulator, proxy, sandbox, people), the database's share of that,
 * and the Bot API calls refused with 429. Prints a table and writes bench/replicas.results.md
 * (its "## Reading" section and what follows are kept).
 */
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { startEmulator, type Emulator } from "../src/devtools/emulator/server.js";
import { startSandbox } from "../src/devtools/sandbox/server.js";
import { BOT_NODE_OPTIONS, BotProcess, sandboxedBotEnv } from "../test/crash/bot-process.js";
import { PROMPTS } from "../test/crash/expectations.js";
import { btcToEth, Person } from "../test/crash/person.js";
import { freePort, freshDatabase, startPostgres } from "../test/postgres/server.js";
import { machineCpuMs, parentPid, processCpuMs, serverCpuMs } from "./process-figures.js";
import { machineLine, measuredCommit, resultsReport } from "./results-file.js";

const REPLICAS = (process.env.BENCH_REPLICAS ?? "1,2,3").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WALKERS = Number(process.env.BENCH_WALKERS ?? 30);
const TYPISTS = Number(process.env.BENCH_TYPISTS ?? 20);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1_000);
/** Load before the measured window: connections opened, the catalog and the quote warm. */
const WARM_UP_MS = 5_000;
/** Telegram's default `max_connections` for a webhook. */
const WEBHOOK_CONNECTIONS = 40;
/** A step not answered in this long counts as failed (a person gives up), not as a time. */
const STEP_LIMIT_MS = 60_000;
const TOKEN = "123456:BENCH-REPLICAS-emulator-0001";
const PUBLIC_HOOK = "https://bot.example.com/telegram/hook";
const SECRET = "bench-replicas-secret";

/** What one run (one replica count) measured. */
interface Figures {
  replicas: number;
  seconds: number;
  steps: number;
  stepsFailed: number;
  walks: number;
  inline: number;
  stepP50: number;
  stepP95: number;
  /** CPU seconds per second of the measured window. */
  replicasCpu: number;
  dbCpu: number;
  benchCpu: number;
  /** The machine's busy share over the window (everyone's work, other users' included), 0..1. */
  machineBusy: number;
  refused429: number;
  /** Bot API calls refused with 429 by method. */
  refusedBy: Record<string, number>;
  /** PostgreSQL statements the replicas sent per second (a transaction counts as one write), and their mean time, ms. */
  statementsPerSecond: number;
  statementMeanMs: number;
}

/** The store's statement count and total seconds so far, summed over the replicas' /metrics. */
async function statementTotals(ports: readonly number[]): Promise<{ count: number; seconds: number }> {
  let count = 0;
  let seconds = 0;
  for (const port of ports) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
    for (const line of text.split("\n")) {
      const m = /^store_statement_duration_seconds_(count|sum)\{[^}]*\} (\S+)$/.exec(line);
      if (m?.[1] === "count") count += Number(m[2]);
      else if (m?.[1] === "sum") seconds += Number(m[2]);
    }
  }
  return { count, seconds };
}

/** A forwarder that sends each request to the next of `ports` in turn, as a load balancer would. */
async function roundRobinProxy(ports: readonly number[]): Promise<{ port: number; close(): Promise<void> }> {
  // Idle sockets closed before the replicas' servers close them (Node's keep-alive timeout, 5 s):
  // Node's Agent ignores the server's Keep-Alive hint, and a socket reused as it closes fails.
  const agent = new Agent({ keepAlive: true, timeout: 4_000 });
  let next = 0;
  const server: Server = createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    const headers: IncomingHttpHeaders = { ...req.headers, host: `127.0.0.1:${port}` };
    const upstream = request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end("bad gateway");
    });
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The PostgreSQL server's main process, found through a backend's parent. */
async function postmasterOf(databaseUrl: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    return parentPid(rows[0]!.pid);
  } finally {
    await client.end();
  }
}

/** The `q` quantile of `xs` (nearest rank), NaN for none. */
function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** One person's walk to the confirmation card; each step's time goes to `record` while `measuring()`. */
async function walk(person: Person, record: (ms: number | undefined) => void): Promise<void> {
  const plan = btcToEth();
  const timed = async <T>(step: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      const result = await step();
      record(performance.now() - t0);
      return result;
    } catch (err) {
      record(undefined);
      throw err;
    }
  };
  const pickFrom = await timed(() => person.send("/exchange", PROMPTS.pickFrom, STEP_LIMIT_MS));
  await person.think();
  const pickTo = await timed(() => person.press(pickFrom, `x:c:${plan.from}`, PROMPTS.pickTo, STEP_LIMIT_MS));
  await person.think();
  await timed(() => person.press(pickTo, `x:c:${plan.to}`, PROMPTS.amount, STEP_LIMIT_MS));
  await person.think();
  const quote = await timed(() => person.send(plan.amount, PROMPTS.quote, STEP_LIMIT_MS));
  await person.think();
  await timed(() => person.press(quote, "x:next", PROMPTS.destination, STEP_LIMIT_MS));
  await person.think();
  await timed(() => person.send(plan.destination, PROMPTS.refund, STEP_LIMIT_MS));
  await person.think();
  await timed(() => person.send(plan.refund, PROMPTS.card, STEP_LIMIT_MS));
}

/** Runs the load against `replicas` replicas on a fresh database and measures it. */
async function measure(serverUrl: string, replicas: number): Promise<Figures> {
  const databaseUrl = await freshDatabase(serverUrl);
  const postmaster = await postmasterOf(databaseUrl);
  let proxyPort = 0;
  const emulator: Emulator = await startEmulator({
    token: TOKEN,
    webhookConnections: WEBHOOK_CONNECTIONS,
    webhookRoute: (url) => `http://127.0.0.1:${proxyPort}${new URL(url).pathname}`,
    floodLimits: true,
  });
  const sandbox = await startSandbox({ lifecycle: "manual", seed: 7 });
  const bots: BotProcess[] = [];
  const dirs: string[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>> | undefined;
  try {
    const ports: number[] = [];
    for (let i = 0; i < replicas; i++) ports.push(await freePort());
    proxy = await roundRobinProxy(ports);
    proxyPort = proxy.port;
    // One at a time: the first runs the migrations, the others find them done.
    for (const port of ports) {
      const dataDir = await mkdtemp(join(os.tmpdir(), "bench-replicas-"));
      dirs.push(dataDir);
      const bot = new BotProcess({
        emulator,
        mode: "webhook",
        startTimeoutMs: 60_000,
        env: {
          ...sandboxedBotEnv(emulator, sandbox, dataDir),
          DATABASE_URL: databaseUrl,
          WEBHOOK_URL: PUBLIC_HOOK,
          WEBHOOK_SECRET: SECRET,
          PORT: String(port),
        },
      });
      await bot.start();
      bots.push(bot);
    }

    const refusedBy: Record<string, number> = {};
    let inlineAnswered = 0;
    let measuring = false;
    const inlineWaiters = new Map<string, () => void>();
    const off = emulator.onApiCall((call) => {
      if (!call.ok && call.error?.code === 429 && measuring) refusedBy[call.method] = (refusedBy[call.method] ?? 0) + 1;
      if (call.ok && call.method === "answerInlineQuery") {
        const id = String(call.params.inline_query_id);
        inlineWaiters.get(id)?.();
        inlineWaiters.delete(id);
      }
    });

    const steps: number[] = [];
    let stepsFailed = 0;
    let walks = 0;
    let stopping = false;
    let nextPerson = 2_000_000;
    const walker = async () => {
      while (!stopping) {
        const person = new Person(emulator, nextPerson++, "Walker", { thinkMs: THINK_MS, waitMs: STEP_LIMIT_MS });
        try {
          await walk(person, (ms) => {
            if (!measuring) return;
            if (ms === undefined) stepsFailed++;
            else steps.push(ms);
          });
          if (measuring) walks++;
        } catch {
          // Counted as a failed step; the next person starts.
        }
        await person.think();
      }
    };
    const typist = async () => {
      while (!stopping) {
        const user = emulator.user({ id: nextPerson++, first_name: "Typist", language_code: "en" });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, STEP_LIMIT_MS);
          const sent = user.inlineQuery("0.1 btc eth");
          inlineWaiters.set(String(sent.inline_query_id), () => {
            clearTimeout(timer);
            if (measuring) inlineAnswered++;
            resolve();
          });
        });
      }
    };
    const load = [...Array.from({ length: WALKERS }, walker), ...Array.from({ length: TYPISTS }, typist)];

    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
    const cpu = () => ({
      replicas: bots.reduce((sum, b) => sum + processCpuMs(b.pid!), 0),
      db: postmaster === undefined ? Number.NaN : serverCpuMs(postmaster),
      bench: process.cpuUsage(),
      machine: machineCpuMs(),
    });
    const s0 = await statementTotals(ports);
    const c0 = cpu();
    const t0 = performance.now();
    measuring = true;
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    measuring = false;
    const seconds = (performance.now() - t0) / 1000;
    const c1 = cpu();
    const s1 = await statementTotals(ports);
    stopping = true;
    await Promise.all(load);
    off();

    const benchUs = c1.bench.user + c1.bench.system - c0.bench.user - c0.bench.system;
    return {
      replicas,
      seconds,
      steps: steps.length,
      stepsFailed,
      walks,
      inline: inlineAnswered,
      stepP50: quantile(steps, 0.5),
      stepP95: quantile(steps, 0.95),
      replicasCpu: (c1.replicas - c0.replicas) / 1000 / seconds,
      dbCpu: (c1.db - c0.db) / 1000 / seconds,
      benchCpu: benchUs / 1e6 / seconds,
      machineBusy: (c1.machine.busy - c0.machine.busy) / (c1.machine.total - c0.machine.total),
      refused429: Object.values(refusedBy).reduce((a, b) => a + b, 0),
      refusedBy,
      statementsPerSecond: (s1.count - s0.count) / seconds,
      statementMeanMs: (1000 * (s1.seconds - s0.seconds)) / Math.max(1, s1.count - s0.count),
    };
  } finally {
    for (const bot of bots) await bot.stop();
    await proxy?.close();
    await emulator.close();
    await sandbox.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

const commit = measuredCommit();
const postgres = await startPostgres();
const results: Figures[] = [];
try {
  for (const replicas of REPLICAS) {
    const f = await measure(postgres.url, replicas);
    results.push(f);
    console.error(
      `${replicas} replica(s): ${((f.steps + f.inline) / f.seconds).toFixed(0)} updates/s, step p95 ${f.stepP95.toFixed(0)} ms, ` +
        `CPU replicas ${f.replicasCpu.toFixed(2)} db ${f.dbCpu.toFixed(2)} bench ${f.benchCpu.toFixed(2)}, 429s ${f.refused429}`,
    );
  }
} finally {
  await postgres.stop();
}

const report = resultsReport();
const out = report.out;
const pct = (x: number) => `${(100 * x).toFixed(0)} %`;
out("# Webhook replicas on one PostgreSQL: what a replica adds");
out();
out("Produced by `npm run bench:replicas` (one run).");
out();
out(machineLine());
out(
  `Date: ${new Date().toISOString().slice(0, 10)}; commit ${commit.described}; ${SECONDS} s measured per replica count after ${WARM_UP_MS / 1000} s of warm-up; ${WALKERS} people walking the flow (${THINK_MS} ms between steps), ${TYPISTS} inline queries in flight at once; each replica a process started with ${BOT_NODE_OPTIONS.join(" ")}; Telegram's flood limits on`,
);
out();
out(
  "| replicas | updates/s (steps + inline) | flow steps | walks finished | inline answers | step p50 / p95 | CPU s/s: replicas · PostgreSQL · bench | PostgreSQL's share | machine busy | statements/s (mean) | 429s |",
);
out("|---|---|---|---|---|---|---|---|---|---|---|");
for (const f of results) {
  const total = f.replicasCpu + f.dbCpu + f.benchCpu;
  const refused = Object.entries(f.refusedBy)
    .map(([m, n]) => `${m} ${n}`)
    .join(", ");
  out(
    `| ${f.replicas} | ${((f.steps + f.inline) / f.seconds).toFixed(0)} | ${f.steps}${f.stepsFailed > 0 ? ` (+${f.stepsFailed} unanswered)` : ""} | ${f.walks} | ${f.inline} | ${f.stepP50.toFixed(0)} / ${f.stepP95.toFixed(0)} ms | ${f.replicasCpu.toFixed(2)} · ${f.dbCpu.toFixed(2)} · ${f.benchCpu.toFixed(2)} | ${pct(f.dbCpu / total)} | ${pct(f.machineBusy)} | ${f.statementsPerSecond.toFixed(0)} (${f.statementMeanMs.toFixed(1)} ms) | ${f.refused429}${refused === "" ? "" : ` (${refused})`} |`,
  );
}

await report.write(new URL("./replicas.results.md", import.meta.url));
