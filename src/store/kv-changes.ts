/**
 * The lines of a logged data file's append log (logged-file.ts): the kv values one write changed.
 */
import { dict, isPlainObject, type Dict } from "./json.js";
import type { DbData } from "./schema.js";

/** The changes of one write, as one line of the append log: final values set, keys deleted. */
export interface KvChanges {
  /** Set on a line that lists every kv value: everything before it is cleared first. */
  r?: 1;
  /** `[namespace, key, value]`: the key's value after the write. */
  s: Array<[string, string, unknown]>;
  /** `[namespace, key]`: keys gone after the write. */
  d: Array<[string, string]>;
}

/** A line that makes the kv namespaces exactly those of `data`, whatever came before it. */
export function kvReset(data: DbData): KvChanges {
  const s: KvChanges["s"] = [];
  for (const [ns, values] of Object.entries(data.kv)) for (const [key, value] of Object.entries(values)) s.push([ns, key, value]);
  return { r: 1, s, d: [] };
}

/** Whether `changes` changes nothing. */
export function isEmpty(changes: KvChanges): boolean {
  return changes.r !== 1 && changes.s.length === 0 && changes.d.length === 0;
}

/**
 * Applies one parsed log line to `data` in place (at open, before anything else reads it). Returns
 * false when `line` does not have the shape of {@link KvChanges}, changing nothing.
 */
export function applyKvChanges(data: { kv: Dict<Dict<unknown>> }, line: unknown): boolean {
  if (!isChanges(line)) return false;
  if (line.r === 1) for (const ns of Object.keys(data.kv)) data.kv[ns] = dict<unknown>();
  for (const [ns, key, value] of line.s) (data.kv[ns] ??= dict<unknown>())[key] = value;
  for (const [ns, key] of line.d) {
    const values = data.kv[ns];
    if (values) delete values[key];
  }
  return true;
}

function isChanges(line: unknown): line is KvChanges {
  if (!isPlainObject(line) || !Array.isArray(line.s) || !Array.isArray(line.d)) return false;
  if (line.r !== undefined && line.r !== 1) return false;
  const names = (entry: unknown, length: number) =>
    Array.isArray(entry) && entry.length === length && typeof entry[0] === "string" && typeof entry[1] === "string";
  return line.s.every((e) => names(e, 3)) && line.d.every((e) => names(e, 2));
}
