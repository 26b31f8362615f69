/**
 * What goes through the outbox, and how each kind is sent: deposit instructions, an order card
 * update, a milestone notice, and pre-rendered messages (support alerts).
 *
 * Deposit instructions: enqueued (durably) right after the exchange is stored; an exchange whose
 * instructions were never enqueued (a crash in between) is found at start-up by
 * {@link Delivery.reconcile}. Once enqueued, `instructionsQueued` is set on the exchange record in
 * the main store; the outbox entry is what stops a repeat until that flag is durable.
 */
import { GrammyError, type Api } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { ExchangeRecord, ExchangeStatus } from "../domain/types.js";
import type { DataStore } from "../store/data-store.js";
import { chatTranslator, type Translate, type Translator } from "../messages/i18n.js";
import { PLAIN_TEXT } from "../messages/html-by-default.js";
import { depositParts, sendDepositPart, type InstructionCoins } from "../messages/deposit-instructions.js";
import { renderMilestone, renderOrderCard } from "../messages/order-card.js";
import type { Currency } from "../domain/types.js";
import { elementAt } from "../domain/checked.js";
import { milestonesBetween } from "../domain/status.js";
import { withExchangeLock, withNoticeLock } from "./locks.js";
import { Outbox, type OutboxEntry, type OutboxLogger } from "./outbox.js";

const HOUR = 3_600_000;

/**
 * How long each kind stays worth sending, and why:
 * - instructions: a day. The spec does not say how long a deposit is awaited; services expire an
 *   unpaid order within hours. Past that, paying would send coins to an expired order; the card
 *   (/status) still shows the address while the service says it waits. They are also dropped the
 *   moment the exchange is no longer waiting for the deposit.
 * - milestones: three days. The person is waiting for their coins or a refund and must hear about
 *   it even after a long Telegram outage; past that, /history shows the outcome.
 * - card edits: three days, like milestones (the card is the same news, kept up to date).
 * - alerts: a day. An alert about an outage or a stuck order that ended long ago misleads support.
 *   An alert to an admin who has not opened the bot yet waits for them (Telegram answers 403
 *   until they press Start) within the same day.
 */
const TTL = { deposit: 24 * HOUR, milestone: 72 * HOUR, card: 72 * HOUR, alert: 24 * HOUR } as const;

/** What an outbox entry carries. */
export type DeliveryPayload =
  | { kind: "deposit"; exchangeId: string; coins?: InstructionCoins }
  | { kind: "card"; exchangeId: string }
  | { kind: "milestone"; exchangeId: string; status: ExchangeStatus }
  | { kind: "text"; text: string; html: boolean; replyMarkup?: InlineKeyboardMarkup };

/** Keys of the entries (deterministic: the same notice always has the same key). */
export const keys = {
  deposit: (id: string) => `dep:${id}`,
  card: (id: string) => `card:${id}`,
  milestone: (id: string, status: ExchangeStatus) => `ms:${id}:${status}`,
  alert: (alertKey: string, chatId: number) => `alert:${alertKey}:${chatId}`,
};

/** The live-store namespace of "notices enqueued up to this status", per exchange. */
const NOTIFIED_NAMESPACE = "notified";

/**
 * The live-store namespace of the live card's message id, per exchange: written through with the
 * send, so after a crash the card is edited, not sent a second time. The record's `cardMessageId`
 * (main store) takes over once it is durable.
 */
const CARDS_NAMESPACE = "cards";

/** Options of {@link Delivery}. */
export interface DeliveryOptions {
  store: DataStore;
  live: DataStore;
  api: Api;
  t: Translator;
  logger: OutboxLogger;
  /** The catalog's currencies, for the coins' labels in instructions enqueued without them. */
  currencies?: () => Promise<Currency[]>;
  now?: () => Date;
  retryBaseMs?: number;
  /** Passed to the outbox: told after each entry is queued, with its chat (replicas tell the sending leader). */
  onQueued?: (chatId: number) => void;
  /** Passed to the outbox: see {@link OutboxOptions.onParked}. */
  onParked?: (chatId: number) => void;
}

/** The 400 Telegram answers to an edit that would change nothing. */
function isNotModified(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 400 && /message is not modified/i.test(err.description);
}

/** The outbox and the ways into it; one per app. */
export class Delivery {
  readonly outbox: Outbox<DeliveryPayload>;
  readonly #opts: DeliveryOptions;
  readonly #now: () => Date;

  constructor(opts: DeliveryOptions) {
    this.#opts = opts;
    this.#now = opts.now ?? (() => new Date());
    this.outbox = new Outbox<DeliveryPayload>({
      live: opts.live,
      deliver: (entry, confirmed) => this.#deliver(entry, confirmed),
      onBlocked: async (chatId) => {
        // Undefined (nothing written) for a chat that is not a known user.
        await opts.store.users.setBlocked(chatId, true);
      },
      isBlocked: async (chatId) => (await opts.store.users.get(chatId))?.blocked === true,
      logger: opts.logger,
      now: this.#now,
      retryBaseMs: opts.retryBaseMs,
      onQueued: opts.onQueued,
      onParked: opts.onParked,
    });
  }

  /**
   * Queues the deposit instructions of a stored exchange (once ever) and makes that durable;
   * then waits up to `waitMs` for them to be delivered. Returns whether they were.
   */
  async depositInstructions(record: ExchangeRecord, coins: InstructionCoins | undefined, waitMs = 20_000): Promise<boolean> {
    await this.#queueDeposit(record, coins);
    await this.outbox.durable();
    await this.#markQueued(record.id);
    return this.outbox.drained(record.chatId, waitMs);
  }

  /**
   * Gives the person a way to pay for an exchange they already created: its instructions if they
   * were never delivered, else the order card (which shows the deposit address while it is awaited).
   */
  async offerPayment(record: ExchangeRecord, coins: InstructionCoins | undefined): Promise<void> {
    const { store } = this.#opts;
    const entry = await this.outbox.get(keys.deposit(record.id), record.chatId);
    const current = (await store.exchanges.get(record.id)) ?? record;
    if (!current.instructionsQueued && !entry) {
      await this.depositInstructions(current, coins);
      return;
    }
    if (entry?.state === "pending") {
      // On their way: they carry the address and the card.
      await this.outbox.drained(record.chatId, 20_000);
      return;
    }
    await withExchangeLock(store, record.id, async () => this.sendCard((await store.exchanges.get(record.id)) ?? current));
  }

  /**
   * At start-up: queues the instructions of every exchange stored without them (a crash between
   * storing it and queuing them). Old data written before the outbox existed has a card message
   * (the instructions' last part), so it is not sent again.
   */
  async reconcile(): Promise<number> {
    const { store, logger } = this.#opts;
    const now = this.#now().getTime();
    let n = 0;
    for (const rec of await store.exchanges.open()) {
      if (rec.status !== "waiting_deposit" || rec.instructionsQueued || rec.cardMessageId !== undefined) continue;
      if (now - Date.parse(rec.createdAt) > TTL.deposit) continue;
      if (await this.#queueDeposit(rec, undefined)) n++;
    }
    if (n > 0) {
      logger.warn({ count: n }, "delivery: deposit instructions never queued before the last stop; queued now");
      void this.outbox
        .durable()
        .then(async () => {
          for (const rec of await store.exchanges.open())
            if (await this.outbox.get(keys.deposit(rec.id), rec.chatId)) await this.#markQueued(rec.id);
        })
        .catch((err: unknown) => logger.error({ err }, "delivery: could not save the reconciled instructions"));
    }
    return n;
  }

  /**
   * Queues what the person must hear about exchange `id` now: the card brought up to date and
   * the milestone messages between the last status they were told about and the stored one.
   * Durable before it returns; the sends follow in the outbox.
   */
  async notice(id: string): Promise<void> {
    const { store, live } = this.#opts;
    await withNoticeLock(store, id, async () => {
      const marks = live.kv<{ status: ExchangeStatus }>(NOTIFIED_NAMESPACE);
      // The mark before the record: a record read after a mark is at least as new as the one the
      // mark was made from (statuses never move back), so `told` never runs ahead of `rec`.
      const mark = await marks.get(id);
      const rec = await store.exchanges.get(id);
      if (!rec) return;
      // The live mark is written through; the main store's copy may lag by its coalescing window.
      const told = mark?.status ?? rec.lastNotifiedStatus;
      await this.outbox.requeue(keys.card(id), rec.chatId, { kind: "card", exchangeId: id }, { ttlMs: TTL.card });
      if (told !== rec.status) {
        for (const status of milestonesBetween(told, rec.status)) {
          await this.outbox.enqueue(
            keys.milestone(id, status),
            rec.chatId,
            { kind: "milestone", exchangeId: id, status },
            { ttlMs: TTL.milestone },
          );
        }
        // After the entries (a crash in between queues them again, under the same keys), and only
        // from the mark read above: one moved meanwhile by another process queued its own notices.
        await marks.update(id, (current) => (current?.status === mark?.status ? { status: rec.status } : current));
      }
      await this.outbox.durable();
      if (rec.lastNotifiedStatus !== rec.status) await store.exchanges.update(id, { lastNotifiedStatus: rec.status });
    });
  }

  /**
   * Queues a pre-rendered message (an alert to a support chat) once under `key`; durable on return.
   * With `keepWhenForbidden` a 403 does not drop it: it waits until the chat opens the bot (an
   * admin who has not pressed Start yet), within its TTL.
   */
  async message(
    key: string,
    chatId: number,
    text: string,
    replyMarkup?: InlineKeyboardMarkup,
    options: { keepWhenForbidden?: boolean } = {},
  ): Promise<void> {
    await this.outbox.enqueue(key, chatId, { kind: "text", text, html: true, replyMarkup }, { ttlMs: TTL.alert, ...options });
    await this.outbox.durable();
  }

  /** Whether a message key was ever queued for `chatId` (and not yet pruned). */
  async has(key: string, chatId: number): Promise<boolean> {
    return (await this.outbox.get(key, chatId)) !== undefined;
  }

  /**
   * Drops finished outbox entries and notice marks the main store has caught up with, once the
   * main store has written what it holds now (so the flags that replace them are on disk).
   */
  async prune(): Promise<number> {
    const { store, live } = this.#opts;
    const marks = live.kv<{ status: ExchangeStatus }>(NOTIFIED_NAMESPACE);
    const covered: Array<[string, { status: ExchangeStatus }]> = [];
    for (const [id, m] of await marks.entries()) {
      const rec = await store.exchanges.get(id);
      if (!rec || rec.lastNotifiedStatus === m.status) covered.push([id, m]);
    }
    const cards = live.kv<number>(CARDS_NAMESPACE);
    const cardsCovered: Array<[string, number]> = [];
    for (const [id, messageId] of await cards.entries()) {
      const rec = await store.exchanges.get(id);
      if (!rec || rec.cardMessageId === messageId) cardsCovered.push([id, messageId]);
    }
    const n = await this.outbox.prune(() => store.whenDurable());
    // Each removed only if unchanged since it was read: a newer card or mark stays.
    if (cardsCovered.length > 0) {
      await store.whenDurable();
      for (const [id, messageId] of cardsCovered) await cards.update(id, (current) => (current === messageId ? undefined : current));
    }
    if (covered.length > 0) {
      await store.whenDurable();
      for (const [id, m] of covered) await marks.update(id, (current) => (current?.status === m.status ? undefined : current));
    }
    return n + covered.length + cardsCovered.length;
  }

  /** The message id of exchange `rec`'s live card, as written through (or as the record has it). */
  async cardMessageOf(rec: ExchangeRecord): Promise<number | undefined> {
    return (await this.#opts.live.kv<number>(CARDS_NAMESPACE).get(rec.id)) ?? rec.cardMessageId;
  }

  /**
   * Sends a fresh card for `rec` and makes it the live one (its id written through at once).
   * /status and "already created" use it; call under the exchange's card lock.
   */
  async sendCard(rec: ExchangeRecord, t?: Translate): Promise<number> {
    const card = renderOrderCard(rec, t ?? (await this.#translator(rec.chatId)));
    const sent = await this.#opts.api.sendMessage(rec.chatId, card.text, { reply_markup: card.reply_markup });
    await this.#rememberCard(rec.id, sent.message_id);
    return sent.message_id;
  }

  async #rememberCard(id: string, messageId: number): Promise<void> {
    const { store, live } = this.#opts;
    await live.kv<number>(CARDS_NAMESPACE).set(id, messageId);
    if (await store.exchanges.has(id)) await store.exchanges.update(id, { cardMessageId: messageId });
  }

  #queueDeposit(record: ExchangeRecord, coins: InstructionCoins | undefined): Promise<boolean> {
    return this.outbox.enqueue(
      keys.deposit(record.id),
      record.chatId,
      { kind: "deposit", exchangeId: record.id, coins },
      { ttlMs: TTL.deposit },
    );
  }

  async #markQueued(id: string): Promise<void> {
    const { store } = this.#opts;
    const rec = await store.exchanges.get(id);
    if (rec && !rec.instructionsQueued) await store.exchanges.update(id, { instructionsQueued: true });
  }

  #translator(chatId: number): Promise<Translate> {
    return chatTranslator(this.#opts.t, this.#opts.store, chatId);
  }

  async #coins(record: ExchangeRecord): Promise<InstructionCoins> {
    const list = (await this.#opts.currencies?.().catch(() => undefined)) ?? [];
    const coin = (code: string) => {
      const c = list.find((x) => x.code === code);
      return { code, network: c?.network, tagName: c?.tagName ?? "" };
    };
    return { from: coin(record.from), to: coin(record.to) };
  }

  async #deliver(entry: OutboxEntry<DeliveryPayload>, confirmed: (progress: number) => Promise<void>): Promise<"sent" | "obsolete"> {
    const { api, store } = this.#opts;
    const p = entry.payload;
    if (p.kind === "text") {
      await api.sendMessage(entry.chatId, p.text, { ...(p.html ? {} : PLAIN_TEXT), reply_markup: p.replyMarkup });
      return "sent";
    }
    const rec = await store.exchanges.get(p.exchangeId);
    if (!rec) return "obsolete";
    const t = await this.#translator(rec.chatId);
    switch (p.kind) {
      case "deposit": {
        // Instructions to pay into an order that no longer waits for a deposit would mislead.
        if (rec.status !== "waiting_deposit") return "obsolete";
        const parts = depositParts(rec, p.coins ?? (await this.#coins(rec)), t);
        for (let i = entry.progress; i < parts.length; i++) {
          const part = elementAt(parts, i);
          // The card part replaces the live card: under the exchange's card lock, which is also
          // held while its message id is written through and onto the record.
          if (part.kind === "card") {
            await withExchangeLock(store, rec.id, async () => {
              const messageId = await sendDepositPart(api, (await store.exchanges.get(rec.id)) ?? rec, part, t);
              await this.#rememberCard(rec.id, messageId);
            });
          } else {
            await sendDepositPart(api, rec, part, t);
          }
          await confirmed(i + 1);
        }
        return "sent";
      }
      case "milestone": {
        const text = renderMilestone(rec, p.status, t);
        if (!text) return "obsolete";
        await api.sendMessage(rec.chatId, text);
        return "sent";
      }
      case "card":
        await withExchangeLock(store, rec.id, async () => this.#updateCard((await store.exchanges.get(rec.id)) ?? rec, t));
        return "sent";
    }
  }

  /** Edits the live card in place; sends a new one when there is none or it cannot be edited. */
  async #updateCard(rec: ExchangeRecord, t: Translate): Promise<void> {
    const { api } = this.#opts;
    const cardMessageId = await this.cardMessageOf(rec);
    if (cardMessageId !== undefined) {
      const card = renderOrderCard(rec, t);
      try {
        await api.editMessageText(rec.chatId, cardMessageId, card.text, { reply_markup: card.reply_markup });
        return;
      } catch (err) {
        if (isNotModified(err)) return;
        // Any other 400 means this message cannot be edited any more (deleted, too old, not
        // found): the card is sent again below. Everything else is the outbox's to retry.
        if (!(err instanceof GrammyError && err.error_code === 400)) throw err;
        this.#opts.logger.info(
          { exchangeId: rec.id, description: err.description },
          "delivery: the card cannot be edited; sending it again",
        );
      }
    } else if (rec.status === "waiting_deposit" && !rec.instructionsQueued) {
      // The instructions (which end with the card) are still to come: nothing to edit yet.
      return;
    }
    await this.sendCard(rec, t);
  }
}
