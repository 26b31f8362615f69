/**
 * Token buckets, one per key (a person): each holds up to `capacity` tokens and gains
 * `perMinute` of them a minute; an action takes its cost or is refused. A burst up to the
 * capacity passes at once, and a steady pace up to `perMinute` passes for ever: what a person
 * does by hand fits, a script's flood does not. Pure: the clock is passed in.
 */

/** Options of {@link createTokenBuckets}. */
export interface TokenBucketsOptions {
  /** Tokens a full bucket holds: the largest burst. */
  capacity: number;
  /** Tokens gained a minute: the steady pace allowed. */
  perMinute: number;
  /** The clock, epoch ms. */
  now: () => number;
  /**
   * At most this many keys are remembered; the one used longest ago is forgotten first (it would
   * have refilled by then in any real use). Default 10 000.
   */
  maxKeys?: number;
}

/** Buckets by key. */
export interface TokenBuckets {
  /** Takes `cost` tokens (default 1) from `key`'s bucket: true if it had them, false (and none taken) if not. */
  take(key: string, cost?: number): boolean;
  /** The tokens `key`'s bucket holds now, taking nothing (a key not remembered is full). */
  level(key: string): number;
  /**
   * Sets `key`'s bucket to `tokens` as of now: a copy of a bucket counted elsewhere (a database
   * shared by several processes), from which this one refills until it is set again.
   */
  set(key: string, tokens: number): void;
}

/** The tokens a bucket that held `tokens` at `at` holds at `now`: refilled at `perMs`, never past `capacity`. */
function refilled(tokens: number, at: number, now: number, capacity: number, perMs: number): number {
  return Math.min(capacity, tokens + Math.max(0, now - at) * perMs);
}

/** Creates empty buckets: every key starts full. */
export function createTokenBuckets(opts: TokenBucketsOptions): TokenBuckets {
  const maxKeys = Math.max(1, opts.maxKeys ?? 10_000);
  const perMs = opts.perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  const levelAt = (key: string, now: number) => {
    const held = buckets.get(key);
    return held ? refilled(held.tokens, held.at, now, opts.capacity, perMs) : opts.capacity;
  };
  const store = (key: string, tokens: number, now: number) => {
    // Re-inserted, so the Map's order is least recently used first.
    buckets.delete(key);
    buckets.set(key, { tokens, at: now });
    if (buckets.size > maxKeys) {
      const oldest = buckets.keys().next().value;
      if (oldest !== undefined) buckets.delete(oldest);
    }
  };
  return {
    take(key, cost = 1) {
      const now = opts.now();
      const tokens = levelAt(key, now);
      const ok = tokens >= cost;
      store(key, ok ? tokens - cost : tokens, now);
      return ok;
    },
    level: (key) => levelAt(key, opts.now()),
    set(key, tokens) {
      store(key, Math.min(opts.capacity, Math.max(0, tokens)), opts.now());
    },
  };
}
