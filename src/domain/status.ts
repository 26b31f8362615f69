/**
 * Exchange statuses: which ones are final. Pure: no I/O, no grammY, no lowdb.
 */
import type { ExchangeStatus } from "./types.js";

/**
 * Statuses after which the service will not change an exchange any more, so the poller stops
 * asking about it. `sending_failed` is deliberately absent: the service may still retry the payout.
 */
export const FINAL_STATUSES: ReadonlySet<ExchangeStatus> = new Set<ExchangeStatus>([
  "success",
  "failed",
  "reverted",
  "time_expired",
]);

/** True when `status` is final (see {@link FINAL_STATUSES}); unknown statuses are not final. */
export function isFinalStatus(status: ExchangeStatus): boolean {
  return FINAL_STATUSES.has(status);
}
