/**
 * The status poller: asks the service about every exchange that is not final, and hands each
 * change to the outbox (store first, then notify: see notifier.ts).
 *
 * - **Claims**: a cycle takes the exchanges that are due from the store in small batches
 *   (`store.exchanges.claimDue`), each leased to this process for `leaseMs`, and releases each
 *   one with its next check time once it is checked (`releaseClaims`, a round of checks at once).
 *   On PostgreSQL several replicas poll at once: a claim skips rows another replica holds
 *   (`FOR UPDATE SKIP LOCKED`), so no exchange is checked by two of them at the same time, and a
 *   replica that dies leaves its claims to the others once their lease runs out. The schedule
 *   lives in the store (the lowdb store keeps it in memory: one process owns that file).
 * - **Cycles** start every `tickMs`; each checks what is due when it starts, at most
 *   `concurrency` at a time, and ends when nothing more is due. A cycle never overlaps the
 *   previous one: the next is scheduled when one ends, and `runCycle()` calls queue behind it.
 * - **Cadence** per exchange: the poll interval with jitter; a third of it once the deposit is in
 *   (the person is waiting for coins), four times it for an order waiting for a deposit for over
 *   an hour. Every status that is not final is polled, including ones the spec does not list.
 * - **Backoff**: when the service fails several times in a row (network, timeout, 5xx, 429) the
 *   cycle stops early and the next one waits longer (doubling, capped). Exchanges not checked keep
 *   their due time, so nothing loses its place: they are first in line when it is back.
 * - **Not found**: an exchange the service says it does not know is retried `notFoundLimit` times
 *   (the count is kept in its record, so another replica goes on counting), then flagged for
 *   support (an alert of its own: the service answered, it is not down), its card says so, and it
 *   is no longer polled. It is never deleted; a later check that finds it (/status, support's
 *   re-check) puts it back in the poller's hands (tracker.ts).
 * - **Max age**: an exchange still open `maxAgeMs` after creation is no longer polled; flagged.
 *
 * Store writes: `record.tracking` (nextCheckAt, notFoundCount, stoppedReason) is written only with
 * a change worth keeping (a status change, a not-found, a stop), and in the same write (a status
 * change and its next check time are one update), so on lowdb a cycle in which nothing changed
 * writes nothing, and the store coalesces what is written (one write per `flushDelayMs`, 1 s in
 * app.ts). On PostgreSQL a check that finds nothing new is one read of the record and its share
 * of a release (one small UPDATE of the schedule columns of `concurrency` rows); a change adds one
 * update of the record (bench/poller-replicas measures it). After a restart, `tracking.nextCheckAt`
 * (or the last update time) puts every exchange the store has not scheduled back on its schedule.
 */
import type { ExchangeRecord, PartnerApi } from "../domain/types.js";
import { progressStep } from "../domain/status.js";
import { isPartnerError, PartnerError } from "../partner/errors.js";
import type { ClaimRelease, DataStore } from "../store/data-store.js";
import type { TrackingLogger } from "./notifier.js";
import { ExchangeTracker, type NoticeSink } from "./tracker.js";
import type { FlagReason } from "../domain/reports.js";
import { awaitsLateDepositChoice } from "../domain/status.js";
import type { BatchStatusEntry } from "../partner/batch-status.js";

/** Options of {@link createPoller}. */
export interface PollerOptions {
  store: DataStore;
  partner: Pick<PartnerApi, "exchangeStatus">;
  /** Where status changes go: the outbox (`Delivery`), or a counter in a benchmark. */
  notices: NoticeSink;
  /** The app's one status owner; built over `partner` and `notices` when absent (tests, benchmark). */
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
  /** Who claims: one id per process, so replicas sharing a store tell their leases apart. Default "poller". */
  owner?: string;
  /** How long a claim keeps other replicas off an exchange (POLL_LEASE_MS). Default 2 minutes. */
  leaseMs?: number;
  /** Exchanges taken per claim. Default 4 × concurrency; the lowdb store, alone, can take them all. */
  claimBatch?: number;
  /**
   * exchanges-status (PARTNER_FEATURES `batch-status`): when given, a cycle asks about up to
   * `batchSize` due exchanges in one request, and checks one by one (exchange-status: amounts,
   * txId, `emergency`) only those whose status moved or that the answer left out. A status that did
   * not move costs no request of its own; amounts that change without the status are then read
   * with the next status change.
   */
  batchStatus?: (ids: string[]) => Promise<BatchStatusEntry[]>;
  /** Ids per batch request. Default 100 (BATCH_STATUS_MAX_IDS). */
  batchSize?: number;
  /** Called when an exchange is flagged for support (a later feature turns this into an alert). */
  onFlag?: (exchange: ExchangeRecord, reason: FlagReason) => void;
  /** Told after every cycle (metrics: cycle duration, aborted cycles). */
  onCycle?: (report: CycleReport) => void;
}

/** What one cycle did. */
export interface CycleReport {
  /** Exchanges that were due for a check (claimed from the store, or all open with `all`). */
  due: number;
  /** Status requests made (one per checked exchange; the client's own retries not counted). */
  checked: number;
  /** Status changes stored (and their notices queued). */
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
  /** Check every open exchange now, whatever its schedule or lease (tests, the playground's "check now"). */
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

/** An exchange to check in this cycle. */
interface Work {
  rec: ExchangeRecord;
  /** When the store had it due; undefined when the store never scheduled it. */
  dueAt: number | undefined;
  /** When it was claimed; undefined when it was not (a cycle over `all`). */
  claimedAt: number | undefined;
  /** A batch request (exchanges-status) found its status where the store has it: no check of its own. */
  unchanged?: boolean;
}

/** Where a cycle's workers take their work from. */
interface WorkSource {
  /** The next exchange to check; undefined when nothing more is due. */
  take(): Promise<Work | undefined>;
  /** Hands back what was taken but not checked (the cycle ended early). */
  putBack(work: Work): void;
  /** Releases what is left, keeping each exchange's place in line. */
  giveBack(): Promise<void>;
  /** Why claiming failed (the store could not be reached), if it did. */
  readonly error: unknown;
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
  const owner = opts.owner ?? "poller";
  const leaseMs = opts.leaseMs ?? 2 * 60_000;
  const claimBatch = opts.claimBatch ?? 4 * concurrency;
  const now = opts.now ?? (() => new Date());
  const random = opts.random ?? Math.random;
  const { store, partner, notices, logger } = opts;
  const tracker = opts.tracker ?? new ExchangeTracker({ store, partner, notices, logger, now });

  /** Consecutive failed checks of an exchange, kept in this process only while it fails. */
  const failures = new Map<string, number>();
  const totals = { cycles: 0, checked: 0, changed: 0, failed: 0 };
  let backoffLevel = 0;
  let lastCycleEndedAt: Date | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  /** Releases not yet sent to the store (see `release`). */
  let unreleased: ClaimRelease[] = [];

  const spread = (ms: number) => Math.round(ms * (1 + jitter * (2 * random() - 1)));
  const iso = (ms: number) => new Date(ms).toISOString();

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

  /** When an exchange the store never scheduled is due: by its record (new, or lowdb after a restart). */
  function dueByRecord(rec: ExchangeRecord, at: number): number {
    const stored = rec.tracking?.nextCheckAt ? Date.parse(rec.tracking.nextCheckAt) : NaN;
    if (Number.isFinite(stored)) return stored;
    // One cadence after the last thing the bot knew, and never later than one interval from now.
    const fromUpdate = Date.parse(rec.updatedAt) + cadence(rec, at);
    return Number.isFinite(fromUpdate) ? Math.min(fromUpdate, at + opts.intervalMs) : at;
  }

  /**
   * Ends this process's claim on `id`: next due at `nextAt`, or where it was in line. Releases go
   * to the store `concurrency` at a time (about one round of checks: on PostgreSQL one statement
   * rather than one per check) and at the end of the cycle. Until then the exchange stays leased
   * to this process, which keeps no work from anyone: it is not due, or (after a failure) is
   * claimed again by a later round; if the process dies, its lease runs out as any other.
   */
  function release(id: string, nextAt: number | undefined): Promise<void> {
    unreleased.push({ id, nextCheckAt: nextAt === undefined ? undefined : new Date(nextAt) });
    return unreleased.length >= concurrency ? releaseNow() : Promise.resolve();
  }

  /** Sends the releases waiting. */
  function releaseNow(): Promise<void> {
    if (unreleased.length === 0) return Promise.resolve();
    const batch = unreleased;
    unreleased = [];
    return store.exchanges.releaseClaims(owner, batch);
  }

  /** The exchanges due at `at`, claimed from the store a batch at a time as the workers need them. */
  function claimedWork(at: number): WorkSource {
    const buffer: Work[] = [];
    let exhausted = false;
    let claiming: Promise<void> | undefined;
    let error: unknown;
    const claim = async () => {
      const claimedAt = now().getTime();
      try {
        // Due as of the cycle's start, so that a cycle ends; the lease runs `leaseMs` from now.
        const got = await store.exchanges.claimDue(owner, { now: new Date(at), leaseMs: leaseMs + claimedAt - at, limit: claimBatch });
        if (got.length < claimBatch) exhausted = true;
        for (const c of got) buffer.push({ rec: c.exchange, dueAt: c.dueAt?.getTime(), claimedAt });
      } catch (err) {
        error = err;
        exhausted = true;
      }
    };
    return {
      async take() {
        for (;;) {
          while (buffer.length === 0 && !exhausted) {
            claiming ??= claim().finally(() => (claiming = undefined));
            await claiming;
          }
          const work = buffer.shift();
          if (!work) return undefined;
          // Waited so long in line that its lease may run out mid-check (a very slow service):
          // hand it back rather than risk another replica checking it at the same time.
          if (now().getTime() - (work.claimedAt ?? 0) < leaseMs / 2) return work;
          await release(work.rec.id, undefined);
        }
      },
      putBack: (work) => buffer.unshift(work),
      async giveBack() {
        await Promise.all(buffer.splice(0).map((w) => release(w.rec.id, undefined)));
      },
      get error() {
        return error;
      },
    };
  }

  /** Every open exchange, now (`all`): not claimed, so not kept from other replicas either. */
  async function everyOpen(): Promise<WorkSource> {
    const open = (await store.exchanges.open()).filter((rec) => !rec.tracking?.stoppedReason);
    const list: Work[] = open.map((rec) => ({ rec, dueAt: undefined, claimedAt: undefined }));
    return {
      take: () => Promise.resolve(list.shift()),
      putBack: (work) => list.unshift(work),
      giveBack: () => Promise.resolve(),
      error: undefined,
    };
  }

  async function flag(rec: ExchangeRecord, reason: FlagReason, at: number, notFound?: number): Promise<void> {
    const stored = await store.exchanges.update(rec.id, (r) => {
      r.tracking = { ...r.tracking, stoppedReason: reason, nextCheckAt: undefined };
      if (notFound !== undefined) r.tracking.notFoundCount = notFound;
      r.updatedAt = new Date(at).toISOString();
      return r;
    });
    failures.delete(rec.id);
    // A stopped exchange is no longer claimed; this only ends the lease.
    await release(rec.id, undefined);
    logger.warn(
      { exchangeId: rec.id, userId: rec.userId, status: rec.status, reason },
      "poller: stopped tracking an exchange; support should look at it",
    );
    // The person's card says so: the service does not know this exchange (order-card.ts).
    if (reason === "not-found") await notices.notice(rec.id);
    try {
      opts.onFlag?.(stored, reason);
    } catch (err) {
      logger.error({ err, exchangeId: rec.id }, "poller: onFlag hook failed");
    }
  }

  /** "cancelled": the bot is stopping and its partner client took no more reads; nothing was checked. */
  type Outcome = "ok" | "not-due" | "service-failed" | "exchange-failed" | "cancelled";

  /** Whether a claimed exchange is due now (one the store never scheduled is due by its record). */
  function isDue(work: Work, at: number): boolean {
    return work.claimedAt === undefined || work.dueAt !== undefined || dueByRecord(work.rec, at) <= at;
  }

  /** One exchange taken in a cycle: flagged if too old, put back on its schedule if not due yet, else checked. */
  async function consider(work: Work, at: number, report: CycleReport): Promise<Outcome> {
    const { rec } = work;
    if (!isDue(work, at)) {
      await release(rec.id, dueByRecord(rec, at));
      return "not-due";
    }
    report.due++;
    if (at - Date.parse(rec.createdAt) > opts.maxAgeMs) {
      await flag(rec, "max-age", at);
      report.flagged++;
      return "ok";
    }
    if (work.unchanged) {
      // The batch answer said it: nothing moved, nothing to write; next check on its cadence.
      report.checked++;
      failures.delete(rec.id);
      await release(rec.id, at + cadence(rec, at));
      return "ok";
    }
    return check(rec, report);
  }

  /**
   * `source` with one exchanges-status request in front (see {@link PollerOptions.batchStatus}):
   * the due exchanges are taken a batch at a time and asked about at once; those whose status did
   * not move come out marked `unchanged`. If the batch request fails, they come out unmarked and
   * are checked one by one, whose failures drive the cycle's usual backoff.
   */
  function batched(source: WorkSource, at: number, ask: NonNullable<PollerOptions["batchStatus"]>): WorkSource {
    const size = Math.max(1, opts.batchSize ?? 100);
    const ready: Work[] = [];
    let filling: Promise<void> | undefined;
    let exhausted = false;
    const fill = async () => {
      const group: Work[] = [];
      while (group.length < size) {
        const work = await source.take();
        if (!work) {
          exhausted = true;
          break;
        }
        // Not due: handed on as it is (consider() puts it back on its schedule); never asked about.
        if (isDue(work, at)) group.push(work);
        else ready.push(work);
      }
      if (group.length === 0) return;
      let live: Map<string, string> | undefined;
      try {
        live = new Map((await ask(group.map((w) => w.rec.id))).map((e) => [e.id, e.status]));
      } catch (err) {
        logger.debug({ err, size: group.length }, "poller: batch status request failed; checking one by one");
      }
      for (const work of group) {
        const { rec } = work;
        // A late deposit waiting for its choice, or a not-found count to end: the full check.
        const quiet = live?.get(rec.id) === rec.status && !rec.tracking?.notFoundCount && !awaitsLateDepositChoice(rec);
        ready.push(quiet ? { ...work, unchanged: true } : work);
      }
    };
    return {
      async take() {
        while (ready.length === 0 && !exhausted) {
          filling ??= fill().finally(() => (filling = undefined));
          await filling;
        }
        return ready.shift();
      },
      putBack: (work) => ready.unshift(work),
      async giveBack() {
        await Promise.all(ready.splice(0).map((w) => release(w.rec.id, undefined)));
        await source.giveBack();
      },
      get error() {
        return source.error;
      },
    };
  }

  async function cycle(options: CycleOptions): Promise<CycleReport> {
    const started = Date.now();
    const at = now().getTime();
    const report: CycleReport = { due: 0, checked: 0, changed: 0, failed: 0, notFound: 0, flagged: 0, aborted: false, ms: 0 };
    await notices.retryOwed?.();

    const plain = options.all ? await everyOpen() : claimedWork(at);
    const source = opts.batchStatus ? batched(plain, at, opts.batchStatus) : plain;
    let failuresInARow = 0;
    let cancelled = false;
    const worker = async () => {
      for (;;) {
        const work = await source.take();
        if (!work) return;
        if (report.aborted || stopping || cancelled) {
          source.putBack(work);
          return;
        }
        let outcome: Outcome;
        try {
          outcome = await consider(work, at, report);
        } catch (err) {
          // The store failed under this one exchange; its lease runs out and it comes back.
          logger.error({ err, exchangeId: work.rec.id }, "poller: could not record a check");
          outcome = "exchange-failed";
        }
        if (outcome === "cancelled") cancelled = true;
        else if (outcome === "service-failed") {
          if (++failuresInARow >= failureThreshold) report.aborted = true;
        } else if (outcome !== "not-due") {
          failuresInARow = 0;
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    await source.giveBack().catch((err: unknown) => logger.warn({ err }, "poller: could not hand back unchecked claims"));
    // Every check of the cycle released before it ends (their leases would run out anyway).
    await releaseNow().catch((err: unknown) => logger.warn({ err }, "poller: could not release checked exchanges"));
    if (source.error !== undefined) {
      logger.error({ err: source.error }, "poller: could not claim due exchanges");
      report.aborted = true;
    }

    // Backoff only when the service (or the store) is failing, not when a few exchanges have trouble.
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
  async function check(rec: ExchangeRecord, report: CycleReport): Promise<Outcome> {
    let outcome;
    try {
      // Fetch → record → queue the change's notice, under the exchange's lock. A change is
      // written with the exchange's next check time (and the end of a not-found count): one write.
      ({ outcome } = await tracker.check(rec.id, { amend: (r) => schedule(r, now().getTime()) }));
    } catch (err) {
      if (err instanceof PartnerError && err.cancelled) {
        // The bot is stopping (its updates finish before the poller stops): not a check, and no
        // word on the service. The exchange keeps its place for the next process.
        await release(rec.id, undefined);
        return "cancelled";
      }
      report.checked++;
      report.failed++;
      const at = now().getTime();
      if (isNotFound(err)) {
        report.notFound++;
        // Counted in the record, so a count begun by another replica (or before a restart) goes on.
        const notFound = (rec.tracking?.notFoundCount ?? 0) + 1;
        if (notFound >= notFoundLimit) {
          await flag(rec, "not-found", at, notFound);
          report.flagged++;
        } else {
          const nextAt = at + cadence(rec, at);
          await store.exchanges.update(rec.id, (r) => {
            r.tracking = { ...r.tracking, notFoundCount: notFound, nextCheckAt: iso(nextAt) };
            return r;
          });
          await release(rec.id, nextAt);
          logger.warn({ exchangeId: rec.id, times: notFound }, "poller: the service does not know this exchange; will ask again");
        }
        return "exchange-failed";
      }
      const failed = (failures.get(rec.id) ?? 0) + 1;
      failures.set(rec.id, failed);
      if (err instanceof PartnerError && err.retryable) {
        // The service is struggling: keep the place in line and let the cycle-level backoff
        // decide when to ask again.
        logger.debug({ err, exchangeId: rec.id }, "poller: status check failed");
        await release(rec.id, undefined);
        return "service-failed";
      }
      // An answer the client cannot use for this one exchange: back off this exchange alone.
      await release(rec.id, at + spread(opts.intervalMs * 2 ** Math.min(failed, 5)));
      logger.warn({ err, exchangeId: rec.id, failures: failed }, "poller: status check failed");
      return isPartnerError(err) ? "service-failed" : "exchange-failed";
    }

    report.checked++;
    failures.delete(rec.id);
    if (!outcome) return "ok";
    let current = outcome.record;
    // A change was written, and `schedule` with it; a not-found count to end is written on its own.
    let written = outcome.cardChanged;
    if (!written && current.tracking?.notFoundCount) {
      current = await store.exchanges.update(rec.id, (r) => {
        schedule(r, now().getTime());
        return r;
      });
      written = true;
    }
    const at = now().getTime();
    const stored = written ? Date.parse(current.tracking?.nextCheckAt ?? "") : NaN;
    const nextAt = Number.isFinite(stored) ? stored : at + cadence(current, at);
    if (outcome.statusChanged) report.changed++;
    await release(rec.id, nextAt);
    return "ok";
  }

  /**
   * Writes `rec`'s next check time into it and ends its not-found count. Only ever with a write
   * that is being made anyway (a change, or the count), so that lowdb, whose schedule is in
   * memory, finds it after a restart; a check that finds nothing new writes nothing.
   */
  function schedule(rec: ExchangeRecord, at: number): void {
    rec.tracking = { ...rec.tracking, nextCheckAt: iso(at + cadence(rec, at)), notFoundCount: undefined };
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
