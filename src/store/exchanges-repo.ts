/**
 * Exchanges: the orders in the data file, with in-memory indexes built on load so that the status
 * poller's `open()` and the chat handlers' lookups never scan all records.
 *
 * The data file holds the open and recently finished exchanges; older finished ones move to the
 * archive (archive.ts), which this repository does not see. Lookups that must include them (support's
 * /find and /user, a person's /history) go through the store's `lookup` (lookup.ts).
 */
import { isFinalStatus } from "../domain/status.js";
import type { ExchangeRecord } from "../domain/types.js";
import { copy, toJson } from "./json.js";
import type { RepoContext } from "./repo-context.js";
import { exchangeProblem } from "./schema.js";

/** Fields an update may change: anything but the id. Undefined values remove optional fields. */
export type ExchangePatch = Partial<Omit<ExchangeRecord, "id">>;

/** Exchanges, keyed by the service's exchange id. Every record returned is a copy. */
export interface ExchangesRepo {
  /** Stores a new exchange. Throws if the id exists or the record is malformed. */
  insert(rec: ExchangeRecord): ExchangeRecord;
  get(id: string): ExchangeRecord | undefined;
  /** Whether the data file holds exchange `id` (cheaper than `get`: no copy). */
  has(id: string): boolean;
  /**
   * Applies a patch, or a function from the current record (a copy, free to mutate) to the new one.
   * Returns the stored result. Throws if the id is unknown, the id would change, or the result is
   * malformed. `updatedAt` is the caller's to set.
   */
  update(id: string, change: ExchangePatch | ((rec: ExchangeRecord) => ExchangeRecord)): ExchangeRecord;
  /** The user's exchanges, newest (by createdAt) first. */
  byUser(userId: number): ExchangeRecord[];
  /** Every exchange whose status is not final (see domain/status.ts), oldest first. */
  open(): ExchangeRecord[];
  /**
   * Exchanges whose id, deposit/destination/refund address or one of their tags equals `query`
   * exactly (surrounding spaces ignored), newest first.
   */
  find(query: string): ExchangeRecord[];
  /** Copies of every exchange, lazily, in insertion order. */
  all(): IterableIterator<ExchangeRecord>;
  count(): number;
}

/** The fields `find()` matches on (the archive's search matches the same ones). */
export const SEARCHABLE = [
  "id",
  "depositAddress",
  "destinationAddress",
  "refundAddress",
  "depositTag",
  "destinationTag",
  "refundTag",
] as const satisfies ReadonlyArray<keyof ExchangeRecord>;

/** Implements {@link ExchangesRepo} over `data.exchanges` (an array) with Map/Set indexes. */
export class ExchangesRepository implements ExchangesRepo {
  /** id → position in data.exchanges. */
  readonly #position = new Map<string, number>();
  /** userId → ids, in insertion order. */
  readonly #byUser = new Map<number, string[]>();
  /** ids whose status is not final. */
  readonly #open = new Set<string>();
  /** searchable value → ids having it in some SEARCHABLE field. */
  readonly #lookup = new Map<string, Set<string>>();

  constructor(private readonly ctx: RepoContext) {
    ctx.data.exchanges.forEach((e, i) => {
      this.#position.set(e.id, i);
      this.#index(e);
    });
  }

  insert(rec: ExchangeRecord): ExchangeRecord {
    this.ctx.assertWritable();
    const stored = toJson(rec);
    const problem = exchangeProblem(stored);
    if (problem) throw new TypeError(`Refusing to store an exchange that ${problem}.`);
    if (this.#position.has(stored.id)) throw new Error(`An exchange with id ${stored.id} already exists.`);
    return this.ctx.mutate(() => {
      this.#position.set(stored.id, this.ctx.data.exchanges.push(stored) - 1);
      this.#index(stored);
      return copy(stored);
    });
  }

  get(id: string): ExchangeRecord | undefined {
    const e = this.#at(id);
    return e && copy(e);
  }

  update(id: string, change: ExchangePatch | ((rec: ExchangeRecord) => ExchangeRecord)): ExchangeRecord {
    this.ctx.assertWritable();
    const current = this.#at(id);
    if (!current) throw new Error(`No exchange with id ${id}.`);
    const next = toJson(typeof change === "function" ? change(copy(current)) : { ...current, ...change });
    if (next.id !== id) throw new Error(`An update may not change an exchange's id (${id}).`);
    const problem = exchangeProblem(next);
    if (problem) throw new TypeError(`Refusing an update after which the exchange ${problem}.`);
    return this.ctx.mutate(() => {
      this.#unindex(current);
      this.ctx.data.exchanges[this.#position.get(id) as number] = next;
      this.#index(next);
      return copy(next);
    });
  }

  byUser(userId: number): ExchangeRecord[] {
    const ids = this.#byUser.get(userId) ?? [];
    return this.#newestFirst(ids);
  }

  open(): ExchangeRecord[] {
    // Sorted by position so the order is stable (an update re-adds an id to the set's end).
    const positions = [...this.#open].map((id) => this.#position.get(id) as number).sort((a, b) => a - b);
    return positions.map((i) => copy(this.ctx.data.exchanges[i] as ExchangeRecord));
  }

  find(query: string): ExchangeRecord[] {
    const q = query.trim();
    if (q === "") return [];
    return this.#newestFirst([...(this.#lookup.get(q) ?? [])]);
  }

  *all(): IterableIterator<ExchangeRecord> {
    // A snapshot of the references: records are replaced, never mutated, so this is consistent.
    for (const e of this.ctx.data.exchanges.slice()) yield copy(e);
  }

  count(): number {
    return this.ctx.data.exchanges.length;
  }

  has(id: string): boolean {
    return this.#position.has(id);
  }

  /**
   * For the archive (archive.ts) only: the stored records themselves, not copies. They are never
   * mutated in place (a change replaces the object), so a caller may keep a reference and later
   * tell, by identity, whether the record changed meanwhile. The caller must not mutate them.
   */
  storedRecords(): readonly ExchangeRecord[] {
    return this.ctx.data.exchanges;
  }

  /**
   * For the archive only: removes each of `records` (objects from {@link storedRecords}) that is
   * still the stored one, i.e. was not updated since it was handed out, and runs `alsoChange` with
   * the removed ones inside the same change, so that one write carries both. Returns the removed.
   * Costs the removed ones' index entries plus the records stored after the first of them.
   */
  removeStored(records: readonly ExchangeRecord[], alsoChange: (removed: readonly ExchangeRecord[]) => void): ExchangeRecord[] {
    this.ctx.assertWritable();
    const removing = new Set<ExchangeRecord>();
    for (const r of records) if (this.#at(r.id) === r) removing.add(r);
    return this.ctx.mutate(() => {
      if (removing.size > 0) this.#removeMany(removing);
      const removed = [...removing];
      alsoChange(removed);
      return removed;
    });
  }

  #removeMany(removing: ReadonlySet<ExchangeRecord>): void {
    const ids = new Set<string>();
    const users = new Set<number>();
    let first = Infinity;
    for (const e of removing) {
      ids.add(e.id);
      users.add(e.userId);
      first = Math.min(first, this.#position.get(e.id) as number);
      this.#position.delete(e.id);
      this.#open.delete(e.id);
      for (const field of SEARCHABLE) {
        const value = e[field];
        if (!value) continue;
        const set = this.#lookup.get(value);
        set?.delete(e.id);
        if (set?.size === 0) this.#lookup.delete(value);
      }
    }
    // One filter per person rather than a splice per record: someone with thousands of exchanges
    // would otherwise cost thousands × thousands.
    for (const userId of users) {
      const kept = (this.#byUser.get(userId) ?? []).filter((id) => !ids.has(id));
      if (kept.length > 0) this.#byUser.set(userId, kept);
      else this.#byUser.delete(userId);
    }
    // Compact in place from the first removed record on: only the records after it move (and
    // have their position rewritten), so removing from the end of a long list is cheap.
    const list = this.ctx.data.exchanges;
    let j = first;
    for (let i = first; i < list.length; i++) {
      const e = list[i] as ExchangeRecord;
      if (removing.has(e)) continue;
      if (j !== i) {
        list[j] = e;
        this.#position.set(e.id, j);
      }
      j++;
    }
    list.length = j;
  }

  #at(id: string): ExchangeRecord | undefined {
    const i = this.#position.get(id);
    return i === undefined ? undefined : this.ctx.data.exchanges[i];
  }

  /** Copies of `ids`' records, newest createdAt first; equal times: later insertion first. */
  #newestFirst(ids: string[]): ExchangeRecord[] {
    const records = ids.map((id) => this.#at(id) as ExchangeRecord);
    const order = records.map((e, i) => ({ e, pos: this.#position.get(e.id) as number, i }));
    order.sort((a, b) => (a.e.createdAt < b.e.createdAt ? 1 : a.e.createdAt > b.e.createdAt ? -1 : b.pos - a.pos));
    return order.map((o) => copy(o.e));
  }

  #index(e: ExchangeRecord): void {
    let list = this.#byUser.get(e.userId);
    if (!list) this.#byUser.set(e.userId, (list = []));
    list.push(e.id);
    if (!isFinalStatus(e.status)) this.#open.add(e.id);
    for (const field of SEARCHABLE) {
      const value = e[field];
      if (!value) continue;
      let ids = this.#lookup.get(value);
      if (!ids) this.#lookup.set(value, (ids = new Set()));
      ids.add(e.id);
    }
  }

  #unindex(e: ExchangeRecord): void {
    const list = this.#byUser.get(e.userId);
    if (list) {
      const i = list.indexOf(e.id);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0) this.#byUser.delete(e.userId);
    }
    this.#open.delete(e.id);
    for (const field of SEARCHABLE) {
      const value = e[field];
      if (!value) continue;
      const ids = this.#lookup.get(value);
      ids?.delete(e.id);
      if (ids?.size === 0) this.#lookup.delete(value);
    }
  }
}
