/**
 * The status poller: asks the service about every exchange that is not final, and hands each
 * change to the notifier (store first, then notify: see notifier.ts).
 *
 * - **Cycles** start every `tickMs`; each checks the open exchanges whose next-check time has come,
 *   at most `concurrency` at a time. A cycle never overlaps the previous one: the next is scheduled
 *   when one ends, and `runCycle()` calls queue behind the running one.
 * - **Cadence** per exchange: the poll interval with jitter; a third of it once the deposit is in
 *   (the person is waiting for coins), four times it for an order waiting for a deposit for over
 *   an hour. Every status that is not final is polled, including ones the spec does not list.
 * - **Backoff**: when the service fails several times in a row (network, timeout, 5xx, 429) the
 *   cycle stops early and the next one waits longer (doubling, capped). Exchanges not checked keep
 *   their next-check time, so nothing loses its place: they are first in line when it is back.
 * - **Not found**: an exchange the service says it does not know is retried `notFoundLimit` times,
 *   then flagged for support (an alert of its own: the service answered, it is not down), its
 *   card says so, and it is no longer polled. It is never deleted; a later check that finds it
 *   (/status, support's re-check) puts it back in the poller's hands (tracker.ts).
 * - **Max age**: an exchange still open `maxAgeMs` after creation is no longer polled; flagged.
 *
 * Store writes: the schedule lives in memory. `record.tracking` (nextCheckAt, notFoundCount,
 * stoppedReason) is written only with a change worth keeping (a status change, a not-found, a
 * stop), so a cycle in which nothing changed writes nothing; the store coalesces what is written
 * (one write per `flushDelayMs`, 1 s in app.ts), so a cycle costs at most one write per second
 * however many statuses change. After a restart, `tracking.nextCheckAt` (or the last update time)
 * puts every exchange back on its schedule.
 */
import type { ExchangeRecord, PartnerApi } from "../domain/types.js";
import { isFinalStatus, progressStep } from "../domain/status.js";
import { isPartnerError, PartnerError } from "../partner/errors.js";
import type { DataStore } from "../store/data-store.js";
import type { TrackingLogger } from "./notifier.js";
import { ExchangeTracker } from "./tracker.js";
import type { FlagReason } from "../domain/reports.js";

/** Where status changes go: the {@link Notifier}, or a counter in a benchmark. */
interface NotifySink {
  /** A change is in the store (not yet durable): tell the person once it is. */
  enqueue(id: string): void;
  /** Try again the notices that failed for a passing reason. Called at the start of each cycle. */
  retryFailed?(): void;
}

/** Options of {@link createPoller}. */
export interface PollerOptions {
  store: DataStore;
  partner: Pick<PartnerApi, "exchangeStatus">;
  notifier: NotifySink;
  /** The app's one status owner; built over `partner` and `notifier` when absent (tests, benchmark). */
  tracker?: ExchangeTracker;
  logger: TrackingLogger;
  /** Base time between two checks of one exchange (POLL_INTERVAL_MS). */
  intervalMs: number;
  /** Exchanges older than this are no longer polled (TRACKING_MAX_AGE_DAYS). */
  maxAgeMs: number;
  /** Checks in flight at once. Default 16. */
  concurrency?: number;
  /** Time between the end of a cycle and the start of the next. Default intervalMs / 6, within 1–5 s. */
  tickMs?: number;
  /** Relative spread of each delay: 0.2 → ±20 %. Default 0.2. */
  jitter?: number;
  /** A `waiting_deposit` order older than this is polled 4× less often. Default 1 hour. */
  slowAfterMs?: number;
  /** "Not found" answers before an exchange is flagged. Default 5. */
  notFoundLimit?: number;
  /** Consecutive service failures that end a cycle early and start the backoff. Default 5. */
  failureThreshold?: number;
  /** Longest wait between cycles while the service fails. Default 5 minutes. */
  maxBackoffMs?: number;
  /** The clock. */
  now?: () => Date;
  /** Uniform in [0, 1): jitter. */
  random?: () => number;
  /** Called when an exchange is flagged for support (a later feature turns this into an alert). */
  onFlag?: (exchange: ExchangeRecord, reason: FlagReason) => void;
  /** Told after every cycle (metrics: cycle duration, aborted cycles). */
  onCycle?: (report: CycleReport) => void;
}

/** What one cycle did. */
export interface CycleReport {
  /** Open exchanges seen. */
  open: number;
  /** Of those, due for a check. */
  due: number;
  /** Status requests made (one per checked exchange; the client's own retries not counted). */
  checked: number;
  /** Status changes stored (and handed to the notifier). */
  changed: number;
  /** Checks that failed (any reason). */
  failed: number;
  notFound: number;
  flagged: number;
  /** The cycle ended early because the service kept failing. */
  aborted: boolean;
  ms: number;
}

/** Options of one {@link Poller.runCycle}. */
interface CycleOptions {
  /** Check every open exchange now, whatever its schedule (tests, support's "check now"). */
  all?: boolean;
}

/** The running poller. */
export interface Poller {
  /** Runs one cycle (after the running one, if any) and resolves with what it did. */
  runCycle(options?: CycleOptions): Promise<CycleReport>;
  /** Starts the timer; the first cycle runs right away. */
  start(): void;
  /** Stops the timer and resolves once the running cycle has ended (its remaining checks stay due). */
  stop(): Promise<void>;
  /** Consecutive cycles that ended with the service failing; 0 when healthy. */
  readonly backoffLevel: number;
  /** When the last cycle ended (undefined before the first): support's "poller lag" figure. */
  readonly lastCycleEndedAt: Date | undefined;
  /** Totals since creation, for the benchmark and stats. */
  readonly totals: { cycles: number; checked: number; changed: number; failed: number };
}

interface Schedule {
  nextAt: number;
  /** Consecutive failed checks of this exchange. */
  failures: number;
  notFound: number;
}

const HOUR = 3_600_000;

/** Whether the service says it does not know this exchange (rather than failing to answer). */
export function isNotFound(err: unknown): boolean {
  return isPartnerError(err, "rejected") && /not\s*found|unknown|no such|does not exist/i.test(err.serviceMessage ?? "");
}

/** Creates the poller; call `start()` to run it on its timer. */
export function createPoller(opts: PollerOptions): Poller {
  const concurrency = opts.concurrency ?? 16;
  const tickMs = opts.tickMs ?? Math.min(5_000, Math.max(1_000, Math.round(opts.intervalMs / 6)));
  const jitter = opts.jitter ?? 0.2;
  const slowAfterMs = opts.slowAfterMs ?? HOUR;
  const notFoundLimit = opts.notFoundLimit ?? 5;
  const failureThreshold = opts.failureThreshold ?? 5;
  const maxBackoffMs = opts.maxBackoffMs ?? 5 * 60_000;
  const now = opts.now ?? (() => new Date());
  const random = opts.random ?? Math.random;
  const { store, partner, notifier, logger } = opts;
  const tracker = opts.tracker ?? new ExchangeTracker({ store, partner, notifier, logger, now });

  const schedule = new Map<string, Schedule>();
  const totals = { cycles: 0, checked: 0, changed: 0, failed: 0 };
  let backoffLevel = 0;
  let lastCycleEndedAt: Date | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;

  const spread = (ms: number) => Math.round(ms * (1 + jitter * (2 * random() - 1)));

  /** The delay before the next check of `rec`, by its status and age, with jitter. */
  function cadence(rec: ExchangeRecord, at: number): number {
    let base = opts.intervalMs;
    const step = progressStep(rec.status);
    if (rec.status === "waiting_deposit") {
      if (at - Date.parse(rec.createdAt) > slowAfterMs) base *= 4;
    } else if (step !== undefined && step >= 2) {
      // The deposit is in: the person is waiting for their coins, so look more often.
      base /= 3;
    }
    return spread(base);
  }

  /** This exchange's schedule, taken from the store the first time (after a start or restart). */
  function scheduleOf(rec: ExchangeRecord, at: number): Schedule {
    let s = schedule.get(rec.id);
    if (!s) {
      const stored = rec.tracking?.nextCheckAt ? Date.parse(rec.tracking.nextCheckAt) : NaN;
      // Without a stored time, the next check is one cadence after the last thing the bot knew.
      const nextAt = Number.isFinite(stored) ? stored : Math.min(Date.parse(rec.updatedAt) + cadence(rec, at), at + opts.intervalMs);
      s = { nextAt: Number.isFinite(nextAt) ? nextAt : at, failures: 0, notFound: rec.tracking?.notFoundCount ?? 0 };
      schedule.set(rec.id, s);
    }
    return s;
  }

  async function flag(rec: ExchangeRecord, reason: FlagReason, at: number): Promise<void> {
    const notFound = schedule.get(rec.id)?.notFound;
    const stored = await store.exchanges.update(rec.id, (r) => {
      r.tracking = { ...r.tracking, stoppedReason: reason, nextCheckAt: undefined };
      if (reason === "not-found" && notFound !== undefined) r.tracking.notFoundCount = notFound;
      r.updatedAt = new Date(at).toISOString();
      return r;
    });
    schedule.delete(rec.id);
    logger.warn(
      { exchangeId: rec.id, userId: rec.userId, status: rec.status, reason },
      "poller: stopped tracking an exchange; support should look at it",
    );
    // The person's card says so: the service does not know this exchange (order-card.ts).
    if (reason === "not-found") notifier.enqueue(rec.id);
    try {
      opts.onFlag?.(stored, reason);
    } catch (err) {
      logger.error({ err, exchangeId: rec.id }, "poller: onFlag hook failed");
    }
  }

  async function cycle(options: CycleOptions): Promise<CycleReport> {
    const started = Date.now();
    const at = now().getTime();
    const report: CycleReport = { open: 0, due: 0, checked: 0, changed: 0, failed: 0, notFound: 0, flagged: 0, aborted: false, ms: 0 };
    notifier.retryFailed?.();

    const open = await store.exchanges.open();
    report.open = open.length;
    const seen = new Set<string>();
    const due: ExchangeRecord[] = [];
    for (const rec of open) {
      seen.add(rec.id);
      if (rec.tracking?.stoppedReason) continue;
      if (at - Date.parse(rec.createdAt) > opts.maxAgeMs) {
        await flag(rec, "max-age", at);
        report.flagged++;
        continue;
      }
      if (options.all || scheduleOf(rec, at).nextAt <= at) due.push(rec);
    }
    // Forget exchanges that became final (or were stopped) elsewhere, e.g. through /status.
    for (const id of schedule.keys()) if (!seen.has(id)) schedule.delete(id);
    // Longest overdue first, so a backlog after an outage drains in order.
    due.sort((a, b) => scheduleOf(a, at).nextAt - scheduleOf(b, at).nextAt);
    report.due = due.length;

    let next = 0;
    let failuresInARow = 0;
    const worker = async () => {
      while (next < due.length && !report.aborted && !stopping) {
        const rec = due[next++] as ExchangeRecord;
        const outcome = await check(rec, report);
        if (outcome === "service-failed") {
          if (++failuresInARow >= failureThreshold) report.aborted = true;
        } else {
          failuresInARow = 0;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));

    // Backoff only when the service is failing, not when a few exchanges have trouble.
    if (report.aborted || (report.checked > 0 && report.failed === report.checked && report.notFound === 0)) backoffLevel++;
    else if (report.checked > report.failed) backoffLevel = 0;

    report.ms = Date.now() - started;
    lastCycleEndedAt = now();
    totals.cycles++;
    totals.checked += report.checked;
    totals.changed += report.changed;
    totals.failed += report.failed;
    const level = report.aborted || report.failed > 0 || report.flagged > 0 ? "info" : "debug";
    logger[level]({ ...report, backoffLevel }, "poller: cycle done");
    try {
      opts.onCycle?.(report);
    } catch (err) {
      logger.error({ err }, "poller: onCycle hook failed");
    }
    return report;
  }

  /** One status check; the result decides the exchange's next check time. */
  async function check(rec: ExchangeRecord, report: CycleReport): Promise<"ok" | "service-failed" | "exchange-failed"> {
    const s = scheduleOf(rec, now().getTime());
    report.checked++;
    let outcome;
    try {
      // Fetch → record → hand the change to the notifier, under the exchange's lock.
      ({ outcome } = await tracker.check(rec.id));
    } catch (err) {
      report.failed++;
      const at = now().getTime();
      if (isNotFound(err)) {
        report.notFound++;
        s.notFound++;
        if (s.notFound >= notFoundLimit) {
          await flag(rec, "not-found", at);
          report.flagged++;
        } else {
          s.nextAt = at + cadence(rec, at);
          await store.exchanges.update(rec.id, (r) => {
            r.tracking = { ...r.tracking, notFoundCount: s.notFound, nextCheckAt: new Date(s.nextAt).toISOString() };
            return r;
          });
          logger.warn({ exchangeId: rec.id, times: s.notFound }, "poller: the service does not know this exchange; will ask again");
        }
        return "exchange-failed";
      }
      s.failures++;
      if (err instanceof PartnerError && err.retryable) {
        // The service is struggling: keep the place in line (nextAt unchanged) and let the
        // cycle-level backoff decide when to ask again.
        logger.debug({ err, exchangeId: rec.id }, "poller: status check failed");
        return "service-failed";
      }
      // An answer the client cannot use for this one exchange: back off this exchange alone.
      s.nextAt = at + spread(opts.intervalMs * 2 ** Math.min(s.failures, 5));
      logger.warn({ err, exchangeId: rec.id, failures: s.failures }, "poller: status check failed");
      return isPartnerError(err) ? "service-failed" : "exchange-failed";
    }

    const at = now();
    s.failures = 0;
    if (!outcome) return "ok";
    const current = outcome.record;
    s.nextAt = at.getTime() + cadence(current, at.getTime());
    const trackingStale = s.notFound > 0 || current.tracking?.notFoundCount;
    if (outcome.cardChanged || trackingStale) {
      s.notFound = 0;
      // Written with a change that is being written anyway (or to clear a not-found count).
      await store.exchanges.update(rec.id, (r) => {
        r.tracking = { ...r.tracking, nextCheckAt: new Date(s.nextAt).toISOString(), notFoundCount: undefined };
        return r;
      });
    }
    if (outcome.statusChanged) report.changed++;
    if (isFinalStatus(current.status)) schedule.delete(rec.id);
    return "ok";
  }

  function scheduleNext(): void {
    if (stopping) return;
    const delay = backoffLevel === 0 ? tickMs : Math.min(maxBackoffMs, spread(tickMs * 2 ** backoffLevel));
    timer = setTimeout(() => {
      timer = undefined;
      // A failed cycle is logged by runCycle; the timer goes on regardless.
      void runCycle()
        .catch(() => undefined)
        .then(scheduleNext);
    }, delay);
    timer.unref();
  }

  function runCycle(options: CycleOptions = {}): Promise<CycleReport> {
    const result = chain.then(() => cycle(options));
    chain = result.catch((err: unknown) => logger.error({ err }, "poller: cycle failed"));
    return result;
  }

  return {
    runCycle,
    start() {
      if (started || stopping) return;
      started = true;
      void runCycle()
        .catch(() => undefined)
        .then(scheduleNext);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await chain;
    },
    get lastCycleEndedAt() {
      return lastCycleEndedAt;
    },
    get backoffLevel() {
      return backoffLevel;
    },
    totals,
  };
}
