/**
 * Brings a PostgreSQL database to the current schema (schema-migrations.ts) at start-up.
 *
 * Replicas may start at the same moment: a session advisory lock makes them take turns, so each
 * migration is applied once, in its own transaction, and a replica that waited finds nothing left
 * to do. A database from a newer version of the bot (a migration this code does not know) is
 * refused rather than used with the wrong schema.
 */
import type pg from "pg";
import { SCHEMA_MIGRATIONS, type SchemaMigration } from "./schema-migrations.js";

/** The advisory lock key of schema changes (an arbitrary constant, the same in every replica). */
const MIGRATION_LOCK = 7_320_114;

/** Thrown when the database was migrated by a newer version of the bot. */
export class SchemaVersionError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `The database's schema is at version ${found}, but this version of the bot knows only up to ${known}. ` +
        "Run the newer version, or restore a backup taken before it ran.",
    );
    this.name = "SchemaVersionError";
  }
}

/** What {@link migrateSchema} did. */
export interface MigrateReport {
  applied: number[];
  version: number;
}

/** Applies the migrations not yet applied, under the migration lock. */
export async function migrateSchema(pool: pg.Pool, migrations: readonly SchemaMigration[] = SCHEMA_MIGRATIONS): Promise<MigrateReport> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version INTEGER PRIMARY KEY,
           name TEXT NOT NULL,
           applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
         )`,
      );
      const { rows } = await client.query<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version");
      const done = new Set(rows.map((r) => r.version));
      const known = migrations.at(-1)?.version ?? 0;
      const newest = rows.at(-1)?.version ?? 0;
      if (newest > known) throw new SchemaVersionError(newest, known);
      const applied: number[] = [];
      for (const m of migrations) {
        if (done.has(m.version)) continue;
        await client.query("BEGIN");
        try {
          await client.query(m.sql);
          await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
          await client.query("COMMIT");
        } catch (err) {
          await client.query("ROLLBACK");
          throw new Error(`Schema migration ${m.version} (${m.name}) failed; nothing of it was applied.`, { cause: err });
        }
        applied.push(m.version);
      }
      return { applied, version: known };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
