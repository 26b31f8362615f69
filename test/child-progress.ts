/**
 * Deadlines for a child process that count its progress, not wall time: on a loaded 2-core
 * machine a child gets a sliver of a core, and loading the bot's modules through tsx took 18 s of
 * wall time for 1.8 s of CPU with the load average at 22. A wait on a child (its start, its first
 * retries) fails when the child stalls, not when the machine is slow.
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

/** Linux's clock ticks per second in /proc (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** The CPU time `pid` has used, in ms, from /proc; undefined where there is no /proc to read. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command's closing parenthesis start at the 3rd; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * Rejects a wait on `child` that has stalled: `limitMs` without the child using any CPU, or
 * `limitMs` of CPU used without getting there. Where /proc cannot be read it falls back to
 * `limitMs` of wall time. `what` ends the message ("start polling"). Returns the interval to
 * clear once the wait is over.
 */
export function progressWatchdog(child: ChildProcess, limitMs: number, what: string, reject: (err: Error) => void): NodeJS.Timeout {
  const started = Date.now();
  let used = cpuMs(child.pid) ?? 0;
  let lastProgress = started;
  return setInterval(() => {
    const now = Date.now();
    const cpu = cpuMs(child.pid);
    if (cpu === undefined) {
      if (now - started >= limitMs) reject(new Error(`the child did not ${what} within ${limitMs} ms`));
      return;
    }
    if (cpu > used) lastProgress = now;
    used = cpu;
    if (now - lastProgress >= limitMs)
      reject(
        new Error(`the child did not ${what}: it used no CPU for ${now - lastProgress} ms (${now - started} ms since the wait began)`),
      );
    else if (used >= limitMs)
      reject(
        new Error(`the child did not ${what}: it used ${used} ms of CPU without getting there (${now - started} ms since the wait began)`),
      );
  }, 250);
}
