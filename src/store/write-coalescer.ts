/**
 * Turns a burst of changes into one write, and never lets two writes overlap.
 *
 * Every change bumps a sequence number. A write records the sequence it started at (the data is
 * snapshotted synchronously when the write begins), so when it completes every change up to that
 * number is durable. A change that arrives during a write schedules exactly one more write after it.
 */

/** Options of {@link WriteCoalescer}. */
export interface WriteCoalescerOptions {
  /** Performs one complete write of the current data. Must snapshot synchronously before awaiting. */
  write: () => Promise<void>;
  /** How long to wait after the first change of a burst before writing. */
  delayMs: number;
  /** Called once per failed write; the coalescer retries with a growing delay. */
  onError: (err: unknown, consecutiveFailures: number) => void;
  /** Upper bound of the retry delay after failures. Default 30 s. */
  maxRetryDelayMs?: number;
}

interface Waiter {
  /** Resolved once this change number is durable. */
  target: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Schedules coalesced, non-overlapping writes; see the module comment. */
export class WriteCoalescer {
  #changes = 0;
  /** The last change that another file's later writes must follow (see `markChanged`). */
  #orderedUpTo = 0;
  #durable = 0;
  #timer: NodeJS.Timeout | undefined;
  #writing = false;
  /** A flush() is waiting: write again as soon as the current write ends, without the delay. */
  #urgent = false;
  #failures = 0;
  #stopped = false;
  #waiters: Waiter[] = [];
  readonly #opts: Required<WriteCoalescerOptions>;

  constructor(opts: WriteCoalescerOptions) {
    this.#opts = { maxRetryDelayMs: 30_000, ...opts };
  }

  /** True when every change so far is on disk. */
  get idle(): boolean {
    return this.#durable >= this.#changes;
  }

  /**
   * Records one change; a write follows within `delayMs` (or after the running write). An
   * unordered change (`ordered` false) is written on that schedule too, but {@link flushOrdered}
   * does not wait for it.
   */
  markChanged(ordered = true): void {
    this.#changes++;
    if (ordered) this.#orderedUpTo = this.#changes;
    this.#schedule(this.#opts.delayMs);
  }

  /** Resolves when every change made so far is durable, on the normal schedule. */
  whenDurable(): Promise<void> {
    if (this.idle) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.#waiters.push({ target: this.#changes, resolve, reject });
    });
  }

  /**
   * Writes now (or right after the running write) and resolves when every change made so far is
   * durable. Rejects if that write fails.
   */
  flush(): Promise<void> {
    const done = this.whenDurable();
    if (!this.idle) {
      if (this.#writing) {
        this.#urgent = true;
      } else {
        this.#clearTimer();
        void this.#run();
      }
    }
    return done;
  }

  /**
   * {@link flush} when an ordered change is not durable yet; else resolves at once, leaving the
   * unordered changes made since to the normal schedule.
   */
  flushOrdered(): Promise<void> {
    return this.#durable >= this.#orderedUpTo ? Promise.resolve() : this.flush();
  }

  /** Stops scheduling writes (pending timers are cancelled). Used by close() after its flush. */
  stop(): void {
    this.#stopped = true;
    this.#clearTimer();
  }

  #clearTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(delayMs: number): void {
    if (this.#timer || this.#writing || this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#run();
    }, delayMs);
  }

  async #run(): Promise<void> {
    if (this.#writing || this.idle) return;
    this.#writing = true;
    const target = this.#changes;
    let failed = false;
    try {
      await this.#opts.write();
      this.#durable = target;
      this.#failures = 0;
      this.#settle(target, { ok: true });
    } catch (err) {
      failed = true;
      this.#failures++;
      this.#settle(target, { ok: false, err });
      this.#opts.onError(err, this.#failures);
    } finally {
      this.#writing = false;
    }
    // `idle` spelled out: TypeScript keeps the getter narrowed to false from the check above,
    // across the await, though changes made during the write are exactly what this asks about.
    if (this.#durable >= this.#changes) return;
    let delay = this.#opts.delayMs;
    if (failed) {
      delay = Math.min(Math.max(this.#opts.delayMs, 100) * 2 ** (this.#failures - 1), this.#opts.maxRetryDelayMs);
    } else if (this.#urgent) {
      delay = 0;
    }
    this.#urgent = false;
    this.#schedule(delay);
  }

  /** Resolves (or, on error, rejects) every waiter whose changes this write covered. */
  #settle(upTo: number, outcome: { ok: true } | { ok: false; err: unknown }): void {
    const keep: Waiter[] = [];
    for (const w of this.#waiters) {
      if (w.target > upTo) keep.push(w);
      else if (outcome.ok) w.resolve();
      else w.reject(outcome.err);
    }
    this.#waiters = keep;
  }
}
