/**
 * One kind of per-person limit (updates, quotes, exports) as a token bucket per person, counted
 * where the process's store says (person-limits.ts picks):
 *
 * - **In memory** (files: one process owns the data). What the bot did before replicas.
 * - **In the database** (PostgreSQL: replicas share it). The shared count decides every take that
 *   could pass, so one person's updates spread over replicas are limited as over one. In front of
 *   it, a copy of the person's bucket in this process's memory answers the takes that surely fail
 *   without asking the database: the copy is set from each answer and then counts only this
 *   process's own takes, so it never holds fewer tokens than the shared bucket (other processes
 *   only take more). In a flood the database is asked about once per token refilled, not per update.
 *   Takes of one person made in the same turn of the event loop (an inline query's six quotes) go
 *   in one statement. When the database cannot answer, the copy decides, as the memory buckets would.
 */
import { createTokenBuckets } from "../../domain/token-bucket.js";
import type { BucketKind, SharedBuckets } from "../../store/data-store.js";

/** What a take found. */
interface PersonTake {
  /** Whether the person had a token (then one was taken). */
  ok: boolean;
  /** A noted refusal that is the first since the person's last take that passed: tell them, once. */
  firstRefusal: boolean;
}

/** A person's bucket of one kind. */
export interface PersonBuckets {
  /**
   * Takes one token from `person`'s bucket. `note`: a refusal counts toward `firstRefusal` (a
   * refusal not noted, a button's, is told every time by its caller and counts for nothing).
   */
  take(person: number, note: boolean): Promise<PersonTake>;
}

/** Options of both kinds of buckets. */
interface BucketsOptions {
  /** The clock, epoch ms. */
  now: () => number;
  /** People remembered at once (the least recently seen are forgotten first). */
  maxPeople: number;
}

/** Who was refused (with a note) since their last take that passed, at most `maxPeople` of them. */
function refusals(maxPeople: number) {
  const refused = new Set<number>();
  return {
    has: (person: number) => refused.has(person),
    passed: (person: number) => refused.delete(person),
    /** Notes a refusal; true when it is the person's first since they last passed. */
    refused(person: number): boolean {
      if (refused.has(person)) return false;
      if (refused.size >= maxPeople) refused.clear();
      refused.add(person);
      return true;
    },
  };
}

/** Buckets in this process's memory (one process on files). */
export function memoryPersonBuckets(kind: BucketKind, opts: BucketsOptions): PersonBuckets {
  const buckets = createTokenBuckets({ capacity: kind.capacity, perMinute: kind.perMinute, now: opts.now, maxKeys: opts.maxPeople });
  const told = refusals(opts.maxPeople);
  return {
    take(person, note) {
      if (buckets.take(String(person))) {
        told.passed(person);
        return Promise.resolve({ ok: true, firstRefusal: false });
      }
      return Promise.resolve({ ok: false, firstRefusal: note && told.refused(person) });
    },
  };
}

/** Options of {@link sharedPersonBuckets}. */
interface SharedBucketsOptions extends BucketsOptions {
  logger: { warn(fields: object, msg?: string): void };
}

/** How often a database that cannot count is logged, at most. */
const WARN_EVERY_MS = 60_000;

/** Takes of one person waiting to go to the database in one statement. */
interface Batch {
  person: number;
  note: boolean;
  waiting: Array<(take: PersonTake) => void>;
}

/** Buckets counted by the store (PostgreSQL), with this process's copy in front; see the module comment. */
export function sharedPersonBuckets(kind: BucketKind, shared: SharedBuckets, opts: SharedBucketsOptions): PersonBuckets {
  const copies = createTokenBuckets({ capacity: kind.capacity, perMinute: kind.perMinute, now: opts.now, maxKeys: opts.maxPeople });
  // Whose noted refusal the database counted since they last passed here: a refusal the copy is
  // sure of is then left uncounted, as a refusal after the first tells nothing.
  const told = refusals(opts.maxPeople);
  /** Takes made in the same turn of the event loop, by person and note, sent together. */
  const batches = new Map<string, Batch>();
  let warnedAt = -Infinity;

  /** This process alone decides: the database did not answer. */
  const byCopy = (person: number, note: boolean): PersonTake => {
    if (copies.take(String(person))) {
      told.passed(person);
      return { ok: true, firstRefusal: false };
    }
    return { ok: false, firstRefusal: note && told.refused(person) };
  };

  /** Sends a batch's takes as one statement and answers each: the first `granted` pass. */
  const send = async (batch: Batch): Promise<void> => {
    const { person, note, waiting } = batch;
    let taken;
    try {
      taken = await shared.take(kind, person, opts.now(), note, waiting.length);
    } catch (err) {
      if (Date.now() - warnedAt >= WARN_EVERY_MS) {
        warnedAt = Date.now();
        opts.logger.warn(
          { err, kind: kind.name },
          "per-person limits: the database could not count; this process's own count decides meanwhile",
        );
      }
      for (const answer of waiting) answer(byCopy(person, note));
      return;
    }
    copies.set(String(person), taken.tokens);
    if (taken.granted > 0) told.passed(person);
    const refusedHere = waiting.length - taken.granted;
    if (note && refusedHere > 0) told.refused(person);
    waiting.forEach((answer, i) => {
      // A refusal's place among the noted refusals in a row: the batch's last one is `refused`.
      const place = taken.refused - refusedHere + (i - taken.granted) + 1;
      answer(i < taken.granted ? { ok: true, firstRefusal: false } : { ok: false, firstRefusal: note && place === 1 });
    });
  };

  return {
    take(person, note) {
      if (copies.level(String(person)) < 1 && (!note || told.has(person))) return Promise.resolve({ ok: false, firstRefusal: false });
      return new Promise((resolve) => {
        // An inline query asks its quotes' admissions in one go: one statement carries them all.
        const key = `${person}:${note ? 1 : 0}`;
        const open = batches.get(key);
        if (open) {
          open.waiting.push(resolve);
          return;
        }
        const batch: Batch = { person, note, waiting: [resolve] };
        batches.set(key, batch);
        queueMicrotask(() => {
          batches.delete(key);
          void send(batch);
        });
      });
    },
  };
}
