/**
 * Partner API health, in memory: every HTTP attempt the client reports (its `onRequest` hook) is
 * kept for one hour, so /stats can show per-endpoint error rate and p50/p95 latency, and the
 * alerts can tell "the partner has been failing for N minutes" from a passing error.
 *
 * In memory on purpose: after a restart the last hour starts empty, which costs nothing but a
 * blank /stats line, and the hot path (every partner request) never touches the store.
 */
import type { PartnerRequestEvent } from "../partner/client.js";
import type { EndpointHealth } from "../domain/reports.js";

/** The window the statistics cover. */
const HEALTH_WINDOW_MS = 3_600_000;

/** A change of the partner's state worth an alert. */
export type HealthTransition = { kind: "down"; since: Date } | { kind: "up"; since: Date; until: Date };

interface Sample {
  at: number;
  endpoint: string;
  ms: number;
  ok: boolean;
}

/** The value at quantile `q` (0..1) of sorted `values`, nearest-rank; 0 for none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/**
 * Whether a failed attempt says the service is failing: no answer (network, timeout), a 5xx, or
 * an answer that is not valid JSON. A 4xx or a refusal is the service answering (an amount too
 * small, an unknown id): it counts in the error rate, never toward the "partner down" alert.
 */
export function isServiceFailure(e: Pick<PartnerRequestEvent, "ok" | "errorKind" | "status">): boolean {
  if (e.ok) return false;
  switch (e.errorKind) {
    case "network":
    case "timeout":
    case "invalid-response":
      return true;
    case "http":
      return e.status === undefined || e.status >= 500;
    case "rejected":
      return false;
    default:
      // No kind given: nothing says the service answered.
      return true;
  }
}

/** Sliding one-hour window of partner requests, plus outage detection. */
export class PartnerHealth {
  readonly #samples: Sample[] = [];
  /** Time of the first failure since the last success; undefined while healthy. */
  #failingSince: number | undefined;
  /** The outage an alert was raised for (its start), until recovery is reported. */
  #reportedDown: number | undefined;
  /** Set when a reported outage ended; consumed by {@link transition}. */
  #recoveredAt: number | undefined;

  constructor(private readonly windowMs = HEALTH_WINDOW_MS) {}

  /** Records one attempt (the client's `onRequest` event) at time `at`. */
  record(e: Pick<PartnerRequestEvent, "endpoint" | "ms" | "ok" | "errorKind" | "status">, at: Date): void {
    const t = at.getTime();
    this.#samples.push({ at: t, endpoint: e.endpoint, ms: e.ms, ok: e.ok });
    if (e.ok) {
      if (this.#reportedDown !== undefined) this.#recoveredAt = t;
      this.#failingSince = undefined;
    } else if (isServiceFailure(e)) {
      this.#failingSince ??= t;
    }
    // Otherwise (a 4xx, a refusal) the service answered but said no: neither the start nor the
    // end of an outage.
    // Pruned on write as well as on read, so memory stays bounded by one hour of traffic.
    if (this.#samples.length % 256 === 0) this.#prune(t);
  }

  /** When the current run of failures began, or undefined while the last attempt succeeded. */
  get failingSince(): Date | undefined {
    return this.#failingSince === undefined ? undefined : new Date(this.#failingSince);
  }

  /** Per-endpoint figures over the window ending at `at`, endpoints sorted by name. */
  snapshot(at: Date): EndpointHealth[] {
    this.#prune(at.getTime());
    const by = new Map<string, Sample[]>();
    for (const s of this.#samples) {
      let list = by.get(s.endpoint);
      if (!list) by.set(s.endpoint, (list = []));
      list.push(s);
    }
    return [...by.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([endpoint, list]) => {
        const ms = list.map((s) => s.ms).sort((a, b) => a - b);
        const errors = list.filter((s) => !s.ok).length;
        return {
          endpoint,
          requests: list.length,
          errors,
          errorRate: list.length === 0 ? 0 : errors / list.length,
          p50Ms: Math.round(quantile(ms, 0.5)),
          p95Ms: Math.round(quantile(ms, 0.95)),
        };
      });
  }

  /**
   * What changed, as of `at`: "down" once when the failures have lasted `downAfterMs`, "up" once
   * when a reported outage has ended. Undefined otherwise. Each outage is reported once.
   */
  transition(at: Date, downAfterMs: number): HealthTransition | undefined {
    if (this.#recoveredAt !== undefined && this.#reportedDown !== undefined) {
      const result: HealthTransition = { kind: "up", since: new Date(this.#reportedDown), until: new Date(this.#recoveredAt) };
      this.#recoveredAt = undefined;
      this.#reportedDown = undefined;
      return result;
    }
    const since = this.#failingSince;
    if (since !== undefined && this.#reportedDown === undefined && at.getTime() - since >= downAfterMs) {
      this.#reportedDown = since;
      return { kind: "down", since: new Date(since) };
    }
    return undefined;
  }

  #prune(now: number): void {
    const cutoff = now - this.windowMs;
    let drop = 0;
    while (drop < this.#samples.length && (this.#samples[drop] as Sample).at < cutoff) drop++;
    if (drop > 0) this.#samples.splice(0, drop);
  }
}
