/**
 * Store first, then notify.
 *
 * A status change reaches a person in two steps: {@link recordStatus} writes the new status (with
 * its time, appended to the exchange's history) into the store; the {@link Notifier} then waits
 * until that change is durable and only then tells the person: it edits the live order card and
 * sends a message for each milestone (domain/status.ts), and records `lastNotifiedStatus`. So a
 * restart between the two steps finds `lastNotifiedStatus !== status` and sends the notice once
 * after the restart ({@link Notifier.catchUp}); the per-exchange lock and the re-read of
 * `lastNotifiedStatus` inside it keep the poller and /status from sending the same notice twice.
 *
 * Telegram faults: 429 is waited out by the bot's HTTP-level retry (bot/telegram-fetch.ts); 403 (the person blocked
 * the bot) marks the user blocked and stops messaging them (the poller keeps tracking);
 * "message is not modified" is ignored; a card that can no longer be edited is sent again.
 */
import { GrammyError, type Api } from "grammy";
import type { ExchangeRecord, ExchangeStatusRecord } from "../domain/types.js";
import { milestonesBetween } from "../domain/status.js";
import type { Store } from "../store/store.js";
import type { Translator } from "../bot/i18n.js";
import { localeOfChat } from "../bot/i18n.js";
import { renderMilestone, renderOrderCard, type CardTranslate } from "../bot/ui/order-card.js";

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
}

/** null and undefined both mean "not filled yet" for the optional fields the service sends. */
const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);

/**
 * Writes what the service says about exchange `id` into the store (in memory; durable on the
 * store's coalesced schedule). Nothing is written when nothing the bot keeps changed. Returns
 * undefined for an id the store does not have.
 */
export function recordStatus(store: Store, id: string, live: ExchangeStatusRecord, at: Date): RecordOutcome | undefined {
  const before = store.exchanges.get(id);
  if (!before) return undefined;
  const statusChanged = live.status !== before.status;
  const cardChanged =
    statusChanged ||
    !same(before.expectedAmountFrom, live.expectedAmountFrom) ||
    !same(before.expectedAmountTo, live.expectedAmountTo) ||
    !same(before.amountTo, live.amountTo) ||
    !same(before.txId, live.txId);
  if (!cardChanged) return { record: before, statusChanged, cardChanged };
  const iso = at.toISOString();
  const record = store.exchanges.update(id, (rec) => {
    if (statusChanged) {
      rec.status = live.status;
      rec.statusHistory.push({ status: live.status, at: iso });
    }
    rec.expectedAmountFrom = live.expectedAmountFrom;
    rec.expectedAmountTo = live.expectedAmountTo;
    rec.amountTo = live.amountTo;
    rec.txId = live.txId;
    rec.updatedAt = iso;
    return rec;
  });
  if (statusChanged) {
    for (const listener of statusListeners.get(store) ?? []) {
      try {
        listener(record, before.status);
      } catch {
        // A listener (stats, alerts) must never stop a status from being tracked.
      }
    }
  }
  return { record, statusChanged, cardChanged };
}

/** Told about every stored status change, whoever stored it (the poller, /status, support). */
export type StatusListener = (record: ExchangeRecord, previous: ExchangeRecord["status"]) => void;

/** Listeners per store, like the locks below: two apps in one test process never share them. */
const statusListeners = new WeakMap<Store, Set<StatusListener>>();

/** Registers `listener` for status changes stored by {@link recordStatus}; returns its removal. */
export function onStatusRecorded(store: Store, listener: StatusListener): () => void {
  let set = statusListeners.get(store);
  if (!set) statusListeners.set(store, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Per-exchange locks, one table per store (so two apps in one test process never share one).
 * The poller's notifier and the /status handler's are different objects over the same store.
 */
const lockTables = new WeakMap<Store, Map<string, Promise<void>>>();

/** Runs `fn` after every earlier `withExchangeLock(store, id, …)` call has finished. */
export async function withExchangeLock<T>(store: Store, id: string, fn: () => Promise<T>): Promise<T> {
  let table = lockTables.get(store);
  if (!table) lockTables.set(store, (table = new Map()));
  const previous = table.get(id) ?? Promise.resolve();
  const run = previous.then(fn);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  table.set(id, settled);
  try {
    return await run;
  } finally {
    if (table.get(id) === settled) table.delete(id);
  }
}

/** Telegram's 403: the person blocked the bot (or deleted their account). */
export function isBlockedError(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 403;
}

/** The 400 Telegram answers to an edit that would change nothing. */
export function isNotModifiedError(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 400 && /message is not modified/i.test(err.description);
}

/** Options of {@link Notifier}. */
export interface NotifierOptions {
  store: Store;
  /** The bot's Api (429 is waited out by its HTTP-level retry). */
  api: Api;
  t: Translator;
  logger: TrackingLogger;
  /** How many exchanges are notified at once. Default 8 (Telegram allows about 30 messages/s). */
  concurrency?: number;
}

/** The card's and milestones' translator for one chat's language. */
function translatorFor(store: Store, t: Translator, chatId: number): CardTranslate {
  const locale = localeOfChat(store, chatId);
  return (key, vars) => t(locale, key, vars);
}

/**
 * Sends a fresh order card for `record` and makes it the live one (stores its message id).
 * Used by the deposit instructions, by /status, and when the old card can no longer be edited.
 */
export async function sendOrderCard(api: Api, store: Pick<Store, "exchanges">, record: ExchangeRecord, t: CardTranslate): Promise<number> {
  const card = renderOrderCard(record, t);
  const sent = await api.sendMessage(record.chatId, card.text, { parse_mode: "HTML", reply_markup: card.reply_markup });
  store.exchanges.update(record.id, { cardMessageId: sent.message_id });
  return sent.message_id;
}

/** Tells people about status changes; see the module comment. */
export class Notifier {
  readonly #opts: Required<NotifierOptions>;
  /** Waiting to be notified, in arrival order; a Set so a burst of changes is one notice. */
  readonly #queue = new Set<string>();
  /** Failed for a reason that may pass (network, 5xx after the HTTP-level retries): tried again later. */
  readonly #retry = new Set<string>();
  #active = 0;
  #stopped = false;
  #idleWaiters: (() => void)[] = [];
  /** Counters for tests and the benchmark. */
  readonly stats = { notified: 0, cardsSent: 0, cardEdits: 0, milestones: 0, blocked: 0, failures: 0 };

  constructor(opts: NotifierOptions) {
    this.#opts = { concurrency: 8, ...opts };
  }

  /** Queues a notice for `id`; it is sent once the store has made the change durable. */
  enqueue(id: string): void {
    if (this.#stopped) return;
    this.#queue.add(id);
    this.#pump();
  }

  /** Queues again every exchange whose notice failed for a passing reason. */
  retryFailed(): void {
    for (const id of this.#retry) this.enqueue(id);
    this.#retry.clear();
  }

  /**
   * Queues every exchange whose stored status was never notified (a restart between the store
   * write and the notice). Returns how many. One pass over the store, at start-up.
   */
  catchUp(): number {
    let n = 0;
    for (const rec of this.#opts.store.exchanges.all()) {
      if (rec.lastNotifiedStatus !== rec.status) {
        this.enqueue(rec.id);
        n++;
      }
    }
    return n;
  }

  /** Resolves when nothing is queued or being sent. */
  idle(): Promise<void> {
    if (this.#active === 0 && this.#queue.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Takes no new notices and waits for the ones being sent; queued ones are caught up after a restart. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#queue.clear();
    await this.idle();
  }

  /**
   * Brings the person up to date about exchange `id` now: edits (or resends) the card and sends
   * the milestone messages not sent yet. The caller has made the stored status durable.
   */
  notify(id: string): Promise<void> {
    const { store } = this.#opts;
    return withExchangeLock(store, id, async () => {
      const rec = store.exchanges.get(id);
      if (!rec) return;
      const statusDue = rec.lastNotifiedStatus !== rec.status;
      if (store.users.get(rec.userId)?.blocked) {
        // Tracking goes on; the person is not written to. Mark the notice as handled so an
        // unblock does not bring a backlog of stale notices (the card shows the current state).
        if (statusDue) store.exchanges.update(id, { lastNotifiedStatus: rec.status });
        return;
      }
      const t = translatorFor(store, this.#opts.t, rec.chatId);
      try {
        await this.#updateCard(rec, t);
        if (statusDue) {
          for (const milestone of milestonesBetween(rec.lastNotifiedStatus, rec.status)) {
            const text = renderMilestone(rec, milestone, t);
            if (!text) continue;
            await this.#opts.api.sendMessage(rec.chatId, text, { parse_mode: "HTML" });
            this.stats.milestones++;
          }
          store.exchanges.update(id, { lastNotifiedStatus: rec.status });
        }
        this.stats.notified++;
      } catch (err) {
        if (isBlockedError(err)) {
          store.users.setBlocked(rec.userId, true);
          if (statusDue) store.exchanges.update(id, { lastNotifiedStatus: rec.status });
          this.stats.blocked++;
          this.#opts.logger.info({ exchangeId: id, userId: rec.userId }, "notify: the person blocked the bot; no more messages to them");
          return;
        }
        this.stats.failures++;
        this.#retry.add(id);
        this.#opts.logger.warn({ err, exchangeId: id }, "notify: could not tell the person; will try again");
      }
    });
  }

  /** Edits the live card in place; sends a new one when there is none or it cannot be edited. */
  async #updateCard(rec: ExchangeRecord, t: CardTranslate): Promise<void> {
    const { api, store } = this.#opts;
    if (rec.cardMessageId !== undefined) {
      const card = renderOrderCard(rec, t);
      try {
        await api.editMessageText(rec.chatId, rec.cardMessageId, card.text, { parse_mode: "HTML", reply_markup: card.reply_markup });
        this.stats.cardEdits++;
        return;
      } catch (err) {
        if (isNotModifiedError(err)) return;
        // Any other 400 means this message cannot be edited any more (deleted, too old, not
        // found): the card is sent again below. Everything else is the caller's to handle.
        if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
        this.#opts.logger.info({ exchangeId: rec.id, description: err.description }, "notify: the card cannot be edited; sending it again");
      }
    }
    await sendOrderCard(api, store, rec, t);
    this.stats.cardsSent++;
  }

  #pump(): void {
    while (!this.#stopped && this.#active < this.#opts.concurrency && this.#queue.size > 0) {
      const id = this.#queue.values().next().value as string;
      this.#queue.delete(id);
      this.#active++;
      void this.#run(id).finally(() => {
        this.#active--;
        this.#pump();
        if (this.#active === 0 && this.#queue.size === 0) {
          const waiters = this.#idleWaiters;
          this.#idleWaiters = [];
          for (const w of waiters) w();
        }
      });
    }
  }

  async #run(id: string): Promise<void> {
    try {
      // Store first: the new status must survive a crash before anyone is told about it.
      await this.#opts.store.whenDurable();
    } catch (err) {
      this.#retry.add(id);
      this.#opts.logger.warn({ err, exchangeId: id }, "notify: the store could not save the status; notice postponed");
      return;
    }
    await this.notify(id);
  }
}
