/**
 * Figures both /stats and /metrics show, computed in one place so the two never disagree. Each
 * is read from the store or a running part when asked, never counted in memory, so none of them
 * restarts empty after a restart.
 */
import type { DataStore } from "../store/data-store.js";
import type { PollerView } from "../support/services.js";
import type { Delivery } from "../delivery/delivery.js";

/** Messages waiting in the outbox (all chats). */
export async function outboxBacklog(delivery: Pick<Delivery, "pending">): Promise<number> {
  return (await delivery.pending()).length;
}

/** Open (not final) exchanges by status, from the store's index of open exchanges. */
export async function openExchangesByStatus(store: Pick<DataStore, "exchanges">): Promise<Record<string, number>> {
  const by: Record<string, number> = {};
  for (const e of await store.exchanges.open()) by[e.status] = (by[e.status] ?? 0) + 1;
  return by;
}

/** Seconds since the poller's last cycle ended, rounded; undefined before the first cycle. */
export function pollerLagSeconds(poller: Pick<PollerView, "lastCycleEndedAt">, at: Date): number | undefined {
  const last = poller.lastCycleEndedAt;
  return last === undefined ? undefined : Math.max(0, Math.round((at.getTime() - last.getTime()) / 1000));
}
