/**
 * The sandbox's orders on disk, so they outlive a restart the way a real service's do.
 *
 * `npm start` keeps the bot's data in DATA_DIR, and the bot goes on tracking its open exchanges
 * after a restart. When the sandbox kept its orders only in memory, a second run answered "not
 * found" for every one of them, and the bot gave up on exchanges that a real service would still
 * know. With a state file the sandbox saves its orders and the position of its random generator
 * (ids, deposit addresses and tags are drawn from it) after every change, and a second run starts
 * from them: the same orders, new ids that never repeat the first run's.
 *
 * Writes are synchronous and durable (temp file, fsync, rename, fsync of the directory): an
 * exchange-create is answered only once its order is on disk, so a bot that was told an id never
 * meets a sandbox that forgot it. The file is small (a few hundred bytes per order) and only the
 * sandbox and trial modes use it.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { SandboxOrder } from "./orders.js";

/** The orders file's name in DATA_DIR, where `npm start` keeps it (sandbox and trial modes). */
export const SANDBOX_ORDERS_FILE = "sandbox-orders.json";

/** The file's format version; a file of another version is refused, never overwritten. */
export const SANDBOX_STATE_VERSION = 1;

/** What the file holds. */
export interface SandboxState {
  version: typeof SANDBOX_STATE_VERSION;
  /** The seed the sandbox was first started with (transaction ids derive from it). */
  seed: number;
  /** The random generator's position: the next run draws on from here. */
  rngState: number;
  orders: SandboxOrder[];
}

/**
 * Reads the state file; undefined when there is none yet. A file that cannot be read or is not
 * a state of this version throws an error naming the file, so start-up stops with a clear message
 * rather than starting empty and telling the bot its exchanges do not exist.
 */
export function loadSandboxState(file: string): SandboxState | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    // No file there, or no folder to hold one (a part of DATA_DIR is a file: the app's own
    // start-up check names that problem properly, right after this).
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw new Error(`sandbox: cannot read its orders file ${file}: ${(err as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`sandbox: its orders file ${file} is not valid JSON; move it away to start with no orders`);
  }
  if (!isState(parsed)) {
    throw new Error(
      `sandbox: its orders file ${file} is not a version-${SANDBOX_STATE_VERSION} sandbox state; move it away to start with no orders`,
    );
  }
  return parsed;
}

/** Writes the state durably: temp file, fsync, rename over the file, fsync of the directory. */
export function saveSandboxState(file: string, state: SandboxState): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const temp = `${file}.tmp`;
  const fd = openSync(temp, "w");
  try {
    writeSync(fd, JSON.stringify(state));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  // The rename itself must reach the disk too.
  const dirFd = openSync(dir, "r");
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

function isState(value: unknown): value is SandboxState {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.version === SANDBOX_STATE_VERSION &&
    Number.isInteger(v.seed) &&
    Number.isInteger(v.rngState) &&
    Array.isArray(v.orders) &&
    v.orders.every((o) => typeof o === "object" && o !== null && typeof (o as { id?: unknown }).id === "string")
  );
}
