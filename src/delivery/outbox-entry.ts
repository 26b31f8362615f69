/**
 * An outbox entry and the states it goes through, as plain data: what the sender (outbox.ts)
 * stores, the storage keeps (queue-storage.ts) and the parking rules look at (parking.ts).
 *
 * States: pending → sent | blocked | failed | expired | obsolete. An entry is queued pending and
 * due at once; a failed send puts it off with a growing, partly random delay ({@link retryDelay});
 * it ends in one of the other states, for good.
 */

export type OutboxState = "pending" | "sent" | "blocked" | "failed" | "expired" | "obsolete";

/** One thing to deliver; `payload` is the deliverer's business. */
export interface OutboxEntry<P = unknown> {
  key: string;
  chatId: number;
  /** Queue order (global and increasing): a chat's entries are sent by it. */
  seq: number;
  payload: P;
  state: OutboxState;
  createdAt: string;
  /** After this the entry is not worth sending any more (state "expired"). */
  expiresAt: string;
  /** Not tried again before this. */
  nextAt: string;
  attempts: number;
  /** Messages of this entry Telegram has confirmed (multi-part entries go on from here). */
  progress: number;
  doneAt?: string;
  lastError?: string;
  /** A 403 does not end it: it waits (parked) until the chat can be written to. */
  keepWhenForbidden?: boolean;
  /** Waiting for the chat's next update (parking.ts): the chat answered 403 (never opened the bot, or blocked it). */
  parked?: boolean;
}

/** Options of one queued entry (`Outbox.enqueue`). */
export interface EnqueueOptions {
  /** How long the entry stays worth sending. */
  ttlMs: number;
  /** Park the entry on a 403 instead of ending it (parking.ts). */
  keepWhenForbidden?: boolean;
}

/** A new pending entry numbered `seq`, queued at `now`: due at once, worth sending for `opts.ttlMs`. */
export function freshEntry<P>(key: string, chatId: number, payload: P, seq: number, now: Date, opts: EnqueueOptions): OutboxEntry<P> {
  return {
    ...(opts.keepWhenForbidden ? { keepWhenForbidden: true } : {}),
    key,
    chatId,
    seq,
    payload,
    state: "pending",
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + opts.ttlMs).toISOString(),
    nextAt: now.toISOString(),
    attempts: 0,
    progress: 0,
  };
}

/**
 * How long to put off an entry after its `attempts`-th failed try: the ceiling doubles from
 * `baseMs` per attempt up to `maxMs`; half of it is fixed and half random (`random` in [0, 1)), so
 * many chats' retries spread out without making any one wait long.
 */
export function retryDelay(attempts: number, baseMs: number, maxMs: number, random: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempts - 1, 20));
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}
