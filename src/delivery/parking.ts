/**
 * The outbox's parking rules: which of a chat's entries wait for the chat's next update instead of
 * for time, and how that wait ends. Telegram answers 403 both to a person who blocked the bot and
 * to one who never opened it ("bot can't initiate conversation"): for most entries that is the
 * end, but an admin who has not pressed Start yet must not lose support's first alerts for good.
 *
 * - **Parked or ended.** On a 403 (or for a chat already known to have blocked the bot), an entry
 *   queued with `keepWhenForbidden` is parked; every other pending entry of the chat ends
 *   "blocked" (it would meet the same 403).
 * - **Woken by the chat.** Any update from the chat makes its parked entries due again, in their
 *   order ({@link ChatParking.wake}). A new entry for the chat starts it again from its oldest
 *   entry, parked or not, so order holds even if a wake was missed (chat-heads.ts, and the query
 *   of store/postgres/outbox-heads.ts).
 * - **Until their deadline.** A parked entry waits for its chat no longer than its TTL: past it,
 *   it ends "expired" ({@link ChatParking.expire}, run by the outbox's prune).
 * - **Nothing due.** A chat whose pending entries are all parked has nothing to send now: it is
 *   drained, and waits for an update, not for a clock.
 *
 * The rules are pure functions over entries (unit-tested in test/delivery/parking.test.ts);
 * {@link ChatParking} applies them to the stored entries for the sender (outbox.ts) and knows which
 * chats have parked entries, so that the wake called on every update is cheap for the others.
 */
import type { QueueStorage } from "./queue-storage.js";
import type { OutboxEntry, OutboxState } from "./outbox-entry.js";
import type { OutboxLogger, OutboxOptions } from "./outbox-options.js";

/** Whether `entry` is pending and waits for its chat's next update rather than for time. */
export function isParked<P>(entry: OutboxEntry<P>): boolean {
  return entry.state === "pending" && entry.parked === true;
}

/** Whether a chat whose pending entries are `pending` has nothing to send now: none, or only parked ones. */
export function nothingDue<P>(pending: ReadonlyArray<OutboxEntry<P>>): boolean {
  return !pending.some((e) => !e.parked);
}

/** What a 403 does to `entry`: it is kept, parked, for when the chat opens the bot, or it ends "blocked". */
export function fateOnForbidden<P>(entry: OutboxEntry<P>): "park" | "blocked" {
  return entry.keepWhenForbidden ? "park" : "blocked";
}

/** One entry's fate after a 403: its parked copy to store, or the entry to end "blocked". */
export type ForbiddenFate<P> = { fate: "park"; entry: OutboxEntry<P> } | { fate: "blocked"; entry: OutboxEntry<P> };

/**
 * What becomes of a chat's pending entries (`pending`, as read) after Telegram refused `tried`
 * with a 403, in the order read. `tried` stands for its own stored copy, as it carries the
 * progress made.
 */
export function afterForbidden<P>(pending: ReadonlyArray<OutboxEntry<P>>, tried: OutboxEntry<P>): Array<ForbiddenFate<P>> {
  return pending.map((read) => {
    const entry = read.key === tried.key ? tried : read;
    return fateOnForbidden(entry) === "park" ? { fate: "park", entry: { ...entry, parked: true } } : { fate: "blocked", entry };
  });
}

/**
 * The stored entry `current` woken at `nowIso` (due now, parked no more); `current` itself when it
 * is not parked any more (sent or woken meanwhile, or gone).
 */
export function woken<P>(current: OutboxEntry<P> | undefined, nowIso: string): OutboxEntry<P> | undefined {
  if (current === undefined || !isParked(current)) return current;
  const awake: OutboxEntry<P> = { ...current, nextAt: nowIso };
  delete awake.parked;
  return awake;
}

/** The parked entries of `entries` whose deadline is not after `nowIso`: they wait no longer. */
export function parkedPastDeadline<P>(entries: ReadonlyArray<OutboxEntry<P>>, nowIso: string): Array<OutboxEntry<P>> {
  return entries.filter((e) => isParked(e) && e.expiresAt <= nowIso);
}

/** The chats with a parked entry among `entries`. */
export function chatsWithParked<P>(entries: ReadonlyArray<OutboxEntry<P>>): Set<number> {
  return new Set(entries.filter((e) => isParked(e)).map((e) => e.chatId));
}

/** What {@link ChatParking} works with: the sender's storage and its ways of ending and telling. */
export interface ParkingOptions<P> {
  storage: QueueStorage<P>;
  /** Resolves once the sender has read the stored entries (it learns the parked chats then). */
  ready: () => Promise<void>;
  /** `chatId`'s pending entries. */
  pending: (chatId: number) => Promise<Array<OutboxEntry<P>>>;
  /** Ends `entry` in `state`, durably, and tells of it. */
  finish: (entry: OutboxEntry<P>, state: OutboxState) => Promise<void>;
  /** Entries of `chatId` were woken: the sender reads the chat again and sends soon. */
  woke: (chatId: number) => void;
  /** Tells the outbox's event of `chatId`: entries were parked, or nothing is due any more. */
  tell: (event: "parked" | "drained", chatId: number) => void;
  /** Told when a chat answered 403, before its entries are marked (the outbox's option of that name). */
  onBlocked?: OutboxOptions<P>["onBlocked"];
  logger: OutboxLogger;
  now: () => Date;
}

/** The parking rules applied to the stored entries; see the module comment. */
export class ChatParking<P> {
  readonly #opts: ParkingOptions<P>;
  /** Chats with parked entries: {@link wake} is called on every update, and must be cheap. */
  readonly #chats = new Set<number>();

  constructor(opts: ParkingOptions<P>) {
    this.#opts = opts;
  }

  /** Learns the chats with parked entries among `entries` (the stored ones, read at start or again). */
  learn(entries: ReadonlyArray<OutboxEntry<P>>): void {
    for (const chatId of chatsWithParked(entries)) this.#chats.add(chatId);
  }

  /** Another process parked entries of `chatId`: its next update here wakes them. */
  know(chatId: number): void {
    this.#chats.add(chatId);
  }

  /**
   * Telegram refused `tried` (the entry just tried, with its progress) with a 403, `description`
   * its words: the chat is recorded as blocked, then every pending entry of it ends or is parked.
   */
  async refused(tried: OutboxEntry<P>, description: string): Promise<void> {
    const chatId = tried.chatId;
    this.#opts.logger.info(
      { entry: tried.key, chatId, description },
      "outbox: Telegram refuses messages to this chat (blocked, or it never opened the bot)",
    );
    // The cause is recorded before its consequences: whoever sees an entry ended "blocked"
    // (support, a test, the next start after a crash) finds the chat marked blocked too, and a
    // crash in between leaves the entries pending, to end unsent via `isBlocked` at restart.
    try {
      await this.#opts.onBlocked?.(chatId);
    } catch (hookErr) {
      this.#opts.logger.error({ err: hookErr, chatId }, "outbox: onBlocked failed");
    }
    // Every pending entry of this chat would meet the same 403: each ends, or waits for the
    // chat to open the bot (support's alerts).
    await this.park(chatId, tried);
  }

  /**
   * `chatId` cannot be written to (a 403, or known to have blocked the bot): its entries kept for
   * later are parked, the rest end "blocked". `tried` is the entry just tried, with its progress.
   */
  async park(chatId: number, tried: OutboxEntry<P>): Promise<void> {
    let parked = 0;
    for (const { fate, entry } of afterForbidden(await this.#opts.pending(chatId), tried)) {
      if (fate === "park") {
        await this.#opts.storage.put(entry);
        parked++;
      } else {
        await this.#opts.finish(entry, "blocked");
      }
    }
    if (parked > 0) {
      this.#chats.add(chatId);
      this.#opts.logger.warn(
        { chatId, entries: parked },
        "outbox: kept for when this chat opens the bot (support staff must press Start once)",
      );
      this.#opts.tell("parked", chatId);
    }
    // Nothing of this chat is due any more: what is left waits for its next update.
    this.#opts.tell("drained", chatId);
  }

  /**
   * The chat can be written to now (its person or group just sent the bot an update): its parked
   * entries are due again, in their order. Cheap when the chat has none; never rejects (a store
   * that cannot be written is logged, and the entries stay parked for the next update).
   */
  async wake(chatId: number): Promise<void> {
    try {
      await this.#opts.ready();
      if (!this.#chats.has(chatId)) return;
      this.#chats.delete(chatId);
      const now = this.#opts.now().toISOString();
      let n = 0;
      for (const e of await this.#opts.pending(chatId)) {
        if (!e.parked) continue;
        await this.#opts.storage.update(chatId, e.key, (current) => woken(current, now));
        n++;
      }
      if (n > 0) {
        this.#opts.logger.info({ chatId, entries: n }, "outbox: the chat can be written to now; sending what was kept for it");
        // With replicas the sender may be another process.
        this.#opts.woke(chatId);
      }
    } catch (err) {
      this.#chats.add(chatId);
      this.#opts.logger.error({ err, chatId }, "outbox: could not wake the chat's kept entries; trying again on its next update");
    }
  }

  /**
   * Ends "expired" the parked entries past their deadline (a chat that never opens the bot must
   * not keep them forever); returns their chats, one per entry ended.
   */
  async expire(): Promise<number[]> {
    const ended: number[] = [];
    const nowIso = this.#opts.now().toISOString();
    for (const e of parkedPastDeadline(await this.#opts.storage.all(), nowIso)) {
      await this.#opts.finish(e, "expired");
      ended.push(e.chatId);
    }
    return ended;
  }
}
