/**
 * Store first: the status a service reports, written into the store.
 *
 * A status change reaches a person in two steps: {@link recordStatus} writes the new status (with
 * its time, appended to the exchange's history) into the store; the tracker then hands the notice
 * straight to the outbox (`Delivery.notice`, src/delivery/): the card edit and one entry per
 * milestone (domain/status.ts), under deterministic keys, written through to the store
 * together with a per-exchange "told up to this status" mark. The outbox is the only queue: its
 * sender sends a notice only once the main store has made the status durable. So a restart at any
 * moment neither loses a notice (the outbox sends it after the restart, `Delivery.catchUp`
 * re-queues a status never handed over) nor repeats one (its key and the mark are on disk before
 * the send).
 *
 * recordStatus never moves a status backwards: an answer to a request started before the one that
 * brought the stored status is dropped (`statusCheckedAt`).
 */
import type { ExchangeRecord, ExchangeStatusRecord } from "../domain/types.js";
import type { DataStore } from "../store/data-store.js";

/** A log function in pino's shape. */
type LogFn = (fields: object, msg?: string) => void;

/** The least the poller and notifier need from a logger (a pino logger fits). */
export interface TrackingLogger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

/** What {@link recordStatus} did. */
export interface RecordOutcome {
  /** The record as stored now. */
  record: ExchangeRecord;
  /** The status differs from the one stored before: history grew, a notice is due. */
  statusChanged: boolean;
  /** Something shown on the card changed (status, amounts, txId). */
  cardChanged: boolean;
  /** The answer was older than the stored one (requested before it) and was dropped. */
  stale?: boolean;
}

/** null and undefined both mean "not filled yet" for the optional fields the service sends. */
const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);

/** How `live` (requested at `requestedAt`) differs from the stored `before`. */
function compare(before: ExchangeRecord, live: ExchangeStatusRecord, requestedAt: Date): Omit<RecordOutcome, "record"> {
  const storedFrom = before.statusCheckedAt === undefined ? NaN : Date.parse(before.statusCheckedAt);
  if (requestedAt.getTime() < storedFrom) return { statusChanged: false, cardChanged: false, stale: true };
  const statusChanged = live.status !== before.status;
  const cardChanged =
    statusChanged ||
    !same(before.expectedAmountFrom, live.expectedAmountFrom) ||
    !same(before.expectedAmountTo, live.expectedAmountTo) ||
    !same(before.amountTo, live.amountTo) ||
    !same(before.txId, live.txId) ||
    !same(before.emergency, live.emergency);
  return { statusChanged, cardChanged };
}

/** Options of {@link recordStatus}. */
export interface RecordOptions {
  /** The record as just read from the store (after the request was answered), so it is not read twice. */
  read?: ExchangeRecord;
  /**
   * Called on the record inside the write of a change (it may run more than once: the last run is
   * stored), so that what the caller keeps beside the change (the poller's next check time) is
   * written with it rather than in a write of its own. Not called when nothing is written.
   */
  amend?: (rec: ExchangeRecord) => void;
}

/**
 * Writes what the service says about exchange `id` into the store (on lowdb in memory, durable on
 * the store's coalesced schedule). Nothing is written when nothing the bot keeps changed. Returns
 * undefined for an id the store does not have. Resolves after the status listeners ran.
 *
 * `requestedAt` is when the request for `live` was started: an answer requested before the one
 * stored was is dropped (`stale`), so a slow answer never takes a status back. The comparison is
 * made again inside the update, on the record as it is then: in this process the tracking lock
 * (tracker.ts) keeps other checks out, but another process sharing the database may have recorded
 * a newer answer between the read and the write.
 */
export async function recordStatus(
  store: DataStore,
  id: string,
  live: ExchangeStatusRecord,
  at: Date,
  requestedAt: Date = at,
  opts: RecordOptions = {},
): Promise<RecordOutcome | undefined> {
  const read = opts.read ?? (await store.exchanges.get(id));
  if (!read) return undefined;
  const first = compare(read, live, requestedAt);
  // Nothing to write (the usual poll): no write at all.
  if (first.stale || !first.cardChanged) return { record: read, ...first };
  const iso = at.toISOString();
  // What the update found, from its last run (it may run more than once).
  const found: { previous?: ExchangeRecord["status"]; outcome?: Omit<RecordOutcome, "record"> } = {};
  const record = await store.exchanges.update(id, (rec) => {
    const outcome = compare(rec, live, requestedAt);
    found.previous = rec.status;
    found.outcome = outcome;
    if (outcome.stale || !outcome.cardChanged) return rec;
    if (outcome.statusChanged) {
      rec.status = live.status;
      rec.statusHistory.push({ status: live.status, at: iso });
    }
    rec.expectedAmountFrom = live.expectedAmountFrom;
    rec.expectedAmountTo = live.expectedAmountTo;
    rec.amountTo = live.amountTo;
    rec.txId = live.txId;
    if (live.emergency === undefined) delete rec.emergency;
    else rec.emergency = live.emergency;
    rec.updatedAt = iso;
    rec.statusCheckedAt = requestedAt.toISOString();
    opts.amend?.(rec);
    return rec;
  });
  const outcome = found.outcome ?? first;
  if (outcome.statusChanged) {
    const previous = found.previous ?? read.status;
    for (const listener of statusListeners.get(store) ?? []) {
      try {
        await listener(record, previous);
      } catch {
        // A listener (stats, alerts) must never stop a status from being tracked.
      }
    }
  }
  return { record, ...outcome };
}

/**
 * Told about every stored status change, whoever stored it (the poller, /status, support);
 * {@link recordStatus} waits for it, so what it writes (the funnel's counters) is written by then.
 */
export type StatusListener = (record: ExchangeRecord, previous: ExchangeRecord["status"]) => Promise<void>;

/** Listeners per store, like the locks below: two apps in one test process never share them. */
const statusListeners = new WeakMap<DataStore, Set<StatusListener>>();

/** Registers `listener` for status changes stored by {@link recordStatus}; returns its removal. */
export function onStatusRecorded(store: DataStore, listener: StatusListener): () => void {
  let set = statusListeners.get(store);
  if (!set) statusListeners.set(store, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export { withExchangeLock } from "../delivery/locks.js";
