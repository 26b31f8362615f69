/**
 * Deadlines for a child process that count its progress, not wall time: on a loaded 2-core
 * machine a child gets a sliver of a core, and loading the bot's modules through tsx took 18 s of
 * wall time for 1.8 s of CPU with the load average at 22. A wait on a child (its start, its first
 * retries) fails when the child stalls, not when the machine is slow.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Linux's clock ticks per second in /proc (USER_HZ, 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** A process's /proc stat fields from the 3rd on (those after the command's closing parenthesis). */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** CPU ticks in stat fields: utime and stime (14th, 15th), and with `reaped`, its waited-for children's (16th, 17th). */
function ticks(fields: string[], reaped: boolean): number {
  const own = Number(fields[11]) + Number(fields[12]);
  return reaped ? own + Number(fields[13]) + Number(fields[14]) : own;
}

/**
 * The CPU time `pid` has used, in ms, from /proc; with `group`, that of every process in the
 * process group `pid` leads (`npm start` runs the bot two processes down), children it reaped
 * included. Undefined where there is no /proc to read.
 */
function cpuMs(pid: number | undefined, group: boolean): number | undefined {
  if (pid === undefined) return undefined;
  try {
    if (!group) return (ticks(statFields(pid), false) * 1000) / TICKS_PER_SECOND;
    let sum = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = statFields(entry);
        // The 5th field: the process group.
        if (Number(fields[2]) === pid) sum += ticks(fields, true);
      } catch {
        // Gone between the listing and the read.
      }
    }
    return (sum * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * Rejects a wait on `child` that has stalled: `limitMs` without the child using any CPU, or
 * `limitMs` of CPU used without getting there. `group`: the child leads a process group (spawned
 * `detached`), and the whole group's CPU counts. Where /proc cannot be read it falls back to
 * `limitMs` of wall time. `what` ends the message ("start polling"). Returns the interval to
 * clear once the wait is over.
 */
export function progressWatchdog(
  child: ChildProcess,
  limitMs: number,
  what: string,
  reject: (err: Error) => void,
  { group = false }: { group?: boolean } = {},
): NodeJS.Timeout {
  const started = Date.now();
  let used = cpuMs(child.pid, group) ?? 0;
  let lastProgress = started;
  return setInterval(() => {
    const now = Date.now();
    const cpu = cpuMs(child.pid, group);
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
