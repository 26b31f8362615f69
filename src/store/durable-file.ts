/**
 * A lowdb adapter that writes atomically *and durably*.
 *
 * lowdb's own JSONFile goes through `steno`, which writes a temp file and renames it but never
 * fsyncs: after a power loss the rename can survive while the data does not, leaving an empty or
 * partial file. This adapter writes the temp file, fsyncs it, renames it over the target and then
 * fsyncs the directory so the rename itself is on disk.
 *
 * It also serialises in pieces, yielding to the event loop between them: at 100k exchanges one
 * `JSON.stringify` of the whole file blocked the bot for over a second per write (see
 * bench/store.results.md). The pieces come from a snapshot taken synchronously when the write
 * starts, so changes made while the write is in progress go to the next write, not half into this one.
 */
import { open, readFile, rename, rm, stat, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";
import type { Adapter } from "lowdb";

/** What a read found: the raw text, or that there is no file yet. */
export type RawRead = { kind: "missing" } | { kind: "text"; text: string };

/** Figures of the last write, for stats and benchmarks. */
export interface WriteFigures {
  bytes: number;
  ms: number;
}

/**
 * lowdb `Adapter` over one JSON file with fsync'd temp-then-rename writes.
 * `read()` parses but does not validate; the store reads through {@link readRaw} instead so it can
 * tell "missing" from "unreadable" from "not JSON".
 */
export class DurableJsonFile<T> implements Adapter<T> {
  /** The temp file a write goes through; a leftover one is garbage from an interrupted write. */
  readonly tempFile: string;
  /** Size and duration of the last completed write. */
  lastWrite: WriteFigures = { bytes: 0, ms: 0 };
  /** The snapshot the last completed write put on disk (undefined before the first one). */
  lastWritten: T | undefined;
  readonly #snapshot: (data: T) => T;
  readonly #splitDepth: number;
  readonly #afterSnapshot: (() => Promise<void> | undefined) | undefined;
  /** The JSON of each record written whole, while the record lives: see `recordsReplacedWhole`. */
  readonly #recordJson: WeakMap<object, string> | undefined;

  /**
   * @param file the data file.
   * @param options.snapshot returns a copy of `data` that later changes cannot reach; it may
   *   share whatever the owner never mutates in place. Default: a full JSON round trip (safe, slow).
   * @param options.splitDepth how many levels of containers are written piece by piece. Default 2
   *   (the top-level object and each of its arrays/objects; their elements are stringified whole).
   * @param options.afterSnapshot called synchronously right after each write's snapshot; the write
   *   puts nothing on disk before its promise resolves (and fails if it rejects). For what must be
   *   durable before anything in the snapshot is (store.ts: another file's earlier changes).
   * @param options.recordsReplacedWhole the objects below `splitDepth` (the records: a user, an
   *   exchange) are never changed in place once written, only replaced by another object, as the
   *   store's repositories do (store.ts). Each one's JSON is then kept while it lives and written
   *   again as it is: a rewrite serialises only the records changed since the last one. Measured
   *   on a flood of new people by webhook: the main file's rewrites, one after another, were about
   *   a fifth of the bot's CPU, most of it serialising the same users again (bench/throughput.results.md).
   */
  constructor(
    readonly file: string,
    options: {
      snapshot?: (data: T) => T;
      splitDepth?: number;
      afterSnapshot?: () => Promise<void> | undefined;
      recordsReplacedWhole?: boolean;
    } = {},
  ) {
    this.tempFile = `${file}.tmp`;
    this.#snapshot = options.snapshot ?? ((data) => JSON.parse(JSON.stringify(data)) as T);
    this.#splitDepth = options.splitDepth ?? 2;
    this.#afterSnapshot = options.afterSnapshot;
    this.#recordJson = options.recordsReplacedWhole === true ? new WeakMap() : undefined;
  }

  /**
   * Reads the file's text. Resolves `{kind:"missing"}` when it does not exist; rejects with the
   * underlying error when it exists but cannot be read (a directory, no permission).
   */
  async readRaw(): Promise<RawRead> {
    try {
      const info = await stat(this.file);
      // readFile on a directory fails with EISDIR on Linux but not everywhere; say it plainly.
      if (!info.isFile()) throw new Error("it is not a regular file");
      return { kind: "text", text: await readFile(this.file, "utf8") };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return { kind: "missing" };
      throw err;
    }
  }

  /** lowdb's read: the parsed file, or null when there is none. Does not validate the shape. */
  async read(): Promise<T | null> {
    const raw = await this.readRaw();
    return raw.kind === "missing" ? null : (JSON.parse(raw.text) as T);
  }

  /**
   * Serialises `data` and makes it durable. The snapshot is taken synchronously, before the first
   * await: the write coalescer relies on that to know which changes a write contains.
   * Callers must not run two writes at once (the coalescer guarantees it).
   */
  async write(data: T): Promise<void> {
    const started = performance.now();
    const snapshot = this.#snapshot(data);
    const before = this.#afterSnapshot?.();
    // The time spent waiting for another file is not this write's.
    let waited = 0;
    if (before) {
      const waitFrom = performance.now();
      await before;
      waited = performance.now() - waitFrom;
    }
    const pieces = jsonPieces(snapshot, this.#splitDepth, this.#recordJson);
    let bytes = 0;
    const handle = await open(this.tempFile, "w");
    try {
      let batch = "";
      for (const piece of pieces) {
        batch += piece;
        if (batch.length >= WRITE_BATCH_CHARS) {
          bytes += await writeText(handle, batch);
          batch = "";
        }
      }
      bytes += await writeText(handle, batch);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.tempFile, this.file);
    await syncDirectory(this.file);
    this.lastWrite = { bytes, ms: performance.now() - started - waited };
    this.lastWritten = snapshot;
  }

  /** Removes a temp file left behind by a write that was interrupted. Returns whether one existed. */
  async removeLeftoverTemp(): Promise<boolean> {
    try {
      await stat(this.tempFile);
    } catch {
      return false;
    }
    await rm(this.tempFile, { force: true, recursive: true });
    return true;
  }
}

/** Characters serialised between two awaits: ~1 MB keeps each event-loop pause to a few ms. */
const WRITE_BATCH_CHARS = 1 << 20;

/** Writes `text` as UTF-8 at the handle's position; returns the byte count. */
async function writeText(handle: FileHandle, text: string): Promise<number> {
  if (text === "") return 0;
  const buf = Buffer.from(text, "utf8");
  await handle.writeFile(buf);
  return buf.length;
}

/** `JSON.stringify` typed as it behaves: its declared type says string, yet undefined and functions give undefined. */
const stringifyOrUndefined: (value: unknown) => string | undefined = JSON.stringify;

/**
 * Yields the compact JSON text of `value` in pieces whose concatenation equals
 * `JSON.stringify(value)` (for plain JSON data: no toJSON methods). Containers down to `splitDepth`
 * levels are emitted element by element; anything deeper is stringified whole, or taken from
 * `recordJson` when that object was stringified before (it is never changed in place: see
 * DurableJsonFile's `recordsReplacedWhole`).
 */
export function* jsonPieces(value: unknown, splitDepth: number, recordJson?: WeakMap<object, string>): Generator<string> {
  if (splitDepth <= 0 || typeof value !== "object" || value === null) {
    yield wholeJson(value, recordJson);
    return;
  }
  // Elements written whole are yielded here, not through a generator of their own each: at
  // thousands of records per write, one generator per record cost more than reading its JSON.
  const whole = splitDepth === 1;
  if (Array.isArray(value)) {
    yield "[";
    for (let i = 0; i < value.length; i++) {
      if (whole) yield `${i > 0 ? "," : ""}${wholeJson(value[i], recordJson)}`;
      else {
        if (i > 0) yield ",";
        yield* jsonPieces(value[i], splitDepth - 1, recordJson);
      }
    }
    yield "]";
    return;
  }
  yield "{";
  let first = true;
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || typeof v === "function") continue; // JSON.stringify omits these keys
    const name = `${first ? "" : ","}${JSON.stringify(key)}:`;
    first = false;
    if (whole) yield name + wholeJson(v, recordJson);
    else {
      yield name;
      yield* jsonPieces(v, splitDepth - 1, recordJson);
    }
  }
  yield "}";
}

/**
 * The JSON of `value` written whole: a record's from `recordJson` when it was written before (see
 * {@link jsonPieces}). JSON.stringify gives undefined for undefined and functions; where JSON
 * keeps a place for them (an array's element, the whole text) it writes null.
 */
function wholeJson(value: unknown, recordJson: WeakMap<object, string> | undefined): string {
  if (typeof value !== "object" || value === null) return stringifyOrUndefined(value) ?? "null";
  let json = recordJson?.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    recordJson?.set(value, json);
  }
  return json;
}

/**
 * fsyncs the directory holding `file`, so a rename into it survives a power loss. Some platforms
 * (Windows) cannot open a directory for sync; there the rename is as durable as the OS makes it.
 */
export async function syncDirectory(file: string): Promise<void> {
  let handle;
  try {
    handle = await open(dirname(file), "r");
    await handle.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL" && code !== "EACCES") throw err;
  } finally {
    await handle?.close();
  }
}
