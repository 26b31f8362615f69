/**
 * The exchange archive: finished exchanges, untouched for a while, move out of the data file into
 * append-only month files (archive-files.ts), so the data file — rewritten whole on every write,
 * loaded whole at start-up — stays the size of the open and recent exchanges, not of the bot's age.
 *
 * **Moving a record, crash-safe.** (1) Its line is appended to its month's file and fsync'd.
 * (2) Then, in one change of the data file, the record is removed and the archive index
 * (schema.ts `ArchiveLines`, `ArchiveTotals`) gains the line's byte range and the record's counts. (3) That change is
 * written like any other (atomically). A kill at any moment leaves either the record in the data
 * file (and perhaps an unlisted line in the archive, which readers ignore and the next move appends
 * again), or the record listed in the index with its line durable. Never neither, never both as
 * far as a reader can tell: only lines the index lists are read, and a record the data file holds
 * wins over any archived copy. A record updated while its line was being appended stays in the
 * data file (compared by identity: stored records are replaced, never mutated).
 *
 * **What is archived**: a final status (domain/status.ts), its last notice handed over
 * (`lastNotifiedStatus` = `status`, so the notifier never looks for it), and `updatedAt` older than
 * the cut-off. Open exchanges are never touched.
 *
 * **Reading**: {@link ExchangeArchive.byUser} reads exactly the person's lines (the index lists
 * them); {@link ExchangeArchive.find} scans the month files for the quoted value and parses only
 * matching lines. Both are async and read in small pieces; nothing is loaded at start-up.
 */
import { Dec } from "../domain/amount.js";
import { isFinalStatus } from "../domain/status.js";
import type { ExchangeRecord } from "../domain/types.js";
import { type ArchiveFiles, type LineRange, monthOf } from "./archive-files.js";
import { SEARCHABLE, type ExchangesRepository } from "./exchanges-repo.js";
import { dict, type Dict } from "./json.js";
import type { RepoContext } from "./repo-context.js";
import { exchangeProblem, type ArchiveLines, type ArchiveTotals } from "./schema.js";

/** What /stats adds for the archived exchanges (see support/stats.ts). */
export interface ArchivedTotals {
  count: number;
  byStatus: Record<string, number>;
  /** Successful exchanges' `amountFrom` per sent coin, decimal strings. */
  volume: Record<string, string>;
}

/** Options of one archiving run. */
export interface ArchiveRunOptions {
  /** The run's idea of now. */
  now: Date;
  /** A finished exchange is archived once its last update is older than this (ms). */
  afterMs: number;
  /**
   * Records per move: one append per month touched, then one write of the data file. Default
   * 5,000. (They leave memory {@link REMOVE_SLICE} at a time, with a yield between.)
   */
  batchSize?: number;
  /** Asked between moves; true ends the run early (the store is about to close). */
  shouldStop?: () => boolean;
}

/** What a run did. */
export interface ArchiveRunReport {
  /** Records moved. */
  archived: number;
  /** Moves (appends + data file writes). */
  batches: number;
  /** Records appended but left in the data file because they changed meanwhile. */
  changedMeanwhile: number;
}

/** What {@link ExchangeArchive.listed} read; `lines` = records + heldInDataFile + unreadable + repeated. */
interface ArchiveListing {
  /** The archived exchanges, oldest month first, each month in file order. */
  records: ExchangeRecord[];
  /** Lines the index lists. */
  lines: number;
  /** Listed lines of exchanges the data file holds (its copy wins; see the module comment). */
  heldInDataFile: number;
  /** Listed lines that are missing or do not hold the person's exchange. */
  unreadable: number;
  /** Earlier listed lines of an exchange listed again later. */
  repeated: number;
}

/** The minimal logger the archive writes to. */
interface ArchiveLogger {
  warn(...a: unknown[]): void;
}

/** Records scanned between two yields to the event loop while looking for due ones. */
const SCAN_SLICE = 2_000;
/** Records serialised between two yields. */
const STRINGIFY_SLICE = 500;
/**
 * Records removed from memory (with their index entries) in one synchronous step. Each step is a
 * consistent change on its own, so a write may happen between two of them. Measured: 5,000 at
 * once paused the event loop ~100 ms in a 100,000-record file on the shared 2-core machine.
 */
const REMOVE_SLICE = 500;
const DEFAULT_BATCH = 5_000;
/** Listed lines read per call by {@link ExchangeArchive.listed}: bounds the texts held at once. */
const LIST_SLICE = 5_000;
/** Listed lines read per call by {@link ExchangeArchive.createdBetween}: an export holds no more. */
const STREAM_SLICE = 1_000;

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether `e` was created in [`from`, `to`). */
export function createdIn(e: ExchangeRecord, from: Date, to: Date): boolean {
  const at = Date.parse(e.createdAt);
  return at >= from.getTime() && at < to.getTime();
}

/** True when `e` may move to the archive at `cutoffMs` (see the module comment). */
export function isArchivable(e: ExchangeRecord, cutoffMs: number): boolean {
  if (!isFinalStatus(e.status) || e.lastNotifiedStatus !== e.status) return false;
  const updated = Date.parse(e.updatedAt);
  return updated < cutoffMs && monthOf(e.createdAt) !== undefined;
}

/** One record on its way into the index: where its line went. */
interface ArchivedEntry {
  record: ExchangeRecord;
  month: string;
  range: LineRange;
}

/**
 * Records `entries` in the index: returns the new totals (a new object: the old one is shared by
 * writes in progress) and replaces the touched people's entries in `lines` (new objects, for the
 * same reason; the dictionary itself is copied by each write's snapshot).
 */
function addToIndex(totals: ArchiveTotals, lines: ArchiveLines, entries: readonly ArchivedEntry[]): ArchiveTotals {
  const byStatus = dict(totals.byStatus);
  const volume = new Map<string, InstanceType<typeof Dec>>();
  const users = lines;
  const copied = new Set<string>();
  for (const { record: e, month, range } of entries) {
    byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
    if (e.status === "success") {
      try {
        const coin = e.from;
        volume.set(coin, (volume.get(coin) ?? new Dec(totals.volume[coin] ?? 0)).plus(new Dec(e.amountFrom)));
      } catch {
        // A malformed stored amount is left out of the volume, as /stats does for the data file.
      }
    }
    const key = String(e.userId);
    if (!copied.has(key)) {
      users[key] = dict(users[key]);
      copied.add(key);
    }
    const months = users[key] as Dict<number[]>;
    // Copied on the first touch of this month in this call; appended to in place after that.
    if (!copied.has(`${key}/${month}`)) {
      months[month] = [...(months[month] ?? [])];
      copied.add(`${key}/${month}`);
    }
    (months[month] as number[]).push(range.offset, range.length);
  }
  const newVolume = dict(totals.volume);
  for (const [coin, sum] of volume) newVolume[coin] = sum.toFixed();
  return { count: totals.count + entries.length, byStatus, volume: newVolume };
}

/** Parses one archived line; undefined when it is not a stored exchange. */
function parseLine(text: string): ExchangeRecord | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return exchangeProblem(value) === undefined ? (value as ExchangeRecord) : undefined;
  } catch {
    return undefined;
  }
}

/** A found archived record and where its line is, for ordering. */
interface Located {
  record: ExchangeRecord;
  month: string;
  offset: number;
}

/** Newest createdAt first; equal times: the later line first (as the data file orders by position). */
function newestFirst(found: Iterable<Located>): ExchangeRecord[] {
  return [...found]
    .sort((a, b) => {
      if (a.record.createdAt !== b.record.createdAt) return a.record.createdAt < b.record.createdAt ? 1 : -1;
      if (a.month !== b.month) return a.month < b.month ? 1 : -1;
      return b.offset - a.offset;
    })
    .map((l) => l.record);
}

/** The archive of one store; see the module comment. */
export class ExchangeArchive {
  readonly #ctx: RepoContext;
  readonly #exchanges: ExchangesRepository;
  readonly #files: ArchiveFiles;
  readonly #flush: () => Promise<void>;
  readonly #logger: ArchiveLogger;
  /** Runs and repairs, one at a time. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(deps: {
    ctx: RepoContext;
    exchanges: ExchangesRepository;
    files: ArchiveFiles;
    /** Makes the data file's pending changes durable (the store's flush). */
    flush: () => Promise<void>;
    logger: ArchiveLogger;
  }) {
    this.#ctx = deps.ctx;
    this.#exchanges = deps.exchanges;
    this.#files = deps.files;
    this.#flush = deps.flush;
    this.#logger = deps.logger;
  }

  /** The archive's directory. */
  get dir(): string {
    return this.#files.dir;
  }

  /** Archived exchanges counted from the index in the data file: no archive file is read. */
  totals(): ArchivedTotals {
    const { count, byStatus, volume } = this.#ctx.data.archive;
    return { count, byStatus: { ...byStatus }, volume: { ...volume } };
  }

  /**
   * The person's archived exchanges (none the data file still holds), newest first. Reads only
   * their lines, by the ranges the index lists.
   */
  async byUser(userId: number): Promise<ExchangeRecord[]> {
    const months = this.#ctx.data.archiveLines[String(userId)];
    if (!months) return [];
    const found = new Map<string, Located>();
    for (const [month, flat] of Object.entries(months)) {
      const ranges: LineRange[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2) ranges.push({ offset: flat[i] as number, length: flat[i + 1] as number });
      const texts = await this.#files.readLines(month, ranges);
      texts.forEach((text, i) => {
        const offset = (ranges[i] as LineRange).offset;
        const record = text === undefined ? undefined : parseLine(text);
        if (!record || record.userId !== userId) {
          this.#logger.warn({ month, offset, userId }, "archive: a listed line is missing or unreadable; skipped");
          return;
        }
        if (this.#exchanges.has(record.id)) return; // the data file's copy wins
        const seen = found.get(record.id);
        if (!seen || seen.month < month || (seen.month === month && seen.offset < offset)) found.set(record.id, { record, month, offset });
      });
    }
    return newestFirst(found.values());
  }

  /**
   * Every archived exchange the index lists, for a full copy elsewhere (migrate:to-postgres):
   * oldest month first, each month in file order. Like {@link byUser}, it reads only listed lines,
   * leaves out a record the data file still holds (that copy wins) and skips a listed line that is
   * missing or unreadable; it counts both, so the caller can account for every listed line. Reads
   * {@link LIST_SLICE} lines at a time, but returns every record at once: the caller holds them all.
   */
  async listed(): Promise<ArchiveListing> {
    const byMonth = new Map<string, Array<{ userId: number; range: LineRange }>>();
    for (const [user, months] of Object.entries(this.#ctx.data.archiveLines)) {
      for (const [month, flat] of Object.entries(months)) {
        let lines = byMonth.get(month);
        if (!lines) byMonth.set(month, (lines = []));
        for (let i = 0; i + 1 < flat.length; i += 2) {
          lines.push({ userId: Number(user), range: { offset: flat[i] as number, length: flat[i + 1] as number } });
        }
      }
    }
    const found = new Map<string, ExchangeRecord>();
    const listing = { lines: 0, heldInDataFile: 0, unreadable: 0 };
    for (const month of [...byMonth.keys()].sort()) {
      const lines = (byMonth.get(month) ?? []).sort((a, b) => a.range.offset - b.range.offset);
      listing.lines += lines.length;
      for (let start = 0; start < lines.length; start += LIST_SLICE) {
        const slice = lines.slice(start, start + LIST_SLICE);
        const texts = await this.#files.readLines(
          month,
          slice.map((l) => l.range),
        );
        texts.forEach((text, i) => {
          const { userId, range } = slice[i] as (typeof slice)[number];
          const record = text === undefined ? undefined : parseLine(text);
          if (!record || record.userId !== userId) {
            this.#logger.warn({ month, offset: range.offset, userId }, "archive: a listed line is missing or unreadable; skipped");
            listing.unreadable++;
          } else if (this.#exchanges.has(record.id)) {
            listing.heldInDataFile++;
          } else {
            // A later line of the same exchange wins, and takes the later place in the order.
            found.delete(record.id);
            found.set(record.id, record);
          }
        });
      }
    }
    const records = [...found.values()];
    return { ...listing, records, repeated: listing.lines - listing.unreadable - listing.heldInDataFile - records.length };
  }

  /**
   * The archived exchanges (none the data file still holds) created in [`from`, `to`), for an
   * export: read {@link STREAM_SLICE} listed lines at a time and handed out as they are read, so
   * the caller never holds them all. Only the months of the range are read; oldest month first,
   * each month from its last line back (a later line of the same exchange wins, as in
   * {@link listed}). Skips a listed line that is missing or unreadable, as {@link byUser} does.
   */
  async *createdBetween(from: Date, to: Date): AsyncGenerator<ExchangeRecord> {
    const first = monthOf(from.toISOString()) ?? "";
    const last = monthOf(new Date(to.getTime() - 1).toISOString()) ?? "";
    const byMonth = new Map<string, Array<{ userId: number; range: LineRange }>>();
    for (const [user, months] of Object.entries(this.#ctx.data.archiveLines)) {
      for (const [month, flat] of Object.entries(months)) {
        if (month < first || month > last) continue;
        let lines = byMonth.get(month);
        if (!lines) byMonth.set(month, (lines = []));
        for (let i = 0; i + 1 < flat.length; i += 2) {
          lines.push({ userId: Number(user), range: { offset: flat[i] as number, length: flat[i + 1] as number } });
        }
      }
    }
    for (const month of [...byMonth.keys()].sort()) {
      const lines = (byMonth.get(month) ?? []).sort((a, b) => a.range.offset - b.range.offset);
      const seen = new Set<string>();
      for (let end = lines.length; end > 0; end -= STREAM_SLICE) {
        const slice = lines.slice(Math.max(0, end - STREAM_SLICE), end);
        const texts = await this.#files.readLines(
          month,
          slice.map((l) => l.range),
        );
        for (let i = slice.length - 1; i >= 0; i--) {
          const { userId, range } = slice[i] as (typeof slice)[number];
          const text = texts[i];
          const record = text === undefined ? undefined : parseLine(text);
          if (!record || record.userId !== userId) {
            this.#logger.warn({ month, offset: range.offset, userId }, "archive: a listed line is missing or unreadable; skipped");
            continue;
          }
          if (seen.has(record.id) || this.#exchanges.has(record.id)) continue;
          seen.add(record.id);
          if (createdIn(record, from, to)) yield record;
        }
      }
    }
  }

  /**
   * Archived exchanges (none the data file still holds) whose id, deposit/destination/refund
   * address or tag equals `query` exactly (surrounding spaces ignored), newest first. Scans every
   * month file for the quoted value; only lines the index lists count.
   */
  async find(query: string): Promise<ExchangeRecord[]> {
    const q = query.trim();
    if (q === "") return [];
    // In compact JSON a string *value* is always preceded by a colon; keys never are.
    const needle = Buffer.from(`:${JSON.stringify(q)}`, "utf8");
    const listed = new Map<string, Set<number>>();
    const isListed = (userId: number, month: string, offset: number) => {
      const key = `${userId}/${month}`;
      let offsets = listed.get(key);
      if (!offsets) {
        const flat = this.#ctx.data.archiveLines[String(userId)]?.[month] ?? [];
        offsets = new Set(flat.filter((_, i) => i % 2 === 0));
        listed.set(key, offsets);
      }
      return offsets.has(offset);
    };
    const found = new Map<string, Located>();
    for (const month of await this.#files.months()) {
      for await (const line of this.#files.scan(month, needle)) {
        const record = parseLine(line.text);
        if (!record || !SEARCHABLE.some((field) => record[field] === q)) continue;
        if (!isListed(record.userId, month, line.offset) || this.#exchanges.has(record.id)) continue;
        found.set(record.id, { record, month, offset: line.offset });
      }
    }
    return newestFirst(found.values());
  }

  /** Cuts torn last lines off the month files (a crash during an append). Returns the months repaired. */
  repair(): Promise<Array<{ month: string; droppedBytes: number }>> {
    return this.#serially(() => this.#files.repairAll());
  }

  /**
   * Moves every due exchange (see {@link isArchivable}) to the archive, a batch at a time, each
   * batch durable in the archive before it leaves the data file. Runs one at a time.
   */
  run(opts: ArchiveRunOptions): Promise<ArchiveRunReport> {
    return this.#serially(() => this.#run(opts));
  }

  #serially<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(task, task);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  async #run(opts: ArchiveRunOptions): Promise<ArchiveRunReport> {
    const cutoff = opts.now.getTime() - opts.afterMs;
    const batchSize = Math.max(1, opts.batchSize ?? DEFAULT_BATCH);
    const report: ArchiveRunReport = { archived: 0, batches: 0, changedMeanwhile: 0 };
    if (opts.shouldStop?.()) return report;
    this.#ctx.assertWritable();

    // Due records, found a slice at a time. References, not copies: identity tells a later
    // update apart (see removeStored). Last stored first: removing from the end of the list
    // moves only the few records after them (see removeStored), not the whole list each time.
    const stored = this.#exchanges.storedRecords();
    const due: ExchangeRecord[] = [];
    for (let i = 0; i < stored.length; i += SCAN_SLICE) {
      for (const e of stored.slice(i, i + SCAN_SLICE)) if (isArchivable(e, cutoff)) due.push(e);
      await breathe();
    }
    due.reverse();

    for (let start = 0; start < due.length; start += batchSize) {
      if (opts.shouldStop?.()) break;
      const batch = due.slice(start, start + batchSize);
      // 1. Durable in the archive.
      const byMonth = new Map<string, { records: ExchangeRecord[]; lines: string[] }>();
      for (let i = 0; i < batch.length; i++) {
        const e = batch[i] as ExchangeRecord;
        const month = monthOf(e.createdAt) as string;
        let group = byMonth.get(month);
        if (!group) byMonth.set(month, (group = { records: [], lines: [] }));
        group.records.push(e);
        group.lines.push(JSON.stringify(e));
        if (i % STRINGIFY_SLICE === STRINGIFY_SLICE - 1) await breathe();
      }
      const placed = new Map<ExchangeRecord, ArchivedEntry>();
      for (const [month, group] of byMonth) {
        const ranges = await this.#files.append(month, group.lines);
        group.records.forEach((record, i) => placed.set(record, { record, month, range: ranges[i] as LineRange }));
      }
      // 2. Out of the data file, each record together with its index entry, a slice at a time.
      for (let i = 0; i < batch.length; i += REMOVE_SLICE) {
        const slice = batch.slice(i, i + REMOVE_SLICE);
        const removed = this.#exchanges.removeStored(slice, (gone) => {
          const entries = gone.map((e) => placed.get(e) as ArchivedEntry);
          this.#ctx.data.archive = addToIndex(this.#ctx.data.archive, this.#ctx.data.archiveLines, entries);
        });
        report.archived += removed.length;
        report.changedMeanwhile += slice.length - removed.length;
        if (i + REMOVE_SLICE < batch.length) await breathe();
      }
      report.batches++;
      // 3. Durable in the data file before the next batch: a crash repeats at most one batch's appends.
      await this.#flush();
      await breathe();
    }
    return report;
  }
}
