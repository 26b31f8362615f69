/**
 * Exchanges as CSV documents (/export): a person's own, or support's of a range of days.
 *
 * Streamed: records are read as the upload reads the document (from the store's batches), turned
 * into rows and handed over in chunks of about {@link CHUNK_BYTES}; no document is ever built in
 * memory whole. A document stops before it would pass `maxBytes` (Telegram takes up to 50 MB from
 * a bot), and the rest goes into the next one, each with the header row.
 *
 * The columns are a data format (snake_case names, ISO 8601 UTC times, amounts as the service gave
 * them), the same in every language, so a sheet or a script reads every export alike.
 */
import type { ExchangeRecord } from "../domain/types.js";
import { csvRow } from "../domain/csv.js";

/** The columns, in order. */
export const EXPORT_COLUMNS = [
  "created_at",
  "exchange_id",
  "user_id",
  "from",
  "to",
  "amount_sent",
  "amount_quoted",
  "amount_received",
  "status",
  "deposit_address",
  "deposit_tag",
  "destination_address",
  "destination_tag",
  "refund_address",
  "refund_tag",
  "payout_tx",
  "updated_at",
] as const;

/** Bytes gathered before a chunk is handed to the upload: few writes, little held. */
const CHUNK_BYTES = 64 * 1024;

const encoder = new TextEncoder();

/** One exchange's row, in {@link EXPORT_COLUMNS} order. */
function exchangeCsvRow(e: ExchangeRecord): string {
  return csvRow([
    e.createdAt,
    e.id,
    String(e.userId),
    e.from,
    e.to,
    e.amountFrom,
    e.quotedAmountTo,
    e.amountTo ?? "",
    e.status,
    e.depositAddress,
    e.depositTag,
    e.destinationAddress,
    e.destinationTag,
    e.refundAddress,
    e.refundTag,
    e.txId ?? "",
    e.updatedAt,
  ]);
}

const HEADER = csvRow(EXPORT_COLUMNS);

/**
 * The documents of one export, one after the other, from one pass over `records`: call
 * {@link hasMore}, then read {@link part} whole (the upload does), and again.
 */
export class CsvDocuments {
  readonly #records: AsyncIterator<ExchangeRecord>;
  readonly #maxBytes: number;
  /** A row read but not yet written: it did not fit the previous document. */
  #carry: Uint8Array | undefined;
  #ended = false;
  /** Rows written so far, over every document. */
  rows = 0;
  /** Documents begun so far. */
  parts = 0;

  constructor(records: AsyncIterable<ExchangeRecord>, maxBytes: number) {
    this.#records = records[Symbol.asyncIterator]();
    this.#maxBytes = maxBytes;
  }

  /** Whether another document has rows (reads one record ahead). */
  async hasMore(): Promise<boolean> {
    if (this.#carry !== undefined) return true;
    this.#carry = await this.#nextRow();
    return this.#carry !== undefined;
  }

  /**
   * The next document's bytes: the header, then rows until the next would pass `maxBytes` (a
   * single row longer than that still goes alone, rather than never).
   */
  async *part(): AsyncGenerator<Uint8Array> {
    this.parts++;
    const header = encoder.encode(HEADER);
    let size = header.length;
    let chunk: Uint8Array[] = [header];
    let chunkBytes = header.length;
    let rowsHere = 0;
    for (;;) {
      const row = this.#carry ?? (await this.#nextRow());
      this.#carry = undefined;
      if (row === undefined) break;
      if (rowsHere > 0 && size + row.length > this.#maxBytes) {
        this.#carry = row;
        break;
      }
      size += row.length;
      rowsHere++;
      this.rows++;
      chunk.push(row);
      chunkBytes += row.length;
      if (chunkBytes >= CHUNK_BYTES) {
        yield concat(chunk, chunkBytes);
        chunk = [];
        chunkBytes = 0;
      }
    }
    if (chunkBytes > 0) yield concat(chunk, chunkBytes);
  }

  async #nextRow(): Promise<Uint8Array | undefined> {
    if (this.#ended) return undefined;
    const next = await this.#records.next();
    if (next.done === true) {
      this.#ended = true;
      return undefined;
    }
    return encoder.encode(exchangeCsvRow(next.value));
  }

  /** Stops reading the records (an export given up half way). */
  async close(): Promise<void> {
    if (!this.#ended) {
      this.#ended = true;
      await this.#records.return?.();
    }
  }
}

function concat(parts: Uint8Array[], bytes: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(bytes);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A range of whole days, UTC: `from` inclusive, `to` exclusive (the day after the last). */
export interface DayRange {
  from: Date;
  to: Date;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The longest range support may ask for at once. */
export const MAX_RANGE_DAYS = 366;

/**
 * "2026-11-01 2026-11-30" (both days included; one day alone is that day) as a range, or undefined
 * when it is not two real days in order, at most {@link MAX_RANGE_DAYS} apart.
 */
export function parseDayRange(text: string): DayRange | undefined {
  const words = text.trim().split(/\s+/);
  if (words.length < 1 || words.length > 2) return undefined;
  const [first = "", last = first] = words;
  const day = (s: string): Date | undefined => {
    if (!DAY.test(s)) return undefined;
    const d = new Date(`${s}T00:00:00.000Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? undefined : d;
  };
  const from = day(first);
  const lastDay = day(last);
  if (!from || !lastDay || lastDay < from) return undefined;
  const to = new Date(lastDay.getTime() + 86_400_000);
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) return undefined;
  return { from, to };
}
