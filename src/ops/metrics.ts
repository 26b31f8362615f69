/**
 * The app's Prometheus metrics (prom-client), in a registry of its own: two apps in one process
 * (the end-to-end tests, a restart in a test) never share or clash over a metric name.
 *
 * Events (an update handled, a partner request, a poller cycle, a Telegram error, a store write)
 * move counters and histograms as they happen; figures that live in the store or the outbox
 * (open exchanges by status, outbox backlog, file sizes, poller lag) are read when scraped, from
 * the same functions /stats uses (figures.ts), so they never restart empty after a restart.
 *
 * No label grows with people: labels name update types, features, endpoints, outcomes, statuses,
 * methods, error codes, files and checks, never a chat or a user. The dashboard and alert rules
 * shipped in deploy/ read these names; a test fails when they name one this file does not export.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PartnerRequestEvent } from "../partner/client.js";
import type { CycleReport } from "../poller/poller.js";
import type { OpsTotals } from "../domain/reports.js";

/**
 * Live figures read at scrape time. Each may throw or reject (a closed store): that gauge is then
 * left empty. The store's figures are async (a database answers over the network).
 */
interface MetricSources {
  openExchangesByStatus(): Promise<Record<string, number>> | Record<string, number>;
  outboxBacklog(): Promise<number> | number;
  /** Size in bytes of each data file, by file name, as of its last write. */
  storeFileBytes(): Record<string, number>;
  /** Seconds since the poller's last cycle ended (or since start-up, before the first). */
  pollerLagSeconds(): number;
  /** What /readyz answers: ready, and each check's verdict by name. */
  readiness(): { ready: boolean; checks: Record<string, { ok: boolean }> };
}

/** Outcome of one handled update: "error" when a handler threw (the error boundary caught it). */
type UpdateOutcome = "ok" | "error";

/** A statement of the PostgreSQL store: one that only reads, or one that writes (a transaction counts as one). */
type StatementKind = "read" | "write";

/** Why a Bot API attempt failed in a way the client retries. */
type RetriedFailure = "429" | "5xx" | "network";

export interface AppMetrics {
  readonly registry: Registry;
  /**
   * An update handled: its type, outcome and time, and the feature that took it (the one the
   * update reached last; "none" when it was dropped before any, a repeat or a person over the limit).
   */
  updateHandled(type: string, outcome: UpdateOutcome, seconds: number, feature: string): void;
  partnerRequest(e: Pick<PartnerRequestEvent, "endpoint" | "ms" | "ok" | "errorKind">): void;
  pollerCycle(report: Pick<CycleReport, "ms" | "aborted">): void;
  /** A Bot API call that did not succeed: Telegram's error_code, or "network" when no answer came. */
  telegramError(method: string, code: number | "network"): void;
  storeWrite(file: string, ms: number): void;
  /** A statement of the PostgreSQL store ended (failed ones included: their time was spent too). */
  storeStatement(kind: StatementKind, ms: number): void;
  /** A Bot API HTTP attempt failed in a way the client retries (retried or, at the last attempt, not). */
  telegramAttemptFailed(reason: RetriedFailure): void;
  /** Connects the scrape-time gauges (app.ts calls it once everything exists). */
  setSources(sources: MetricSources): void;
  /** Counts since start for /stats, read from the same counters /metrics shows. */
  totals(): Promise<OpsTotals>;
  /** Prometheus text exposition of everything. */
  render(): Promise<string>;
  readonly contentType: string;
}

// Buckets in seconds. Handlers answer in milliseconds, partner calls take up to the client's time
// limit (tens of seconds), poller cycles up to minutes, store writes up to a second at 100k records.
const HANDLER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const PARTNER_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];
const CYCLE_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120];
const WRITE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** Builds the metrics in a fresh registry. */
export function createMetrics(options: { defaultMetrics?: boolean } = {}): AppMetrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  let sources: MetricSources | undefined;
  // A gauge whose value comes from the sources; a source that throws leaves it empty this scrape.
  const read = async <T>(f: (s: MetricSources) => Promise<T> | T): Promise<T | undefined> => {
    if (!sources) return undefined;
    try {
      return await f(sources);
    } catch {
      return undefined;
    }
  };

  const updates = new Counter({
    name: "bot_updates_total",
    help: "Telegram updates handled, by update type and outcome.",
    labelNames: ["type", "outcome"] as const,
    registers: [registry],
  });
  const handlerSeconds = new Histogram({
    name: "bot_update_duration_seconds",
    help: "Time from an update entering the bot to its handlers finishing.",
    labelNames: ["type"] as const,
    buckets: HANDLER_BUCKETS,
    registers: [registry],
  });
  const featureSeconds = new Histogram({
    name: "bot_feature_duration_seconds",
    help: 'Time from an update entering the bot to its handlers finishing, by the feature that took it ("exchange": a step of the exchange flow; "none": dropped before any feature).',
    labelNames: ["feature"] as const,
    buckets: HANDLER_BUCKETS,
    registers: [registry],
  });
  const partnerRequests = new Counter({
    name: "partner_requests_total",
    help: "Partner API HTTP attempts (retries counted), by endpoint and outcome.",
    labelNames: ["endpoint", "outcome"] as const,
    registers: [registry],
  });
  const partnerSeconds = new Histogram({
    name: "partner_request_duration_seconds",
    help: "Duration of Partner API HTTP attempts.",
    labelNames: ["endpoint"] as const,
    buckets: PARTNER_BUCKETS,
    registers: [registry],
  });
  const cycleSeconds = new Histogram({
    name: "poller_cycle_duration_seconds",
    help: "Duration of status poller cycles.",
    buckets: CYCLE_BUCKETS,
    registers: [registry],
  });
  const cyclesAborted = new Counter({
    name: "poller_cycles_aborted_total",
    help: "Poller cycles ended early because the partner kept failing.",
    registers: [registry],
  });
  new Gauge({
    name: "poller_lag_seconds",
    help: "Seconds since the status poller's last cycle ended (since start-up before the first).",
    registers: [registry],
    async collect() {
      // A gauge without labels always has a value: NaN says "unknown" where 0 would say "fine".
      this.set((await read((s) => s.pollerLagSeconds())) ?? NaN);
    },
  });
  new Gauge({
    name: "exchanges_open",
    help: "Exchanges not in a final status, by status (from the store).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const open = await read((s) => s.openExchangesByStatus());
      // Reset after the await: a status no exchange is in any more must go, not keep its old value.
      this.reset();
      for (const [status, n] of Object.entries(open ?? {})) this.set({ status }, n);
    },
  });
  new Gauge({
    name: "outbox_backlog",
    help: "Messages waiting in the outbox (deposit instructions, notices, alerts).",
    registers: [registry],
    async collect() {
      this.set((await read((s) => s.outboxBacklog())) ?? NaN);
    },
  });
  const telegramErrors = new Counter({
    name: "telegram_api_errors_total",
    help: 'Bot API calls that failed, by method and Telegram error code ("network": no answer).',
    labelNames: ["method", "code"] as const,
    registers: [registry],
  });
  const telegramRetried = new Counter({
    name: "telegram_api_retried_failures_total",
    help: 'Bot API HTTP attempts that failed in a way the client retries, each attempt counted: "429" (flood control), "5xx", "network" (no answer).',
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const statementSeconds = new Histogram({
    name: "store_statement_duration_seconds",
    help: "Duration of a PostgreSQL store statement, by kind (read; write, a transaction counting as one).",
    labelNames: ["kind"] as const,
    buckets: WRITE_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: "bot_ready",
    help: "1 when /readyz answers ready, 0 when not.",
    registers: [registry],
    async collect() {
      const report = await read((s) => s.readiness());
      this.set(report === undefined ? NaN : report.ready ? 1 : 0);
    },
  });
  new Gauge({
    name: "bot_ready_check",
    help: "Each check of /readyz (store, partner, telegram): 1 when it passes, 0 when not.",
    labelNames: ["check"] as const,
    registers: [registry],
    async collect() {
      const report = await read((s) => s.readiness());
      this.reset();
      for (const [check, verdict] of Object.entries(report?.checks ?? {})) this.set({ check }, verdict.ok ? 1 : 0);
    },
  });
  const writeSeconds = new Histogram({
    name: "store_write_duration_seconds",
    help: "Duration of a data file write: serialise, write, fsync, rename, directory fsync.",
    labelNames: ["file"] as const,
    buckets: WRITE_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: "store_file_bytes",
    help: "Size of each data file as of its last write.",
    labelNames: ["file"] as const,
    registers: [registry],
    async collect() {
      const files = await read((s) => s.storeFileBytes());
      this.reset();
      for (const [file, bytes] of Object.entries(files ?? {})) this.set({ file }, bytes);
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    updateHandled(type, outcome, seconds, feature) {
      updates.inc({ type, outcome });
      handlerSeconds.observe({ type }, seconds);
      featureSeconds.observe({ feature }, seconds);
    },
    partnerRequest(e) {
      partnerRequests.inc({ endpoint: e.endpoint, outcome: e.ok ? "ok" : (e.errorKind ?? "error") });
      partnerSeconds.observe({ endpoint: e.endpoint }, e.ms / 1000);
    },
    pollerCycle(report) {
      cycleSeconds.observe(report.ms / 1000);
      if (report.aborted) cyclesAborted.inc();
    },
    telegramError(method, code) {
      telegramErrors.inc({ method, code: String(code) });
    },
    storeWrite(file, ms) {
      writeSeconds.observe({ file }, ms / 1000);
    },
    storeStatement(kind, ms) {
      statementSeconds.observe({ kind }, ms / 1000);
    },
    telegramAttemptFailed(reason) {
      telegramRetried.inc({ reason });
    },
    setSources(s) {
      sources = s;
    },
    async totals() {
      const sum = async (c: Counter, match: (labels: Record<string, unknown>) => boolean = () => true) =>
        (await c.get()).values.filter((v) => match(v.labels)).reduce((n, v) => n + v.value, 0);
      return {
        updates: await sum(updates),
        failedUpdates: await sum(updates, (l) => l.outcome === "error"),
        telegramErrors: await sum(telegramErrors),
      };
    },
    render: () => registry.metrics(),
  };
}
