/**
 * `npm run checks`: the static checks (typecheck, format, lint, knip), all at once rather than one
 * after another; `tsx scripts/checks.ts -- <command…>` runs them beside that command, which is how
 * `npm test` runs them beside vitest.
 *
 * Why beside: the tests spend most of their time waiting (on a child's start, a poll interval, a
 * retry), about 0.8 of a core idle on average on this 2-core machine, and the checks took 75–85 s
 * one after another before any test started, pushing the test command past 5 minutes. The
 * checks run at the lowest CPU priority, so the tests (whose timings matter) are never the ones
 * that wait. Each check's output is printed whole, never interleaved: as it ends when alone, after
 * the command when beside one. The exit code is 1 when a check or the command failed.
 */
import { spawn } from "node:child_process";
import { setPriority } from "node:os";

// Typecheck and lint in one process, over one TypeScript program: apart they built it twice
// (scripts/typecheck-and-lint.ts).
const CHECKS = ["typecheck-and-lint", "format:check", "knip"] as const;
/** The lowest priority (the highest nice value) there is. */
const LOWEST_PRIORITY = 19;

interface Finished {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

/**
 * Runs `command`; with `capture`, keeps what it prints for later (else it prints as it goes). A
 * `lowPriority` process yields the CPU to every other one.
 */
function run(name: string, command: string[], opts: { capture: boolean; lowPriority: boolean }): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [file, ...args] = command as [string, ...string[]];
    const child = spawn(file, args, { stdio: opts.capture ? ["ignore", "pipe", "pipe"] : "inherit" });
    if (opts.lowPriority && child.pid !== undefined) setPriority(child.pid, LOWEST_PRIORITY);
    let output = "";
    child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    const done = (code: number) => resolve({ name, code, output, seconds: (performance.now() - started) / 1000 });
    child.on("error", (err) => {
      output += `${err.message}\n`;
      done(1);
    });
    child.on("close", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const separator = process.argv.indexOf("--");
const beside = separator >= 0 ? process.argv.slice(separator + 1) : [];

/** What a check printed, and its verdict. */
const report = (result: Finished): void => {
  process.stdout.write(result.output);
  console.log(`${result.code === 0 ? "✓" : "✗"} ${result.name} (${result.seconds.toFixed(1)} s)`);
};

const checks = Promise.all(
  CHECKS.map(async (script) => {
    // npm starts the check as its own child, which inherits the low priority.
    const result = await run(script, ["npm", "run", "-s", script], { capture: true, lowPriority: beside.length > 0 });
    if (beside.length === 0) report(result);
    return result;
  }),
);
const main = beside.length > 0 ? [await run(beside.join(" "), beside, { capture: false, lowPriority: false })] : [];
const checked = await checks;
// Beside a command, the checks speak after it, so that its output reads in one piece.
if (beside.length > 0) checked.forEach(report);
const failed = [...main, ...checked].filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(", ")}`);
  process.exit(1);
}
