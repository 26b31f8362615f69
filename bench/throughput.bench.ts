/**
 * Updates per second: the full bot against a bare grammY bot, each a child process started with
 * the Procfile's Node flags, in the same run.
 *
 *   npm run bench:throughput
 *   BENCH_BEFORE=<git ref> npm run bench:throughput   (an earlier commit measured too, in the same run)
 *   BENCH_ROUNDS=1 BENCH_FLOOD=500 BENCH_MODES=polling BENCH_KINDS=start …   (a quick look)
 *   BENCH_CPU_PROF=<folder> …   (each bot, the bare one too, writes a V8 CPU profile there)
 *   BENCH_WARMUP=0 …   (no warm-up flood: a bot's first seconds, its code not yet optimised)
 *
 * A flood of N updates (BENCH_FLOOD, 4,000 by default) from N different people (a /start each, or an inline query each) is queued
 * at the Bot API emulator at once; the bot drains it by long polling, or takes it by webhook (the
 * emulator posts over 40 connections, Telegram's default `max_connections`, a chat's updates one
 * at a time). The rate is N divided by the time from the flood to the emulator's Nth answer.
 *
 * Each bot runs alone in its own process, as deployed: the full bot is its build (`dist/main.js`,
 * laid out as the image by test/crash/build-setup.ts, run as the Procfile runs it) in production
 * mode with nothing but the environment it needs (default limits and log level; the data in files,
 * fresh for each run), against the sandbox exchange. Not `src/main.ts` through tsx, as this bench
 * ran it before: tsx's esbuild wraps every named function in a `__name` call and maps sources, a
 * cost no deployment pays (1–2 % of an update's CPU in the profiles). The bare bot (bench/bare-grammy-bot.ts)
 * answers each update with one call. Before the measured flood, each bot drains a warm-up flood of
 * the same kind from other people (BENCH_WARMUP, 2,000 by default): the figure is the rate of a bot
 * that has been running, as a deployed one has. Without it, a flood of 2,000 lasts a second or two,
 * much of it spent before V8 has optimised the code an update runs through, and the full bot runs
 * through far more code than the bare one. The emulator and the sandbox run in this process and cost
 * the same per update whichever bot drains the flood: the ratio full ÷ bare is the figure. Besides
 * the rate, the bot's CPU per update (from /proc, Linux) and its resident memory, idle after a
 * warm-up update and at its peak.
 *
 * With BENCH_BEFORE, the tree of that commit (git archive, this checkout's node_modules), built the
 * same way, runs as a third bot, so figures before and after a change come from one run on the same machine. The
 * rounds interleave the bots in a rotating order, so a noisy moment of a shared machine hits each.
 *
 * Prints a table and writes the top of bench/throughput.results.md (its "## Reading" section and
 * what follows are kept).
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulator, type Emulator } from "../src/devtools/emulator/server.js";
import { startSandbox, type SandboxServer } from "../src/devtools/sandbox/server.js";
import { buildBot } from "../test/crash/build-setup.js";
import { BOT_NODE_OPTIONS, BotProcess, sandboxedBotEnv } from "../test/crash/bot-process.js";
import { freePort } from "../test/postgres/server.js";
import { processCpuMs, processMemoryMb } from "./process-figures.js";
import { machineLine, measuredCommit, resultsReport } from "./results-file.js";

// A warm bot drains 2,000 by long polling in under a second, where a scheduling hiccup of the
// shared machine moved a round's rate by a fifth: 4,000 halves that.
const FLOOD = Number(process.env.BENCH_FLOOD ?? 4_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MODES = (process.env.BENCH_MODES ?? "polling,webhook").split(",") as Mode[];
const KINDS = (process.env.BENCH_KINDS ?? "start,inline").split(",") as Kind[];
const BEFORE = process.env.BENCH_BEFORE;
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** Telegram's default `max_connections` for a webhook: the bot's setWebhook sets none. */
const WEBHOOK_CONNECTIONS = 40;
/** A flood not drained in this long is a failure, not a figure. */
const FLOOD_LIMIT_MS = 180_000;
const TOKEN = "123456:BENCH-THROUGHPUT-emulator-0001";
const PUBLIC_HOOK = "https://bot.example.com/telegram/hook";
const SECRET = "bench-webhook-secret";
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

type Kind = "start" | "inline";
type Mode = "polling" | "webhook";
/** The bots measured: the bare grammY bot, this checkout, and BENCH_BEFORE's tree when given. */
type BotName = "bare" | "before" | "after";

/** The answer method that closes one update of `kind`. */
const ANSWER: Record<Kind, string> = { start: "sendMessage", inline: "answerInlineQuery" };

/** What one flood measured of one bot. */
interface Figures {
  /** Updates per second. */
  rate: number;
  /** The bot process's CPU time (user + system) per update of the flood, ms. */
  cpuMs: number;
  /** Resident memory after start-up and a warm-up update, and the peak by the flood's end, MB. */
  idleMb: number;
  peakMb: number;
}

/** A bot process under test. */
interface RunningBot {
  pid: number;
  stop(): Promise<void>;
}

/** Node's flags that make a bot write its CPU profile into BENCH_CPU_PROF, when it is set. */
const profileArgs = (): string[] => (CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF}`] : []);

/** Starts the bare grammY bot; resolves once it says it takes updates. */
async function startBare(emulator: Emulator, mode: Mode, port: number): Promise<RunningBot> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", BOT_TOKEN: emulator.token, TELEGRAM_API_ROOT: emulator.apiRoot };
  if (mode === "webhook") Object.assign(env, { PORT: String(port), WEBHOOK_URL: PUBLIC_HOOK, WEBHOOK_SECRET: SECRET });
  const child: ChildProcess = spawn(
    process.execPath,
    [...BOT_NODE_OPTIONS, ...profileArgs(), "--import", "tsx", "bench/bare-grammy-bot.ts"],
    {
      cwd: REPO_ROOT,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the bare bot exited during start-up (code ${code})`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    pid: child.pid!,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Starts the full bot built in `built` in production mode; resolves once it takes updates. */
async function startFull(
  built: string,
  emulator: Emulator,
  sandbox: SandboxServer,
  mode: Mode,
  port: number,
  dataDir: string,
): Promise<RunningBot> {
  const bot = new BotProcess({
    emulator,
    mode,
    built,
    nodeArgs: profileArgs(),
    startTimeoutMs: 60_000,
    env: {
      ...sandboxedBotEnv(emulator, sandbox, dataDir),
      ...(mode === "webhook" ? { WEBHOOK_URL: PUBLIC_HOOK, WEBHOOK_SECRET: SECRET, PORT: String(port) } : {}),
    },
  });
  await bot.start();
  return {
    pid: bot.pid!,
    async stop() {
      await bot.stop();
    },
  };
}

/** Sends one update of `kind` from person `id` and resolves when its answer reached the emulator. */
function oneAnswered(emulator: Emulator, kind: Kind, id: number): Promise<void> {
  return new Promise((resolve) => {
    const off = emulator.onApiCall((call) => {
      if (call.ok && call.method === ANSWER[kind]) {
        off();
        resolve();
      }
    });
    const person = emulator.user({ id, first_name: "Warm", language_code: "en" });
    if (kind === "start") person.sendText("/start");
    else person.inlineQuery("0.1 btc eth");
  });
}

/**
 * Queues a flood of `size` updates from people numbered from `firstId` and resolves with its
 * seconds once the emulator has the last answer.
 */
async function flood(emulator: Emulator, kind: Kind, size: number, firstId: number): Promise<number> {
  let answered = 0;
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  const off = emulator.onApiCall((call) => {
    if (call.ok && call.method === ANSWER[kind] && ++answered === size) done();
  });
  const people = Array.from({ length: size }, (_, i) => emulator.user({ id: firstId + i, first_name: `P${i}`, language_code: "en" }));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the flood was not drained in ${FLOOD_LIMIT_MS} ms (${answered} answered)`)), FLOOD_LIMIT_MS);
  });
  const t0 = performance.now();
  for (const person of people) {
    if (kind === "start") person.sendText("/start");
    else person.inlineQuery("0.1 btc eth");
  }
  try {
    await Promise.race([all, late]);
    return (performance.now() - t0) / 1000;
  } finally {
    clearTimeout(timer);
    off();
  }
}

/** One flood of `kind` drained by bot `name` in `mode`, everything started afresh for it. */
async function measure(name: BotName, roots: Record<BotName, string>, mode: Mode, kind: Kind): Promise<Figures> {
  let port = 0;
  const emulator = await startEmulator({
    token: TOKEN,
    webhookConnections: WEBHOOK_CONNECTIONS,
    webhookRoute: (url) => `http://127.0.0.1:${port}${new URL(url).pathname}`,
  });
  const sandbox = await startSandbox({ lifecycle: "manual", seed: 7 });
  const dataDir = await mkdtemp(join(os.tmpdir(), "bench-throughput-"));
  let bot: RunningBot | undefined;
  try {
    port = await freePort();
    bot = name === "bare" ? await startBare(emulator, mode, port) : await startFull(roots[name], emulator, sandbox, mode, port, dataDir);
    // The catalog and the one quote every inline query asks for are warm, as in a running bot.
    await oneAnswered(emulator, kind, 999);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idleMb = processMemoryMb(bot.pid).now;
    if (WARMUP > 0) {
      await flood(emulator, kind, WARMUP, 2_000_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const cpu0 = processCpuMs(bot.pid);
    const seconds = await flood(emulator, kind, FLOOD, 1_000_000);
    const cpuMs = (processCpuMs(bot.pid) - cpu0) / FLOOD;
    return { rate: FLOOD / seconds, cpuMs, idleMb, peakMb: processMemoryMb(bot.pid).peak };
  } finally {
    await bot?.stop();
    await emulator.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The tree of commit `ref` in a temporary folder, with this checkout's node_modules; and its commit. */
async function treeOf(ref: string): Promise<{ dir: string; commit: string }> {
  const commit = execFileSync("git", ["rev-parse", "--short", `${ref}^{commit}`], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
  const dir = await mkdtemp(join(os.tmpdir(), "bench-before-"));
  const archive = execFileSync("git", ["archive", "--format=tar", commit], { cwd: REPO_ROOT, maxBuffer: 1 << 30 });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  await symlink(join(REPO_ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  return { dir, commit };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const commit = measuredCommit();
const before = BEFORE === undefined ? undefined : await treeOf(BEFORE);
// Each full bot as its image runs it: built once, before the first flood.
const afterBuild = await buildBot(REPO_ROOT);
const beforeBuild = before === undefined ? undefined : await buildBot(before.dir);
// What each bot runs from: the bare bot from this checkout (through tsx), the full ones from their builds.
const roots: Record<BotName, string> = { bare: REPO_ROOT, after: afterBuild, before: beforeBuild ?? afterBuild };
const bots: BotName[] = before ? ["bare", "before", "after"] : ["bare", "after"];

/** A flood's figures: each bot's medians, and the median over rounds of each round's ratio to the bare bot. */
type Row = { mode: Mode; kind: Kind; ratios: Partial<Record<BotName, { rate: number; cpuMs: number }>> } & Partial<
  Record<BotName, Figures>
>;
const rows: Row[] = [];
try {
  for (const mode of MODES) {
    for (const kind of KINDS) {
      const runs = new Map<BotName, Figures[]>(bots.map((b) => [b, []]));
      for (let round = 0; round < ROUNDS; round++) {
        // A rotating order: no bot always runs first, or right after another.
        const order = bots.map((_, i) => bots[(i + round) % bots.length]!);
        for (const name of order) {
          const figures = await measure(name, roots, mode, kind);
          runs.get(name)!.push(figures);
          console.error(
            `${mode} ${kind} round ${round + 1} ${name}: ${figures.rate.toFixed(0)}/s, ${figures.cpuMs.toFixed(2)} ms CPU per update, ${figures.idleMb.toFixed(0)}/${figures.peakMb.toFixed(0)} MB`,
          );
        }
      }
      const row: Row = { mode, kind, ratios: {} };
      const bare = runs.get("bare")!;
      for (const [name, list] of runs) {
        row[name] = {
          rate: median(list.map((f) => f.rate)),
          cpuMs: median(list.map((f) => f.cpuMs)),
          idleMb: median(list.map((f) => f.idleMb)),
          peakMb: median(list.map((f) => f.peakMb)),
        };
        // Each round's bots ran minutes apart at most: a ratio within a round leaves out the
        // machine's drift between rounds, which moved the bare bot's own rate by 10-20 %.
        row.ratios[name] = {
          rate: median(list.map((f, round) => f.rate / bare[round]!.rate)),
          cpuMs: median(list.map((f, round) => f.cpuMs / bare[round]!.cpuMs)),
        };
      }
      rows.push(row);
    }
  }
} finally {
  for (const dir of [before?.dir, beforeBuild, afterBuild]) if (dir !== undefined) await rm(dir, { recursive: true, force: true });
}

const report = resultsReport();
const out = report.out;
const times = (r: number | undefined) => (r === undefined ? "–" : `${r.toFixed(2)}×`);
const named: Record<BotName, string> = {
  bare: "bare grammY bot",
  before: `before (${before?.commit ?? ""})`,
  after: `after (${commit.head})`,
};

out("# Updates per second: the full bot against a bare grammY bot");
out();
out(`Produced by \`${before ? `BENCH_BEFORE=${BEFORE} ` : ""}npm run bench:throughput\` (one run).`);
out();
out(machineLine());
out(
  `Date: ${new Date().toISOString().slice(0, 10)}; commit ${commit.described}${before ? `, against ${before.commit}` : ""}; a flood of ${FLOOD} updates from ${FLOOD} people, queued at once, ${WARMUP > 0 ? `after a warm-up flood of ${WARMUP} from others` : "with no warm-up flood"}; median of ${ROUNDS} rounds; each bot a process of its own started with ${BOT_NODE_OPTIONS.join(" ")}`,
);
out();
out("Updates per second, the median of the rounds (÷ the bare bot's: the median of each round's ratio):");
out();
out(`| mode | flood | ${bots.map((b) => named[b]).join(" | ")} |`);
out(`|---|---|${bots.map(() => "---").join("|")}|`);
for (const r of rows) {
  const cells = bots.map((b) =>
    b === "bare" ? `${r.bare?.rate.toFixed(0)}/s` : `${r[b]?.rate.toFixed(0)}/s (${times(r.ratios[b]?.rate)})`,
  );
  out(`| ${r.mode} | ${r.kind === "start" ? "/start" : "inline queries"} | ${cells.join(" | ")} |`);
}
out();
out("CPU per update, ms (÷ the bare bot's, as above); resident memory idle / at the peak, MB:");
out();
out(`| mode | flood | ${bots.map((b) => named[b]).join(" | ")} |`);
out(`|---|---|${bots.map(() => "---").join("|")}|`);
for (const r of rows) {
  const cells = bots.map((b) => {
    const f = r[b];
    if (f === undefined) return "–";
    const cpu = b === "bare" ? f.cpuMs.toFixed(2) : `${f.cpuMs.toFixed(2)} (${times(r.ratios[b]?.cpuMs)})`;
    return `${cpu}; ${f.idleMb.toFixed(0)} / ${f.peakMb.toFixed(0)} MB`;
  });
  out(`| ${r.mode} | ${r.kind === "start" ? "/start" : "inline queries"} | ${cells.join(" | ")} |`);
}

await report.write(new URL("./throughput.results.md", import.meta.url));
