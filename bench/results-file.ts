/**
 * The top of a results file, as the benchmarks that measure processes write it (throughput and
 * replicas): the machine and its load at the end, the commit measured, and the figures written
 * above the file's hand-written "## Reading", which is kept as it is.
 */
import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The machine, and its load average at the end of the run: on a shared machine the figures depend on both. */
export function machineLine(): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  return `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}; load average ${load} at the end`;
}

/**
 * The commit measured: `head`, its short hash, and `described`, the same with "with uncommitted
 * changes" where the sources differ from it. Results files do not count as sources: a bench run
 * beside another's uncommitted results still measured the commit.
 */
export function measuredCommit(): { head: string; described: string } {
  const git = (args: string[]) => execFileSync("git", args, { cwd: REPO_ROOT, encoding: "utf8" }).trim();
  const head = git(["rev-parse", "--short", "HEAD"]);
  const changed = git(["status", "--porcelain", "--", "src", "bench", "package.json", ":(exclude)bench/*.results.md"]);
  return { head, described: changed === "" ? head : `${head} with uncommitted changes` };
}

/** Lines printed as they come and kept for the results file. */
export interface ResultsReport {
  /** Prints one line (an empty one without `line`) and keeps it; a plain function, to be passed around. */
  out: (line?: string) => void;
  /** Writes the kept lines to `file`, followed by its "## Reading" section and all after it, if it has one. */
  write: (file: URL) => Promise<void>;
}

/** A new report with no lines yet. */
export function resultsReport(): ResultsReport {
  const lines: string[] = [];
  return {
    out: (line = "") => {
      lines.push(line);
      process.stdout.write(line + "\n");
    },
    write: async (file) => {
      const previous = await readFile(file, "utf8").catch(() => "");
      const reading = previous.indexOf("\n## Reading");
      await writeFile(file, lines.join("\n") + "\n" + (reading === -1 ? "" : previous.slice(reading)));
    },
  };
}
