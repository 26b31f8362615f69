/**
 * Rate alerts: where they are kept, and the check that fires them.
 *
 * Kept in the kv namespace {@link ALERTS_NAMESPACE}, keyed `<chatId>:<id>` so one person's alerts
 * are one prefix read. Written through (store/durability.ts): a person told "alert set" has it.
 *
 * The check runs on the leader only (app-services.ts leaderJobs), every ALERT_CHECK_INTERVAL_SECONDS.
 * Its partner calls are shared: one `rate` request per watched pair, however many people watch it,
 * and at most ALERT_PAIRS_PER_INTERVAL pairs per check (the rest, taken in turn, at the next ones).
 *
 * Firing is once, and never lost: the message is queued in the outbox under a key made of the
 * alert's own id (the outbox keeps one entry per key, so queuing it again is a no-op), and only
 * then is the alert removed. A crash between the two leaves the alert, which the next check
 * queues again under the same key (nothing new is sent) and removes. That check runs as the leader
 * starts, before housekeeping first prunes sent entries (kept 10 minutes after they are done), so
 * the entry that stops the repeat is still there.
 */
import { InlineKeyboard } from "grammy";
import type { Logger } from "../log.js";
import type { PartnerApi } from "../domain/types.js";
import type { DataStore } from "../store/data-store.js";
import type { Delivery } from "../delivery/delivery.js";
import { plainOf } from "../messages/html.js";
import { chatTranslator, type Translator } from "../messages/i18n.js";
import { showAmount } from "../messages/order-card.js";
import { encodeExchangePayload } from "../domain/deep-link.js";
import { Dec } from "../domain/amount.js";
import { computeQuote } from "../domain/quote.js";
import {
  ALERT_LIFETIME_MS,
  ALERT_UNIT_AMOUNT,
  MAX_ALERTS_PER_PERSON,
  alertExpired,
  alertMet,
  pairKey,
  pairsToCheck,
  type AlertDirection,
  type RateAlert,
} from "../domain/rate-alert.js";
import { namespace } from "../store/namespace.js";

/** The kv namespace of the alerts (declared written through in store/durability.ts). */
export const ALERTS_NAMESPACE = namespace<RateAlert>("rate-alerts", "through");

/** Who set an alert: its person, or (an alert of an earlier version, set in a private chat) the chat's. */
function ownerOf(alert: RateAlert): number {
  return alert.userId ?? alert.chatId;
}

/** The outbox key of an alert's one message. */
const firedKey = (alertId: string) => `ralert:${alertId}`;

/** Options of {@link RateAlerts}. */
export interface RateAlertsOptions {
  store: DataStore;
  partner: Pick<PartnerApi, "rate">;
  /** The service's minimum for a coin (the catalog's), so a coin whose minimum is above 1 is asked at it. */
  minimumOf: (code: string) => Promise<string | undefined>;
  delivery: Pick<Delivery, "message">;
  t: Translator;
  logger: Logger;
  now: () => Date;
  /** The bot's username, for the button that opens the exchange flow with the pair. */
  botUsername: () => string;
  /** ALERT_CHECK_INTERVAL_SECONDS, in ms (shown in /stats). */
  intervalMs: number;
  /** ALERT_PAIRS_PER_INTERVAL: the most `rate` calls one check makes. */
  pairsPerCheck: number;
  /** A fresh id (tests may fix it). */
  newId?: () => string;
}

/** What one check did. */
export interface AlertCheckReport {
  /** `rate` requests made (one per pair looked at). */
  rateCalls: number;
  fired: number;
  expired: number;
  /** Pairs watched, and the ones this check looked at. */
  pairs: number;
  checkedPairs: number;
}

/** What /stats shows. */
export interface AlertFigures {
  alerts: number;
  pairs: number;
  intervalSeconds: number;
  pairsPerCheck: number;
  /** Since this process started. */
  rateCalls: number;
  fired: number;
}

/** Why an alert was not added. */
export type AddRefusal = "limit";

/** The alerts and their check; one per app. */
export class RateAlerts {
  readonly #opts: RateAlertsOptions;
  #cursor = 0;
  #rateCalls = 0;
  #fired = 0;
  /** One check at a time (a slow partner may outlast the interval). */
  #running: Promise<AlertCheckReport> | undefined;

  constructor(opts: RateAlertsOptions) {
    this.#opts = opts;
  }

  get #kv() {
    return this.#opts.store.kv(ALERTS_NAMESPACE);
  }

  /** The alerts `userId` set in `chatId` that are still alive, oldest first (in a group, only theirs). */
  async list(chatId: number, userId: number): Promise<RateAlert[]> {
    const now = this.#opts.now();
    return (await this.#kv.entriesWithPrefix(`${String(chatId)}:`))
      .map(([, a]) => a)
      .filter((a) => ownerOf(a) === userId && !alertExpired(a, now) && a.firedAt === undefined);
  }

  /**
   * Adds an alert of `userId` in `chatId`, unless they have {@link MAX_ALERTS_PER_PERSON} there
   * already. A chat's updates run one at a time, so the count cannot race with another add.
   */
  async add(
    chatId: number,
    userId: number,
    alert: { from: string; to: string; direction: AlertDirection; threshold: string },
  ): Promise<RateAlert | AddRefusal> {
    if ((await this.list(chatId, userId)).length >= MAX_ALERTS_PER_PERSON) return "limit";
    const id = this.#opts.newId?.() ?? Math.random().toString(16).slice(2, 10).padEnd(8, "0");
    const stored: RateAlert = { id, chatId, userId, ...alert, at: this.#opts.now().toISOString() };
    await this.#kv.set(`${String(chatId)}:${id}`, stored);
    return stored;
  }

  /**
   * Removes alert `id` of chat `chatId` if `userId` set it; false when it is not theirs or is gone
   * (already fired, or deleted). Checked in the same step as the delete.
   */
  async remove(chatId: number, userId: number, id: string): Promise<boolean> {
    let removed = false;
    await this.#kv.update(`${String(chatId)}:${id}`, (current) => {
      removed = current !== undefined && ownerOf(current) === userId;
      return removed ? undefined : current;
    });
    return removed;
  }

  /** What /stats shows. */
  async figures(): Promise<AlertFigures> {
    const alive = (await this.#kv.entries()).map(([, a]) => a).filter((a) => !alertExpired(a, this.#opts.now()));
    return {
      alerts: alive.length,
      pairs: new Set(alive.map(pairKey)).size,
      intervalSeconds: Math.round(this.#opts.intervalMs / 1000),
      pairsPerCheck: this.#opts.pairsPerCheck,
      rateCalls: this.#rateCalls,
      fired: this.#fired,
    };
  }

  /** One check, as of `at` (tests move it); a check already running is waited for instead. */
  check(at?: Date): Promise<AlertCheckReport> {
    this.#running ??= this.#check(at ?? this.#opts.now()).finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #check(now: Date): Promise<AlertCheckReport> {
    const { logger } = this.#opts;
    const report: AlertCheckReport = { rateCalls: 0, fired: 0, expired: 0, pairs: 0, checkedPairs: 0 };
    // Forgotten after 30 days, fired or not: one removal by age, without reading them.
    report.expired = await this.#kv.deleteOlderThan(new Date(now.getTime() - ALERT_LIFETIME_MS));
    const byPair = new Map<string, Array<[string, RateAlert]>>();
    for (const entry of await this.#kv.entries()) {
      const fired = entry[1].firedAt;
      if (fired !== undefined) {
        // Fired before a crash, its message queued or not: finished without asking a rate.
        await this.#send(entry[0], entry[1], fired.price);
        continue;
      }
      const key = pairKey(entry[1]);
      byPair.set(key, [...(byPair.get(key) ?? []), entry]);
    }
    report.pairs = byPair.size;
    const { pairs, next } = pairsToCheck([...byPair.keys()], this.#opts.pairsPerCheck, this.#cursor);
    this.#cursor = next;
    for (const pair of pairs) {
      const watchers = byPair.get(pair) ?? [];
      const first = watchers[0]?.[1];
      if (!first) continue;
      report.checkedPairs++;
      report.rateCalls++;
      this.#rateCalls++;
      let price: string;
      try {
        price = await this.unitPrice(first.from, first.to);
      } catch (err) {
        // The next check asks again; a pair the service refuses stays until its alerts expire.
        logger.warn({ err, pair }, "rate alerts: could not get the rate");
        continue;
      }
      for (const [key, alert] of watchers) {
        if (!alertMet(alert, price) || !(await this.#fire(key, price))) continue;
        report.fired++;
        this.#fired++;
      }
    }
    return report;
  }

  /**
   * What one `from` buys now: the service's `rate` for 1 unit, or for the coin's minimum when that
   * is above 1 (a service refuses a rate below it), divided back to one unit.
   */
  async unitPrice(from: string, to: string): Promise<string> {
    const minimum = await this.#opts.minimumOf(from).catch(() => undefined);
    const amount = minimum !== undefined && isAmount(minimum) && new Dec(minimum).gt(ALERT_UNIT_AMOUNT) ? minimum : ALERT_UNIT_AMOUNT;
    const answer = await this.#opts.partner.rate(from, to, amount);
    return computeQuote({ amountFrom: amount, rate: answer.rate, to }).unitPrice;
  }

  /**
   * Marks the alert fired (on disk first: see {@link RateAlert.firedAt}), then sends. An alert
   * deleted meanwhile (its person pressed 🗑 or sent /forget) does not fire.
   */
  async #fire(key: string, price: string): Promise<boolean> {
    const marked = await this.#kv.update(key, (current) =>
      current ? { ...current, firedAt: { at: this.#opts.now().toISOString(), price } } : undefined,
    );
    if (marked === undefined) return false;
    await this.#send(key, marked, price);
    return true;
  }

  /** Queues the alert's one message (idempotent by key), then forgets the alert. */
  async #send(key: string, alert: RateAlert, price: string): Promise<void> {
    const { delivery, store, t } = this.#opts;
    const tr = await chatTranslator(t, store, alert.chatId);
    const text = tr(alert.direction === "above" ? "rate-alert-fired-above" : "rate-alert-fired-below", {
      from: alert.from,
      to: alert.to,
      threshold: showAmount(alert.threshold),
      price: showAmount(price),
    });
    const payload = encodeExchangePayload({ from: alert.from, to: alert.to });
    const keyboard = payload
      ? new InlineKeyboard().url(
          plainOf(tr("rate-alert-button-exchange", { from: alert.from, to: alert.to })),
          `https://t.me/${this.#opts.botUsername()}?start=${payload}`,
        )
      : undefined;
    await delivery.message(firedKey(alert.id), alert.chatId, text, keyboard);
    await this.#kv.delete(key);
  }
}

/** Whether `text` is a positive decimal the check may ask a rate for. */
function isAmount(text: string): boolean {
  try {
    return new Dec(text).isPositive() && !new Dec(text).isZero();
  } catch {
    return false;
  }
}
