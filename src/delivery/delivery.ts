/**
 * What goes through the outbox, and how each kind is sent: deposit instructions, an order card
 * update, a milestone notice, and pre-rendered messages (support alerts).
 *
 * Deposit instructions: enqueued (durably) right after the exchange is stored; an exchange whose
 * instructions were never enqueued (a crash in between) is found at start-up by
 * {@link Delivery.reconcile}. Once enqueued, `instructionsQueued` is set on the exchange record in
 * the main store; the outbox entry is what stops a repeat until that flag is durable.
 *
 * Status notices: the tracker queues them here the moment it has recorded a change
 * ({@link Delivery.notice}); there is no other queue in front of the outbox. Store first still
 * holds: the status is written before its notice is queued, and the store keeps writes in order
 * (data-store.ts), so the notice's entry, which the sender sees only once it is durable, never
 * reaches the disk without the status it tells. What to say is {@link compose}'s (compose.ts),
 * from the record as stored when it is sent.
 *
 * Delivery is the outbox's only face: callers queue through it, wait through it
 * ({@link Delivery.whenSent}, {@link Delivery.whenDrained}) and listen to it ({@link Delivery.on}).
 */
import { createHash } from "node:crypto";
import type { Api } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { ExchangeRecord, ExchangeStatus } from "../domain/types.js";
import type { DataStore } from "../store/data-store.js";
import { chatTranslator, type Translate, type Translator } from "../messages/i18n.js";
import { PLAIN_TEXT } from "../messages/html-by-default.js";
import { BLANK } from "../messages/html.js";
import { sendDepositPart, type InstructionCoins } from "../messages/deposit-instructions.js";
import { renderOrderCard, type RenderOptions } from "../messages/order-card.js";
import type { RenderedMessage } from "../messages/rendered-message.js";
import { explorerTxUrl, PAYOUT_STATUSES } from "../domain/explorer.js";
import { compose, type Composition, type DeliveryPayload } from "./compose.js";
import type { Currency } from "../domain/types.js";
import { elementAt } from "../domain/checked.js";
import { awaitsDeposit, awaitsLateDepositChoice, isFinalStatus, milestonesBetween } from "../domain/status.js";
import { withExchangeLock, withNoticeLock } from "./locks.js";
import { isNotModified, isRefusedForGood, telegramErrorText } from "./telegram-errors.js";
import { Outbox, type OutboxEntry, type OutboxEvents, type OutboxLogger } from "./outbox.js";
import { namespace } from "../store/namespace.js";

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

/** Keys of the entries (deterministic: the same notice always has the same key). */
export const keys = {
  deposit: (id: string) => `dep:${id}`,
  card: (id: string) => `card:${id}`,
  milestone: (id: string, status: ExchangeStatus) => `ms:${id}:${status}`,
  /** The late-deposit message: once per exchange, whatever the service says after. */
  lateDeposit: (id: string) => `late:${id}`,
  alert: (alertKey: string, chatId: number) => `alert:${alertKey}:${chatId}`,
};

/** The store's namespace of "notices enqueued up to this status", per exchange. */
export const NOTIFIED_NAMESPACE = namespace<{ status: ExchangeStatus }>("notified", "through", { live: true });

/**
 * The store's namespace of the live card's message id, per exchange: written through with the
 * send, so after a crash the card is edited, not sent a second time. The record's `cardMessageId`
 * (main store) takes over once it is durable.
 */
export const CARDS_NAMESPACE = namespace<number>("cards", "through", { live: true });

/**
 * The store's namespace of what the live card shows, per exchange: its message id and a digest of
 * its text and buttons, written after Telegram took them. An update that would show the same (a
 * status check that filled in a figure the card already showed) is not sent: Telegram answers an
 * edit that changes nothing with 400 "message is not modified". Written through, in the small file:
 * the restarted bot queues every open exchange's card again, and a digest lost with the process
 * made each such card's first edit one of those 400s (2 to 4 a run in the crash soak). A card
 * changes with its status only, so the write is rare.
 */
const CARD_SHOWN_NAMESPACE = namespace<string>("card-shown", "through", { live: true });

/** The live card as {@link CARD_SHOWN_NAMESPACE} keeps it: "<message id>:<digest of text and buttons>". */
function cardShown(messageId: number, card: RenderedMessage): string {
  const digest = createHash("sha256")
    .update(card.text)
    .update("\0")
    .update(JSON.stringify(card.reply_markup ?? null));
  return `${messageId}:${digest.digest("base64url").slice(0, 22)}`;
}

/** Options of {@link Delivery}. */
export interface DeliveryOptions {
  /** The one store: which of its namespaces are written through is its business (store/durability.ts). */
  store: DataStore;
  api: Api;
  t: Translator;
  logger: OutboxLogger;
  /** The catalog's currencies, for the coins' labels in instructions enqueued without them. */
  currencies?: () => Promise<Currency[]>;
  /**
   * The late-deposit message offers the choice (continue or refund) rather than "contact
   * support": the service takes it (PARTNER_FEATURES has `emergency`). Default false.
   */
  offerLateDepositChoice?: boolean;
  /**
   * Block explorer templates by coin code or network (config `explorerUrls`): a payout's
   * transaction id on the card and the success notice links there. None: shown without a link.
   */
  explorers?: Readonly<Record<string, string>>;
  now?: () => Date;
  retryBaseMs?: number;
}

/** What {@link Delivery.on} tells: the outbox's events (see {@link OutboxEvents}). */
export type DeliveryEvents = OutboxEvents<DeliveryPayload>;

/** The outbox and the ways into it; one per app. */
export class Delivery {
  readonly #outbox: Outbox<DeliveryPayload>;
  readonly #opts: DeliveryOptions;
  readonly #now: () => Date;
  /** Exchanges whose notice could not be queued (the store failed): tried again by {@link retryOwed}. */
  readonly #owed = new Set<string>();

  constructor(opts: DeliveryOptions) {
    this.#opts = opts;
    this.#now = opts.now ?? (() => new Date());
    this.#outbox = new Outbox<DeliveryPayload>({
      storage: opts.store,
      deliver: (entry, confirmed) => this.#deliver(entry, confirmed),
      onBlocked: async (chatId) => {
        // Undefined (nothing written) for a chat that is not a known user. Made before the outbox
        // marks the chat's entries "blocked", so the store keeps it first: the mark support reads
        // never lags the entries'.
        await opts.store.users.setBlocked(chatId, true);
      },
      isBlocked: async (chatId) => (await opts.store.users.get(chatId))?.blocked === true,
      logger: opts.logger,
      now: this.#now,
      retryBaseMs: opts.retryBaseMs,
    });
  }

  /** Calls `listener` on every `event` of the outbox from now on; returns its removal. */
  on<K extends keyof DeliveryEvents>(event: K, listener: (payload: DeliveryEvents[K]) => void): () => void {
    return this.#outbox.on(event, listener);
  }

  /** Starts sending (what the last run left first). */
  start(): void {
    this.#outbox.start();
  }

  /** Sends nothing more once the message in flight is marked; waiters give up. Entries stay for the next start. */
  stop(): Promise<void> {
    return this.#outbox.stop();
  }

  /** Resolves when nothing is being sent and nothing pending is due (see {@link Outbox.idle}). */
  idle(): Promise<void> {
    return this.#outbox.idle();
  }

  /** Another process queued for `chatId` (or, without a chat, anywhere): the sender looks again. */
  poke(chatId?: number): void {
    this.#outbox.poke(chatId);
  }

  /** `chatId` wrote to the bot: what was kept for it is due again (see {@link Outbox.wake}). */
  wake(chatId: number): Promise<void> {
    return this.#outbox.wake(chatId);
  }

  /** Another process parked entries of `chatId`: its next update here wakes them. */
  knowParked(chatId: number): void {
    this.#outbox.knowParked(chatId);
  }

  /** Reads again which chats have parked entries (news of some may have been missed). */
  relearnParked(): Promise<void> {
    return this.#outbox.relearnParked();
  }

  /** Makes every pending entry due now (support's "retry now", tests). */
  retryNow(): Promise<void> {
    return this.#outbox.retryNow();
  }

  /** Entries waiting to be sent (all chats, or one). */
  pending(chatId?: number): Promise<Array<OutboxEntry<DeliveryPayload>>> {
    return this.#outbox.pending(chatId);
  }

  /** `chatId`'s entry under `key`, if any (a copy). */
  entry(key: string, chatId: number): Promise<OutboxEntry<DeliveryPayload> | undefined> {
    return this.#outbox.get(key, chatId);
  }

  /** Counters of the sender (tests, logs). */
  get stats(): Outbox["stats"] {
    return this.#outbox.stats;
  }

  /** Another process (the sending replica) says `chatId`'s entries changed: its waiters here look again. */
  heard(chatId: number): void {
    this.#outbox.heard(chatId);
  }

  /** See {@link Outbox.whenDrained}. */
  whenDrained(chatId: number, timeoutMs: number): Promise<boolean> {
    return this.#outbox.whenDrained(chatId, timeoutMs);
  }

  /** See {@link Outbox.whenSent}. */
  whenSent(key: string, chatId: number, timeoutMs: number): Promise<boolean> {
    return this.#outbox.whenSent(key, chatId, timeoutMs);
  }

  /**
   * Queues the deposit instructions of a stored exchange (once ever) and makes that durable;
   * then waits up to `waitMs` for them to be delivered. Returns whether they were.
   */
  async depositInstructions(record: ExchangeRecord, coins: InstructionCoins | undefined, waitMs = 20_000): Promise<boolean> {
    await this.#queueDeposit(record, coins);
    await this.#markQueued(record.id);
    return this.whenSent(keys.deposit(record.id), record.chatId, waitMs);
  }

  /**
   * Gives the person a way to pay for an exchange they already created: its instructions if they
   * were never delivered, else the order card (which shows the deposit address while it is awaited).
   */
  async offerPayment(record: ExchangeRecord, coins: InstructionCoins | undefined): Promise<void> {
    const { store } = this.#opts;
    const entry = await this.#outbox.get(keys.deposit(record.id), record.chatId);
    const current = (await store.exchanges.get(record.id)) ?? record;
    if (!current.instructionsQueued && !entry) {
      await this.depositInstructions(current, coins);
      return;
    }
    if (entry?.state === "pending") {
      // On their way: they carry the address and the card.
      await this.whenSent(keys.deposit(record.id), record.chatId, 20_000);
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
      if (!awaitsDeposit(rec.status) || rec.instructionsQueued || rec.cardMessageId !== undefined) continue;
      if (now - Date.parse(rec.createdAt) > TTL.deposit) continue;
      if (await this.#queueDeposit(rec, undefined)) n++;
    }
    if (n > 0) {
      logger.warn({ count: n }, "delivery: deposit instructions never queued before the last stop; queued now");
      void (async () => {
        for (const rec of await store.exchanges.open())
          if (await this.#outbox.get(keys.deposit(rec.id), rec.chatId)) await this.#markQueued(rec.id);
      })().catch((err: unknown) => logger.error({ err }, "delivery: could not save the reconciled instructions"));
    }
    return n;
  }

  /**
   * Queues what the person must hear about exchange `id` now: the card brought up to date and
   * the milestone messages between the last status they were told about and the stored one.
   * Durable before it returns, with the status it tells (the store keeps writes in order); the
   * sends follow in the outbox. Never rejects: a notice that cannot be queued is owed
   * ({@link retryOwed}, and {@link catchUp} after a restart).
   */
  async notice(id: string): Promise<void> {
    try {
      await this.#queueNotice(id);
      this.#owed.delete(id);
    } catch (err) {
      this.#owed.add(id);
      this.#opts.logger.warn({ err, exchangeId: id }, "delivery: could not queue the notice; will try again");
    }
  }

  /** Tries again the notices that could not be queued (the poller calls it once per cycle). */
  async retryOwed(): Promise<void> {
    for (const id of [...this.#owed]) await this.notice(id);
  }

  /**
   * At start-up: queues the notice of every exchange whose stored status was never handed to the
   * outbox (a stop or crash between the store write and the notice). Returns how many. One pass
   * over the open exchanges and the recently finished ones (`lastNotifiedStatus` differs).
   */
  async catchUp(): Promise<number> {
    let n = 0;
    for await (const rec of this.#opts.store.exchanges.all()) {
      if (rec.lastNotifiedStatus !== rec.status) {
        await this.notice(rec.id);
        n++;
      }
    }
    return n;
  }

  async #queueNotice(id: string): Promise<void> {
    const { store } = this.#opts;
    await withNoticeLock(store, id, async () => {
      const marks = store.kv(NOTIFIED_NAMESPACE);
      // The mark before the record: a record read after a mark is at least as new as the one the
      // mark was made from (statuses never move back), so `told` never runs ahead of `rec`.
      const mark = await marks.get(id);
      const rec = await store.exchanges.get(id);
      if (!rec) return;
      // The live mark is written through; the main store's copy may lag by its coalescing window.
      const told = mark?.status ?? rec.lastNotifiedStatus;
      await this.#outbox.requeue(keys.card(id), rec.chatId, { kind: "card", exchangeId: id }, { ttlMs: TTL.card });
      if (told !== rec.status) {
        for (const status of milestonesBetween(told, rec.status)) {
          await this.#outbox.enqueue(
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
      // A late deposit waits for the person's word: one message, ever (its key), with the choice
      // or the word to contact support. Composed when sent, so a choice made by then drops it.
      if (awaitsLateDepositChoice(rec) && rec.lateDeposit === undefined) {
        await this.#outbox.enqueue(
          keys.lateDeposit(id),
          rec.chatId,
          { kind: "late-deposit", exchangeId: id, offer: this.#opts.offerLateDepositChoice === true },
          { ttlMs: TTL.milestone },
        );
      }
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
    await this.#outbox.enqueue(key, chatId, { kind: "text", text, html: true, replyMarkup }, { ttlMs: TTL.alert, ...options });
  }

  /** Whether a message key was ever queued for `chatId` (and not yet pruned). */
  async has(key: string, chatId: number): Promise<boolean> {
    return (await this.#outbox.get(key, chatId)) !== undefined;
  }

  /**
   * Drops finished outbox entries and notice marks the main store has caught up with. The flags
   * that replace them were written before they are dropped, so the store keeps those first.
   */
  async prune(): Promise<number> {
    const { store } = this.#opts;
    const marks = store.kv(NOTIFIED_NAMESPACE);
    const covered: Array<[string, { status: ExchangeStatus }]> = [];
    for (const [id, m] of await marks.entries()) {
      const rec = await store.exchanges.get(id);
      if (!rec || rec.lastNotifiedStatus === m.status) covered.push([id, m]);
    }
    const cards = store.kv(CARDS_NAMESPACE);
    const cardsCovered: Array<[string, number]> = [];
    for (const [id, messageId] of await cards.entries()) {
      const rec = await store.exchanges.get(id);
      if (!rec || rec.cardMessageId === messageId) cardsCovered.push([id, messageId]);
    }
    // What a card shows is kept while its exchange can still change: a final card is not edited again.
    const shown = store.kv(CARD_SHOWN_NAMESPACE);
    const shownDone: Array<[string, string]> = [];
    for (const [id, value] of await shown.entries()) {
      const rec = await store.exchanges.get(id);
      if (!rec || isFinalStatus(rec.status)) shownDone.push([id, value]);
    }
    const n = await this.#outbox.prune();
    // Each removed only if unchanged since it was read: a newer card or mark stays.
    for (const [id, messageId] of cardsCovered) await cards.update(id, (current) => (current === messageId ? undefined : current));
    for (const [id, m] of covered) await marks.update(id, (current) => (current?.status === m.status ? undefined : current));
    for (const [id, value] of shownDone) await shown.update(id, (current) => (current === value ? undefined : current));
    return n + covered.length + cardsCovered.length + shownDone.length;
  }

  /** The message id of exchange `rec`'s live card, as written through (or as the record has it). */
  async cardMessageOf(rec: ExchangeRecord): Promise<number | undefined> {
    return (await this.#opts.store.kv(CARDS_NAMESPACE).get(rec.id)) ?? rec.cardMessageId;
  }

  /**
   * Sends a fresh card for `rec` and makes it the live one (its id written through at once).
   * /status and "already created" use it; call under the exchange's card lock.
   */
  async sendCard(rec: ExchangeRecord, t?: Translate): Promise<number> {
    const card = renderOrderCard(rec, t ?? (await this.#translator(rec.chatId)), await this.#renderOptions(rec));
    const sent = await this.#opts.api.sendMessage(rec.chatId, card.text, { reply_markup: card.reply_markup });
    await this.#rememberCard(rec.id, sent.message_id);
    await this.#opts.store.kv(CARD_SHOWN_NAMESPACE).set(rec.id, cardShown(sent.message_id, card));
    return sent.message_id;
  }

  async #rememberCard(id: string, messageId: number): Promise<void> {
    const { store } = this.#opts;
    await store.kv(CARDS_NAMESPACE).set(id, messageId);
    if (await store.exchanges.has(id)) await store.exchanges.update(id, { cardMessageId: messageId });
  }

  #queueDeposit(record: ExchangeRecord, coins: InstructionCoins | undefined): Promise<boolean> {
    return this.#outbox.enqueue(
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

  /**
   * The explorer link of `record`'s payout, when it has one: the network of the coin it pays out
   * in comes from the catalog (the record keeps codes only), the template from `explorers`.
   */
  async #renderOptions(record: ExchangeRecord): Promise<RenderOptions> {
    const { explorers } = this.#opts;
    if (!explorers || !record.txId || !PAYOUT_STATUSES.has(record.status)) return {};
    const list = (await this.#opts.currencies?.().catch(() => undefined)) ?? [];
    const network = list.find((c) => c.code === record.to)?.network;
    const txUrl = explorerTxUrl(explorers, { code: record.to, network }, record.txId);
    return txUrl === undefined ? {} : { txUrl };
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
    if (p.kind === "text")
      return this.#send(
        entry.chatId,
        compose(p, undefined, () => BLANK),
      );
    const rec = await store.exchanges.get(p.exchangeId);
    if (!rec) return "obsolete";
    const t = await this.#translator(rec.chatId);
    if (p.kind === "card") {
      // Composed under the card lock, from the record as it is then.
      return withExchangeLock(store, rec.id, async () => {
        const current = (await store.exchanges.get(rec.id)) ?? rec;
        const said = compose(p, current, t, undefined, await this.#renderOptions(current));
        if (said.kind !== "card") return "obsolete";
        await this.#updateCard(current, said.card, t);
        return "sent";
      });
    }
    const said = compose(
      p,
      rec,
      t,
      p.kind === "deposit" && !p.coins ? await this.#coins(rec) : undefined,
      p.kind === "milestone" ? await this.#renderOptions(rec) : {},
    );
    if (said.kind !== "deposit") return this.#send(rec.chatId, said);
    for (let i = entry.progress; i < said.parts.length; i++) {
      const part = elementAt(said.parts, i);
      // The card part replaces the live card: under the exchange's card lock, which is also
      // held while its message id is written through and onto the record.
      if (part.kind === "card") {
        await withExchangeLock(store, rec.id, async () => {
          await this.sendCard((await store.exchanges.get(rec.id)) ?? rec, t);
        });
      } else {
        await sendDepositPart(api, rec, part, t);
      }
      await confirmed(i + 1);
    }
    return "sent";
  }

  /** Sends a one-message composition; "obsolete" when there is nothing to say any more. */
  async #send(chatId: number, said: Composition): Promise<"sent" | "obsolete"> {
    if (said.kind !== "message") return "obsolete";
    await this.#opts.api.sendMessage(chatId, said.text, { ...(said.html ? {} : PLAIN_TEXT), reply_markup: said.replyMarkup });
    return "sent";
  }

  /** Edits the live card in place; sends a new one when there is none or it cannot be edited. */
  async #updateCard(rec: ExchangeRecord, card: RenderedMessage, t: Translate): Promise<void> {
    const { api } = this.#opts;
    const cardMessageId = await this.cardMessageOf(rec);
    if (cardMessageId !== undefined) {
      const shown = this.#opts.store.kv(CARD_SHOWN_NAMESPACE);
      const now = cardShown(cardMessageId, card);
      // The card already shows this: nothing to send (see CARD_SHOWN_NAMESPACE).
      if ((await shown.get(rec.id)) === now) return;
      try {
        await api.editMessageText(rec.chatId, cardMessageId, card.text, { reply_markup: card.reply_markup });
        await shown.set(rec.id, now);
        return;
      } catch (err) {
        if (isNotModified(err)) {
          await shown.set(rec.id, now);
          return;
        }
        // Any other 400 means this message cannot be edited any more (deleted, too old, not
        // found): the card is sent again below. Everything else is the outbox's to retry.
        if (!isRefusedForGood(err)) throw err;
        this.#opts.logger.info(
          { exchangeId: rec.id, description: telegramErrorText(err) },
          "delivery: the card cannot be edited; sending it again",
        );
      }
    } else if (awaitsDeposit(rec.status) && !rec.instructionsQueued) {
      // The instructions (which end with the card) are still to come: nothing to edit yet.
      return;
    }
    await this.sendCard(rec, t);
  }
}
