/**
 * `npm run migrate:to-postgres`: copies a lowdb installation (the data directory: db.json,
 * live.json and the month files of the archive) into PostgreSQL.
 *
 * - **Read through the bot's own store**: both files are opened with `openStore`, so an older file
 *   is migrated (with its backup) and a damaged one refused exactly as at the bot's start; the
 *   archive is read through its index, so only the lines the bot itself would read are copied.
 * - **Rows as the bot writes them**: every record becomes a row through rows.ts, the mapping the
 *   PostgreSQL store uses, after the store's own text.ts (a NUL in a name removed, as the bot's
 *   writes do), so a copied row cannot be told from one the bot wrote.
 * - **Safe to run again**: every insert is `ON CONFLICT DO NOTHING`. A row already in PostgreSQL,
 *   perhaps changed by the bot since, is never overwritten; the report counts it as already there.
 * - **In the files' order**: rows are inserted in the order the files keep them, so `seq` (the
 *   "insertion order" of the PostgreSQL store) follows the bot's history.
 * - **Fast enough for the biggest installation**: multi-row inserts of {@link BATCH} rows, all in
 *   one transaction (a failed run copies nothing), so 100,000 exchanges take seconds.
 *
 * Which copy wins when a record is in two places: db.json's exchange over its archived line (the
 * archive's own rule), live.json's kv entry over db.json's under the same namespace and key (live.json
 * is written through; it is the newer one). Flow states in db.json's "conversations" are skipped:
 * they are an earlier version's, which this version cannot replay and drops at start (app.ts).
 */
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type pg from "pg";
import type { ExchangeRecord } from "../../domain/types.js";
import { openStore, type Store } from "../store.js";
import { migrateSchema } from "./migrate.js";
import { exchangeRow, userRow } from "./rows.js";
import { jsonbText, textParams, toJsonb } from "./text.js";

/** Rows per INSERT statement (6 parameters each for exchanges: well under PostgreSQL's 65,535). */
const BATCH = 500;
/** The kv namespace of conversation state, on both backends. */
const CONVERSATIONS = "conversations";

/** How many records of one kind were found and what became of them: found = copied + alreadyPresent + skipped. */
interface CopyCounts {
  found: number;
  /** Inserted by this run. */
  copied: number;
  /** Left as they were: PostgreSQL already had a row with that key (an earlier run, or the bot). */
  alreadyPresent: number;
  /** Not copied, for a reason the report's notes give (another copy won, an unreadable line). */
  skipped: number;
}

/** What {@link copyFilesToPostgres} did. */
export interface CopyReport {
  /** The data directory read, absolute. */
  dataDir: string;
  users: CopyCounts;
  /** Exchanges in db.json. */
  exchangesHot: CopyCounts;
  /** Exchanges in the archive's month files (found = lines the index lists). */
  exchangesArchived: CopyCounts;
  /** Conversation state: live.json's (found also counts db.json's old flow states, all skipped). */
  conversations: CopyCounts;
  /** Every other kv namespace, db.json's and live.json's, by name. */
  kv: Record<string, CopyCounts>;
  settings: CopyCounts;
  /** Why anything was skipped, and anything else worth knowing; one sentence each. */
  notes: string[];
  /** How long the copy took, from reading the files to the commit. */
  ms: number;
}

/** The minimal pino-like logger the copy (and the stores it opens) write progress to. */
interface CopyLogger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

/** The data directory holds no db.json: there is nothing to copy (probably the wrong folder). */
export class NoDataFileError extends Error {
  constructor(readonly dataDir: string) {
    super(`There is no db.json in ${dataDir}: nothing to copy. Set DATA_DIR to the bot's data folder.`);
    this.name = "NoDataFileError";
  }
}

const silentLogger: CopyLogger = { info() {}, warn() {}, error() {} };

/**
 * Copies the installation in `dataDir` into the database behind `pool` (its schema brought up to
 * date first). Throws {@link NoDataFileError} when the folder holds no db.json, the store's errors
 * for a file it cannot use, and the database's errors; after a throw nothing has been copied.
 * Run it while the bot is stopped: a bot writing the files meanwhile would be copied half-way.
 */
export async function copyFilesToPostgres(opts: { dataDir: string; pool: pg.Pool; logger?: CopyLogger }): Promise<CopyReport> {
  const logger = opts.logger ?? silentLogger;
  const dataDir = resolve(opts.dataDir);
  if (!(await isFile(join(dataDir, "db.json")))) throw new NoDataFileError(dataDir);
  const started = performance.now();
  await migrateSchema(opts.pool);

  const store = await openStore({ dataDir, logger });
  try {
    // Opening a missing live.json would create one: an installation without it has nothing there.
    const live = (await isFile(join(dataDir, "live.json"))) ? await openStore({ dataDir, fileName: "live.json", logger }) : undefined;
    try {
      const plan = await readFiles(store, live, logger);
      const report = await writeRows(opts.pool, plan, logger);
      return { dataDir, ...report, notes: plan.notes, ms: Math.round(performance.now() - started) };
    } finally {
      await live?.close();
    }
  } finally {
    await store.close();
  }
}

/** Everything to insert, in order, with what was skipped on the way already counted. */
interface Plan {
  users: ReturnType<typeof userRow>[];
  /** Hot and archived exchanges in one sequence (see {@link mergeByCreation}). */
  exchanges: Array<{ record: ExchangeRecord; archived: boolean }>;
  /** Per namespace: the entries to insert and how many were found and skipped. */
  kv: Map<string, { entries: Array<[string, unknown]>; found: number; skipped: number }>;
  settings: Array<[string, unknown]>;
  /** Lines the archive's index lists, and how many of them are not copied (see the notes). */
  archive: { lines: number; skipped: number };
  notes: string[];
}

/** Reads both files and the archive; nothing is written anywhere. */
async function readFiles(store: Store, live: Store | undefined, logger: CopyLogger): Promise<Plan> {
  const notes: string[] = [];
  // Made fit for PostgreSQL (text.ts) before the row is made: its columns come from the record.
  const users = [...store.users.all()].map((u) => userRow(toJsonb(u)));
  const hot = [...store.exchanges.all()];
  const listing = await store.archive.listed();
  logger.info(`read ${users.length} users, ${hot.length} exchanges in db.json and ${listing.lines} archived exchange lines`);
  if (listing.heldInDataFile > 0) {
    notes.push(`${listing.heldInDataFile} archived exchanges are also in db.json; db.json's copy was taken (it is the newer one).`);
  }
  if (listing.unreadable > 0) {
    notes.push(`${listing.unreadable} archived lines the index lists are missing or unreadable; skipped (the bot skips them too).`);
  }
  if (listing.repeated > 0) notes.push(`${listing.repeated} archived exchanges are listed twice; the later line was taken.`);

  const kv: Plan["kv"] = new Map();
  for (const namespace of store.kvNamespaces()) {
    const entries = store.kv<unknown>(namespace).entries();
    if (namespace === CONVERSATIONS) {
      kv.set(namespace, { entries: [], found: entries.length, skipped: entries.length });
      if (entries.length > 0) {
        notes.push(
          `db.json holds ${entries.length} exchange-flow states of an earlier version; not copied (this version cannot resume them and drops them at start).`,
        );
      }
    } else {
      kv.set(namespace, { entries, found: entries.length, skipped: 0 });
    }
  }
  for (const namespace of live?.kvNamespaces() ?? []) {
    const entries = live?.kv<unknown>(namespace).entries() ?? [];
    const known = kv.get(namespace);
    if (!known) {
      kv.set(namespace, { entries, found: entries.length, skipped: 0 });
      continue;
    }
    // The same key in both: live.json's value, in db.json's place; new keys after db.json's.
    const merged = new Map(known.entries);
    let both = 0;
    for (const [key, value] of entries) {
      if (merged.has(key)) both++;
      merged.set(key, value);
    }
    known.entries = [...merged];
    known.found += entries.length;
    known.skipped += both;
    if (both > 0) notes.push(`kv "${namespace}": ${both} keys are in both db.json and live.json; live.json's values were taken.`);
  }
  if (live && (live.users.count() > 0 || live.exchanges.count() > 0 || live.settings.keys().length > 0)) {
    notes.push("live.json holds users, exchanges or settings, which the bot never keeps there; they were not copied.");
  }

  const settings = store.settings.keys().map((key): [string, unknown] => [key, store.settings.get(key)]);
  return {
    users,
    exchanges: mergeByCreation(hot, listing.records),
    kv,
    settings,
    archive: { lines: listing.lines, skipped: listing.heldInDataFile + listing.unreadable + listing.repeated },
    notes,
  };
}

/**
 * One insertion order for db.json's exchanges and the archived ones, as close to the order they
 * were created in as the files tell: db.json's in their file order (exactly the bot's insertion
 * order), each archived one placed before the first of them created later. The archive's own line
 * order is not the insertion order (a move appends the newest first), so it is sorted by creation
 * time, ties kept in file order.
 */
function mergeByCreation(hot: ExchangeRecord[], archived: ExchangeRecord[]): Plan["exchanges"] {
  const old = [...archived].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  const out: Plan["exchanges"] = [];
  let j = 0;
  for (const record of hot) {
    while (j < old.length && (old[j] as ExchangeRecord).createdAt < record.createdAt)
      out.push({ record: old[j++] as ExchangeRecord, archived: true });
    out.push({ record, archived: false });
  }
  while (j < old.length) out.push({ record: old[j++] as ExchangeRecord, archived: true });
  return out;
}

/** The counts {@link writeRows} produces. */
type Written = Omit<CopyReport, "dataDir" | "notes" | "ms">;

/** Inserts the plan in one transaction; returns the counts. */
async function writeRows(pool: pg.Pool, plan: Plan, logger: CopyLogger): Promise<Written> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const users = await insertAll(client, USERS, plan.users, (u) => [u.id, u.username_key, JSON.stringify(u.record)]);
    logger.info(`users: ${users} of ${plan.users.length} copied`);

    const hot = { found: 0, copied: 0 };
    let archivedCopied = 0;
    for (let i = 0; i < plan.exchanges.length; i += BATCH) {
      const slice = plan.exchanges.slice(i, i + BATCH);
      const rows = slice.map(({ record }) => exchangeRow(toJsonb(record)));
      const inserted = await insertBatch(
        client,
        EXCHANGES,
        rows.map((r) => [r.id, r.user_id, r.is_open, r.created_at, r.search_keys, JSON.stringify(r.record)]),
        "id",
      );
      const ids = new Set(inserted.map((r) => r.id));
      for (const { record, archived } of slice) {
        const copied = ids.has(record.id);
        if (archived) archivedCopied += copied ? 1 : 0;
        else {
          hot.found++;
          hot.copied += copied ? 1 : 0;
        }
      }
    }
    logger.info(`exchanges: ${hot.copied + archivedCopied} of ${plan.exchanges.length} copied`);

    const kv: Record<string, CopyCounts> = {};
    let conversations: CopyCounts = { found: 0, copied: 0, alreadyPresent: 0, skipped: 0 };
    for (const [namespace, { entries, found, skipped }] of plan.kv) {
      const copied = await insertAll(client, KV, entries, ([key, value]) => [namespace, key, jsonbText(value)]);
      const counts = { found, copied, alreadyPresent: found - skipped - copied, skipped };
      if (namespace === CONVERSATIONS) conversations = counts;
      else kv[namespace] = counts;
    }
    const settings = await insertAll(client, SETTINGS, plan.settings, ([key, value]) => [key, jsonbText(value)]);
    await client.query("COMMIT");
    logger.info("committed");
    return {
      users: counts(plan.users.length, users, 0),
      exchangesHot: counts(hot.found, hot.copied, 0),
      exchangesArchived: counts(plan.archive.lines, archivedCopied, plan.archive.skipped),
      conversations,
      kv,
      settings: counts(plan.settings.length, settings, 0),
    };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

function counts(found: number, copied: number, skipped: number): CopyCounts {
  return { found, copied, alreadyPresent: found - skipped - copied, skipped };
}

/** A table's columns as the copy fills them, with the casts their text parameters need. */
interface Table {
  name: string;
  columns: ReadonlyArray<readonly [name: string, type: string]>;
  conflict: string;
}

const USERS: Table = {
  name: "users",
  columns: [
    ["id", "bigint"],
    ["username_key", "text"],
    ["record", "jsonb"],
  ],
  conflict: "id",
};
const EXCHANGES: Table = {
  name: "exchanges",
  columns: [
    ["id", "text"],
    ["user_id", "bigint"],
    ["is_open", "boolean"],
    ["created_at", "text"],
    ["search_keys", "text[]"],
    ["record", "jsonb"],
  ],
  conflict: "id",
};
const KV: Table = {
  name: "kv",
  columns: [
    ["namespace", "text"],
    ["key", "text"],
    ["value", "jsonb"],
  ],
  conflict: "namespace, key",
};
const SETTINGS: Table = {
  name: "settings",
  columns: [
    ["key", "text"],
    ["value", "jsonb"],
  ],
  conflict: "key",
};

/** Inserts every item, {@link BATCH} at a time, in order; returns how many rows were new. */
async function insertAll<T>(client: pg.PoolClient, table: Table, items: readonly T[], values: (item: T) => unknown[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < items.length; i += BATCH) {
    inserted += (await insertBatch(client, table, items.slice(i, i + BATCH).map(values))).length;
  }
  return inserted;
}

/**
 * One multi-row `INSERT … ON CONFLICT DO NOTHING`; returns the rows inserted (with `returning`,
 * their value of that column). A VALUES list is inserted in its order, so `seq` follows `rows`.
 */
async function insertBatch(
  client: pg.PoolClient,
  table: Table,
  rows: unknown[][],
  returning?: string,
): Promise<Array<Record<string, unknown>>> {
  if (rows.length === 0) return [];
  const width = table.columns.length;
  const tuples = rows.map((_, r) => `(${table.columns.map(([, type], c) => `$${r * width + c + 1}::${type}`).join(", ")})`);
  const sql =
    `INSERT INTO ${table.name} (${table.columns.map(([name]) => name).join(", ")}) VALUES ${tuples.join(", ")} ` +
    `ON CONFLICT (${table.conflict}) DO NOTHING RETURNING ${returning ?? "1 AS inserted"}`;
  const result = await client.query<Record<string, unknown>>(sql, textParams(rows.flat()));
  return result.rows;
}

/** The report as a table a person reads, with the notes below it. */
export function formatCopyReport(report: CopyReport): string {
  const rows: Array<[string, CopyCounts]> = [
    ["users", report.users],
    ["exchanges in db.json", report.exchangesHot],
    ["exchanges in the archive", report.exchangesArchived],
    ["conversations", report.conversations],
    ...Object.entries(report.kv).map(([ns, c]): [string, CopyCounts] => [`kv "${ns}"`, c]),
    ["settings", report.settings],
  ];
  const n = (x: number) => x.toLocaleString("en-US");
  const header = ["", "found", "copied", "already there", "skipped"];
  const table = [header, ...rows.map(([label, c]) => [label, n(c.found), n(c.copied), n(c.alreadyPresent), n(c.skipped)])];
  const widths = header.map((_, i) => Math.max(...table.map((row) => (row[i] as string).length)));
  const lines = table.map((row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join("   "),
  );
  for (const note of report.notes) lines.push(`- ${note}`);
  return lines.join("\n");
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
