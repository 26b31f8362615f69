/**
 * What Telegram sent, kept on disk from before Telegram is told it arrived until its handling ends.
 *
 * Telegram forgets an update once the bot confirms it: long polling confirms a batch by asking for
 * the next offset, a webhook by answering 200. Both can happen while the update is still handled
 * (the runner fetches the next batch at once; the webhook answers at the end of its ack window an
 * update that outlives it), so a kill in between used to drop what the person sent. Now such a
 * batch is written here first (one durable write per getUpdates answer, or per webhook update that
 * outlives its window: one handled sooner is answered once handled, and never kept; see
 * webhook/server.ts), the update's id is marked when its
 * handling ends (marks of the same moment share one write per batch), and a batch whose updates
 * are all handled is deleted (at once, its marks never written, when they end together). The marks are kept apart from their batch ({@link INBOX_MARKS_NAMESPACE}):
 * a batch of a busy moment holds dozens of updates, and copying and writing it again for each
 * mark cost more than the batch itself (bench/flow-cpu.results.md). What is left at start-up is what a process received and never
 * finished: {@link Inbox.leftUnhandled} lists it for replay.ts, in update order.
 *
 * The namespace is written through (store/durability.ts): a `receive` resolves once the batch is
 * on disk (committed on PostgreSQL), which is what the caller waits for before confirming it.
 */
import type { Context, NextFunction } from "grammy";
import type { Update } from "grammy/types";
import type { DataStore } from "../store/data-store.js";
import { namespace } from "../store/namespace.js";

/** The store namespace of received batches, one key per batch. */
export const INBOX_NAMESPACE = namespace<StoredBatch>("inbox", "through", { live: true, standAloneNewKeys: true });
/** The ids marked handled of each batch not deleted yet, under the batch's key. */
export const INBOX_MARKS_NAMESPACE = namespace<number[]>("inbox-handled", "through", { live: true });

/** One received batch as stored. */
interface StoredBatch {
  /** When it was received: what start-up compares with later writes of the same chat. */
  at: string;
  updates: Update[];
  /** Ids of `updates` marked handled by an earlier version, which kept its marks here: still read. */
  handled?: number[];
}

/** When an update this process tracks arrived. */
export interface Arrival {
  at: Date;
  /** Received by an earlier process (or a replica) and taken over here at start-up. */
  takenOver: boolean;
}

/** An update left unhandled by an earlier process, with when it was received. */
export interface LeftUpdate {
  update: Update;
  receivedAt: Date;
}

export interface InboxOptions {
  store: Pick<DataStore, "kv">;
  /** This process (a `processId`): batches of replicas never share a key. */
  owner: string;
  now: () => Date;
  logger: { warn(fields: object, msg?: string): void };
}

export class Inbox {
  readonly #opts: InboxOptions;
  /** The batch key of each update this process received or took over, until its mark is written. */
  readonly #batchOf = new Map<number, string>();
  /** How many updates each batch this process tracks holds: it is deleted when that many are marked. */
  readonly #sizeOf = new Map<string, number>();
  /** When each batch this process tracks arrived, and whether an earlier process received it. */
  readonly #arrivalOf = new Map<string, Arrival>();
  /** Updates whose handling has begun (past {@link middleware}) and not ended. */
  readonly #running = new Set<number>();
  /** The write of each batch still on its way to disk: its marks wait for it, so a delete never comes first. */
  readonly #receiving = new Map<string, Promise<void>>();
  /** Marks not written yet, by batch key. */
  #pending = new Map<string, number[]>();
  #flushing: Promise<void> | undefined;
  #scheduled = false;
  /** The highest update id an earlier process kept here, as found at start-up ({@link Inbox.leftUnhandled}). */
  #earlierUpTo = 0;

  constructor(opts: InboxOptions) {
    this.#opts = opts;
  }

  get #batches() {
    return this.#opts.store.kv(INBOX_NAMESPACE);
  }

  get #marks() {
    return this.#opts.store.kv(INBOX_MARKS_NAMESPACE);
  }

  /**
   * Whether `updateId` was kept here by an earlier process (found at start-up, handled since or
   * not). With long polling, Telegram hands such an update over again when the kill came before it
   * was confirmed, after start-up has replayed it (or found it handled): it must not be handled a
   * second time. Telegram's update ids only grow, so any id up to the highest found is one of those.
   */
  keptByEarlierProcess(updateId: number): boolean {
    return updateId <= this.#earlierUpTo;
  }

  /**
   * When `updateId` arrived, while this process tracks it: a press is answered only soon after
   * (bot/press-answers.ts).
   */
  arrivalOf(updateId: number): Arrival | undefined {
    const key = this.#batchOf.get(updateId);
    return key === undefined ? undefined : this.#arrivalOf.get(key);
  }

  /**
   * Keeps a batch on disk; resolves once it is durable. Throws when the store cannot write: the
   * caller must then not confirm the batch to Telegram.
   *
   * The batch is tracked from the call on, before the write ends: an update whose handling ends
   * meanwhile (one kept late, by {@link keepUnfinished}) is marked against it, and its batch deleted
   * when it is the last, rather than left on disk for a replay of what was done.
   */
  async receive(updates: readonly Update[]): Promise<void> {
    const first = updates[0];
    if (first === undefined) return;
    // Zero-padded so that keys sort as the ids do; the owner keeps replicas' batches apart.
    const key = `${String(first.update_id).padStart(12, "0")}:${this.#opts.owner}`;
    const at = this.#opts.now();
    this.#sizeOf.set(key, updates.length);
    this.#arrivalOf.set(key, { at, takenOver: false });
    for (const u of updates) this.#batchOf.set(u.update_id, key);
    const written = this.#batches.set(key, { at: at.toISOString(), updates: [...updates] });
    this.#receiving.set(key, written);
    try {
      await written;
    } catch (err) {
      for (const u of updates) if (this.#batchOf.get(u.update_id) === key) this.#batchOf.delete(u.update_id);
      this.#sizeOf.delete(key);
      this.#arrivalOf.delete(key);
      throw err;
    } finally {
      this.#receiving.delete(key);
    }
  }

  /**
   * Keeps one update whose handling has not ended yet, before Telegram is told it arrived (the
   * webhook's answer after its ack window): a kill before its handling ends then replays it, and
   * the mark of {@link middleware} deletes it when its handling ends. An update whose handling has
   * ended already, or never began here, is not kept: there is nothing left to replay. Throws as
   * {@link receive}.
   */
  async keepUnfinished(update: Update): Promise<void> {
    // Checked and tracked in one synchronous step: an end that comes after it finds the batch.
    if (!this.#running.has(update.update_id)) return;
    await this.receive([update]);
  }

  /**
   * Notes that the handling of `updateId` ended (well or not: a failed update was answered with an
   * apology). Written with the other marks of the moment, one write per batch.
   */
  handled(updateId: number): void {
    const key = this.#batchOf.get(updateId);
    if (key === undefined) return;
    this.#batchOf.delete(updateId);
    const ids = this.#pending.get(key);
    if (ids) ids.push(updateId);
    else this.#pending.set(key, [updateId]);
    this.#schedule();
  }

  /**
   * Every update received by an earlier process (or a replica) and not marked handled, oldest id
   * first, one copy of each id. This process takes them over: their marks are its to write.
   */
  async leftUnhandled(): Promise<LeftUpdate[]> {
    const found = new Map<number, LeftUpdate>();
    const marks = new Map(await this.#marks.entries());
    const batches = await this.#batches.entries();
    const finished: string[] = [];
    for (const [key, batch] of batches) {
      const done = new Set([...(batch.handled ?? []), ...(marks.get(key) ?? [])]);
      const receivedAt = new Date(batch.at);
      let left = 0;
      for (const update of batch.updates) {
        this.#earlierUpTo = Math.max(this.#earlierUpTo, update.update_id);
        if (done.has(update.update_id)) continue;
        left++;
        if (found.has(update.update_id) || this.#batchOf.has(update.update_id)) continue;
        found.set(update.update_id, { update, receivedAt });
        this.#batchOf.set(update.update_id, key);
      }
      // The batch goes once as many more are marked as it has left (the separate marks count).
      if (left > 0) {
        this.#sizeOf.set(key, left + (marks.get(key)?.length ?? 0));
        this.#arrivalOf.set(key, { at: receivedAt, takenOver: true });
      } else finished.push(key);
    }
    // A kill between the last mark and the batch's delete, or between the two deletes.
    const batchKeys = new Set(batches.map(([key]) => key));
    for (const key of finished) await this.#batches.delete(key);
    for (const key of marks.keys()) if (!batchKeys.has(key) || finished.includes(key)) await this.#marks.delete(key);
    return [...found.values()].sort((a, b) => a.update.update_id - b.update.update_id);
  }

  /** Resolves once every mark noted so far is written (a stop waits for it before the store closes). */
  async flush(): Promise<void> {
    while (this.#flushing || this.#pending.size > 0) {
      await (this.#flushing ?? this.#write());
    }
  }

  /**
   * Middleware, installed before the chat's queue: marks the update when its handling ends (a no-op
   * for one never kept here). Each update is kept before Telegram is told it arrived, by its
   * receiver: long polling keeps each batch before it asks for the next (updates/polling.ts); a
   * webhook request, only when its handling outlives the ack window (webhook/server.ts).
   */
  middleware() {
    return async (ctx: Context, next: NextFunction): Promise<void> => {
      const id = ctx.update.update_id;
      this.#running.add(id);
      try {
        await next();
      } finally {
        this.#running.delete(id);
        this.handled(id);
      }
    };
  }

  /**
   * Writes `ids` as handled in batch `key`; the batch goes once all its updates are. When these
   * ids finish the batch (all its updates handled at once, as a batch of one always is), the batch
   * is deleted without writing them first: a deleted batch leaves nothing to replay. The batch is
   * deleted before its marks: a kill in between leaves marks of no batch (dropped at the next
   * start), never a batch without its marks.
   */
  async #mark(key: string, ids: number[]): Promise<void> {
    const receiving = this.#receiving.get(key);
    if (receiving !== undefined) {
      // Not on disk yet, or never: a failed write untracked the batch (nothing to delete then).
      await receiving.catch(() => undefined);
      if (!this.#sizeOf.has(key)) return;
    }
    const size = this.#sizeOf.get(key);
    const before = await this.#marks.get(key);
    if (size !== undefined && new Set([...(before ?? []), ...ids]).size >= size) {
      // An earlier version's marks inside the batch count too; they are read only at start-up.
      await this.#batches.delete(key);
      if (before !== undefined) await this.#marks.delete(key);
      this.#sizeOf.delete(key);
      this.#arrivalOf.delete(key);
      return;
    }
    await this.#marks.update(key, (marked) => [...new Set([...(marked ?? []), ...ids])]);
  }

  /** Marks are written on the next turn of the event loop, or after the write in progress. */
  #schedule(): void {
    if (this.#scheduled || this.#flushing) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#write();
    });
  }

  #write(): Promise<void> {
    if (this.#flushing) return this.#flushing;
    const pending = this.#pending;
    this.#pending = new Map();
    this.#flushing = Promise.all(
      [...pending].map(([key, ids]) =>
        this.#mark(key, ids).catch((err: unknown) => {
          // Not lost: the batch stays, and the next start-up replays these (or finds them taken).
          this.#opts.logger.warn({ err, updates: ids }, "updates: could not mark updates handled");
        }),
      ),
    ).then(
      () => {
        this.#flushing = undefined;
        if (this.#pending.size > 0) this.#schedule();
      },
      () => {
        this.#flushing = undefined;
      },
    );
    return this.#flushing;
  }
}
