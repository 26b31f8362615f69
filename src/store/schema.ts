/**
 * The layout of the data file at the current schema version, and its shape check.
 *
 * ```
 * { schemaVersion, users: {"<id>": UserRecord}, exchanges: ExchangeRecord[],
 *   settings: {"<key>": value}, kv: {"<namespace>": {"<key>": value}} }
 * ```
 * Exchanges are an array (not a map) so the file keeps insertion order whatever the ids look like.
 */
import type { ExchangeRecord, UserRecord } from "../domain/types.js";
import { dict, isPlainObject, type Dict } from "./json.js";

/** The whole data file at the current schema version. */
export interface DbData {
  schemaVersion: number;
  users: Dict<UserRecord>;
  exchanges: ExchangeRecord[];
  settings: Dict<unknown>;
  kv: Dict<Dict<unknown>>;
}

/** A fresh, empty data file at `version`. */
export function emptyDb(version: number): DbData {
  return { schemaVersion: version, users: dict(), exchanges: [], settings: dict(), kv: dict() };
}

/** How many problems a shape check reports before it stops looking. */
const MAX_PROBLEMS = 5;

/**
 * Checks `data` against the current layout. Returns human-readable problems (empty when fine),
 * naming the path but never quoting values (they may be users' addresses).
 * Cheap enough for 100k records: a few typeof checks each.
 */
export function findShapeProblems(data: unknown, version: number): string[] {
  const problems: string[] = [];
  const report = (p: string): boolean => {
    problems.push(p);
    return problems.length >= MAX_PROBLEMS;
  };
  if (!isPlainObject(data)) return ["the top level is not a JSON object"];
  if (data.schemaVersion !== version) report(`schemaVersion is not ${version}`);
  if (!isPlainObject(data.settings)) report("settings is not an object");
  if (!isPlainObject(data.kv)) report("kv is not an object");
  else {
    for (const [ns, values] of Object.entries(data.kv)) {
      if (!isPlainObject(values) && report(`kv[${JSON.stringify(ns)}] is not an object`)) return problems;
    }
  }
  if (!isPlainObject(data.users)) report("users is not an object");
  else {
    for (const [key, u] of Object.entries(data.users)) {
      const p = userProblem(key, u);
      if (p && report(`users[${JSON.stringify(key)}] ${p}`)) return problems;
    }
  }
  if (!Array.isArray(data.exchanges)) report("exchanges is not an array");
  else {
    const seen = new Set<string>();
    for (let i = 0; i < data.exchanges.length; i++) {
      const e: unknown = data.exchanges[i];
      let p = exchangeProblem(e);
      if (!p) {
        const id = (e as ExchangeRecord).id;
        if (seen.has(id)) p = "repeats an exchange id";
        seen.add(id);
      }
      if (p && report(`exchanges[${i}] ${p}`)) return problems;
    }
  }
  return problems;
}

/** Why `u` is not a valid stored user filed under `key`, or undefined when it is. */
function userProblem(key: string, u: unknown): string | undefined {
  if (!isPlainObject(u)) return "is not an object";
  if (!Number.isSafeInteger(u.id)) return "has no integer id";
  if (String(u.id) !== key) return "is filed under a key that is not its id";
  if (typeof u.firstName !== "string") return "has no firstName string";
  if (typeof u.blocked !== "boolean") return "has no blocked flag";
  if (typeof u.firstSeenAt !== "string" || typeof u.lastSeenAt !== "string") return "lacks firstSeenAt/lastSeenAt";
  return undefined;
}

/** Why `e` is not a valid stored exchange, or undefined when it is. */
export function exchangeProblem(e: unknown): string | undefined {
  if (!isPlainObject(e)) return "is not an object";
  if (typeof e.id !== "string" || e.id === "") return "has no id string";
  if (!Number.isSafeInteger(e.userId) || !Number.isSafeInteger(e.chatId)) return "lacks integer userId/chatId";
  if (typeof e.status !== "string") return "has no status string";
  if (!Array.isArray(e.statusHistory)) return "has no statusHistory array";
  if (typeof e.createdAt !== "string") return "has no createdAt string";
  return undefined;
}

/**
 * Re-homes the dictionaries of freshly parsed data into prototype-less objects (see `dict`), so
 * keys from users can never reach Object.prototype. Call after a successful shape check.
 */
export function adoptDictionaries(data: DbData): DbData {
  const kv = dict<Dict<unknown>>();
  for (const [ns, values] of Object.entries(data.kv)) kv[ns] = dict(values);
  return {
    ...data,
    users: dict(data.users),
    settings: dict(data.settings),
    kv,
  };
}

/**
 * A copy of `data` that later changes cannot reach, cheap enough to take synchronously at the
 * start of every write: it copies the containers repositories change in place (the exchanges
 * array, the users/settings dictionaries, kv and each namespace) and shares the records and values
 * themselves, which repositories only ever *replace*, never mutate (see repo-context.ts).
 */
export function snapshotDb(data: DbData): DbData {
  const kv = dict<Dict<unknown>>();
  for (const [ns, values] of Object.entries(data.kv)) kv[ns] = dict(values);
  return {
    schemaVersion: data.schemaVersion,
    users: dict(data.users),
    exchanges: data.exchanges.slice(),
    settings: dict(data.settings),
    kv,
  };
}
