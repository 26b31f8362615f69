/**
 * The durable store: the bot's state in one lowdb JSON file in the data directory, plus an
 * append-only archive of old finished exchanges beside it (`archive/`, see archive.ts).
 *
 * - **Repositories** (users, exchanges, conversations, settings, namespaced kv) are the only way
 *   to read or change the data; they keep in-memory indexes so lookups never scan every record.
 * - **Copies, not references**: every record or value a repository returns is a deep copy the
 *   caller owns, and every value passed in is copied (normalised through JSON) before it is kept.
 *   Mutating a returned object changes nothing; use the repository's update/set. (Copies are cheap
 *   for the handful of records a handler touches; `all()` copies lazily as it iterates.)
 * - **Coalesced writes**: changes within `flushDelayMs` become one write of the whole file; writes
 *   never overlap. `flush()` forces a write and waits for it.
 * - **Atomic, durable writes**: temp file → fsync → rename → fsync directory (see durable-file.ts).
 *   A crash mid-write leaves the previous good file; a leftover temp file is removed on open.
 * - **Versioned**: `schemaVersion` plus ordered migrations (migrations.ts), with a backup
 *   `db.json.bak-v<old>` made before an existing file is migrated. A newer file is refused.
 * - **Never overwrites what it cannot read**: a corrupt or unreadable file stops start-up with
 *   {@link StoreCorruptError}, and the file is left byte-for-byte as it was.
 *
 * - **Bounded by what is current, not by age**: finished exchanges untouched for a while move to
 *   the archive (`store.archive.run`, scheduled by archive-schedule.ts); `store.lookup` finds them
 *   there for support and /history, and the index in the data file counts them for /stats.
 *
 * One process owns the file at a time; two bots on the same data directory would overwrite each
 * other's changes.
 */
import { constants } from "node:fs";
import { copyFile, mkdir, open, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Low } from "lowdb";
import { ExchangeArchive } from "./archive.js";
import { ArchiveFiles } from "./archive-files.js";
import { DurableJsonFile, syncDirectory } from "./durable-file.js";
import { LoggedJsonFile, type Carried } from "./logged-file.js";
import { DataDirError, StoreClosedError, StoreCorruptError, StoreVersionError } from "./errors.js";
import { ExchangesRepository, type ExchangesRepo } from "./exchanges-repo.js";
import { isPlainObject } from "./json.js";
import {
  heldNamespace,
  namespaceRepo,
  readOnlyNamespace,
  settingsRepo,
  type KeyValueReads,
  type KeyValueRepo,
  type SettingsRepo,
} from "./kv-repo.js";
import { exchangeLookup, type ExchangeLookup } from "./lookup.js";
import { CURRENT_SCHEMA_VERSION, MigrationShapeError, migrate, versionOf } from "./migrations.js";
import type { RepoContext } from "./repo-context.js";
import { adoptDictionaries, emptyDb, findShapeProblems, snapshotDb, type DbData } from "./schema.js";
import { UsersRepository, type UsersRepo } from "./users-repo.js";
import { WriteCoalescer } from "./write-coalescer.js";

export { DataDirError, StoreClosedError, StoreCorruptError, StoreVersionError } from "./errors.js";

/** The minimal pino-like logger the store writes to. */
interface StoreLogger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

/** Options of {@link openStore}. */
export interface StoreOptions {
  /** Directory of the data file; created when missing. */
  dataDir: string;
  /** Default "db.json". */
  fileName?: string;
  /**
   * Directory of the exchange archive. Default `<dataDir>/archive`. Only the store that archives
   * needs it; a second store in the same directory (live.json) never appends to it.
   */
  archiveDir?: string;
  /**
   * Keep the file as a base plus an append log of changed kv values (logged-file.ts): for a small
   * file of kv namespaces written at every step, where a whole rewrite per write costs the most.
   * A file that has a log is always opened with it, whatever this says: no opener can miss its
   * latest changes.
   */
  appendLog?: boolean;
  /** A logged file's log is folded into its base no sooner than at this size. Default 256 KiB. */
  minLogBytes?: number;
  /** Coalescing window in ms, default 200: changes within it become one write. */
  flushDelayMs?: number;
  logger?: StoreLogger;
  /** Told after every write attempt (metrics, readiness): its duration when it succeeded. */
  onWrite?: (result: { ok: true; ms: number; bytes: number } | { ok: false }) => void;
}

/** Write counters, for benchmarks and an admin's stats. */
interface StoreStats {
  /** Completed writes since open (including the one open itself may make). */
  writes: number;
  /** Duration of the last write: serialise + write + fsync + rename + directory fsync. */
  lastWriteMs: number;
  /** Size of the file the last write produced. */
  lastWriteBytes: number;
}

/** The bot's state; see the module comment for the guarantees. */
export interface Store {
  readonly users: UsersRepo;
  /** The exchanges in the data file: open and recent ones (synchronous). */
  readonly exchanges: ExchangesRepo;
  /** Old finished exchanges moved out of the data file; {@link ExchangeArchive.run} moves them. */
  readonly archive: ExchangeArchive;
  /** Lookups across the data file and the archive (async): /find, /user, /history. */
  readonly lookup: ExchangeLookup;
  /** Conversation state for @grammyjs/conversations, by string key (the kv namespace "conversations"). */
  readonly conversations: KeyValueRepo<unknown>;
  /** Small global flags such as `maintenance`. */
  readonly settings: SettingsRepo;
  /** A generic namespaced key-value repository for later features (broadcasts, alerts, dedup keys). */
  readonly kv: <T>(namespace: string) => KeyValueRepo<T>;
  /**
   * Namespace `namespace` as it is on disk: the changes not written yet are not in it. For reads
   * that must not see what a crash could still take back (the state a write in progress carries).
   */
  readonly onDisk: <T>(namespace: string) => KeyValueReads<T>;
  /** The kv namespaces the file holds (any may be empty), in file order: for a full copy elsewhere. */
  kvNamespaces(): string[];
  /** Absolute path of the data file. */
  readonly file: string;
  /** Resolves when everything changed so far is durably on disk (fsync'd and renamed). Forces a write. */
  flush(): Promise<void>;
  /**
   * As {@link flush}, but only when a change other files must follow is not on disk yet; the
   * unordered changes (a sender's last-seen record: RepoContext's `mutate`) are left to the
   * normal schedule. What another file's write waits for (`writeAfter`).
   */
  flushOrdered(): Promise<void>;
  /** Resolves when everything changed so far is on disk, on the normal coalesced schedule (no hurry). */
  whenDurable(): Promise<void>;
  /**
   * From now on, each write of this file first makes `leader` durable up to the moment the write
   * takes its snapshot: whatever this file carries to disk, every change `leader` had before it is
   * there too, so changes of the two files reach the disk in the order they were made. A write
   * fails if the leader's fails. The leader must never wait for this file (no cycle).
   *
   * Except, with an append log, a write that carries nothing but new keys of the namespaces in
   * `independent`: what such a key holds depends on no earlier change (what Telegram sent, kept
   * before it is confirmed), so it goes to disk at once, whatever the leader has pending.
   */
  writeAfter(leader: Store, independent?: ReadonlySet<string>): void;
  /** Flushes and stops the timer; further writes throw {@link StoreClosedError}. Reads still work. */
  close(): Promise<void>;
  /** Counters for benchmarks/stats. */
  readonly stats: Readonly<StoreStats>;
}

const silentLogger: StoreLogger = { info() {}, warn() {}, error() {} };

/**
 * Opens (or creates) the store in `opts.dataDir`.
 * Throws {@link DataDirError} when the directory cannot be created or written to,
 * {@link StoreCorruptError} for an unreadable, non-JSON or wrongly shaped file and
 * {@link StoreVersionError} for a file from a newer version; in every case nothing is written.
 */
export async function openStore(opts: StoreOptions): Promise<Store> {
  const dataDir = resolve(opts.dataDir);
  const file = join(dataDir, opts.fileName ?? "db.json");
  const logger = opts.logger ?? silentLogger;
  const flushDelayMs = opts.flushDelayMs ?? 200;
  if (!(flushDelayMs >= 0)) throw new RangeError("flushDelayMs must be a number ≥ 0.");

  await ensureWritableDir(dataDir, file);
  // The file whose earlier changes each write of this one waits for (see `writeAfter`).
  let leader: Store | undefined;
  let independent: ReadonlySet<string> = new Set();
  // Called at the snapshot: the leader's flush covers every change it had before any change in it.
  const afterSnapshot = (carries?: Carried) => {
    const newKeysOnlyIn = carries?.whole === false ? carries.newKeysOnlyIn : undefined;
    if (newKeysOnlyIn !== undefined && [...newKeysOnlyIn].every((ns) => independent.has(ns))) return undefined;
    return leader?.flushOrdered();
  };
  const adapter: DataFile =
    opts.appendLog === true || (await hasLog(file))
      ? new LoggedJsonFile(file, { afterSnapshot, minLogBytes: opts.minLogBytes })
      : new DurableJsonFile<DbData>(file, { snapshot: snapshotDb, afterSnapshot, recordsReplacedWhole: true });
  const loaded = await load(adapter, logger);

  const stats: StoreStats = { writes: 0, lastWriteMs: 0, lastWriteBytes: 0 };
  // lowdb holds the data and hands it to our adapter; we never call db.read() (see load()).
  const db = new Low<DbData>(adapter, loaded.data);
  const coalescer = new WriteCoalescer({
    delayMs: flushDelayMs,
    // db.write() reaches adapter.write() synchronously, which snapshots before its first await:
    // the snapshot is taken at the moment the coalescer notes which changes this write covers.
    write: async () => {
      await db.write();
      stats.writes++;
      stats.lastWriteMs = adapter.lastWrite.ms;
      stats.lastWriteBytes = adapter.lastWrite.bytes;
      opts.onWrite?.({ ok: true, ms: stats.lastWriteMs, bytes: stats.lastWriteBytes });
    },
    onError: (err, failures) => {
      logger.error({ err, file, failures }, "store: writing the data file failed; will retry");
      opts.onWrite?.({ ok: false });
    },
  });

  let closing: Promise<void> | undefined;
  const logged = adapter instanceof LoggedJsonFile ? adapter : undefined;
  let touches = 0;
  const ctx: RepoContext = {
    data: db.data,
    assertWritable() {
      if (closing) throw new StoreClosedError();
    },
    mutate(change, ordered = true) {
      ctx.assertWritable();
      const before = touches;
      const result = change();
      // A change that named no kv key (users, exchanges, settings) is written with the whole base.
      if (logged && touches === before) logged.touchAll();
      coalescer.markChanged(ordered);
      return result;
    },
    touched: logged
      ? (namespace, key, before) => {
          touches++;
          logged.touch(namespace, key, before);
        }
      : undefined,
  };

  if (await adapter.removeLeftoverTemp()) {
    logger.warn({ file: adapter.tempFile }, "store: removed a temp file left by an interrupted write");
  }
  if (loaded.origin !== "current") {
    // A new file is created now, and a migrated one rewritten now, so the file on disk always
    // matches the code from here on.
    if (loaded.origin === "migrated") {
      const backup = await backUp(file, loaded.fromVersion);
      if (adapter instanceof LoggedJsonFile && (await hasLog(file))) await backUp(adapter.logFile, loaded.fromVersion);
      logger.info({ backup, from: loaded.fromVersion, to: CURRENT_SCHEMA_VERSION }, "store: migrating the data file");
    }
    logged?.touchAll();
    coalescer.markChanged();
    await coalescer.flush();
  }
  logger.info(
    { file, users: Object.keys(db.data.users).length, exchanges: db.data.exchanges.length, archived: db.data.archive.count },
    "store: opened",
  );

  const kvCache = new Map<string, KeyValueRepo<unknown>>();
  const kv = <T>(namespace: string): KeyValueRepo<T> => {
    let repo = kvCache.get(namespace);
    if (!repo) kvCache.set(namespace, (repo = namespaceRepo<unknown>(ctx, namespace)));
    return repo as KeyValueRepo<T>;
  };

  // What is on disk: the data when every change is written, else the last write's snapshot (or,
  // before any write, the file as it was opened). A logged file instead holds the on-disk value of
  // each key changed since it was written.
  const rewritten = adapter instanceof DurableJsonFile ? adapter : undefined;
  const opened = snapshotDb(db.data);
  const onDiskData = (): DbData => (coalescer.idle || !rewritten ? db.data : (rewritten.lastWritten ?? opened));
  const onDisk = <T>(namespace: string): KeyValueReads<T> =>
    logged ? heldNamespace<T>(ctx, namespace, () => logged.held(namespace)) : readOnlyNamespace<T>(ctx, onDiskData, namespace);

  const exchanges = new ExchangesRepository(ctx);
  const archive = new ExchangeArchive({
    ctx,
    exchanges,
    files: new ArchiveFiles(resolve(opts.archiveDir ?? join(dataDir, "archive"))),
    flush: () => coalescer.flush(),
    logger,
  });
  return {
    users: new UsersRepository(ctx),
    exchanges,
    archive,
    lookup: exchangeLookup(exchanges, archive),
    conversations: kv<unknown>("conversations"),
    settings: settingsRepo(ctx),
    kv,
    onDisk,
    kvNamespaces: () => Object.keys(db.data.kv),
    file,
    stats,
    flush: () => coalescer.flush(),
    flushOrdered: () => coalescer.flushOrdered(),
    whenDurable: () => coalescer.whenDurable(),
    writeAfter(first, unordered = new Set()) {
      leader = first;
      independent = unordered;
    },
    close() {
      closing ??= coalescer.flush().finally(async () => {
        coalescer.stop();
        await logged?.close();
      });
      return closing;
    },
  };
}

type Loaded = { origin: "current" | "new"; data: DbData } | { origin: "migrated"; data: DbData; fromVersion: number };

/** The data file as the store uses it: rewritten whole, or a base plus an append log. */
type DataFile = DurableJsonFile<DbData> | LoggedJsonFile;

/**
 * Reads, parses, version-checks, migrates (in memory only) and shape-checks the file. A logged
 * file's log is applied to what was parsed before the version check: it was written by the code
 * that wrote the base, so a migration applies to both.
 */
async function load(adapter: DataFile, logger: StoreLogger): Promise<Loaded> {
  const file = adapter.file;
  let raw;
  try {
    raw = await adapter.readRaw();
  } catch (err) {
    throw new StoreCorruptError(file, `it cannot be read (${errorCode(err)})`, { cause: err });
  }
  if (raw.kind === "missing") {
    const data = emptyDb(CURRENT_SCHEMA_VERSION);
    // A log without its base (the base moved aside): what it carries is kept, not dropped.
    if (adapter instanceof LoggedJsonFile) await replay(adapter, data as unknown as Record<string, unknown>, logger);
    logger.info({ file }, "store: no data file yet; starting empty");
    return { origin: "new", data };
  }
  if (raw.text.trim() === "") throw new StoreCorruptError(file, "it is empty");

  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.text);
  } catch (err) {
    // V8's message quotes the text around the error; report only the position (content may be private).
    const where = /position (\d+)/.exec((err as Error).message)?.[1];
    throw new StoreCorruptError(file, `it is not valid JSON${where ? ` (error at character ${where})` : ""}`);
  }
  if (!isPlainObject(parsed)) throw new StoreCorruptError(file, "its top level is not a JSON object");
  if (adapter instanceof LoggedJsonFile) await replay(adapter, parsed, logger);

  let fromVersion: number;
  let data: Record<string, unknown> = parsed;
  try {
    fromVersion = versionOf(parsed);
    if (fromVersion > CURRENT_SCHEMA_VERSION) throw new StoreVersionError(file, fromVersion, CURRENT_SCHEMA_VERSION);
    if (fromVersion < CURRENT_SCHEMA_VERSION) data = migrate(parsed).data;
  } catch (err) {
    if (err instanceof MigrationShapeError) {
      throw new StoreCorruptError(file, `it does not have the expected layout (${err.message})`);
    }
    throw err;
  }
  const problems = findShapeProblems(data, CURRENT_SCHEMA_VERSION);
  if (problems.length > 0) {
    throw new StoreCorruptError(file, `it does not have the expected layout: ${problems.join("; ")}`);
  }
  const adopted = adoptDictionaries(data as unknown as DbData);
  return fromVersion === CURRENT_SCHEMA_VERSION ? { origin: "current", data: adopted } : { origin: "migrated", data: adopted, fromVersion };
}

/** Whether data file `file` has an append log beside it (logged-file.ts). */
async function hasLog(file: string): Promise<boolean> {
  try {
    return (await stat(`${file}.log`)).isFile();
  } catch {
    return false;
  }
}

/** Applies a logged file's log to `data`, saying so when a crash had cut its last line. */
async function replay(adapter: LoggedJsonFile, data: Record<string, unknown>, logger: StoreLogger): Promise<void> {
  const { lines, cutBytes } = await adapter.replayInto(data);
  if (cutBytes > 0) {
    logger.warn({ file: adapter.logFile, lines, cutBytes }, "store: dropped a log line cut short by a crash (that write had not finished)");
  }
}

/**
 * Copies the file to `<file>.bak-v<version>` (or, if that exists from an earlier migration, a
 * name with a timestamp added) and makes the copy durable. Returns the backup's path.
 */
async function backUp(file: string, version: number): Promise<string> {
  let backup = `${file}.bak-v${version}`;
  try {
    await copyFile(file, backup, constants.COPYFILE_EXCL);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    backup = `${backup}-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await copyFile(file, backup, constants.COPYFILE_EXCL);
  }
  const handle = await open(backup, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncDirectory(backup);
  return backup;
}

/**
 * Creates the data directory if needed and proves it takes a write, before anything is read: a
 * folder the bot cannot write to would otherwise surface later as a failed write of a fresh file
 * (an EACCES stack), or, with an existing file, as writes that fail while people use the bot.
 */
async function ensureWritableDir(dataDir: string, file: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
    // mkdir succeeds on an existing path only if it is a folder, but say it plainly for a file.
    if (!(await stat(dataDir)).isDirectory()) throw Object.assign(new Error("not a directory"), { code: "ENOTDIR" });
  } catch (err) {
    throw new DataDirError(dataDir, "create", errorCode(err), { cause: err });
  }
  // A name of its own per data file: two stores share the folder, and the data file's temp file
  // may be a leftover that recovery looks at.
  const probe = `${file}.write-test`;
  try {
    const handle = await open(probe, "w");
    await handle.close();
    await rm(probe, { force: true });
  } catch (err) {
    throw new DataDirError(dataDir, "write", errorCode(err), { cause: err });
  }
}

/** The errno code of a filesystem error (never its message, which is fine, but keep it short). */
function errorCode(err: unknown): string {
  const e = err as Partial<NodeJS.ErrnoException>;
  return e.code ?? e.message ?? String(err);
}
