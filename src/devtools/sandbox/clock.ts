/**
 * Time as the sandbox sees it. Order statuses move on this clock, so a test that drives a
 * {@link ManualClock} walks an order through its whole lifecycle without a single sleep.
 */

/** Anything that tells the time in epoch milliseconds. */
export interface SandboxClock {
  now(): number;
}

/** The wall clock; the default of `startSandbox`. */
export const realClock: SandboxClock = { now: () => Date.now() };

/** A clock that only moves when told to. */
export class ManualClock implements SandboxClock {
  #now: number;

  /** @param start epoch milliseconds to start at; a fixed date by default so dates are stable in tests. */
  constructor(start: number = Date.UTC(2025, 0, 15, 12, 0, 0)) {
    this.#now = start;
  }

  /** The current time in epoch milliseconds. */
  now(): number {
    return this.#now;
  }

  /** Moves the clock forward by `ms` (negative values are refused: time does not run backwards here). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`ManualClock.advance: bad duration ${ms}`);
    this.#now += ms;
  }

  /** Sets the clock to an absolute epoch-millisecond time. */
  set(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError(`ManualClock.set: bad time ${ms}`);
    this.#now = ms;
  }
}
