/**
 * `npm run test:repeat -- N [--busy[=K]] [files or vitest options…]`: runs the given test files (all
 * of them when none are named) N times in a row and prints every test that failed even once, with
 * how often and its first failure. For hunting tests that pass only most of the time: they fail when
 * the machine is busy, so `--busy` keeps K processes (default 1) spinning on the CPU beside the
 * runs, and a second suite beside it does as well. Each run's failures are printed as it ends, so a
 * long hunt shows what it found so far. Exits 1 when any run failed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

/** The part of vitest's JSON report read here (its documented `json` reporter). */
interface JsonReport {
  testResults: Array<{
    name: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
  }>;
}

const [countArg, ...args] = process.argv.slice(2);
const runs = Number(countArg);
const busyArg = args.find((a) => a === "--busy" || a.startsWith("--busy="));
const hogs = busyArg === undefined ? 0 : busyArg === "--busy" ? 1 : Number(busyArg.slice("--busy=".length));
const rest = args.filter((a) => a !== busyArg);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(hogs) || hogs < 0) {
  console.error("usage: npm run test:repeat -- N [--busy[=K]] [files or vitest options…]   (N runs, K CPU hogs beside them)");
  process.exit(2);
}

/** Processes that only burn CPU, so the runs meet a loaded machine; killed when the runs end. */
const busy: ChildProcess[] = Array.from({ length: hogs }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
const stopBusy = () => {
  for (const hog of busy) hog.kill();
};
/** The run under way, stopped with this script. */
let current: ChildProcess | undefined;
// Stopped with Ctrl-C or a kill: the run and the hogs go too, not left spinning.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    current?.kill(signal);
    stopBusy();
    process.exit(130);
  });

const dir = mkdtempSync(join(tmpdir(), "test-repeat-"));
/** Failures by "file > test": how many runs it failed in, and the first message. */
const failures = new Map<string, { times: number; first: string }>();
let failedRuns = 0;
try {
  for (let i = 1; i <= runs; i++) {
    const report = join(dir, `run-${i}.json`);
    const started = Date.now();
    // Not spawnSync: a Ctrl-C or kill must reach the handler above while a run goes on.
    current = spawn("npx", ["vitest", "run", ...rest, "--reporter=dot", "--reporter=json", `--outputFile.json=${report}`], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    const status = await new Promise<number | null>((resolve) => current?.on("exit", resolve));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    let failedHere = 0;
    try {
      const parsed = JSON.parse(readFileSync(report, "utf8")) as JsonReport;
      for (const file of parsed.testResults) {
        // A file that failed to load (or a hook that threw) has no failed assertion to name.
        const failed = file.assertionResults.filter((t) => t.status === "failed");
        const entries: Array<[string, string]> =
          failed.length > 0
            ? failed.map((t) => [`${relative(process.cwd(), file.name)} > ${t.fullName}`, t.failureMessages[0] ?? ""])
            : file.message
              ? [[relative(process.cwd(), file.name), file.message]]
              : [];
        for (const [name, message] of entries) {
          const first = message.split("\n").slice(0, 6).join("\n");
          const seen = failures.get(name);
          if (seen) seen.times++;
          else failures.set(name, { times: 1, first });
          console.log(`  failed in run ${i}: ${name}\n    ${first.replaceAll("\n", "\n    ")}`);
          failedHere++;
        }
      }
    } catch {
      failures.set(`run ${i}`, { times: 1, first: `no report (vitest exited ${String(status)})` });
      console.log(`  run ${i} left no report (vitest exited ${String(status)})`);
      failedHere++;
    }
    if (failedHere > 0 || status !== 0) failedRuns++;
    console.log(`run ${i}/${runs}: ${failedHere === 0 && status === 0 ? "passed" : `${failedHere} failed`} in ${seconds} s`);
  }
} finally {
  stopBusy();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\n${runs - failedRuns} of ${runs} runs passed`);
for (const [name, { times, first }] of failures) console.log(`\nFAILED ${times}×: ${name}\n${first}`);
process.exit(failedRuns > 0 ? 1 : 0);
