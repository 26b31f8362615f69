/**
 * The outbox: everything a person (or support) must receive goes through here, so that nothing
 * shown is lost or repeated across a crash.
 *
 * - **Durable before visible.** An entry is written to the small write-through store (`live.json`)
 *   and that write has reached the disk before its first message is sent.
 * - **Marked when Telegram confirms.** After each confirmed message the entry's progress (or its
 *   "sent" state) is written and flushed before the next message of that chat is considered. After
 *   a kill at any moment, at most the one message in flight at the kill is sent again.
 * - **Once per key.** Keys are deterministic ("ms:<exchange>:success", "dep:<exchange>"), and an
 *   entry is never enqueued twice: a notice recomputed after a restart finds its entry and stops.
 * - **In order per chat.** A chat's entries are sent one at a time in the order they were queued;
 *   an entry that fails holds back the later ones of its chat (instructions must not arrive with
 *   the QR code before the address), never other chats.
 * - **Retried with backoff** after a failure or a restart, until it is sent, the person blocked
 *   the bot (403: every pending entry of that chat ends), Telegram refuses it for good (another
 *   400), or it expires: each entry carries a deadline after which it is no longer worth sending
 *   (see the TTLs in delivery.ts for why each kind has the one it has).
 *
 * States: pending → sent | blocked | failed | expired | obsolete. Finished entries are kept for a
 * while (they are what makes enqueue once-only) and pruned by {@link Outbox.prune} once the main
 * store has durably recorded what they stood for (the caller's `beforePrune`).
 */
import { GrammyError } from "grammy";
import type { Store } from "../store/store.js";

/** The kv namespace of the entries in the live store. */
const OUTBOX_NAMESPACE = "outbox";

export type OutboxState = "pending" | "sent" | "blocked" | "failed" | "expired" | "obsolete";

/** One thing to deliver; `payload` is the deliverer's business. */
export interface OutboxEntry<P = unknown> {
  key: string;
  chatId: number;
  /** Queue order (global and increasing): a chat's entries are sent by it. */
  seq: number;
  payload: P;
  state: OutboxState;
  createdAt: string;
  /** After this the entry is not worth sending any more (state "expired"). */
  expiresAt: string;
  /** Not tried again before this. */
  nextAt: string;
  attempts: number;
  /** Messages of this entry Telegram has confirmed (multi-part entries go on from here). */
  progress: number;
  doneAt?: string;
  lastError?: string;
}

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

/** Options of {@link Outbox}. */
export interface OutboxOptions<P> {
  /** The write-through store (`live.json`). */
  live: Pick<Store, "kv" | "flush">;
  deliver: Deliverer<P>;
  /** Told when a chat answered 403 (the person blocked the bot). */
  onBlocked?: (chatId: number) => void;
  /** Whether a chat is known to have blocked the bot: its entries end without a send. */
  isBlocked?: (chatId: number) => boolean;
  logger: OutboxLogger;
  now?: () => Date;
  /** First retry delay; doubles per attempt. Default 2 s. */
  retryBaseMs?: number;
  /** Longest retry delay. Default 5 minutes. */
  retryMaxMs?: number;
  /** How long finished entries are kept before {@link Outbox.prune} may drop them. Default 10 minutes. */
  keepDoneMs?: number;
  /** Chats served at once. Default 8 (Telegram allows about 30 messages/s overall). */
  concurrency?: number;
}

/** Options of one {@link Outbox.enqueue}. */
export interface EnqueueOptions {
  /** How long the entry stays worth sending. */
  ttlMs: number;
}

/** Telegram's 403: the person blocked the bot (or deleted their account). */
function isForbidden(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 403;
}

/** A 400 other than a passing one: sending the same thing again fails the same way. */
function isPermanent(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 400;
}

/** The durable outbox; see the module comment. */
export class Outbox<P = unknown> {
  readonly #opts: Required<Omit<OutboxOptions<P>, "onBlocked" | "isBlocked">> & Pick<OutboxOptions<P>, "onBlocked" | "isBlocked">;
  readonly #busy = new Set<number>();
  #seq = 0;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;
  #stopped = false;
  #started = false;
  #idleWaiters: (() => void)[] = [];
  /** Counters for tests and logs. */
  readonly stats = { sent: 0, failures: 0, blocked: 0, expired: 0 };

  constructor(opts: OutboxOptions<P>) {
    const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) as OutboxOptions<P>;
    this.#opts = { now: () => new Date(), retryBaseMs: 2_000, retryMaxMs: 5 * 60_000, keepDoneMs: 10 * 60_000, concurrency: 8, ...given };
    for (const [, e] of this.#entries()) this.#seq = Math.max(this.#seq, e.seq);
  }

  get #kv() {
    return this.#opts.live.kv<OutboxEntry<P>>(OUTBOX_NAMESPACE);
  }

  #entries(): Array<[string, OutboxEntry<P>]> {
    return this.#kv.entries();
  }

  /** The entry under `key`, if any (a copy). */
  get(key: string): OutboxEntry<P> | undefined {
    return this.#kv.get(key);
  }

  /**
   * Queues `payload` for `chatId` under `key`, unless that key was queued before (whatever became
   * of it). Returns whether it was new. The entry is in the live store's memory at once and sent
   * only after it is on disk; `await outbox.durable()` to wait for that.
   */
  enqueue(key: string, chatId: number, payload: P, opts: EnqueueOptions): boolean {
    if (this.#kv.has(key)) return false;
    this.#put(key, chatId, payload, opts);
    return true;
  }

  /**
   * Queues `payload` under `key` again even if it was sent (an order card to bring up to date: the
   * latest state is what counts). A pending entry keeps its place and takes the new payload.
   */
  requeue(key: string, chatId: number, payload: P, opts: EnqueueOptions): void {
    const existing = this.#kv.get(key);
    if (existing?.state === "pending") {
      this.#kv.set(key, { ...existing, payload });
      return;
    }
    this.#put(key, chatId, payload, opts);
  }

  #put(key: string, chatId: number, payload: P, opts: EnqueueOptions): void {
    const now = this.#opts.now();
    this.#kv.set(key, {
      key,
      chatId,
      seq: ++this.#seq,
      payload,
      state: "pending",
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + opts.ttlMs).toISOString(),
      nextAt: now.toISOString(),
      attempts: 0,
      progress: 0,
    });
    this.#schedule(0);
  }

  /** Resolves once every entry queued so far is on disk. */
  durable(): Promise<void> {
    return this.#opts.live.flush();
  }

  /** Starts sending (entries left by the last run first). */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#pump();
  }

  /** Makes every pending entry due now (support's "retry now", tests). */
  retryNow(): void {
    const now = this.#opts.now().toISOString();
    for (const [key, e] of this.#entries()) if (e.state === "pending" && e.nextAt > now) this.#kv.set(key, { ...e, nextAt: now });
    this.#schedule(0);
  }

  /** Pending entries (all chats, or one). */
  pending(chatId?: number): OutboxEntry<P>[] {
    return this.#entries()
      .map(([, e]) => e)
      .filter((e) => e.state === "pending" && (chatId === undefined || e.chatId === chatId));
  }

  /**
   * Resolves when nothing is being sent and nothing pending is due (entries waiting for their
   * retry time do not count: they may wait minutes).
   */
  idle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Resolves when `chatId` has nothing pending, or after `timeoutMs`; returns whether it was delivered. */
  async drained(chatId: number, timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (this.pending(chatId).length > 0) {
      if (Date.now() >= until || this.#stopped) return false;
      await new Promise((r) => setTimeout(r, 25));
    }
    return true;
  }

  /** Sends nothing more; waits for the message in flight (its mark is written). Entries stay for the next start. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#busy.size > 0) await new Promise((r) => setTimeout(r, 10));
    this.#wakeIdle();
  }

  /**
   * Drops finished entries older than `keepDoneMs`. `beforePrune` must resolve once whatever
   * makes them unnecessary is durable elsewhere (the main store): they are what stops a repeat.
   */
  async prune(beforePrune: () => Promise<void>): Promise<number> {
    const cutoff = new Date(this.#opts.now().getTime() - this.#opts.keepDoneMs).toISOString();
    const done = this.#entries().filter(([, e]) => e.state !== "pending" && (e.doneAt ?? e.createdAt) < cutoff);
    if (done.length === 0) return 0;
    await beforePrune();
    let n = 0;
    for (const [key, e] of done) {
      if (this.#kv.get(key)?.seq === e.seq) {
        this.#kv.delete(key);
        n++;
      }
    }
    await this.#opts.live.flush();
    return n;
  }

  #isIdle(): boolean {
    if (this.#busy.size > 0) return false;
    if (this.#stopped || !this.#started) return true;
    // Only a chat's first pending entry can be sent; the ones behind it wait for it.
    const now = this.#opts.now().toISOString();
    const heads = new Map<number, OutboxEntry<P>>();
    for (const [, e] of this.#entries()) {
      if (e.state !== "pending") continue;
      const head = heads.get(e.chatId);
      if (!head || e.seq < head.seq) heads.set(e.chatId, e);
    }
    return ![...heads.values()].some((e) => e.nextAt <= now);
  }

  #wakeIdle(): void {
    if (!this.#isIdle()) return;
    for (const w of this.#idleWaiters.splice(0)) w();
  }

  /** Runs the pump after `ms` (earlier wake-ups win). */
  #schedule(ms: number): void {
    if (this.#stopped || !this.#started) return;
    const at = Date.now() + ms;
    if (this.#timer && this.#timerAt <= at) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerAt = Infinity;
      this.#pump();
    }, ms);
    this.#timer.unref();
  }

  /** Starts a worker for every chat whose first pending entry is due. */
  #pump(): void {
    if (this.#stopped) return;
    const now = this.#opts.now().getTime();
    const heads = new Map<number, OutboxEntry<P>>();
    for (const [, e] of this.#entries()) {
      if (e.state !== "pending") continue;
      const head = heads.get(e.chatId);
      if (!head || e.seq < head.seq) heads.set(e.chatId, e);
    }
    let soonest = Infinity;
    for (const [chatId, head] of [...heads].sort((a, b) => a[1].seq - b[1].seq)) {
      if (this.#busy.has(chatId)) continue;
      const due = Date.parse(head.nextAt);
      if (due > now) {
        soonest = Math.min(soonest, due - now);
        continue;
      }
      if (this.#busy.size >= this.#opts.concurrency) break;
      this.#busy.add(chatId);
      void this.#serve(chatId).finally(() => {
        this.#busy.delete(chatId);
        this.#pump();
        this.#wakeIdle();
      });
    }
    if (soonest !== Infinity) this.#schedule(soonest);
    this.#wakeIdle();
  }

  /** Sends `chatId`'s due entries in order until one fails or none is left. */
  async #serve(chatId: number): Promise<void> {
    for (;;) {
      if (this.#stopped) return;
      const entry = this.pending(chatId).sort((a, b) => a.seq - b.seq)[0];
      if (!entry || Date.parse(entry.nextAt) > this.#opts.now().getTime()) return;
      // Durable before visible: the entry (and every mark before it) is on disk before a send.
      try {
        await this.#opts.live.flush();
      } catch (err) {
        this.#opts.logger.error({ err, entry: entry.key }, "outbox: the live store cannot be written; nothing is sent until it can");
        this.#retryLater(entry, err);
        return;
      }
      if (!(await this.#deliverOne(entry))) return;
    }
  }

  /** Returns whether the chat may go on with its next entry. */
  async #deliverOne(entry: OutboxEntry<P>): Promise<boolean> {
    const now = this.#opts.now();
    if (entry.expiresAt <= now.toISOString()) {
      this.stats.expired++;
      // Too old to matter (see the TTLs): a message this late would mislead more than help.
      this.#opts.logger.warn({ entry: entry.key, chatId: entry.chatId, createdAt: entry.createdAt }, "outbox: entry expired unsent");
      await this.#finish(entry, "expired");
      return true;
    }
    if (this.#opts.isBlocked?.(entry.chatId)) {
      await this.#finish(entry, "blocked");
      return true;
    }
    let current = entry;
    try {
      const result = await this.#opts.deliver(entry, async (progress) => {
        current = { ...current, progress };
        this.#kv.set(entry.key, current);
        await this.#opts.live.flush();
      });
      if (result === "sent") this.stats.sent++;
      await this.#finish(current, result);
      return true;
    } catch (err) {
      if (isForbidden(err)) {
        this.stats.blocked++;
        this.#opts.logger.info(
          { entry: entry.key, chatId: entry.chatId },
          "outbox: the person blocked the bot; nothing more is sent to this chat",
        );
        // Every pending entry of this chat would meet the same 403.
        for (const e of this.pending(entry.chatId)) await this.#finish(e.key === current.key ? current : e, "blocked");
        try {
          this.#opts.onBlocked?.(entry.chatId);
        } catch (hookErr) {
          this.#opts.logger.error({ err: hookErr, chatId: entry.chatId }, "outbox: onBlocked failed");
        }
        return false;
      }
      if (isPermanent(err)) {
        this.stats.failures++;
        this.#opts.logger.error(
          { err, entry: entry.key, chatId: entry.chatId },
          "outbox: Telegram refused the message for good; skipping it",
        );
        await this.#finish({ ...current, lastError: (err as GrammyError).description }, "failed");
        return true;
      }
      this.stats.failures++;
      this.#retryLater(current, err);
      return false;
    }
  }

  #retryLater(entry: OutboxEntry<P>, err: unknown): void {
    const attempts = entry.attempts + 1;
    const ceiling = Math.min(this.#opts.retryMaxMs, this.#opts.retryBaseMs * 2 ** Math.min(attempts - 1, 20));
    // Half fixed, half random: spread many chats' retries without making any one wait long.
    const delay = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
    const lastError = err instanceof GrammyError ? err.description : err instanceof Error ? err.message : String(err);
    this.#opts.logger.warn(
      { entry: entry.key, chatId: entry.chatId, attempts, delayMs: delay, error: lastError },
      "outbox: sending failed; will try again",
    );
    try {
      this.#kv.set(entry.key, { ...entry, attempts, lastError, nextAt: new Date(this.#opts.now().getTime() + delay).toISOString() });
    } catch {
      // The live store is closed (stopping): the entry is retried from its last mark after the restart.
    }
    this.#schedule(delay);
  }

  async #finish(entry: OutboxEntry<P>, state: OutboxState): Promise<void> {
    this.#kv.set(entry.key, { ...entry, state, doneAt: this.#opts.now().toISOString() });
    // The mark is on disk before the chat's next entry is considered.
    await this.#opts.live.flush();
  }
}
