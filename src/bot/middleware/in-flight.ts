import type { Context, NextFunction } from "grammy";
import type { Update } from "grammy/types";

/** What one handled update reports (metrics): its type, how long it took, whether a handler failed, which feature took it. */
export interface UpdateDone {
  type: string;
  seconds: number;
  outcome: "ok" | "error";
  /** The feature the update reached last (see {@link markUpdateFeature}); "none" when it reached none. */
  feature: string;
}

/**
 * Updates whose handler failed. The error boundary catches the error (and tells the person)
 * before it can reach the outermost middleware, so it marks the update here instead.
 */
const failed = new WeakSet<Update>();

/** Called by the error boundary: this update's outcome is "error". */
export function markUpdateFailed(update: Update): void {
  failed.add(update);
}

/** The feature each update reached last: features are entered in order, so that is the one that took it. */
const features = new WeakMap<Update, string>();

/** Called as an update enters a feature (create-bot.ts). */
export function markUpdateFeature(update: Update, feature: string): void {
  features.set(update, feature);
}

/** The update's kind ("message", "callback_query", …): its one field besides update_id. */
function updateType(update: Update): string {
  for (const key of Object.keys(update)) if (key !== "update_id") return key;
  return "unknown";
}

/**
 * Counts updates being handled, so a graceful stop can wait for them: the runner's `stop()` ends
 * fetching but does not wait for handlers that are still running, and closing the store under a
 * running handler would lose its last change. Installed first, it also times every update.
 */
export class InFlightUpdates {
  #active = 0;
  #idle: Array<() => void> = [];

  constructor(private readonly onDone?: (done: UpdateDone) => void) {}

  /** Middleware to install first, so it spans every other handler. */
  readonly middleware = async (ctx: Context, next: NextFunction): Promise<void> => {
    this.#active += 1;
    const started = performance.now();
    let threw = false;
    try {
      await next();
    } catch (err) {
      threw = true;
      throw err;
    } finally {
      this.#active -= 1;
      if (this.#active === 0) for (const resolve of this.#idle.splice(0)) resolve();
      this.onDone?.({
        type: updateType(ctx.update),
        seconds: (performance.now() - started) / 1000,
        outcome: threw || failed.has(ctx.update) ? "error" : "ok",
        feature: features.get(ctx.update) ?? "none",
      });
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
