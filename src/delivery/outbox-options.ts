/**
 * The outbox's face to its owner (delivery.ts, tests): what it is given (where entries are kept,
 * how one is sent, what to tell when a chat refuses) and what it tells (its events). The loop
 * that uses them is outbox.ts.
 */
import type { DataStore } from "../store/data-store.js";
import type { OutboxEntry } from "./outbox-entry.js";
import type { QueueStorage } from "./queue-storage.js";

/** What a deliverer reports about an entry it was handed. */
type DeliveryResult = "sent" | "obsolete";

/**
 * Sends one entry. `confirmed(n)` must be awaited after the n-th message of the entry was
 * confirmed (it makes that durable); a deliverer starts at part `entry.progress`.
 */
export type Deliverer<P> = (entry: OutboxEntry<P>, confirmed: (progress: number) => Promise<void>) => Promise<DeliveryResult>;

/** The least of a logger the outbox needs. */
export interface OutboxLogger {
  info(fields: object, msg?: string): void;
  warn(fields: object, msg?: string): void;
  error(fields: object, msg?: string): void;
}

/** What the outbox tells its listeners (`Outbox.on`); listeners must not throw. */
export interface OutboxEvents<P> {
  /**
   * An entry of `chatId` was queued (or woken): with replicas, only the leader sends, so the others
   * tell it which chat to read again (app.ts).
   */
  queued: { chatId: number };
  /** Telegram confirmed every message of `entry`. */
  sent: { entry: OutboxEntry<P> };
  /** `entry` ended unsent ("blocked", "failed", "expired", "obsolete": its `state`). */
  failed: { entry: OutboxEntry<P> };
  /**
   * Entries of `chatId` wait for the chat's next update: with replicas, that update may reach
   * another process, whose `Outbox.wake` must know (app.ts passes it on; `Outbox.knowParked`).
   */
  parked: { chatId: number };
  /** `chatId` has nothing left to send now (parked entries wait for `Outbox.wake`, not for time). */
  drained: { chatId: number };
}

/** Options of the `Outbox`. */
export interface OutboxOptions<P> {
  /** Where the entries are kept: the store (its "outbox" namespace is written through), or a {@link QueueStorage}. */
  storage: Pick<DataStore, "kv" | "outbox"> | QueueStorage<P>;
  deliver: Deliverer<P>;
  /**
   * Told when a chat answered 403 (the person blocked the bot), before its entries are marked: what
   * it records is written first, so the store keeps it before the marks (data-store.ts).
   */
  onBlocked?: (chatId: number) => Promise<void>;
  /** Whether a chat is known to have blocked the bot: its entries end without a send. */
  isBlocked?: (chatId: number) => Promise<boolean>;
  logger: OutboxLogger;
  now?: () => Date;
  /** First retry delay; doubles per attempt. Default 2 s. */
  retryBaseMs?: number;
  /** Longest retry delay. Default 5 minutes. */
  retryMaxMs?: number;
  /** How long finished entries are kept before `Outbox.prune` may drop them. Default 10 minutes. */
  keepDoneMs?: number;
  /** Chats served at once. Default 8 (Telegram allows about 30 messages/s overall). */
  concurrency?: number;
}
