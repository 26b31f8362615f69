/**
 * What a benchmark reads of other processes from /proc (Linux): CPU time, resident memory, the
 * PostgreSQL server's CPU with its backends', and the machine's busy time. Elsewhere every figure
 * is NaN (or undefined), so a benchmark still runs and says it could not tell.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second, the unit of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime, stime, cutime, cstime and the parent of process `pid`, in clock ticks. */
function procStat(pid: number): { self: number; children: number; ppid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name, in parentheses, may hold spaces: the fields start after its last ")".
    const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(f[1]), self: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
  } catch {
    return undefined;
  }
}

/** The parent of process `pid` (a PostgreSQL backend's is the server's postmaster). */
export function parentPid(pid: number): number | undefined {
  return procStat(pid)?.ppid;
}

/** CPU time (user + system) process `pid` has used so far, ms; NaN when it cannot be read. */
export function processCpuMs(pid: number): number {
  const s = procStat(pid);
  return s === undefined ? Number.NaN : (s.self * 1000) / CLOCK_TICKS;
}

/** Resident memory of process `pid` now and at its peak so far (VmRSS, VmHWM), MB. */
export function processMemoryMb(pid: number): { now: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? Number.NaN);
    return { now: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
  } catch {
    return { now: Number.NaN, peak: Number.NaN };
  }
}

/**
 * CPU used by the PostgreSQL server `postmaster` and every process it started (ended ones too), ms.
 * A process that ends while its siblings are read would be missed (its time moves to the
 * postmaster's, already read): read again until the postmaster's figures hold still.
 */
export function serverCpuMs(postmaster: number): number {
  for (;;) {
    const root = procStat(postmaster);
    if (!root) return Number.NaN;
    let ticks = root.self + root.children;
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      const s = procStat(Number(name));
      if (s?.ppid === postmaster) ticks += s.self;
    }
    if (procStat(postmaster)?.children === root.children) return (ticks * 1000) / CLOCK_TICKS;
  }
}

/** Busy and total time of every core of the machine (anyone's work), ms. */
export function machineCpuMs(): { busy: number; total: number } {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const t = line.trim().split(/\s+/).slice(1).map(Number);
    const total = t.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (t[3] ?? 0) + (t[4] ?? 0);
    return { busy: ((total - idle) * 1000) / CLOCK_TICKS, total: (total * 1000) / CLOCK_TICKS };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}
