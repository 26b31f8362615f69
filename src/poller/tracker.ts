/**
 * The one owner of an exchange's status: fetch → record → notify, under the exchange's tracking
 * lock, for the poller, /status and its Refresh button, and support's re-check.
 *
 * Ordering rule: two checks of one exchange never overlap (the lock), and an answer to a request
 * started before the one that brought the stored status is dropped (recordStatus compares with
 * `statusCheckedAt`). So a slow answer, however late, never takes a status back and never makes a
 * notice due a second time.
 */
import type { ExchangeStatusRecord, PartnerApi } from "../domain/types.js";
import type { DataStore } from "../store/data-store.js";
import { withTrackingLock } from "../delivery/locks.js";
import { recordStatus, type RecordOptions, type RecordOutcome, type TrackingLogger } from "./notifier.js";

/**
 * Where the tracker hands a change: the outbox (`Delivery`), or a counter in a benchmark. Never
 * rejects: a notice that cannot be queued is owed, and tried again (`retryOwed`).
 */
export interface NoticeSink {
  /**
   * Queues what the person must hear about exchange `id`: durable when it resolves, with the
   * status it tells (the store keeps writes in order), so the sender can send it at once.
   */
  notice(id: string): Promise<void>;
  /** Tries again the notices that could not be queued (the poller, once per cycle). */
  retryOwed?(): Promise<void>;
}

/** Options of {@link ExchangeTracker}. */
export interface TrackerOptions {
  store: DataStore;
  partner: Pick<PartnerApi, "exchangeStatus">;
  notices: NoticeSink;
  logger?: TrackingLogger;
  now?: () => Date;
}

/** What one check did: the record outcome (undefined for an id the store does not have). */
export interface CheckResult {
  outcome: RecordOutcome | undefined;
  live: ExchangeStatusRecord;
}

/** See the module comment. */
export class ExchangeTracker {
  readonly #opts: TrackerOptions;
  readonly #now: () => Date;

  constructor(opts: TrackerOptions) {
    this.#opts = opts;
    this.#now = opts.now ?? (() => new Date());
  }

  /**
   * Fetches exchange `id`'s status, records it and queues any change's notice in the outbox before
   * it resolves. With `amend`, a change is written with what the caller adds to it (see
   * {@link RecordOptions.amend}). Throws the partner's error.
   */
  check(id: string, opts: { amend?: RecordOptions["amend"] } = {}): Promise<CheckResult> {
    const { store, partner, notices } = this.#opts;
    return withTrackingLock(store, id, async () => {
      const requestedAt = this.#now();
      const live = await partner.exchangeStatus(id);
      // Read once, after the answer, for both the step below and recordStatus (one query less per
      // check on PostgreSQL, where the poller makes one per exchange per cycle).
      let read = await store.exchanges.get(id);
      // The service knows it after all (it had said "not found"): the poller takes it back.
      if (read?.tracking?.stoppedReason === "not-found") {
        // Checked again inside the update: the poller may have stopped it for another reason meanwhile.
        read = await store.exchanges.update(id, (r) => {
          if (r.tracking?.stoppedReason === "not-found") r.tracking = { ...r.tracking, stoppedReason: undefined, notFoundCount: undefined };
          return r;
        });
        if (read.tracking?.stoppedReason === undefined)
          this.#opts.logger?.info({ exchangeId: id }, "tracker: the service knows this exchange again; tracking resumes");
      }
      const outcome = await recordStatus(store, id, live, this.#now(), requestedAt, { read, amend: opts.amend });
      if (outcome?.stale) {
        this.#opts.logger?.info(
          { exchangeId: id, status: live.status, stored: outcome.record.status },
          "tracker: dropped an answer older than the stored one",
        );
      }
      // Into the one queue at once: its entry reaches the disk only with the status it tells.
      if (outcome?.cardChanged) await notices.notice(id);
      return { outcome, live };
    });
  }
}
