/**
 * The cost of keeping updates on disk (issue 26): each getUpdates batch written before it is
 * confirmed, each update marked when its handling ends. Before (the runner confirms a batch while
 * it is handled, nothing written: `updatesOnDisk: false`) and after, in one run, on both backends.
 *
 *   npm run bench:updates-on-disk
 *
 * Two loads, the full bot (`startApp`, long polling) against the Bot API emulator and the sandbox
 * exchange, all in this process:
 *
 * - a flood: N people send /start at once; updates per second = N ÷ the time to the Nth answer
 *   (getUpdates batches of up to 100, so one write per batch);
 * - walks: W people walk the exchange flow at once with no pause (/exchange, two coins, an amount,
 *   Continue, two addresses: 7 updates each, one at a time per person, so about one update per
 *   batch); the latency of each step (from the person's action to the bot's answer) and the
 *   updates per second of the whole.
 *
 * Rounds alternate before and after, so a noisy moment of the machine hits both; the medians are
 * written to bench/updates-on-disk.results.md. PostgreSQL is a real server started here (a fresh
 * database per app); lowdb is a fresh temp directory per app.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { startApp, type App } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { startEmulator, type Emulator } from "../src/devtools/emulator/server.js";
import { startSandbox, type SandboxServer } from "../src/devtools/sandbox/server.js";
import { createLogger } from "../src/log.js";
import { btcToEth, Person } from "../test/crash/person.js";
import { PROMPTS } from "../test/crash/expectations.js";
import { freshDatabase, startPostgres } from "../test/postgres/server.js";

const FLOOD = Number(process.env.UPDATES_FLOOD ?? 1_000);
const WALKERS = Number(process.env.UPDATES_WALKERS ?? 20);
const ROUNDS = Number(process.env.UPDATES_ROUNDS ?? 3);
const STEPS = ["/exchange", "from coin", "to coin", "amount", "Continue", "destination", "refund"] as const;

type Backend = "lowdb" | "PostgreSQL";
type Mode = "before" | "after";

interface World {
  app: App;
  emulator: Emulator;
  sandbox: SandboxServer;
  close(): Promise<void>;
}

async function startWorld(mode: Mode, databaseUrl: string | undefined): Promise<World> {
  const dataDir = await mkdtemp(join(tmpdir(), "swapbot-bench-updates-"));
  const emulator = await startEmulator();
  const sandbox = await startSandbox({ lifecycle: "manual" });
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    POLL_INTERVAL_MS: "3600000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const sink = new Writable({ write: (_c, _e, done) => done() });
  const logger = createLogger({ level: "warn", secrets: [emulator.token, sandbox.apiKey], destination: sink });
  const app = await startApp({
    config,
    logger,
    botToken: emulator.token,
    telegramApiRoot: emulator.apiRoot,
    partnerApiUrl: sandbox.url,
    partnerApiKey: sandbox.apiKey,
    updatesOnDisk: mode === "after",
  });
  // The catalog is warm, as in a running bot.
  await app.catalog.index();
  return {
    app,
    emulator,
    sandbox,
    async close() {
      await app.stop();
      await emulator.close();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function tmpdir(): string {
  return os.tmpdir();
}

/** Updates per second of a flood of /start from FLOOD people. */
async function flood(w: World, firstUser: number, count = FLOOD): Promise<number> {
  let answered = 0;
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  const remove = w.emulator.onApiCall((call) => {
    if (call.ok && call.method === "sendMessage" && ++answered === count) done();
  });
  const users = Array.from({ length: count }, (_, i) => w.emulator.user({ id: firstUser + i, first_name: `U${i}`, language_code: "en" }));
  const t0 = performance.now();
  for (const user of users) user.sendText("/start");
  await all;
  remove();
  return count / ((performance.now() - t0) / 1000);
}

/** WALKERS people walk to the card at once: each step's latency (ms) and the updates per second. */
async function walks(w: World, firstUser: number): Promise<{ latencies: number[][]; rate: number }> {
  const latencies: number[][] = STEPS.map(() => []);
  const plan = btcToEth();
  const timed = async <T>(step: number, action: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await action();
    latencies[step]!.push(performance.now() - t);
    return result;
  };
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: WALKERS }, async (_, i) => {
      const p = new Person(w.emulator, firstUser + i, `W${i}`, { thinkMs: 0 });
      const pickFrom = await timed(0, () => p.send("/exchange", PROMPTS.pickFrom));
      const pickTo = await timed(1, () => p.press(pickFrom, `x:c:${plan.from}`, PROMPTS.pickTo));
      await timed(2, () => p.press(pickTo, `x:c:${plan.to}`, PROMPTS.amount));
      const quote = await timed(3, () => p.send(plan.amount, PROMPTS.quote));
      await timed(4, () => p.press(quote, "x:next", PROMPTS.destination));
      await timed(5, () => p.send(plan.destination, PROMPTS.refund));
      await timed(6, () => p.send(plan.refund, PROMPTS.card));
    }),
  );
  return { latencies, rate: (WALKERS * STEPS.length) / ((performance.now() - t0) / 1000) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? NaN;

interface Figures {
  flood: number[];
  walkRate: number[];
  /** CPU of this process (bot, emulator and sandbox) per update, ms, flood and walks together. */
  cpuPerUpdate: number[];
  /** lowdb: writes of live.json per update, flood and walks together. */
  liveWritesPerUpdate: number[];
  /** Every latency of every round, by step. */
  steps: number[][];
}

const server = await startPostgres();
const figures = new Map<string, Figures>();
const keyOf = (b: Backend, m: Mode) => `${b}/${m}`;
try {
  let user = 1_000_000;
  for (let round = 0; round < ROUNDS; round++) {
    for (const backend of ["lowdb", "PostgreSQL"] as const) {
      for (const mode of round % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const)) {
        const f = figures.get(keyOf(backend, mode)) ?? {
          flood: [],
          walkRate: [],
          cpuPerUpdate: [],
          liveWritesPerUpdate: [],
          steps: STEPS.map(() => []),
        };
        figures.set(keyOf(backend, mode), f);
        const w = await startWorld(mode, backend === "PostgreSQL" ? await freshDatabase(server.url) : undefined);
        try {
          // Warm-up, not counted: the first updates of a process pay for compiling its code.
          await flood(w, (user += FLOOD), 100);
          const cpu0 = process.cpuUsage();
          const writes0 = w.app.files?.live.stats.writes ?? 0;
          f.flood.push(await flood(w, (user += FLOOD)));
          const walk = await walks(w, (user += FLOOD));
          const cpu = process.cpuUsage(cpu0);
          const updates = FLOOD + WALKERS * STEPS.length;
          f.cpuPerUpdate.push((cpu.user + cpu.system) / 1000 / updates);
          if (w.app.files) f.liveWritesPerUpdate.push((w.app.files.live.stats.writes - writes0) / updates);
          f.walkRate.push(walk.rate);
          walk.latencies.forEach((l, i) => f.steps[i]!.push(...l));
        } finally {
          await w.close();
        }
        process.stdout.write(`round ${round + 1}: ${backend} ${mode} done\n`);
      }
    }
  }
} finally {
  await server.stop();
}

const lines: string[] = [];
const out = (line = "") => {
  lines.push(line);
  process.stdout.write(line + "\n");
};
out("# The cost of keeping updates on disk before they are confirmed");
out();
out("Produced by `npm run bench:updates-on-disk` (one run).");
out();
out(
  `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}`,
);
out(
  `Date: ${new Date().toISOString().slice(0, 10)}; long polling; a flood of ${FLOOD} /start from as many people, and ${WALKERS} people walking the flow at once (${STEPS.length} updates each); ${ROUNDS} rounds, before and after alternating; medians`,
);
out();
out("## Updates per second");
out();
out("| backend | flood before | flood after | after ÷ before | walks before | walks after | after ÷ before |");
out("|---|---|---|---|---|---|---|");
for (const backend of ["lowdb", "PostgreSQL"] as const) {
  const b = figures.get(keyOf(backend, "before"))!;
  const a = figures.get(keyOf(backend, "after"))!;
  const fb = median(b.flood);
  const fa = median(a.flood);
  const wb = median(b.walkRate);
  const wa = median(a.walkRate);
  out(
    `| ${backend} | ${fb.toFixed(0)}/s | ${fa.toFixed(0)}/s | ${(fa / fb).toFixed(2)}× | ${wb.toFixed(1)}/s | ${wa.toFixed(1)}/s | ${(wa / wb).toFixed(2)}× |`,
  );
}
out();
out("## CPU and writes per update (flood and walks together)");
out();
out("| backend | CPU ms before | CPU ms after | live.json writes before | live.json writes after |");
out("|---|---|---|---|---|");
for (const backend of ["lowdb", "PostgreSQL"] as const) {
  const b = figures.get(keyOf(backend, "before"))!;
  const a = figures.get(keyOf(backend, "after"))!;
  const writes = (xs: number[]) => (xs.length === 0 ? "–" : median(xs).toFixed(2));
  out(
    `| ${backend} | ${median(b.cpuPerUpdate).toFixed(2)} | ${median(a.cpuPerUpdate).toFixed(2)} | ${writes(b.liveWritesPerUpdate)} | ${writes(a.liveWritesPerUpdate)} |`,
  );
}
out();
out(`## Latency per step of the walks, ms (median / p95 over ${ROUNDS} × ${WALKERS} people)`);
out();
out("| step | lowdb before | lowdb after | PostgreSQL before | PostgreSQL after |");
out("|---|---|---|---|---|");
STEPS.forEach((step, i) => {
  const cell = (backend: Backend, mode: Mode) => {
    const xs = figures.get(keyOf(backend, mode))!.steps[i]!;
    return `${median(xs).toFixed(0)} / ${p95(xs).toFixed(0)}`;
  };
  out(
    `| ${step} | ${cell("lowdb", "before")} | ${cell("lowdb", "after")} | ${cell("PostgreSQL", "before")} | ${cell("PostgreSQL", "after")} |`,
  );
});
await writeFile(new URL("./updates-on-disk.results.md", import.meta.url), lines.join("\n") + "\n");
