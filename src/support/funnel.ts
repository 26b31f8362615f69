/**
 * The exchange funnel: how many people started a flow, saw a quote, confirmed, had their deposit
 * arrive, and got their coins. Plain counters in the store (kv namespace "metrics"), so they
 * survive restarts; each increment is one small coalesced write.
 *
 * Every step counts flows, so the funnel never widens (started ≥ quoted ≥ confirmed ≥ deposit ≥
 * success). Every call site counts an event exactly once: the flow start is a command handler (not
 * replayed); the quote once per flow, the first time one is shown, at the amount step or on the
 * confirmation card (a flow opened from an inline result or a deep link with an amount shows its
 * first quote there), inside `conversation.external` (never re-run on replay) and remembered on
 * the draft (`quoted`); the confirmation when the exchange is created; deposit/success on the
 * stored status change (which happens once per change, see {@link funnelEventsOfChange}).
 *
 * An increment is one atomic `update` of its counter, so two replicas counting at once lose neither.
 */
import type { ExchangeStatus } from "../domain/types.js";
import { progressStep } from "../domain/status.js";
import { FUNNEL_STEPS, type FunnelStep } from "../domain/reports.js";
import type { KeyValueStore } from "../store/data-store.js";
import { namespace, type Namespace } from "../store/namespace.js";

/** The store namespace of the counters. */
export const METRICS_NAMESPACE = namespace<number>("metrics", "coalesced");

/** The least of a store the counters need. */
export interface MetricsStore {
  kv<T>(namespace: Namespace<T>): Pick<KeyValueStore<T>, "get" | "update">;
}

const keyOf = (step: FunnelStep) => `funnel:${step}`;

/** Adds one to `step`'s counter. Never rejects: a lost count must not break an exchange. */
export async function countFunnel(store: MetricsStore, step: FunnelStep): Promise<void> {
  try {
    await store.kv(METRICS_NAMESPACE).update(keyOf(step), (n) => (n ?? 0) + 1);
  } catch {
    // A closed store during shutdown: the count is lost, nothing else is.
  }
}

/** Every step's count, in funnel order. */
export async function readFunnel(store: MetricsStore): Promise<Array<{ step: FunnelStep; count: number }>> {
  const kv = store.kv(METRICS_NAMESPACE);
  const counts: Array<{ step: FunnelStep; count: number }> = [];
  for (const step of FUNNEL_STEPS) counts.push({ step, count: (await kv.get(keyOf(step))) ?? 0 });
  return counts;
}

/**
 * The funnel events a status change means, given every status the exchange had before it:
 * "deposit received" the first time it reaches any step after waiting-for-deposit (the poller may
 * never see `deposit_received` itself), and "success" the first time it succeeds.
 */
export function funnelEventsOfChange(previous: readonly ExchangeStatus[], after: ExchangeStatus): FunnelStep[] {
  const events: FunnelStep[] = [];
  const reached = (s: ExchangeStatus) => (progressStep(s) ?? 0) >= 2;
  if (reached(after) && !previous.some(reached)) events.push("deposit_received");
  if (after === "success" && !previous.includes("success")) events.push("success");
  return events;
}
