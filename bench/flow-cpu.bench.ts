/**
 * The bot's CPU and disk bytes per flow step, alone: the catalog benchmark's "all 100 in the same
 * instant, small catalog" set-up (the bot as `src/main.ts` in its own process, the Bot API
 * emulator and the sandbox here), run a few times in a row, with the Bot API calls counted. Each
 * run walks six times (FLOW_CPU_WALKS), with new people each time: the first walks of a fresh
 * process also pay for V8 compiling the code they run, on background threads (gone with
 * `--no-opt`), and the cost falls until about the third walk. The steady cost a bot in service
 * pays is the mean of walks 3 and later, printed per run.
 *
 *   npm run bench:flow-cpu -- [runs]
 *
 * Set FLOW_CPU_PROFILE_DIR to have the bot write a V8 CPU profile of each run there (the walk's
 * window on the profile's clock is printed), and FLOW_CPU_SOCKETS=1 to count the TCP sockets to the
 * emulator after the walk (with `ss`; kept-alive connections: about one per person at once), and
 * FLOW_CPU_NODE_ARGS to pass Node options to the bot's process (space-separated), to compare them,
 * and FLOW_CPU_THREADS=1 to split the bot's CPU between its main thread and the others (V8's
 * compiler and GC helpers, libuv's pool).
 */
import { readFile } from "node:fs/promises";
import os from "node:os";
import { Person } from "../test/crash/person.js";
import { startCrashWorld } from "../test/crash/world.js";

const PEOPLE = 100;
const STEPS = 7;
const RUNS = Number(process.argv[2] ?? 3);
/** Walks per run, each by new people, in the same bot process. */
const WALKS = Number(process.env.FLOW_CPU_WALKS ?? 6);
/** The first walk counted in the steady mean (1-based): the ones before it are still warming up. */
const STEADY_FROM = 3;

/** CPU time (user + system, ms) and bytes written to disk so far by process `pid` (Linux /proc). */
async function usage(pid: number | undefined): Promise<{ cpuMs: number; diskBytes: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const io = await readFile(`/proc/${pid}/io`, "utf8");
  return { cpuMs: (Number(fields[11]) + Number(fields[12])) * 10, diskBytes: Number(/write_bytes:\s+(\d+)/.exec(io)?.[1]) };
}

/** CPU time (ms) of each thread of process `pid` so far, by thread name (Linux /proc). */
async function threadsCpu(pid: number | undefined): Promise<Map<string, number>> {
  const { readdir } = await import("node:fs/promises");
  const out = new Map<string, number>();
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, "utf8").catch(() => "");
    if (stat === "") continue;
    // Node names most of its threads "node"; the main thread's id is the process's.
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const name = tid === String(pid) ? "main" : comm === "node" ? "other" : comm.replace(/\d+$/, "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    out.set(`${name} user`, (out.get(`${name} user`) ?? 0) + Number(fields[11]) * 10);
    out.set(`${name} system`, (out.get(`${name} system`) ?? 0) + Number(fields[12]) * 10);
  }
  return out;
}

/** One walk of {@link PEOPLE} people through the flow, per step. */
interface WalkFigures {
  cpu: number;
  bytes: number;
  calls: number;
  wall: number;
}

async function once(): Promise<WalkFigures[]> {
  const profileDir = process.env.FLOW_CPU_PROFILE_DIR;
  const w = await startCrashWorld({
    sandbox: { catalog: "small", latencyMs: 50 },
    env: { POLL_INTERVAL_MS: "3600000" },
    fromSources: true,
    nodeArgs: [
      ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
      ...(process.env.FLOW_CPU_NODE_ARGS ?? "").split(" ").filter(Boolean),
    ],
  });
  try {
    const warm = new Person(w.emulator, 90_999, "Warm", { thinkMs: 0 });
    await warm.send("/exchange", "Which coin do you send?", 60_000);
    await warm.send("/cancel", "cancelled");
    const btc = w.sandbox.catalog.sampleAddress("BTC")!;
    const eth = w.sandbox.catalog.sampleAddress("ETH")!;
    const results: WalkFigures[] = [];
    // The first walk pays the JIT's compiling (on background threads) as well; the second one
    // shows a process that has run for a while, as a bot in service has.
    for (let walk = 0; walk < WALKS; walk++) {
      let calls = 0;
      const byMethod = new Map<string, number>();
      const stop = w.emulator.onApiCall((call) => {
        byMethod.set(call.method, (byMethod.get(call.method) ?? 0) + 1);
        if (call.method === "getUpdates") return;
        calls++;
      });
      const before = await usage(w.bot.pid);
      const threadsBefore = process.env.FLOW_CPU_THREADS ? await threadsCpu(w.bot.pid) : undefined;
      const t0 = performance.now();
      const mono0 = process.hrtime.bigint() / 1000n;
      await Promise.all(
        Array.from({ length: PEOPLE }, async (_, n) => {
          const p = new Person(w.emulator, 90_000 + walk * 1_000 + n, `P${n}`, { thinkMs: 0 });
          const from = await p.send("/exchange", "Which coin do you send?", 60_000);
          const to = await p.press(from, "x:c:BTC", "Which coin do you want to get?", 60_000);
          await p.press(to, "x:c:ETH", "How much BTC do you send?", 60_000);
          const quote = await p.send("0.1", "You get:", 60_000);
          await p.press(quote, "x:next", "address that will receive", 60_000);
          await p.send(eth, "refund address", 60_000);
          await p.send(btc, "Check your exchange", 60_000);
        }),
      );
      const wall = performance.now() - t0;
      // The walk's window on the monotonic clock a CPU profile's timestamps use (µs).
      if (profileDir) console.log(`walk ${walk + 1} window (µs): ${mono0} ${process.hrtime.bigint() / 1000n}`);
      const after = await usage(w.bot.pid);
      if (threadsBefore) {
        const threadsAfter = await threadsCpu(w.bot.pid);
        const per = [...threadsAfter].map(
          ([name, ms]) => `${name} ${((ms - (threadsBefore.get(name) ?? 0)) / (PEOPLE * STEPS)).toFixed(2)}`,
        );
        console.log(`walk ${walk + 1}, CPU ms/step by thread: ${per.join(", ")}`);
      }
      if (process.env.FLOW_CPU_SOCKETS) {
        const { execSync } = await import("node:child_process");
        const port = new URL(w.emulator.apiRoot).port;
        console.log(`sockets to the emulator: ${execSync(`ss -tan | grep -c ':${port} ' || true`).toString().trim()}`);
      }
      stop();
      if (walk === 0) console.log([...byMethod].map(([m, n]) => `${m} ${n}`).join(", "));
      const steps = PEOPLE * STEPS;
      results.push({
        cpu: (after.cpuMs - before.cpuMs) / steps,
        bytes: (after.diskBytes - before.diskBytes) / steps,
        calls: calls / steps,
        wall,
      });
    }
    // The bot's peak resident memory, to weigh Node options (a larger young generation) against.
    const status = await readFile(`/proc/${w.bot.pid}/status`, "utf8");
    console.log(`bot peak RSS ${(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024).toFixed(0)} MB`);
    await w.bot.stop();
    return results;
  } finally {
    await w.close();
  }
}

console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
for (let i = 0; i < RUNS; i++) {
  const walks = await once();
  walks.forEach((r, walk) =>
    console.log(
      `run ${i + 1}, walk ${walk + 1}: bot CPU ${r.cpu.toFixed(2)} ms/step, disk ${(r.bytes / 1024).toFixed(1)} KB/step, ${r.calls.toFixed(2)} Bot API calls/step, wall ${(r.wall / 1000).toFixed(1)} s, load ${os.loadavg()[0]!.toFixed(1)}`,
    ),
  );
  const steady = walks.slice(STEADY_FROM - 1);
  if (steady.length > 0) {
    const mean = steady.reduce((sum, r) => sum + r.cpu, 0) / steady.length;
    console.log(`run ${i + 1}, steady (walks ${STEADY_FROM}–${walks.length}): bot CPU ${mean.toFixed(2)} ms/step`);
  }
}
