/**
 * What PostgreSQL cannot hold, and the one place the store makes strings fit it.
 *
 * JavaScript strings (and lowdb's files) can hold any UTF-16 code unit; PostgreSQL cannot:
 * - U+0000 (NUL): JSONB refuses "\u0000" ("unsupported Unicode escape sequence") and TEXT refuses
 *   the byte ("invalid byte sequence"). It is **removed**: it shows as nothing anywhere, so the
 *   text reads the same without it.
 * - A lone surrogate (half of an emoji, left by cutting a string in the wrong place): JSONB refuses
 *   its escape. It becomes U+FFFD, the replacement character, as it does when written as UTF-8.
 *
 * Such characters reach the store from people (a first name, a group title, a typed address or
 * tag, conversation state), so refusing them would make a write fail on PostgreSQL that lowdb
 * takes. The store passes every record and value it writes through {@link toJsonb} and every
 * parameter through {@link textParams}; reads then return what was stored, characters replaced.
 */
import { toJson } from "../json.js";

/**
 * In `JSON.stringify`'s output, an escaped NUL or surrogate that is not itself escaped (preceded
 * by an even number of backslashes). `JSON.stringify` writes a surrogate as an escape only when it
 * is alone (a pair is written as it is), so every surrogate escape here is a lone one.
 */
const UNFIT_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(0000|d[89a-f][0-9a-f]{2})/gi;

/** `JSON.stringify(value)` with NUL removed and lone surrogates replaced, in strings and keys alike. */
function fitText(json: string): string {
  if (!json.includes("\\u")) return json;
  return json.replace(UNFIT_ESCAPE, (_, backslashes: string, code: string) => backslashes + (code === "0000" ? "" : "\\ufffd"));
}

/**
 * As json.ts `toJson` (a JSON copy; a TypeError for what JSON cannot carry), made fit for PostgreSQL:
 * the value it will hand back, so what a write returns equals what a later read finds.
 */
export function toJsonb<T>(value: T): T {
  const json = JSON.stringify(value) as string | undefined;
  // undefined or a function: toJson throws the store's TypeError for it.
  if (json === undefined) return toJson(value);
  return JSON.parse(fitText(json)) as T;
}

/** The text of {@link toJsonb}'s value, for a write that returns nothing. */
export function jsonbText(value: unknown): string {
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined) return JSON.stringify(toJson(value));
  return fitText(json);
}

/** A text parameter without NUL (a key, a searched address or name): TEXT cannot hold it. */
function fitParam(param: unknown): unknown {
  if (typeof param === "string") return param.includes("\0") ? param.replaceAll("\0", "") : param;
  if (Array.isArray(param)) return param.map(fitParam);
  return param;
}

/** A statement's parameters with NUL removed from every string (and string in an array). */
export function textParams(params: unknown[]): unknown[] {
  return params.some((p) => typeof p === "string" || Array.isArray(p)) ? params.map(fitParam) : params;
}
