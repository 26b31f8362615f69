/**
 * Alerts to support: what happened that a person at the desk should look at, each said once.
 *
 * - an exchange reaching failed, sending_failed, reverted, or a status the spec does not list
 *   (key `status:<id>:<status>`), told by the status listener the moment it is stored;
 * - an open exchange sitting in one status longer than the threshold (`stuck:<id>:<status>`),
 *   found by {@link AlertCenter.scan};
 * - the poller giving up on an exchange (`flag:<id>:<reason>`); when it gave up because the service
 *   kept answering that it does not know the exchange, an alert of its own kind
 *   (`unknown-at-service`, key `flag:<id>:not-found`): the service answered, it is not down, and
 *   support must find the order there;
 * - an exchange-create whose answer was lost, so an order may exist that the bot does not know
 *   (`create-in-doubt:<draft id>`), raised by the exchange flow or at start-up;
 * - the partner API failing for longer than the threshold (`partner-down:<since>`) and its
 *   recovery (`partner-up:<since>`), from {@link PartnerHealth}.
 *
 * Once means once across restarts: delivery puts the alert in the outbox (durable, under a key made
 * from the alert's key) and only then is the key stored here (kv namespace "alerts"). A crash
 * between the two raises the alert again after the restart, and the outbox's key makes that a
 * no-op: never lost, never repeated. An alert whose hand-over failed is raised again next time.
 * Two processes raising the same alert at once both pass the check here; the outbox's `add` lets
 * one entry through per support chat, so this key is only what saves the work of trying.
 */
import type { ExchangeRecord, ExchangeStatus } from "../domain/types.js";
import type { ExchangesStore, KeyValueStore } from "../store/data-store.js";
import { KNOWN_STATUSES } from "../domain/types.js";
import { isFinalStatus } from "../domain/status.js";
import type { AlertEvent, FlagReason } from "../domain/reports.js";
import type { PartnerHealth } from "./partner-health.js";
import { namespace, type Namespace } from "../store/namespace.js";

/** The store namespace of the sent alerts' keys. */
export const ALERTS_NAMESPACE = namespace<{ at: string }>("alerts", "coalesced");

/** Statuses that always page support. */
const ALERT_STATUSES: ReadonlySet<string> = new Set(["failed", "sending_failed", "reverted"]);

/** The least of the store alerts need. */
interface AlertStore {
  kv<T>(namespace: Namespace<T>): Pick<KeyValueStore<T>, "has" | "add">;
  exchanges: Pick<ExchangesStore, "open">;
}

/** Options of {@link AlertCenter}. */
export interface AlertCenterOptions {
  store: AlertStore;
  health?: PartnerHealth;
  /** Sends one alert to support; failures are logged by the caller's logger here. */
  deliver: (alert: AlertEvent) => Promise<void>;
  stuckAfterMs: number;
  partnerDownAfterMs: number;
  logger: { warn(fields: object, msg?: string): void; error(fields: object, msg?: string): void };
}

/** Whether reaching `status` pages support. */
export function isAlertStatus(status: ExchangeStatus): boolean {
  return ALERT_STATUSES.has(status) || !(KNOWN_STATUSES as readonly string[]).includes(status);
}

/** When the exchange entered its current status (ms), from its history. */
function statusSince(e: ExchangeRecord): number {
  const last = e.statusHistory[e.statusHistory.length - 1];
  return Date.parse(last && last.status === e.status ? last.at : e.updatedAt);
}

/** Decides, de-duplicates and hands over alerts; see the module comment. */
export class AlertCenter {
  #chain: Promise<void> = Promise.resolve();
  /** Raises not yet ended (checked, delivered and stored, or failed); each never rejects. */
  readonly #inFlight = new Set<Promise<void>>();
  /** Keys being raised and not yet stored: a second raise meanwhile is a duplicate. */
  readonly #raising = new Set<string>();
  /** Alerts handed to delivery since start (tests, logs). */
  delivered = 0;

  constructor(private readonly opts: AlertCenterOptions) {}

  /** A status change was stored (a status listener of recordStatus). Raised in the background: see {@link idle}. */
  onStatus(record: ExchangeRecord): void {
    if (!isAlertStatus(record.status)) return;
    void this.raise({ key: `status:${record.id}:${record.status}`, kind: "status", exchange: record, status: record.status });
  }

  /** The poller stopped tracking an exchange. Raised in the background: see {@link idle}. */
  onFlag(record: ExchangeRecord, reason: FlagReason): void {
    const key = `flag:${record.id}:${reason}`;
    if (reason === "not-found") {
      void this.raise({ key, kind: "unknown-at-service", exchange: record, times: record.tracking?.notFoundCount ?? 1 });
      return;
    }
    void this.raise({ key, kind: "flag", exchange: record, reason });
  }

  /** Looks for stuck exchanges and partner outages as of `at`; resolves with how many alerts it raised. */
  async scan(at: Date): Promise<number> {
    let raised = 0;
    const now = at.getTime();
    for (const e of await this.opts.store.exchanges.open()) {
      if (e.tracking?.stoppedReason || isFinalStatus(e.status)) continue;
      const since = statusSince(e);
      if (Number.isFinite(since) && now - since > this.opts.stuckAfterMs) {
        if (await this.raise({ key: `stuck:${e.id}:${e.status}`, kind: "stuck", exchange: e, status: e.status, sinceMs: since })) raised++;
      }
    }
    const change = this.opts.health?.transition(at, this.opts.partnerDownAfterMs);
    if (change?.kind === "down") {
      if (await this.raise({ key: `partner-down:${change.since.toISOString()}`, kind: "partner-down", since: change.since })) raised++;
    } else if (change?.kind === "up") {
      const alert: AlertEvent = {
        key: `partner-up:${change.since.toISOString()}`,
        kind: "partner-up",
        since: change.since,
        until: change.until,
      };
      if (await this.raise(alert)) raised++;
    }
    return raised;
  }

  /**
   * Queues delivery and then stores the key, unless this alert was raised before. Resolves with
   * whether it was new, as soon as that is known (delivery goes on; {@link idle} waits for it).
   * Never rejects: an alert that cannot be checked or delivered is logged and may be raised again.
   */
  raise(alert: AlertEvent): Promise<boolean> {
    const { key } = alert;
    // Taken before the first await, so a second raise of the same key meanwhile is a duplicate.
    if (this.#raising.has(key)) return Promise.resolve(false);
    this.#raising.add(key);
    const sent = this.opts.store.kv(ALERTS_NAMESPACE);
    const isNew = sent.has(key).then(
      (had) => !had,
      (err: unknown) => {
        this.opts.logger.warn({ err, key }, "alerts: could not read the sent alerts; the alert may be raised again");
        return false;
      },
    );
    const work: Promise<void> = isNew
      .then((fresh) => {
        if (!fresh) return;
        // One at a time, in order: a burst of alerts must not burst into Telegram's limits.
        this.#chain = this.#chain
          .then(() => this.opts.deliver(alert))
          .then(async () => {
            this.delivered++;
            await sent.add(key, { at: new Date().toISOString() });
          })
          .catch((err: unknown) => this.opts.logger.warn({ err, key }, "alerts: delivery failed; the alert may be raised again"));
        return this.#chain;
      })
      .finally(() => {
        this.#raising.delete(key);
        this.#inFlight.delete(work);
      });
    this.#inFlight.add(work);
    return isNew;
  }

  /** Resolves when every raised alert has been delivered (or failed). */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }
}
