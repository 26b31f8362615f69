import type { Context, NextFunction } from "grammy";

/**
 * Counts updates being handled, so a graceful stop can wait for them: the runner's `stop()` ends
 * fetching but does not wait for handlers that are still running, and closing the store under a
 * running handler would lose its last change.
 */
export class InFlightUpdates {
  #active = 0;
  #idle: Array<() => void> = [];

  /** Middleware to install first, so it spans every other handler. */
  readonly middleware = async (_ctx: Context, next: NextFunction): Promise<void> => {
    this.#active += 1;
    try {
      await next();
    } finally {
      this.#active -= 1;
      if (this.#active === 0) for (const resolve of this.#idle.splice(0)) resolve();
    }
  };

  get active(): number {
    return this.#active;
  }

  /** Resolves when no update is being handled, or after `timeoutMs` (returns false then). */
  drain(timeoutMs: number): Promise<boolean> {
    if (this.#active === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.#idle.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
