/**
 * The archive's files: one append-only JSON Lines file per month of creation,
 * `<dataDir>/archive/exchanges-2026-10.jsonl`, one exchange per line.
 *
 * Appends are durable when they return (write → fsync the file → fsync the directory when the
 * file or the directory is new), so the data file may forget a record once its line is appended.
 * A crash during an append leaves at most a torn last line (no newline yet): it is cut off before
 * the next append to that file ({@link ArchiveFiles.repairTail}) and never read (readers only take
 * whole lines). Lines are never rewritten or moved, so a line's byte offset is its address for good.
 *
 * Reads are on demand and in bounded pieces: a scan reads a file 1 MiB at a time and parses only the
 * lines that contain what it looks for, so nothing here holds a whole month in memory.
 */
import { mkdir, open, readdir, stat, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { syncDirectory } from "./durable-file.js";

/** A byte range of one line in a month file, without its newline. */
export interface LineRange {
  offset: number;
  length: number;
}

/** A whole line found by a scan, with where it starts. */
export interface FoundLine {
  offset: number;
  text: string;
}

const NEWLINE = 0x0a;
/** Lines encoded and written per write call of an append. */
const LINES_PER_WRITE = 500;
/** Bytes read per step of a scan or of the search for a torn tail's start. */
const CHUNK = 1 << 20;
/** Bytes between two lines that {@link ArchiveFiles.readLines} reads through rather than seek over. */
const SPAN_GAP = 16 << 10;
const MONTH = /^\d{4}-\d{2}$/;
const FILE = /^exchanges-(\d{4}-\d{2})\.jsonl$/;

/**
 * The month ("2026-10", UTC) of an ISO time, or undefined when it is not a date: such a record is
 * never archived, rather than filed under a month nobody would look in.
 */
export function monthOf(iso: string): string | undefined {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return undefined;
  const month = new Date(ms).toISOString().slice(0, 7);
  return MONTH.test(month) ? month : undefined;
}

/** The file name of a month's archive. */
export function monthFileName(month: string): string {
  if (!MONTH.test(month)) throw new RangeError(`Not a month: ${month}`);
  return `exchanges-${month}.jsonl`;
}

/** The month files of one archive directory; see the module comment. One writer at a time. */
export class ArchiveFiles {
  /** Files whose tail was checked by this instance: appends since then always end in a newline. */
  readonly #clean = new Set<string>();

  constructor(readonly dir: string) {}

  /** Path of a month's file. */
  fileOf(month: string): string {
    return join(this.dir, monthFileName(month));
  }

  /** The months that have a file, newest first. None when the directory does not exist yet. */
  async months(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
    const months = names.map((n) => FILE.exec(n)?.[1]).filter((m): m is string => m !== undefined);
    return months.sort().reverse();
  }

  /**
   * Appends `lines` (JSON texts without newlines) to the month's file and makes them durable.
   * Returns each line's range, in order. On failure nothing is promised about these lines (a torn
   * one is cut off before the next append); the caller keeps the records where they were.
   */
  async append(month: string, lines: readonly string[]): Promise<LineRange[]> {
    if (lines.length === 0) return [];
    for (const line of lines) if (line.includes("\n")) throw new TypeError("An archive line may not contain a newline.");
    const file = this.fileOf(month);
    const newDir = await this.#ensureDir();
    const existed = await this.#repairOnce(month);
    let handle: FileHandle | undefined;
    try {
      handle = await open(file, "a");
      const start = (await handle.stat()).size;
      // A few hundred lines per write call: encoding megabytes at once would hold the event loop.
      for (let i = 0; i < lines.length; i += LINES_PER_WRITE) {
        const text = Buffer.from(lines.slice(i, i + LINES_PER_WRITE).join("\n") + "\n", "utf8");
        let written = 0;
        while (written < text.length) {
          const { bytesWritten } = await handle.write(text, written, text.length - written);
          written += bytesWritten;
        }
      }
      await handle.sync();
      await handle.close();
      handle = undefined;
      // A new file's name must survive a power loss as well as its content.
      if (!existed) await syncDirectory(file);
      if (newDir) await syncDirectory(this.dir);
      const ranges: LineRange[] = [];
      let offset = start;
      for (const line of lines) {
        const length = Buffer.byteLength(line, "utf8");
        ranges.push({ offset, length });
        offset += length + 1;
      }
      return ranges;
    } catch (err) {
      // What reached the file is unknown: check its tail again before the next append.
      this.#clean.delete(month);
      throw err;
    } finally {
      await handle?.close();
    }
  }

  /**
   * Cuts a torn last line (bytes after the last newline) off the month's file and makes that
   * durable. Returns how many bytes were dropped (0 when the file is whole or missing). Safe only
   * while nothing appends to the file (the archive runs one move at a time).
   */
  async repairTail(month: string): Promise<number> {
    const file = this.fileOf(month);
    let handle: FileHandle;
    try {
      handle = await open(file, "r+");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
      throw err;
    }
    try {
      const size = (await handle.stat()).size;
      let end = size;
      const buf = Buffer.alloc(Math.min(CHUNK, size));
      // Look backwards for the last newline; everything after it is the torn line.
      let keep = 0;
      while (end > 0) {
        const from = Math.max(0, end - buf.length);
        const { bytesRead } = await handle.read(buf, 0, end - from, from);
        const at = buf.subarray(0, bytesRead).lastIndexOf(NEWLINE);
        if (at >= 0) {
          keep = from + at + 1;
          break;
        }
        end = from;
      }
      if (keep === size) return 0;
      await handle.truncate(keep);
      await handle.sync();
      return size - keep;
    } finally {
      await handle.close();
    }
  }

  /** Reads the given lines of a month's file. A range past the end of the file gives undefined. */
  async readLines(month: string, ranges: readonly LineRange[]): Promise<Array<string | undefined>> {
    if (ranges.length === 0) return [];
    let handle: FileHandle;
    try {
      handle = await open(this.fileOf(month), "r");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return ranges.map(() => undefined);
      throw err;
    }
    try {
      const out: Array<string | undefined> = [];
      // Ranges that follow each other closely are read with one call: a whole month's lines in
      // file order (a full copy elsewhere) take a read per megabyte instead of one per line.
      for (let first = 0; first < ranges.length;) {
        const start = (ranges[first] as LineRange).offset;
        let end = start + (ranges[first] as LineRange).length;
        let last = first;
        for (;;) {
          const next = ranges[last + 1];
          if (!next || next.offset < end || next.offset - end > SPAN_GAP || next.offset + next.length - start > CHUNK) break;
          end = next.offset + next.length;
          last++;
        }
        const buf = Buffer.alloc(end - start);
        const { bytesRead } = await handle.read(buf, 0, buf.length, start);
        for (let i = first; i <= last; i++) {
          const { offset, length } = ranges[i] as LineRange;
          const from = offset - start;
          out.push(from + length <= bytesRead ? buf.toString("utf8", from, from + length) : undefined);
        }
        first = last + 1;
      }
      return out;
    } finally {
      await handle.close();
    }
  }

  /**
   * The whole lines of a month's file that contain `needle` (a byte string), in file order. Reads
   * the file in 1 MiB pieces and decodes only the matching lines; a torn last line is skipped.
   */
  async *scan(month: string, needle: Buffer): AsyncGenerator<FoundLine> {
    if (needle.length === 0 || needle.includes(NEWLINE)) return;
    let handle: FileHandle;
    try {
      handle = await open(this.fileOf(month), "r");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    try {
      let carry = Buffer.alloc(0);
      let base = 0; // file offset of carry[0]
      const chunk = Buffer.alloc(CHUNK);
      for (;;) {
        const { bytesRead } = await handle.read(chunk, 0, CHUNK, base + carry.length);
        if (bytesRead === 0) return; // what is left in carry has no newline: a torn line
        const buf = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
        const lastNewline = buf.lastIndexOf(NEWLINE);
        const whole = lastNewline >= 0 ? buf.subarray(0, lastNewline + 1) : buf.subarray(0, 0);
        const found: FoundLine[] = [];
        let from = 0;
        for (;;) {
          const hit = whole.indexOf(needle, from);
          if (hit < 0) break;
          const start = hit === 0 ? 0 : whole.lastIndexOf(NEWLINE, hit - 1) + 1;
          const end = whole.indexOf(NEWLINE, hit);
          found.push({ offset: base + start, text: whole.subarray(start, end).toString("utf8") });
          from = end + 1;
        }
        // Copied: `chunk` is reused by the next read.
        carry = Buffer.from(buf.subarray(whole.length));
        base += whole.length;
        yield* found;
      }
    } finally {
      await handle.close();
    }
  }

  /** Checks every month file's tail; returns the months whose torn last line was cut off. */
  async repairAll(): Promise<Array<{ month: string; droppedBytes: number }>> {
    const repaired: Array<{ month: string; droppedBytes: number }> = [];
    for (const month of await this.months()) {
      const droppedBytes = await this.repairTail(month);
      this.#clean.add(month);
      if (droppedBytes > 0) repaired.push({ month, droppedBytes });
    }
    return repaired;
  }

  /** Repairs the month's tail once per instance; returns whether the file existed. */
  async #repairOnce(month: string): Promise<boolean> {
    if (!this.#clean.has(month)) {
      await this.repairTail(month);
      this.#clean.add(month);
    }
    try {
      await stat(this.fileOf(month));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw err;
    }
  }

  /** Creates the directory when missing; returns whether it did (its parent then needs an fsync). */
  async #ensureDir(): Promise<boolean> {
    try {
      await stat(this.dir);
      return false;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    await mkdir(this.dir, { recursive: true });
    return true;
  }
}
