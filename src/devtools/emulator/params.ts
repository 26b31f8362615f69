/**
 * Reading Bot API parameters. A JSON body carries real types, but multipart and urlencoded bodies
 * carry only strings (grammY JSON-encodes objects in multipart), so every reader accepts both, the
 * way Telegram does.
 */
import { badRequest } from "./errors.js";

/** Decoded request parameters, before per-method validation. */
export type Params = Record<string, unknown>;

/** An optional string parameter (numbers are turned into strings, as Telegram does). */
export function optString(params: Params, name: string): string | undefined {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  throw badRequest(`field "${name}" must be of type String`);
}

/** An optional integer parameter. */
export function optInt(params: Params, name: string): number | undefined {
  const v = params[name];
  if (v === undefined || v === null || v === "") return undefined;
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : Number.NaN;
  if (!Number.isInteger(n)) throw badRequest(`field "${name}" must be of type Integer`);
  return n;
}

/** An optional boolean parameter ("true"/"false" strings accepted). */
export function optBool(params: Params, name: string): boolean | undefined {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === "boolean") return v;
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  throw badRequest(`field "${name}" must be of type Boolean`);
}

/** An optional JSON-object-or-array parameter; strings are parsed as JSON. */
export function optJson(params: Params, name: string): unknown {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    throw badRequest(`can't parse ${name} JSON object`);
  }
}

/** A chat identifier: an integer, or "@username" for public chats. */
export function chatIdParam(params: Params, name = "chat_id"): number | string {
  const v = params[name];
  if (v === undefined || v === null || v === "") throw badRequest(`${name} is empty`);
  if (typeof v === "number" && Number.isInteger(v)) return v;
  if (typeof v === "string") {
    if (/^-?[0-9]+$/.test(v)) return Number(v);
    if (v.startsWith("@")) return v;
  }
  throw badRequest("chat not found");
}

/** A plain JSON object, as a record, or undefined when the value is not one. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
