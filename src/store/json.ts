/**
 * Small helpers for keeping the in-memory data exactly what a reload from disk would give.
 */

/**
 * A dictionary without a prototype, so a key such as "__proto__" or "constructor" coming from a
 * user (a conversation key, a username) is an ordinary key and not a way into Object.prototype.
 */
export type Dict<T> = Record<string, T>;

/** Creates an empty prototype-less dictionary, optionally filled from `source`'s own keys. */
export function dict<T>(source?: Record<string, T>): Dict<T> {
  const out = Object.create(null) as Dict<T>;
  if (source) Object.assign(out, source);
  return out;
}

/** True for a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Normalises `value` through JSON, so what the store holds in memory is what it will read back
 * after a restart (Dates become strings, undefined fields vanish). Throws a TypeError for values
 * JSON cannot carry (undefined, functions, BigInt, cycles).
 */
export function toJson<T>(value: T): T {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) throw new TypeError("The store can only keep JSON values (got undefined or a function).");
  return JSON.parse(text) as T;
}

/** A deep copy handed to callers, so nothing outside the store holds a reference into it. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}
