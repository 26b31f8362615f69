/**
 * The layout of the data file at the current schema version, and its shape check.
 *
 * ```
 * { schemaVersion, users: {"<id>": UserRecord}, exchanges: ExchangeRecord[],
 *   settings: {"<key>": value}, kv: {"<namespace>": {"<key>": value}},
 *   archive: ArchiveTotals, archiveLines: {"<userId>": {"<month>": [offset, length, …]}} }
 * ```
 * Exchanges are an array (not a map) so the file keeps insertion order whatever the ids look like.
 * `exchanges` holds the open and recent ones only; finished ones move to the archive (archive.ts),
 * and `archive` / `archiveLines` are the small index that counts them and finds them there again.
 * (`archiveLines` is a top-level key so that each person's entry is serialised as its own piece,
 * like each user: see durable-file.ts.)
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
  archive: ArchiveTotals;
  archiveLines: ArchiveLines;
}

/**
 * Counts of the exchanges moved to the archive (see archive.ts), so /stats never reads it.
 * Never changed in place: a change replaces the whole object (snapshotDb shares it).
 */
export interface ArchiveTotals {
  /** Exchanges archived so far. */
  count: number;
  /** Archived exchanges by status. */
  byStatus: Dict<number>;
  /** Sum of `amountFrom` of archived successful exchanges, per sent coin, as decimal strings. */
  volume: Dict<string>;
}

/**
 * userId → month ("2026-10", of the exchange's creation) → flat pairs `[offset, length, …]`: the
 * byte ranges of that person's archived lines in the month's file, without the newline. Only the
 * lines listed here count as archived; any other line in a month file is a leftover of an
 * interrupted move and is ignored. A person's entry is replaced, never changed in place.
 */
export type ArchiveLines = Dict<Dict<number[]>>;

/** Archive totals with nothing archived. */
function emptyArchiveTotals(): ArchiveTotals {
  return { count: 0, byStatus: dict(), volume: dict() };
}

/** A fresh, empty data file at `version`. */
export function emptyDb(version: number): DbData {
  return {
    schemaVersion: version,
    users: dict(),
    exchanges: [],
    settings: dict(),
    kv: dict(),
    archive: emptyArchiveTotals(),
    archiveLines: dict(),
  };
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
  const totals = archiveTotalsProblem(data.archive);
  if (totals && report(`archive ${totals}`)) return problems;
  const lines = archiveLinesProblem(data.archiveLines);
  if (lines && report(`archiveLines ${lines}`)) return problems;
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

/** Why `a` is not a valid {@link ArchiveTotals}, or undefined when it is. */
function archiveTotalsProblem(a: unknown): string | undefined {
  if (!isPlainObject(a)) return "is not an object";
  if (!Number.isSafeInteger(a.count) || (a.count as number) < 0) return "has no count";
  if (!isPlainObject(a.byStatus) || !Object.values(a.byStatus).every((n) => Number.isSafeInteger(n))) return "has no byStatus counts";
  if (!isPlainObject(a.volume) || !Object.values(a.volume).every((v) => typeof v === "string")) return "has no volume strings";
  return undefined;
}

/** Why `a` is not valid {@link ArchiveLines}, or undefined when it is. */
function archiveLinesProblem(a: unknown): string | undefined {
  if (!isPlainObject(a)) return "is not an object";
  for (const [user, months] of Object.entries(a)) {
    if (!/^-?\d+$/.test(user) || !isPlainObject(months)) return "has a user entry that is not an object under an integer id";
    for (const ranges of Object.values(months)) {
      if (!Array.isArray(ranges) || ranges.length % 2 !== 0 || !ranges.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) {
        return "has a user's month that is not a list of byte ranges";
      }
    }
  }
  return undefined;
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
  const archiveLines = dict<Dict<number[]>>();
  for (const [user, months] of Object.entries(data.archiveLines)) archiveLines[user] = dict(months);
  return {
    ...data,
    users: dict(data.users),
    settings: dict(data.settings),
    kv,
    archive: { ...data.archive, byStatus: dict(data.archive.byStatus), volume: dict(data.archive.volume) },
    archiveLines,
  };
}

/**
 * A copy of `data` that later changes cannot reach, cheap enough to take synchronously at the
 * start of every write: it copies the containers repositories change in place (the exchanges
 * array, the users/settings/archiveLines dictionaries, kv and each namespace) and shares the archive
 * totals and the records and values
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
    // Replaced as a whole on every change (see ArchiveTotals), so shared.
    archive: data.archive,
    archiveLines: dict(data.archiveLines),
  };
}
