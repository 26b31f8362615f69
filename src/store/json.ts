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
  const flat = flatCopy(value);
  if (flat !== undefined) return flat;
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) throw new TypeError("The store can only keep JSON values (got undefined or a function).");
  return JSON.parse(text) as T;
}

/**
 * A deep copy handed to callers, so nothing outside the store holds a reference into it. Takes
 * what the store holds: a JSON value ({@link toJson} made it, or JSON.parse read it from disk).
 */
export function copy<T>(value: T): T {
  return flatCopy(value) ?? (copyJson(value) as T);
}

/**
 * A deep copy of a JSON value: objects, arrays, strings, numbers, booleans, null. About a seventh
 * of structuredClone's CPU for a flow record (0.7 against 4.6 µs, Node 20): structuredClone goes
 * through V8's serializer, built for every type JSON cannot hold.
 */
function copyJson(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    // An own "__proto__" key (JSON.parse makes one) stays a key: assigning it would set the prototype.
    if (key === "__proto__")
      Object.defineProperty(out, key, { value: copyJson(field), enumerable: true, writable: true, configurable: true });
    else out[key] = copyJson(field);
  }
  return out;
}

/**
 * For a value JSON keeps exactly as it is (a string, a boolean, a finite number, null, or a plain
 * object of those): a copy, without the JSON round trip or structured clone, which cost the most
 * for the values written at every step (a flow's state is one long string:
 * bench/flow-cpu.results.md). Undefined for any other value, which takes the general path.
 */
function flatCopy<T>(value: T): T | undefined {
  if (isKeptAsIs(value)) return value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const proto: unknown = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || Object.getOwnPropertySymbols(value).length > 0) return undefined;
  for (const field of Object.values(value)) if (!isKeptAsIs(field)) return undefined;
  // Own enumerable string keys, in order, as JSON.parse would give them back.
  return { ...value };
}

/** Whether JSON gives `value` back unchanged (and it is immutable, so it needs no copy). */
function isKeptAsIs(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0); // JSON writes -0 as 0
  return typeof value === "string" || typeof value === "boolean" || value === null;
}
