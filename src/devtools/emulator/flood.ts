/**
 * Telegram's flood limits for sending messages, as token buckets: about one message per second
 * into one chat (with a short burst allowed), twenty per minute into one group, thirty per second
 * over all chats. A send past a limit is answered 429 with `retry_after`, the whole seconds until
 * it would pass, and is not counted. Off unless the emulator is started with `floodLimits`: tests
 * stay fast, the playground paces like Telegram so the bot's own pacing is exercised.
 *
 * Only sends are counted (sendMessage, sendPhoto, sendDocument). Telegram also slows down floods of edits and
 * callback answers, but documents no figure for them, so the emulator does not guess one.
 */
import { tooManyRequests } from "./errors.js";

/** The limits; every field has Telegram's documented (or commonly measured) value as its default. */
export interface FloodLimits {
  /** Sustained messages per second into one private chat. Default 1. */
  perChatPerSecond: number;
  /** Messages a private chat takes at once before the pacing starts. Default 5. */
  perChatBurst: number;
  /** Sustained messages per minute into one group or supergroup. Default 20. */
  perGroupPerMinute: number;
  /** Messages a group takes at once. Default 5. */
  perGroupBurst: number;
  /** Sustained messages per second over all chats. Default 30. */
  globalPerSecond: number;
  /** Messages over all chats at once. Default 30. */
  globalBurst: number;
}

const TELEGRAM_FLOOD_LIMITS: Readonly<FloodLimits> = {
  perChatPerSecond: 1,
  perChatBurst: 5,
  perGroupPerMinute: 20,
  perGroupBurst: 5,
  globalPerSecond: 30,
  globalBurst: 30,
};

/** A bucket that refills continuously at `rate` tokens per ms up to `capacity`. */
class Bucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly capacity: number,
    private readonly ratePerMs: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.updatedAt = now;
  }

  /** Milliseconds until one token is there (0: there is one now). */
  waitMs(now: number): number {
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.updatedAt) * this.ratePerMs);
    this.updatedAt = now;
    return this.tokens >= 1 ? 0 : (1 - this.tokens) / this.ratePerMs;
  }

  take(): void {
    this.tokens -= 1;
  }
}

/** The flood limits of one emulator: a bucket per chat and one for everything. */
export class FloodControl {
  readonly limits: Readonly<FloodLimits>;
  private readonly chats = new Map<number, Bucket>();
  private readonly global: Bucket;

  constructor(
    limits: Partial<FloodLimits> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.limits = { ...TELEGRAM_FLOOD_LIMITS, ...limits };
    for (const [name, value] of Object.entries(this.limits)) {
      if (!(typeof value === "number" && value > 0 && Number.isFinite(value)))
        throw new Error(`flood limit ${name} must be a positive number`);
    }
    this.global = new Bucket(this.limits.globalBurst, this.limits.globalPerSecond / 1000, this.now());
  }

  /**
   * Counts one message into `chatId`, or throws Telegram's 429 (with `retry_after`) when a limit
   * would be passed; a refused message is not counted.
   */
  take(chatId: number, isGroup: boolean): void {
    const now = this.now();
    let chat = this.chats.get(chatId);
    if (chat === undefined) {
      chat = isGroup
        ? new Bucket(this.limits.perGroupBurst, this.limits.perGroupPerMinute / 60_000, now)
        : new Bucket(this.limits.perChatBurst, this.limits.perChatPerSecond / 1000, now);
      this.chats.set(chatId, chat);
    }
    const waitMs = Math.max(chat.waitMs(now), this.global.waitMs(now));
    if (waitMs > 0) throw tooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)));
    chat.take();
    this.global.take();
  }
}
