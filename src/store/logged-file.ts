/**
 * A data file kept as a base file plus an append log beside it (`<file>.log`), for a file written
 * through at every step of a person's flow (live.json).
 *
 * Rewriting the whole file per write cost a copy, a serialisation and a rename of every chat's
 * state for each step of one chat (bench/flow-cpu.results.md). Here a write appends one line with
 * the kv values that changed since the last write (found by reference: kv-changes.ts) and syncs
 * it; when the log has grown to several times the base, the base is rewritten (durable-file.ts)
 * and the log emptied.
 *
 * What a crash leaves:
 * - in an append: the line is cut short; it never ended with a newline, so the next open drops
 *   it (and cuts it off the log): that write never resolved, so nobody was told it was kept;
 * - in a rewrite: the log ends with a line that brings the values it replays to those of the new
 *   base, so replaying it onto either base, old or new, gives the same data;
 * - a line that cannot be read in the middle of the log is damage, never a cut: the file is
 *   refused, as an unreadable base is.
 */
import { open, readFile, type FileHandle } from "node:fs/promises";
import { DurableJsonFile, syncDirectory, type RawRead, type WriteFigures } from "./durable-file.js";
import { StoreCorruptError } from "./errors.js";
import { isPlainObject, type Dict } from "./json.js";
import { applyKvChanges, isEmpty, kvReset, type KvChanges } from "./kv-changes.js";
import { snapshotDb, type DbData } from "./schema.js";

/** The log is folded into the base once it holds this many times the base's bytes… */
const LOG_TO_BASE = 4;
/** …and at least this many bytes (by default), so a small base is not rewritten every few steps. */
const MIN_LOG_BYTES = 256 * 1024;

/** What {@link LoggedJsonFile.replayInto} found in the log. */
export interface Replayed {
  lines: number;
  /** Bytes of a last line cut short by a crash, dropped from the log. */
  cutBytes: number;
}

/** A kv value as it was, or undefined when the key was absent. */
export type Held = { value: unknown } | undefined;

/**
 * What one write of a logged file carries, as its `afterSnapshot` is told: the whole base, or
 * lines of changed keys; for the latter, the namespaces of those keys when every one is new (was
 * absent on disk), else undefined.
 */
export type Carried = { whole: true } | { whole: false; newKeysOnlyIn: ReadonlySet<string> | undefined };

/** The base file and its append log; the store uses it like a {@link DurableJsonFile}. */
export class LoggedJsonFile {
  readonly logFile: string;
  /** Bytes the last write put on disk (a line, and the base when it was rewritten), and its time. */
  lastWrite: WriteFigures = { bytes: 0, ms: 0 };
  readonly #base: DurableJsonFile<DbData>;
  readonly #afterSnapshot: ((carries: Carried) => Promise<void> | undefined) | undefined;
  /** Keys changed since the running write (or the last one) took what it writes, by namespace. */
  #dirty = new Map<string, Set<string>>();
  /** Something outside the kv namespaces changed: the next write rewrites the base. */
  #wholeDirty = false;
  /**
   * The value on disk of each key changed since it was last written, by namespace: what
   * {@link onDisk} reads. Empty when every change is on disk.
   */
  readonly #held = new Map<string, Map<string, Held>>();
  readonly #minLogBytes: number;
  #log: FileHandle | undefined;
  /** Bytes of whole lines in the log: what it is cut back to after a failed append. */
  #logBytes = 0;
  /** An append failed: the log may end in part of a line until it is cut back to {@link #logBytes}. */
  #cutPending = false;
  #baseBytes = 0;

  /**
   * `options.afterSnapshot` as {@link DurableJsonFile}'s: awaited before anything reaches the disk,
   * and told what the write carries (a rewrite of the base, or lines of changed keys);
   * `options.minLogBytes`: the log is never folded into the base before it holds this many bytes.
   */
  constructor(
    readonly file: string,
    options: { afterSnapshot?: (carries: Carried) => Promise<void> | undefined; minLogBytes?: number } = {},
  ) {
    this.#minLogBytes = options.minLogBytes ?? MIN_LOG_BYTES;
    this.logFile = `${file}.log`;
    // The base is handed snapshots already taken here.
    this.#base = new DurableJsonFile<DbData>(file, { snapshot: (data) => data });
    this.#afterSnapshot = options.afterSnapshot;
  }

  get tempFile(): string {
    return this.#base.tempFile;
  }

  readRaw(): Promise<RawRead> {
    return this.#base.readRaw();
  }

  /** lowdb's read: the base with the log applied, or null when there is neither. Does not validate. */
  async read(): Promise<DbData | null> {
    const raw = await this.readRaw();
    const data = raw.kind === "missing" ? { kv: {} } : (JSON.parse(raw.text) as Record<string, unknown>);
    const { lines } = await this.replayInto(data);
    return raw.kind === "missing" && lines === 0 ? null : (data as unknown as DbData);
  }

  removeLeftoverTemp(): Promise<boolean> {
    return this.#base.removeLeftoverTemp();
  }

  /**
   * Notes that kv key `key` of `namespace` is about to change from `before` (the store calls it in
   * each change, before the change): the next write carries it, and until then reads of what is
   * on disk see `before`.
   */
  touch(namespace: string, key: string, before: Held): void {
    this.#markDirty(namespace, key);
    let held = this.#held.get(namespace);
    if (!held) this.#held.set(namespace, (held = new Map<string, Held>()));
    if (!held.has(key)) held.set(key, before);
  }

  /** Notes a change outside the kv namespaces: the next write rewrites the base. */
  touchAll(): void {
    this.#wholeDirty = true;
  }

  /** What is on disk of `namespace`'s changed keys, or undefined when none is changed. */
  held(namespace: string): ReadonlyMap<string, Held> | undefined {
    const held = this.#held.get(namespace);
    return held && held.size > 0 ? held : undefined;
  }

  /**
   * Applies the log to `data`, the base file as parsed (or an empty store when there is none), at
   * open and before anything else reads it; a last line cut short by a crash is dropped from the
   * log. Throws {@link StoreCorruptError} for a damaged line before the last.
   */
  async replayInto(data: Record<string, unknown>): Promise<Replayed> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.logFile);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return { lines: 0, cutBytes: 0 };
      throw new StoreCorruptError(this.logFile, `it cannot be read (${(err as NodeJS.ErrnoException).code ?? "error"})`, { cause: err });
    }
    if (!isPlainObject(data.kv)) return { lines: 0, cutBytes: 0 }; // the base's own check refuses it
    const target = data as { kv: Dict<Dict<unknown>> };
    let at = 0;
    let lines = 0;
    while (at < bytes.length) {
      const end = bytes.indexOf(10, at);
      if (end === -1) break; // the last line never got its newline: cut short
      if (!applyKvChanges(target, parseLine(bytes.toString("utf8", at, end)))) {
        throw new StoreCorruptError(this.logFile, `its line ${lines + 1} is not a change the store wrote`);
      }
      lines++;
      at = end + 1;
    }
    const cutBytes = bytes.length - at;
    if (cutBytes > 0) {
      const handle = await open(this.logFile, "r+");
      try {
        await handle.truncate(at);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    this.#logBytes = at;
    return { lines, cutBytes };
  }

  /**
   * Puts `data`'s changes on disk: a line of the keys changed since the last write, or the whole
   * base. What it writes is taken synchronously, before the first await (the write coalescer
   * relies on it); the values are shared, as repositories replace values and never change them.
   */
  async write(data: DbData): Promise<void> {
    const started = performance.now();
    const dirty = this.#dirty;
    this.#dirty = new Map();
    const { changes, written } = changesOf(data, dirty);
    const wholeDirty = this.#wholeDirty;
    const whole = wholeDirty || this.#logBytes > Math.max(this.#minLogBytes, LOG_TO_BASE * this.#baseBytes);
    this.#wholeDirty = false;
    const snapshot = whole ? snapshotDb(data) : undefined;
    let bytes = 0;
    try {
      let waited = 0;
      const before = this.#afterSnapshot?.(snapshot ? { whole: true } : { whole: false, newKeysOnlyIn: this.#newKeysOnlyIn(dirty) });
      if (before) {
        const from = performance.now();
        await before;
        waited = performance.now() - from;
      }
      if (snapshot) {
        // Replayed onto the new base (a kill before the log is emptied), the log must end at its values.
        // After a change the keys do not tell (a migration), the line lists every value.
        const last = wholeDirty ? kvReset(snapshot) : changes;
        if (this.#logBytes > 0 && !isEmpty(last)) bytes += await this.#append(last);
        bytes += await this.#rewrite(snapshot);
      } else if (!isEmpty(changes)) {
        bytes += await this.#append(changes);
      }
      this.lastWrite = { bytes, ms: performance.now() - started - waited };
    } catch (err) {
      // Not written: carried by the next write, as if changed again now.
      for (const [ns, keys] of dirty) for (const key of keys) this.#markDirty(ns, key);
      if (snapshot) this.#wholeDirty ||= wholeDirty;
      throw err;
    }
    this.#settle(written);
  }

  /** Closes the log (the store is closing; a later write would open it again). */
  async close(): Promise<void> {
    const log = this.#log;
    this.#log = undefined;
    await log?.close();
  }

  /**
   * After a write of `written` (each key's value when it was taken): a key not changed since is
   * on disk as it is in memory; one changed since is on disk as written.
   */
  #settle(written: Map<string, Map<string, Held>>): void {
    for (const [ns, keys] of written) {
      const held = this.#held.get(ns);
      if (!held) continue;
      const since = this.#dirty.get(ns);
      for (const [key, value] of keys) {
        if (since?.has(key)) held.set(key, value);
        else held.delete(key);
      }
    }
  }

  /**
   * The namespaces of `dirty`'s keys when every one of them is new (absent on disk before this
   * write), else undefined: a write of nothing but new keys changes nothing that was kept.
   */
  #newKeysOnlyIn(dirty: Map<string, Set<string>>): ReadonlySet<string> | undefined {
    for (const [ns, keys] of dirty) {
      const held = this.#held.get(ns);
      for (const key of keys) if (held?.has(key) !== true || held.get(key) !== undefined) return undefined;
    }
    return new Set(dirty.keys());
  }

  #markDirty(namespace: string, key: string): void {
    let dirty = this.#dirty.get(namespace);
    if (!dirty) this.#dirty.set(namespace, (dirty = new Set()));
    dirty.add(key);
  }

  /** Rewrites the base from `snapshot` and empties the log; returns the bytes written. */
  async #rewrite(snapshot: DbData): Promise<number> {
    await this.#base.write(snapshot);
    this.#baseBytes = this.#base.lastWrite.bytes;
    if (this.#logBytes > 0) {
      const log = await this.#handle();
      await log.truncate(0);
      await log.sync();
      this.#logBytes = 0;
    }
    return this.#baseBytes;
  }

  /** Appends one line and syncs it; returns its bytes. */
  async #append(changes: KvChanges): Promise<number> {
    const line = Buffer.from(`${JSON.stringify(changes)}\n`, "utf8");
    const log = await this.#handle();
    try {
      await log.write(line);
      await log.datasync();
    } catch (err) {
      // Part of the line may be in the file: the next line must not follow it (that would damage
      // the log in its middle), so the log is cut back to its last whole line first.
      this.#cutPending = true;
      throw err;
    }
    this.#logBytes += line.length;
    return line.length;
  }

  async #handle(): Promise<FileHandle> {
    if (!this.#log) {
      const created = this.#logBytes === 0;
      this.#log = await open(this.logFile, "a");
      // A new log's name must survive a power loss too, as a renamed base's does.
      if (created) await syncDirectory(this.logFile);
    }
    if (this.#cutPending) {
      await this.#log.truncate(this.#logBytes);
      await this.#log.sync();
      this.#cutPending = false;
    }
    return this.#log;
  }
}

/** The changes of the `dirty` keys as they are now in `data`, and each one's value as a {@link Held}. */
function changesOf(data: DbData, dirty: Map<string, Set<string>>): { changes: KvChanges; written: Map<string, Map<string, Held>> } {
  const changes: KvChanges = { s: [], d: [] };
  const written = new Map<string, Map<string, Held>>();
  for (const [ns, keys] of dirty) {
    const values = data.kv[ns];
    const taken = new Map<string, Held>();
    written.set(ns, taken);
    for (const key of keys) {
      if (values && key in values) {
        changes.s.push([ns, key, values[key]]);
        taken.set(key, { value: values[key] });
      } else {
        changes.d.push([ns, key]);
        taken.set(key, undefined);
      }
    }
  }
  return { changes, written };
}

/** A log line's JSON, or undefined when it is not JSON. */
function parseLine(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
