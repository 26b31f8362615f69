import type { Context, NextFunction } from "grammy";

/**
 * Remembers the update_ids handled lately and drops a second delivery of one. Telegram redelivers
 * an update whose webhook request did not end in 200 within its timeout (or whose connection
 * broke), even when the bot had received it and was already handling it; without this, that
 * person would get every reply twice.
 *
 * Bounded: the oldest ids are forgotten first. Telegram retries within minutes, and `capacity`
 * ids cover far more updates than arrive in that time.
 */
export class RecentUpdates {
  readonly #seen = new Set<number>();
  readonly #capacity: number;

  constructor(capacity = 10_000) {
    this.#capacity = capacity;
  }

  /** True the first time an id is offered, false for a repeat. */
  firstTime(updateId: number): boolean {
    if (this.#seen.has(updateId)) return false;
    this.#seen.add(updateId);
    // A Set iterates in insertion order: its first element is the oldest id.
    if (this.#seen.size > this.#capacity) this.#seen.delete(this.#seen.values().next().value as number);
    return true;
  }

  /** Middleware to install before `sequentialize`, so a repeat does not even wait for its chat. */
  readonly middleware = async (ctx: Context, next: NextFunction): Promise<void> => {
    if (this.firstTime(ctx.update.update_id)) await next();
  };
}
