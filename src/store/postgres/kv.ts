/**
 * Key-value namespaces and settings on PostgreSQL: the same behaviour as kv-repo.ts over the `kv`
 * and `settings` tables. Values go in as JSON copies (json.ts `toJson`) and come out freshly parsed.
 *
 * The once-only and read-modify-write primitives are the database's: `add` is an insert the
 * primary key lets through once, `update` locks the row (or, for a missing key, races on the
 * insert and retries on the winner's row).
 */
import type { KeyValueStore, MaintenanceSetting, SettingsStore } from "../data-store.js";
import { toJson } from "../json.js";
import type { PgConnection, Queryable } from "./connection.js";

export function postgresKeyValue<T>(db: PgConnection, namespace: string): KeyValueStore<T> {
  if (typeof namespace !== "string" || namespace === "") throw new TypeError("A kv namespace must be a non-empty string.");
  const ns = namespace;
  return {
    async get(key) {
      const rows = await db.rows<{ value: T }>("SELECT value FROM kv WHERE namespace = $1 AND key = $2", [ns, key]);
      return rows[0]?.value;
    },

    async set(key, value) {
      const json = JSON.stringify(toJson(value));
      // On conflict the row keeps its seq: replacing a value keeps its place, as on lowdb.
      await db.result(
        `INSERT INTO kv (namespace, key, value) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (namespace, key) DO UPDATE SET value = EXCLUDED.value`,
        [ns, key, json],
      );
    },

    async add(key, value) {
      const json = JSON.stringify(toJson(value));
      const result = await db.result(
        "INSERT INTO kv (namespace, key, value) VALUES ($1, $2, $3::jsonb) ON CONFLICT (namespace, key) DO NOTHING",
        [ns, key, json],
      );
      return result.rowCount === 1;
    },

    update(key, change) {
      return db.transaction((client) => updateLocked(client, ns, key, change));
    },

    async delete(key) {
      const result = await db.result("DELETE FROM kv WHERE namespace = $1 AND key = $2", [ns, key]);
      return result.rowCount === 1;
    },

    async has(key) {
      return (await db.rows("SELECT 1 FROM kv WHERE namespace = $1 AND key = $2", [ns, key])).length > 0;
    },

    async keys() {
      return (await db.rows<{ key: string }>("SELECT key FROM kv WHERE namespace = $1 ORDER BY seq", [ns])).map((r) => r.key);
    },

    async entries() {
      const rows = await db.rows<{ key: string; value: T }>("SELECT key, value FROM kv WHERE namespace = $1 ORDER BY seq", [ns]);
      return rows.map((r): [string, T] => [r.key, r.value]);
    },

    async deleteOlderThan(cutoff) {
      // Compared as text in byte order (ISO 8601 times of one format sort as they happen), as the
      // file store compares them; a value without a string `at` yields NULL and is kept.
      const result = await db.result(
        `DELETE FROM kv WHERE namespace = $1 AND jsonb_typeof(value -> 'at') = 'string'
           AND (value ->> 'at') COLLATE "C" < $2`,
        [ns, cutoff.toISOString()],
      );
      return result.rowCount ?? 0;
    },
  };
}

/**
 * `update` in one transaction. With the row there it is locked, changed and written. Without it,
 * `change(undefined)` is inserted unless another caller inserted the key meanwhile; then (the
 * insert waited for that caller to commit) the loop locks the winner's row and runs `change` on it.
 */
async function updateLocked<T>(
  client: Queryable,
  ns: string,
  key: string,
  change: (current: T | undefined) => T | undefined,
): Promise<T | undefined> {
  for (;;) {
    const { rows } = await client.query<{ value: T }>("SELECT value FROM kv WHERE namespace = $1 AND key = $2 FOR UPDATE", [ns, key]);
    const found = rows.length > 0;
    const next = change(rows[0]?.value);
    if (next === undefined) {
      if (found) await client.query("DELETE FROM kv WHERE namespace = $1 AND key = $2", [ns, key]);
      return undefined;
    }
    const stored = toJson(next);
    if (found) {
      await client.query("UPDATE kv SET value = $3::jsonb WHERE namespace = $1 AND key = $2", [ns, key, JSON.stringify(stored)]);
      return stored;
    }
    const inserted = await client.query(
      "INSERT INTO kv (namespace, key, value) VALUES ($1, $2, $3::jsonb) ON CONFLICT (namespace, key) DO NOTHING",
      [ns, key, JSON.stringify(stored)],
    );
    if (inserted.rowCount === 1) return stored;
  }
}

const MAINTENANCE = "maintenance";

export function postgresSettings(db: PgConnection): SettingsStore {
  return {
    async getMaintenance() {
      const rows = await db.rows<{ value: MaintenanceSetting }>("SELECT value FROM settings WHERE key = $1", [MAINTENANCE]);
      return rows[0]?.value;
    },
    async setMaintenance(value) {
      await db.result("INSERT INTO settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", [
        MAINTENANCE,
        JSON.stringify(toJson(value)),
      ]);
    },
  };
}
