/**
 * `npm run test:repeat -- N [files or vitest options…]`: runs the given test files (all of them when
 * none are named) N times in a row and prints every test that failed even once, with how often and
 * its first failure. For hunting tests that pass only most of the time: run it while the machine is
 * also busy (a second suite beside it), since that is when they fail. Exits 1 when any run failed.
 */
import { spawnSync } from "node:child_process";
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

const [countArg, ...rest] = process.argv.slice(2);
const runs = Number(countArg);
if (!Number.isInteger(runs) || runs < 1) {
  console.error("usage: npm run test:repeat -- N [files or vitest options…]   (N: how many runs, 1 or more)");
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), "test-repeat-"));
/** Failures by "file > test": how many runs it failed in, and the first message. */
const failures = new Map<string, { times: number; first: string }>();
let failedRuns = 0;
try {
  for (let i = 1; i <= runs; i++) {
    const report = join(dir, `run-${i}.json`);
    const started = Date.now();
    const run = spawnSync("npx", ["vitest", "run", ...rest, "--reporter=dot", "--reporter=json", `--outputFile.json=${report}`], {
      stdio: ["ignore", "ignore", "inherit"],
    });
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
          const seen = failures.get(name);
          if (seen) seen.times++;
          else failures.set(name, { times: 1, first: message.split("\n").slice(0, 6).join("\n") });
          failedHere++;
        }
      }
    } catch {
      failures.set(`run ${i}`, { times: 1, first: `no report (vitest exited ${String(run.status)})` });
      failedHere++;
    }
    if (failedHere > 0 || run.status !== 0) failedRuns++;
    console.log(`run ${i}/${runs}: ${failedHere === 0 && run.status === 0 ? "passed" : `${failedHere} failed`} in ${seconds} s`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\n${runs - failedRuns} of ${runs} runs passed`);
for (const [name, { times, first }] of failures) console.log(`\nFAILED ${times}×: ${name}\n${first}`);
process.exit(failedRuns > 0 ? 1 : 0);
