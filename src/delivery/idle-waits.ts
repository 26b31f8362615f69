/**
 * Waiting for the sender to have nothing left to do (`Outbox.idle`): tests and a clean stop wait
 * for it. The sender checks after each round of work; a check answers only the waits that began
 * before it did, since one that read the entries before a new entry was queued must not release a
 * wait that began after it.
 */

/** See the module comment. */
export class IdleWaits {
  readonly #isIdle: () => Promise<boolean>;
  readonly #onError: (err: unknown) => void;
  /** `since` is the number of checks begun before the wait began. */
  #waiters: Array<{ since: number; resolve: () => void }> = [];
  #checks = 0;

  /** `isIdle` answers whether nothing is left to do; `onError` is told when it fails (the wait goes on). */
  constructor(isIdle: () => Promise<boolean>, onError: (err: unknown) => void) {
    this.#isIdle = isIdle;
    this.#onError = onError;
  }

  /** Resolves at the first check, begun after this call, that finds nothing left to do. */
  wait(): Promise<void> {
    return new Promise((resolve) => {
      this.#waiters.push({ since: this.#checks, resolve });
      void this.check();
    });
  }

  /** Resolves the waits begun before this check if nothing is left to do. Never rejects. */
  async check(): Promise<void> {
    if (this.#waiters.length === 0) return;
    const check = ++this.#checks;
    let idle: boolean;
    try {
      idle = await this.#isIdle();
    } catch (err) {
      this.#onError(err);
      idle = false;
    }
    if (!idle) return;
    const waiting = this.#waiters.filter((w) => w.since < check);
    this.#waiters = this.#waiters.filter((w) => w.since >= check);
    for (const w of waiting) w.resolve();
  }
}
