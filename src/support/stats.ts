/**
 * Aggregations behind /stats and /user: pure functions over users and exchanges, one pass each.
 * Volumes are summed with decimal arithmetic (money never goes through Number). The whole-store
 * ones take the repositories' `all()` as it is read (async), or any list.
 */
import { Dec } from "../domain/amount.js";
import type { ExchangeRecord, UserRecord } from "../domain/types.js";
import type { ExchangeStats, UserStats } from "../domain/reports.js";

const DAY = 86_400_000;

/** Counts users as of `at`. */
export async function userStats(users: AsyncIterable<UserRecord> | Iterable<UserRecord>, at: Date): Promise<UserStats> {
  const now = at.getTime();
  const s: UserStats = { total: 0, active24h: 0, active7d: 0, blocked: 0 };
  for await (const u of users) {
    s.total++;
    const age = now - Date.parse(u.lastSeenAt);
    if (age <= DAY) s.active24h++;
    if (age <= 7 * DAY) s.active7d++;
    if (u.blocked) s.blocked++;
  }
  return s;
}

/** When the exchange reached success, from its history (undefined when it has not). */
function completedAt(e: ExchangeRecord): number | undefined {
  const entry = e.statusHistory.find((h) => h.status === "success");
  if (entry) return Date.parse(entry.at);
  return e.status === "success" ? Date.parse(e.updatedAt) : undefined;
}

/** Aggregates exchanges as of `at`. */
export async function exchangeStats(exchanges: AsyncIterable<ExchangeRecord> | Iterable<ExchangeRecord>, at: Date): Promise<ExchangeStats> {
  const now = at.getTime();
  const s: ExchangeStats = { total: 0, byStatus: {}, created24h: 0, created7d: 0, completed24h: 0, completed7d: 0, volume: {} };
  const volume = new Map<string, InstanceType<typeof Dec>>();
  for await (const e of exchanges) {
    s.total++;
    s.byStatus[e.status] = (s.byStatus[e.status] ?? 0) + 1;
    const created = now - Date.parse(e.createdAt);
    if (created <= DAY) s.created24h++;
    if (created <= 7 * DAY) s.created7d++;
    const done = completedAt(e);
    if (done !== undefined) {
      if (now - done <= DAY) s.completed24h++;
      if (now - done <= 7 * DAY) s.completed7d++;
    }
    if (e.status === "success") addVolume(volume, e.from, e.amountFrom);
  }
  s.volume = toStrings(volume);
  return s;
}

/**
 * `stats` (of the data file's exchanges) with the archived exchanges added: their count, statuses
 * and volume. Nothing is added to the 24 h and 7 day figures, and nothing needs to be: an exchange
 * is archived only after ARCHIVE_AFTER_DAYS (at least 7) without an update, so it was created and
 * completed before either window.
 */
export function withArchivedTotals(
  stats: ExchangeStats,
  archived: { count: number; byStatus: Record<string, number>; volume: Record<string, string> },
): ExchangeStats {
  const byStatus = { ...stats.byStatus };
  for (const [status, n] of Object.entries(archived.byStatus)) byStatus[status] = (byStatus[status] ?? 0) + n;
  const volume = new Map<string, InstanceType<typeof Dec>>();
  for (const [coin, amount] of [...Object.entries(stats.volume), ...Object.entries(archived.volume)]) addVolume(volume, coin, amount);
  return { ...stats, total: stats.total + archived.count, byStatus, volume: toStrings(volume) };
}

/** One person's exchanges: count, by status, completed volume per coin. */
export function exchangesSummary(exchanges: readonly ExchangeRecord[]): {
  total: number;
  byStatus: Record<string, number>;
  volume: Record<string, string>;
} {
  const byStatus: Record<string, number> = {};
  const volume = new Map<string, InstanceType<typeof Dec>>();
  for (const e of exchanges) {
    byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
    if (e.status === "success") addVolume(volume, e.from, e.amountFrom);
  }
  return { total: exchanges.length, byStatus, volume: toStrings(volume) };
}

function addVolume(volume: Map<string, InstanceType<typeof Dec>>, coin: string, amount: string): void {
  let value;
  try {
    value = new Dec(amount);
  } catch {
    return; // A malformed stored amount is left out rather than failing the whole report.
  }
  volume.set(coin, (volume.get(coin) ?? new Dec(0)).plus(value));
}

function toStrings(volume: Map<string, InstanceType<typeof Dec>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const coin of [...volume.keys()].sort()) out[coin] = (volume.get(coin) as InstanceType<typeof Dec>).toFixed();
  return out;
}
