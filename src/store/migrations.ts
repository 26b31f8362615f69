/**
 * Versioned migrations of the data file. Each step takes the file from version `from` to `from + 1`;
 * they run in order on open, after a backup copy `db.json.bak-v<old>` has been made.
 *
 * To change the layout: append a step, bump nothing else (CURRENT_SCHEMA_VERSION follows the list),
 * add a fixture of the old layout under test/store/fixtures and a test that migrates it.
 */
import { isPlainObject } from "./json.js";

/** One step of the file's history. */
export interface Migration {
  from: number;
  to: number;
  /** What changes, for the log line. */
  description: string;
  /** Returns the data at version `to`. May mutate its input. Throws {@link MigrationShapeError}. */
  up(data: Record<string, unknown>): Record<string, unknown>;
}

/** The data does not look like the version it claims to be; the store reports it as corrupt. */
export class MigrationShapeError extends Error {
  override readonly name = "MigrationShapeError";
}

/** Ordered steps; `MIGRATIONS[i].from === i`. */
export const MIGRATIONS: readonly Migration[] = [
  {
    from: 0,
    to: 1,
    description:
      "v0 (prototype layout, no schemaVersion: users as an array, conversations at the top level) → v1 " +
      "(users keyed by id, settings and namespaced kv)",
    up(data) {
      const users: Record<string, unknown> = {};
      const rawUsers = data.users ?? [];
      const list = Array.isArray(rawUsers) ? rawUsers : isPlainObject(rawUsers) ? Object.values(rawUsers) : undefined;
      if (!list) throw new MigrationShapeError("users is neither an array nor an object");
      for (const u of list) {
        if (!isPlainObject(u) || !Number.isSafeInteger(u.id)) throw new MigrationShapeError("a user has no integer id");
        users[String(u.id)] = u;
      }
      const exchanges = data.exchanges ?? [];
      if (!Array.isArray(exchanges)) throw new MigrationShapeError("exchanges is not an array");
      const conversations = data.conversations ?? {};
      if (!isPlainObject(conversations)) throw new MigrationShapeError("conversations is not an object");
      return { schemaVersion: 1, users, exchanges, settings: {}, kv: { conversations } };
    },
  },
  {
    from: 1,
    to: 2,
    description: "v1 → v2: every exchange has a statusHistory, every user a blocked flag",
    up(data) {
      const { users, exchanges } = data;
      if (!isPlainObject(users)) throw new MigrationShapeError("users is not an object");
      if (!Array.isArray(exchanges)) throw new MigrationShapeError("exchanges is not an array");
      for (const u of Object.values(users)) {
        if (!isPlainObject(u)) throw new MigrationShapeError("a user is not an object");
        if (typeof u.blocked !== "boolean") u.blocked = false;
      }
      for (const e of exchanges) {
        if (!isPlainObject(e)) throw new MigrationShapeError("an exchange is not an object");
        if (!Array.isArray(e.statusHistory)) {
          // The only status we know of is the current one, seen no later than the last update.
          const at = typeof e.updatedAt === "string" ? e.updatedAt : e.createdAt;
          e.statusHistory = typeof e.status === "string" && typeof at === "string" ? [{ status: e.status, at }] : [];
        }
      }
      return { ...data, schemaVersion: 2 };
    },
  },
  {
    from: 2,
    to: 3,
    description: "v2 → v3: an archive index (finished exchanges move to data/archive/*.jsonl; nothing is archived yet)",
    up(data) {
      return { ...data, schemaVersion: 3, archive: { count: 0, byStatus: {}, volume: {} }, archiveLines: {} };
    },
  },
];

/** The version this code writes: the target of the last migration. */
export const CURRENT_SCHEMA_VERSION: number = MIGRATIONS.at(-1)?.to ?? 0;

/**
 * The schema version a parsed file declares: 0 when it has none (the prototype layout).
 * Throws {@link MigrationShapeError} when the field is present but not a non-negative integer.
 */
export function versionOf(data: Record<string, unknown>): number {
  const v = data.schemaVersion;
  if (v === undefined) return 0;
  if (!Number.isSafeInteger(v) || (v as number) < 0) throw new MigrationShapeError("schemaVersion is not a non-negative integer");
  return v as number;
}

/**
 * Applies every step from `data`'s version up to `target` (default: current). Returns the migrated
 * data and the steps applied. The caller checks beforehand that the version is not newer.
 */
export function migrate(
  data: Record<string, unknown>,
  migrations: readonly Migration[] = MIGRATIONS,
  target: number = CURRENT_SCHEMA_VERSION,
): { data: Record<string, unknown>; applied: Migration[] } {
  let current = data;
  const applied: Migration[] = [];
  for (let v = versionOf(data); v < target; v++) {
    const step = migrations.find((m) => m.from === v);
    if (!step || step.to !== v + 1) throw new Error(`No migration from schema version ${v}`);
    current = step.up(current);
    if (current.schemaVersion !== step.to) throw new Error(`Migration ${v}→${step.to} did not set schemaVersion`);
    applied.push(step);
  }
  return { data: current, applied };
}
