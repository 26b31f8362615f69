/**
 * The data of the benchmarks that compare ways of keeping a bot's history (bench/archive and
 * bench/storage-backends): a year of 100,000 exchanges by 5,000 people, of which the last 2,000 are
 * recent. One timeline for both, so that their figures describe the same installation and compare.
 */
import type { ExchangeRecord } from "../src/domain/types.js";
import { openStore } from "../src/store/store.js";
import { syntheticExchange } from "./synthetic-exchange.js";

export const EXCHANGES = 100_000;
export const RECENT = 2_000;
export const USERS = 5_000;
export const DAY = 86_400_000;
/** The archive's cut-off: exchanges finished longer ago than this leave db.json. */
export const AFTER_MS = 30 * DAY;
/** The run's "now": fixed, so every layout and every child process agree on what is due. */
export const NOW = Date.UTC(2026, 10, 23, 12);

/** An old exchange (archived in the archive layout) and a recent one, for /find and /history. */
export const OLD_PROBE = 12_345;
export const RECENT_PROBE = EXCHANGES - 17;

/**
 * Exchange `i` (the same records as bench/store.bench.ts, on a timeline ending at NOW): the first
 * 98,000 spread over the year before the archive's cut-off, all finished; the last 2,000 over the
 * last week, a fifth of them still open.
 */
export function makeExchange(i: number): ExchangeRecord {
  const old = EXCHANGES - RECENT;
  const created =
    i < old
      ? new Date(NOW - AFTER_MS - 2 * DAY - Math.round(((old - i) / old) * 365 * DAY))
      : new Date(NOW - Math.round(((EXCHANGES - i) / RECENT) * 7 * DAY));
  return syntheticExchange(i, { created, open: i >= old && i % 5 === 0, users: USERS });
}

/**
 * Writes the whole history into db.json in `dataDir` through the store's own API, the way the bot
 * kept it before the archive: every person, then every exchange in creation order.
 */
export async function writeHistory(dataDir: string): Promise<void> {
  const store = await openStore({ dataDir });
  for (let u = 0; u < USERS; u++) {
    store.users.upsertSeen(
      { id: 100_000_000 + u, first_name: `User ${u}`, username: `user_${u}`, language_code: u % 3 ? "en" : "ru" },
      new Date(NOW - 400 * DAY),
    );
  }
  for (let i = 0; i < EXCHANGES; i++) store.exchanges.insert(makeExchange(i));
  await store.close();
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] as number;
};

/** Runs `fn` `runs` times, one after the other; the median time (ms) and the last result. */
export async function medianTime<T>(runs: number, fn: () => Promise<T> | T): Promise<{ ms: number; result: T }> {
  const times: number[] = [];
  let result!: T;
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    result = await fn();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), result };
}
