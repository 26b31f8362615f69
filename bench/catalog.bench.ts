/**
 * The exchange flow at a real service's size: 100 people walking /exchange to the confirmation
 * card at the same moment, the partner answering each request after 50 ms, on the sandbox's large
 * catalog (900 coins, nearly every pair open, an 8.6 MB pairs answer) and, in the same run, on the
 * small one.
 *
 *   npm run bench:catalog
 *
 * Two set-ups, each on both catalogs:
 * - the end-to-end harness: app + sandbox exchange + Bot API emulator on loopback, all in this
 *   process, so the figures include the emulator's and the sandbox's work on the same thread;
 * - the bot in its own process (`src/main.ts`, production mode, as deployed), the emulator and the
 *   sandbox in this one, as Telegram and the service are elsewhere in production; once with people
 *   pausing 0.5–2 s before each step (seeded), as people do, and once with all 100 acting in the
 *   same instant (a stress figure: the time per step is then the time to work through 100 updates).
 * Per step it records the time from the person's action to the bot's answer, minus the partner's
 * own latency for the requests that step makes. Prints tables and writes bench/catalog.results.md.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { startHarness } from "../test/e2e/harness.js";
import { ChatDriver } from "../test/e2e/chat-driver.js";
import type { BotMessage } from "../src/devtools/emulator/server.js";
import { Person } from "../test/crash/person.js";
import { startCrashWorld } from "../test/crash/world.js";

const PEOPLE = 100;
const LATENCY_MS = 50;

/** The partner requests each step makes (the catalog is already loaded). */
const STEPS = [
  { name: "/exchange → coin list", calls: 0 },
  { name: "coin to send", calls: 0 },
  { name: "coin to receive", calls: 0 },
  { name: "amount → quote", calls: 1 },
  { name: "Continue", calls: 0 },
  { name: "receiving address", calls: 1 },
  { name: "refund address → card", calls: 2 },
] as const;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** What a walk needs of a person: type, press, and wait for the bot's answer. */
interface Walker {
  send(text: string, expected: string): Promise<BotMessage>;
  press(message: BotMessage, data: string, expected: string): Promise<BotMessage>;
}

/** Per-step timings (partner latency taken out) of everyone's walks. */
class StepTimes {
  readonly perStep: number[][] = STEPS.map(() => []);
  readonly all: number[] = [];

  async timed<T>(i: number, step: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    const result = await step();
    const ms = performance.now() - t0 - STEPS[i]!.calls * LATENCY_MS;
    this.perStep[i]!.push(ms);
    this.all.push(ms);
    return result;
  }
}

/** One person's walk from /exchange to the confirmation card, BTC → ETH, each step timed. */
async function walk(p: Walker, times: StepTimes, addresses: { btc: string; eth: string }, think: () => Promise<void>): Promise<void> {
  await think();
  const pickFrom = await times.timed(0, () => p.send("/exchange", "Which coin do you send?"));
  await think();
  const pickTo = await times.timed(1, () => p.press(pickFrom, "x:c:BTC", "Which coin do you want to get?"));
  await think();
  await times.timed(2, () => p.press(pickTo, "x:c:ETH", "How much BTC do you send?"));
  await think();
  const quote = await times.timed(3, () => p.send("0.1", "You get:"));
  await think();
  await times.timed(4, () => p.press(quote, "x:next", "address that will receive"));
  await think();
  await times.timed(5, () => p.send(addresses.eth, "refund address"));
  await think();
  await times.timed(6, () => p.send(addresses.btc, "Check your exchange"));
}

const noPause = () => Promise.resolve();

/** The figures of one set-up from its step times. */
function figures(times: StepTimes, rest: Omit<RunFigures, "p50" | "p95" | "max" | "perStepP95">): RunFigures {
  const all = [...times.all].sort((a, b) => a - b);
  return {
    p50: quantile(all, 0.5),
    p95: quantile(all, 0.95),
    max: all[all.length - 1] ?? NaN,
    perStepP95: times.perStep.map((xs) =>
      quantile(
        [...xs].sort((a, b) => a - b),
        0.95,
      ),
    ),
    ...rest,
  };
}

interface RunFigures {
  p50: number;
  p95: number;
  max: number;
  perStepP95: number[];
  bytesPerFlow: number;
  liveWriteMs: number;
  storeWriteMs: number;
  rssMb: number;
  catalogRssMb: number;
  wallS: number;
  /** The bot process's CPU time (user + system) per step; NaN when the bot shares this process. */
  cpuMsPerStep: number;
  /** Bytes the bot process wrote to disk per step (its data files; logs go to a pipe). */
  diskBytesPerStep: number;
}

/** CPU time and bytes written to disk so far by process `pid`, from /proc (Linux). */
async function botUsage(pid: number | undefined): Promise<{ cpuMs: number; diskBytes: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  const io = await readFile(`/proc/${pid}/io`, "utf8").catch(() => "");
  const diskBytes = Number(/write_bytes:\s+(\d+)/.exec(io)?.[1] ?? NaN);
  // USER_HZ is 100 on Linux.
  return { cpuMs: ticks * 10, diskBytes };
}

async function run(catalog: "small" | "large"): Promise<RunFigures> {
  const rssBefore = process.memoryUsage().rss;
  const h = await startHarness({ sandbox: { catalog, latencyMs: LATENCY_MS }, env: { LOG_LEVEL: "warn", POLL_INTERVAL_MS: "3600000" } });
  try {
    await h.app.catalog.index();
    const catalogRss = process.memoryUsage().rss - rssBefore;
    const size = async () => (await stat(join(h.dataDir, "live.json"))).size + (await stat(join(h.dataDir, "db.json"))).size;
    await h.app.files!.store.flush();
    await h.app.files!.live.flush();
    const before = await size();
    const times = new StepTimes();
    const addresses = { btc: h.sandbox.catalog.sampleAddress("BTC")!, eth: h.sandbox.catalog.sampleAddress("ETH")! };
    const started = performance.now();
    await Promise.all(
      Array.from({ length: PEOPLE }, (_, n) =>
        walk(new ChatDriver(h, h.emulator.user({ id: 80_000 + n, first_name: `P${n}`, language_code: "en" })), times, addresses, noPause),
      ),
    );
    const wallS = (performance.now() - started) / 1000;
    await h.app.files!.store.flush();
    await h.app.files!.live.flush();
    const bytesPerFlow = ((await size()) - before) / PEOPLE;
    // One more write of each file with the 100 flows open, timed on its own.
    h.app.files!.live.kv("bench").set("tick", 1);
    await h.app.files!.live.flush();
    h.app.files!.store.kv("bench").set("tick", 1);
    await h.app.files!.store.flush();
    return figures(times, {
      bytesPerFlow,
      liveWriteMs: h.app.files!.live.stats.lastWriteMs,
      storeWriteMs: h.app.files!.store.stats.lastWriteMs,
      rssMb: process.memoryUsage().rss / 2 ** 20,
      catalogRssMb: catalogRss / 2 ** 20,
      wallS,
      cpuMsPerStep: NaN,
      diskBytesPerStep: NaN,
    });
  } finally {
    await h.close();
  }
}

/** A seeded pause of 0.5–2 s: how long a person takes to read a prompt and answer it. */
function thinker(seed: number): () => Promise<void> {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const ms = 500 + ((x >>> 0) % 1500);
    return new Promise((resolve) => setTimeout(resolve, ms));
  };
}

/**
 * The same walk with the bot as a child process (the crash tests' harness). `paced`: each person
 * pauses 0.5–2 s before each step, as people do; otherwise all 100 act in the same instant.
 */
async function runChild(catalog: "small" | "large", paced: boolean): Promise<RunFigures> {
  // The crash tests' world: emulator and sandbox here, the bot as `src/main.ts` in a child process.
  const w = await startCrashWorld({
    sandbox: { catalog, latencyMs: LATENCY_MS },
    env: { POLL_INTERVAL_MS: "3600000" },
    fromSources: true,
  });
  try {
    const size = async () => {
      let total = 0;
      for (const name of ["live.json", "db.json"])
        total += await stat(join(w.dataDir, name)).then(
          (s) => s.size,
          () => 0,
        );
      return total;
    };
    // One person first: the bot loads the catalog (as a real bot does at its first flow).
    const first = new Person(w.emulator, 90_999, "Warm", { thinkMs: 0 });
    await first.send("/exchange", "Which coin do you send?", 60_000);
    await first.send("/cancel", "cancelled");
    const before = await size();
    const times = new StepTimes();
    const addresses = { btc: w.sandbox.catalog.sampleAddress("BTC")!, eth: w.sandbox.catalog.sampleAddress("ETH")! };
    const usageBefore = await botUsage(w.bot.pid);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: PEOPLE }, (_, n) => {
        const p = new Person(w.emulator, 90_000 + n, `P${n}`, { thinkMs: 0 });
        const walker: Walker = {
          send: (text, expected) => p.send(text, expected, 60_000),
          press: (m, data, expected) => p.press(m, data, expected, 60_000),
        };
        return walk(walker, times, addresses, paced ? thinker(n + 1) : noPause);
      }),
    );
    const wallS = (performance.now() - started) / 1000;
    const usageAfter = await botUsage(w.bot.pid);
    const steps = PEOPLE * STEPS.length;
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${w.bot.pid}/status`, "utf8").catch(() => ""))?.[1] ?? NaN);
    await w.bot.stop();
    return figures(times, {
      bytesPerFlow: ((await size()) - before) / PEOPLE,
      liveWriteMs: NaN,
      storeWriteMs: NaN,
      rssMb: rssKb / 1024,
      catalogRssMb: NaN,
      wallS,
      cpuMsPerStep: (usageAfter.cpuMs - usageBefore.cpuMs) / steps,
      diskBytesPerStep: (usageAfter.diskBytes - usageBefore.diskBytes) / steps,
    });
  } finally {
    await w.close();
  }
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const lines: string[] = [];
const out = (line = "") => {
  lines.push(line);
  process.stdout.write(line + "\n");
};

const small = await run("small");
const large = await run("large");
const pacedSmall = await runChild("small", true);
const pacedLarge = await runChild("large", true);
const childSmall = await runChild("small", false);
const childLarge = await runChild("large", false);
const orDash = (n: number, text: string) => (Number.isFinite(n) ? text : "—");

out("# The exchange flow on a real-size catalog");
out();
out("Produced by `npm run bench:catalog` (one run).");
out();
out(
  `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}`,
);
out(`Date: ${new Date().toISOString().slice(0, 10)}; ${PEOPLE} people at once, partner latency ${LATENCY_MS} ms per request`);
out();
out(
  "| set-up | catalog | bot time per step, p50 | p95 | max | bytes on disk per open flow | live.json write | db.json write | bot CPU per step | bytes written to disk per step | RSS | RSS added by the catalog | wall time |",
);
out("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const [setup, name, f] of [
  ["bot in its own process, people pausing 0.5–2 s", "small (20 coins)", pacedSmall],
  ["bot in its own process, people pausing 0.5–2 s", "large (900 coins)", pacedLarge],
  ["bot in its own process, all 100 in the same instant", "small (20 coins)", childSmall],
  ["bot in its own process, all 100 in the same instant", "large (900 coins)", childLarge],
  ["all in one process", "small (20 coins)", small],
  ["all in one process", "large (900 coins)", large],
] as const) {
  out(
    `| ${setup} | ${name} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.max)} | ${f.bytesPerFlow.toFixed(0)} B | ${orDash(f.liveWriteMs, `${f.liveWriteMs.toFixed(1)} ms`)} | ${orDash(f.storeWriteMs, `${f.storeWriteMs.toFixed(1)} ms`)} | ${orDash(f.cpuMsPerStep, `${f.cpuMsPerStep.toFixed(2)} ms`)} | ${orDash(f.diskBytesPerStep, `${(f.diskBytesPerStep / 1024).toFixed(0)} KB`)} | ${orDash(f.rssMb, `${f.rssMb.toFixed(0)} MB`)} | ${orDash(f.catalogRssMb, `${f.catalogRssMb.toFixed(0)} MB`)} | ${f.wallS.toFixed(1)} s |`,
  );
}
out();
out(
  `Large ÷ small, people pausing: p50 ${(pacedLarge.p50 / pacedSmall.p50).toFixed(2)}×, p95 ${(pacedLarge.p95 / pacedSmall.p95).toFixed(2)}×; all in the same instant: p50 ${(childLarge.p50 / childSmall.p50).toFixed(2)}×, p95 ${(childLarge.p95 / childSmall.p95).toFixed(2)}×; all in one process: p50 ${(large.p50 / small.p50).toFixed(2)}×, p95 ${(large.p95 / small.p95).toFixed(2)}×.`,
);
out();
out("p95 of the bot's time per step (partner latency taken out):");
out();
out(`| step | paced, small | paced, large | same instant, small | same instant, large | one process, small | one process, large |`);
out("|---|---|---|---|---|---|---|");
STEPS.forEach((step, i) =>
  out(
    `| ${step.name} | ${ms(pacedSmall.perStepP95[i]!)} | ${ms(pacedLarge.perStepP95[i]!)} | ${ms(childSmall.perStepP95[i]!)} | ${ms(childLarge.perStepP95[i]!)} | ${ms(small.perStepP95[i]!)} | ${ms(large.perStepP95[i]!)} |`,
  ),
);

await writeFile(new URL("./catalog.results.md", import.meta.url), lines.join("\n") + "\n");
