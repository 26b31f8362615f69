/**
 * The outbox: everything a person (or support) must receive goes through here, so that nothing
 * shown is lost or repeated across a crash.
 *
 * - **Durable before visible.** The store's "outbox" namespace is written through: an entry is on
 *   disk when its write resolves, and the sender reads only what is on disk, so an entry is durable
 *   before its first message is sent.
 * - **Marked when Telegram confirms.** After each confirmed message the entry's progress (or its
 *   "sent" state) is written, durably, before the next message of that chat is considered. After
 *   a kill at any moment, at most the one message in flight at the kill is sent again.
 * - **Once per key.** Keys are deterministic ("ms:<exchange>:success", "dep:<exchange>"), and an
 *   entry is never enqueued twice for its chat: a notice recomputed after a restart finds its entry
 *   and stops. A key always goes to one chat (the exchange's, or the alert's, whose key names it).
 * - **Kept apart from this loop.** Where and how entries are stored is a {@link QueueStorage}'s
 *   business (queue-storage.ts): the sender reads one chat's entries when it serves or looks at
 *   that chat ({@link Outbox.isDrained}), not every chat's.
 * - **In order per chat.** A chat's entries are sent one at a time in the order they were queued;
 *   an entry that fails holds back the later ones of its chat (instructions must not arrive with
 *   the QR code before the address), never other chats.
 * - **Retried with backoff** after a failure or a restart, until it is sent, the person blocked
 *   the bot (403: every pending entry of that chat ends), Telegram refuses it for good (another
 *   400), or it expires: each entry carries a deadline after which it is no longer worth sending
 *   (see the TTLs in delivery.ts for why each kind has the one it has).
 * - **Kept for a chat that cannot be written to yet.** An entry queued with `keepWhenForbidden`
 *   (an alert to support) is not ended by a 403: Telegram answers 403 to a person who has never
 *   opened the bot ("bot can't initiate conversation"), and an admin who has not pressed Start
 *   would otherwise lose the first alerts for good. Such entries are parked, and {@link Outbox.wake}
 *   (called on any update from that chat) makes them due again, in their order. A new entry for
 *   the chat tries the oldest parked one first, so order holds even if a wake was missed.
 * - **The sender reads what changed.** Where the storage answers "the next entry of each chat" as
 *   a query ({@link QueueStorage.heads}: PostgreSQL), the pump asks it each time it looks for work,
 *   and looks again when the earliest entry not yet due falls due: what another replica queued is
 *   found at the next look, news or not. Elsewhere (lowdb) the pump keeps each chat's first pending
 *   entry in memory (chat-heads.ts) and reads again only the chats whose entries changed; a whole
 *   read at least once a minute, or at once on {@link Outbox.poke} without a chat, finds what it
 *   cannot see.
 *
 * States: pending → sent | blocked | failed | expired | obsolete. Finished entries are kept for a
 * while (they are what makes enqueue once-only) and pruned by {@link Outbox.prune}; what they
 * stood for was recorded before, and the store keeps writes in order (data-store.ts), so a prune
 * on disk never goes without it.
 *
 * What happens is told as typed events ({@link OutboxEvents}, `outbox.on(...)`): `queued`, `sent`,
 * `failed`, `parked`, `drained`. A person waiting for their instructions waits for `drained` of
 * their chat (delivery.ts), not a look at the store every few milliseconds.
 *
 * Every store call is awaited, so other work runs between two of them: what must not be split is
 * one atomic call (`add` for once-only, `update` for a change that depends on the stored entry).
 * Sending stays one chat at a time within this process (`#busy`).
 */
import { isForbidden, isRefusedForGood, telegramErrorText } from "./telegram-errors.js";
import { TypedEvents } from "./events.js";
import { ChatHeads, oldestFirst } from "./chat-heads.js";
import { waitForChat, type Subscription } from "./wait-for-chat.js";
import type { DataStore } from "../store/data-store.js";
import { kvQueueStorage, type QueueStorage } from "./queue-storage.js";

/**
 * A waiter looks at the store at least this often even without news: with replicas the sender is
 * another process, whose news ({@link Delivery.heard}) can be lost while a connection is replaced.
 */
const LOOK_WITHOUT_NEWS_MS = 1_000;

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
  /** A 403 does not end it: it waits (parked) until the chat can be written to. */
  keepWhenForbidden?: boolean;
  /** Waiting for {@link Outbox.wake}: the chat answered 403 (never opened the bot, or blocked it). */
  parked?: boolean;
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

/** What the outbox tells its listeners ({@link Outbox.on}); listeners must not throw. */
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
   * another process, whose {@link Outbox.wake} must know (app.ts passes it on; {@link Outbox.knowParked}).
   */
  parked: { chatId: number };
  /** `chatId` has nothing left to send now (parked entries wait for {@link Outbox.wake}, not for time). */
  drained: { chatId: number };
}

/** Options of {@link Outbox}. */
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
  /** How long finished entries are kept before {@link Outbox.prune} may drop them. Default 10 minutes. */
  keepDoneMs?: number;
  /** Chats served at once. Default 8 (Telegram allows about 30 messages/s overall). */
  concurrency?: number;
}

/** Options of one {@link Outbox.enqueue}. */
export interface EnqueueOptions {
  /** How long the entry stays worth sending. */
  ttlMs: number;
  /** Park the entry on a 403 instead of ending it (see the module comment). */
  keepWhenForbidden?: boolean;
}

/** The durable outbox; see the module comment. */
export class Outbox<P = unknown> {
  readonly #opts: Required<Omit<OutboxOptions<P>, "onBlocked" | "isBlocked" | "live">> & Pick<OutboxOptions<P>, "onBlocked" | "isBlocked">;
  readonly #store: QueueStorage<P>;
  readonly #events: TypedEvents<OutboxEvents<P>>;
  /** News from other processes about a chat's entries ({@link heard}), and this one's stop: waiters listen. */
  readonly #news = new TypedEvents<{ chat: { chatId: number }; stop: undefined }>();
  readonly #busy = new Set<number>();
  #seq = 0;
  /**
   * Reading the stored entries' highest `seq` and parked chats ({@link #ready}): every method that
   * queues or wakes waits for it, so a new entry never takes a number an old one has.
   */
  #loading: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;
  #stopped = false;
  #started = false;
  /** Waiting for {@link idle}; `since` is the number of idle checks begun before the wait began. */
  #idleWaiters: Array<{ since: number; resolve: () => void }> = [];
  #idleChecks = 0;
  /** Chats with parked entries: {@link wake} is called on every update, and must be cheap. */
  readonly #parkedChats = new Set<number>();
  /**
   * Each chat's first pending entry, as last read: the pump picks from here; none when the storage
   * answers {@link QueueStorage.heads} (the pump asks it instead).
   */
  readonly #heads: ChatHeads<P> | undefined;
  /**
   * Chats' heads for the pump: from the storage's query when it has one (the due heads of the
   * chats not busy when it is asked, oldest first, at most `limit`, and when the next falls due),
   * else every head kept in {@link #heads}, brought up to date. Busy chats may be among them (a
   * chat taken meanwhile): the pump skips those in the same step as it takes the rest.
   */
  readonly #lookForWork: (limit: number) => Promise<{ heads: Array<OutboxEntry<P>>; nextAt?: string }>;
  /** Counters for tests and logs. */
  readonly stats = { sent: 0, failures: 0, blocked: 0, expired: 0 };

  constructor(opts: OutboxOptions<P>) {
    const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) as OutboxOptions<P>;
    this.#store = "kv" in given.storage ? kvQueueStorage<P>(given.storage) : given.storage;
    const store = this.#store;
    const query = store.heads?.bind(store);
    if (query) {
      this.#heads = undefined;
      this.#lookForWork = async (limit) => {
        const { due, nextAt } = await query(limit, this.#opts.now(), [...this.#busy]);
        return nextAt === undefined ? { heads: due } : { heads: due, nextAt };
      };
    } else {
      const heads = new ChatHeads<P>((chatId) => (chatId === undefined ? store.all() : store.ofChat(chatId)));
      this.#heads = heads;
      this.#lookForWork = async () => {
        await heads.refresh();
        return { heads: [...heads.known()].map(([, e]) => e) };
      };
    }
    this.#opts = { now: () => new Date(), retryBaseMs: 2_000, retryMaxMs: 5 * 60_000, keepDoneMs: 10 * 60_000, concurrency: 8, ...given };
    this.#events = new TypedEvents((err) => this.#opts.logger.error({ err }, "outbox: a listener failed"));
    // Read now, so the first enqueue does not wait; whoever needs it sees a failure (and retries).
    this.#ready().catch(() => undefined);
  }

  /** Resolves once the stored entries have been read; a failed read is tried again by the next caller. */
  #ready(): Promise<void> {
    this.#loading ??= this.#load().catch((err: unknown) => {
      this.#loading = undefined;
      throw err;
    });
    return this.#loading;
  }

  async #load(): Promise<void> {
    const { entries, moved } = await this.#store.open();
    for (const e of entries) {
      this.#seq = Math.max(this.#seq, e.seq);
      if (e.state === "pending" && e.parked) this.#parkedChats.add(e.chatId);
    }
    if (moved > 0) this.#opts.logger.info({ entries: moved }, "outbox: entries stored by an earlier version moved under their chats");
  }

  /** `chatId`'s entry under `key`, if any (a copy). */
  async get(key: string, chatId: number): Promise<OutboxEntry<P> | undefined> {
    await this.#ready();
    return this.#store.get(chatId, key);
  }

  /**
   * Queues `payload` for `chatId` under `key`, unless that key was queued before (whatever became
   * of it). Returns whether it was new. The entry is on disk when this resolves.
   */
  async enqueue(key: string, chatId: number, payload: P, opts: EnqueueOptions): Promise<boolean> {
    await this.#ready();
    // `add`, not `has` then `set`: of two callers (or replicas) queuing the same key, one wins.
    const added = await this.#store.add(this.#fresh(key, chatId, payload, opts));
    if (added) this.#queued(chatId);
    return added;
  }

  /**
   * Queues `payload` under `key` again even if it was sent (an order card to bring up to date: the
   * latest state is what counts). A pending entry keeps its place and takes the new payload.
   */
  async requeue(key: string, chatId: number, payload: P, opts: EnqueueOptions): Promise<void> {
    await this.#ready();
    const fresh = this.#fresh(key, chatId, payload, opts);
    // One step: the entry must not be sent (and marked) between reading its state and replacing it.
    await this.#store.update(chatId, key, (existing) => (existing?.state === "pending" ? { ...existing, payload } : fresh));
    this.#queued(chatId);
  }

  /** `chatId` has something new to send: read it again, send soon, and tell the sender if it is elsewhere. */
  #queued(chatId: number): void {
    this.#heads?.markStale(chatId);
    this.#schedule(0);
    this.#events.emit("queued", { chatId });
  }

  /** Calls `listener` on every `event` from now on (see {@link OutboxEvents}); returns its removal. */
  on<K extends keyof OutboxEvents<P>>(event: K, listener: (payload: OutboxEvents<P>[K]) => void): () => void {
    return this.#events.on(event, listener);
  }

  /** A new pending entry (its `seq` taken now, so order is the order of the calls). */
  #fresh(key: string, chatId: number, payload: P, opts: EnqueueOptions): OutboxEntry<P> {
    const now = this.#opts.now();
    return {
      ...(opts.keepWhenForbidden ? { keepWhenForbidden: true } : {}),
      key,
      chatId,
      seq: this.#nextSeq(),
      payload,
      state: "pending",
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + opts.ttlMs).toISOString(),
      nextAt: now.toISOString(),
      attempts: 0,
      progress: 0,
    };
  }

  /**
   * The next entry number: above every stored one and above the clock in microseconds, so that
   * replicas sharing one outbox number their entries in the order they were queued (to the
   * millisecond) rather than each counting from its own start.
   */
  #nextSeq(): number {
    this.#seq = Math.max(this.#seq + 1, Date.now() * 1000);
    return this.#seq;
  }

  /**
   * Looks for due entries now: another replica queued one for `chatId` (news over the store's
   * coordination), or, with no chat, anywhere (news may have been missed): every chat is read again.
   */
  poke(chatId?: number): void {
    this.#heads?.markStale(chatId);
    this.#schedule(0);
  }

  /** Starts sending (entries left by the last run first), once the stored entries are read. */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    void this.#pump();
  }

  /** Makes every pending entry due now (support's "retry now", tests). */
  async retryNow(): Promise<void> {
    await this.#ready();
    const now = this.#opts.now().toISOString();
    for (const e of await this.#store.all()) {
      if (e.state !== "pending" || e.nextAt <= now) continue;
      await this.#store.update(e.chatId, e.key, (cur) => (cur?.state === "pending" && cur.nextAt > now ? { ...cur, nextAt: now } : cur));
    }
    this.#heads?.markStale();
    this.#schedule(0);
  }

  /** Pending entries (all chats, or one: then only that chat's entries are read). */
  async pending(chatId?: number): Promise<OutboxEntry<P>[]> {
    await this.#ready();
    const entries = chatId === undefined ? await this.#store.all() : await this.#store.ofChat(chatId);
    return entries.filter((e) => e.state === "pending");
  }

  /**
   * Resolves when nothing is being sent and nothing pending is due (entries waiting for their
   * retry time do not count: they may wait minutes).
   */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.#idleWaiters.push({ since: this.#idleChecks, resolve });
      void this.#wakeIdle();
    });
  }

  /**
   * The chat can be written to now (its person or group just sent the bot an update): its parked
   * entries are due again, in their order. Cheap when the chat has none; never rejects (a store
   * that cannot be written is logged, and the entries stay parked for the next update).
   */
  async wake(chatId: number): Promise<void> {
    try {
      await this.#ready();
      if (!this.#parkedChats.has(chatId)) return;
      this.#parkedChats.delete(chatId);
      const now = this.#opts.now().toISOString();
      let n = 0;
      for (const e of await this.pending(chatId)) {
        if (!e.parked) continue;
        await this.#store.update(chatId, e.key, (cur) => {
          if (cur?.state !== "pending" || !cur.parked) return cur;
          const awake: OutboxEntry<P> = { ...cur, nextAt: now };
          delete awake.parked;
          return awake;
        });
        n++;
      }
      if (n > 0) {
        this.#opts.logger.info({ chatId, entries: n }, "outbox: the chat can be written to now; sending what was kept for it");
        // With replicas the sender may be another process.
        this.#queued(chatId);
      }
    } catch (err) {
      this.#parkedChats.add(chatId);
      this.#opts.logger.error({ err, chatId }, "outbox: could not wake the chat's kept entries; trying again on its next update");
    }
  }

  /** Another process parked entries of `chatId` (its `parked` event): its next update here wakes them. */
  knowParked(chatId: number): void {
    this.#parkedChats.add(chatId);
  }

  /** Reads again which chats have parked entries (news of some may have been missed). */
  async relearnParked(): Promise<void> {
    for (const e of await this.#store.all()) if (e.state === "pending" && e.parked) this.#parkedChats.add(e.chatId);
  }

  /**
   * Another process (the sending replica) says `chatId`'s entries changed: whoever waits for that
   * chat here looks again at once.
   */
  heard(chatId: number): void {
    this.#news.emit("chat", { chatId });
  }

  /**
   * Resolves once `chatId` has nothing left to send (parked entries wait for the chat's next
   * update, not for time): true, or false after `timeoutMs` or a stop. It waits on this outbox's
   * events and the sending replica's news ({@link heard}), looking at the store only then.
   */
  async whenDrained(chatId: number, timeoutMs: number): Promise<boolean> {
    return this.#waitFor(chatId, timeoutMs, async () => ((await this.isDrained(chatId)) ? true : undefined));
  }

  /**
   * Resolves once the entry `key` of `chatId` is no longer pending: true if Telegram confirmed it,
   * false if it ended otherwise (blocked, obsolete...), was never queued, or is still pending after
   * `timeoutMs` or a stop.
   */
  async whenSent(key: string, chatId: number, timeoutMs: number): Promise<boolean> {
    return this.#waitFor(chatId, timeoutMs, async () => {
      const entry = await this.get(key, chatId);
      return entry?.state === "pending" ? undefined : entry?.state === "sent";
    });
  }

  /** Waits for `look` on `chatId`'s events and news (see wait-for-chat.ts). */
  #waitFor(chatId: number, timeoutMs: number, look: () => Promise<boolean | undefined>): Promise<boolean> {
    if (this.#stopped) return Promise.resolve(false);
    const ofChat =
      (on: (listener: (e: { chatId: number }) => void) => () => void): Subscription =>
      (onNews) =>
        on((e) => e.chatId === chatId && onNews());
    const ofEntry =
      (event: "sent" | "failed"): Subscription =>
      (onNews) =>
        this.#events.on(event, ({ entry }) => entry.chatId === chatId && onNews());
    return waitForChat({
      look,
      news: [
        ofEntry("sent"),
        ofEntry("failed"),
        ofChat((l) => this.#events.on("parked", l)),
        ofChat((l) => this.#events.on("drained", l)),
        ofChat((l) => this.#news.on("chat", l)),
      ],
      stop: (onStop) => this.#news.on("stop", onStop),
      timeoutMs,
      lookEveryMs: LOOK_WITHOUT_NEWS_MS,
      onLookFailed: (err) => this.#opts.logger.warn({ err, chatId }, "outbox: could not look at the chat's entries"),
    });
  }

  /**
   * Whether `chatId` has nothing pending to send now (parked entries wait for {@link wake}, not for
   * time). It asks the store, not this process: with replicas the leader sends, perhaps what
   * another replica queued. It reads only this chat's entries, however many other chats have waiting.
   */
  async isDrained(chatId: number): Promise<boolean> {
    return !(await this.pending(chatId)).some((e) => !e.parked);
  }

  /** Sends nothing more; waits for the message in flight (its mark is written). Entries stay for the next start. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#news.emit("stop", undefined);
    while (this.#busy.size > 0) await new Promise((r) => setTimeout(r, 10));
    await this.#wakeIdle();
  }

  /**
   * Drops finished entries older than `keepDoneMs`. They are what stops a repeat: whatever makes
   * them unnecessary (the main store's flags) was written before, and the store keeps writes in
   * order, so a drop is never on disk without it.
   */
  async prune(): Promise<number> {
    // Entries of an earlier version are under their chats first: #finish writes there.
    await this.#ready();
    // Parked entries past their deadline end here: a chat that never opens the bot must not keep them forever.
    const nowIso = this.#opts.now().toISOString();
    for (const e of await this.#store.all()) {
      if (e.state === "pending" && e.parked && e.expiresAt <= nowIso) {
        this.stats.expired++;
        await this.#finish(e, "expired");
        this.#heads?.markStale(e.chatId);
      }
    }
    const cutoff = new Date(this.#opts.now().getTime() - this.#opts.keepDoneMs).toISOString();
    const done = (await this.#store.all()).filter((e) => e.state !== "pending" && (e.doneAt ?? e.createdAt) < cutoff);
    if (done.length === 0) return 0;
    let n = 0;
    for (const e of done) {
      // Only the entry that was read: one queued again under the key meanwhile stays.
      const left = await this.#store.update(e.chatId, e.key, (cur) => (cur?.seq === e.seq ? undefined : cur));
      if (left === undefined) n++;
    }
    return n;
  }

  async #isIdle(): Promise<boolean> {
    if (this.#busy.size > 0) return false;
    if (this.#stopped || !this.#started) return true;
    const { heads } = await this.#lookForWork(1);
    const now = this.#opts.now().toISOString();
    return this.#busy.size === 0 && !heads.some((e) => e.nextAt <= now);
  }

  /**
   * Resolves the {@link idle} waiters if nothing is left to do. A check answers only the waiters
   * that were waiting when it began: one that read the entries before a new entry was queued must
   * not release a wait that began after it.
   */
  async #wakeIdle(): Promise<void> {
    if (this.#idleWaiters.length === 0) return;
    const check = ++this.#idleChecks;
    let idle: boolean;
    try {
      idle = await this.#isIdle();
    } catch (err) {
      this.#opts.logger.error({ err }, "outbox: could not read the entries");
      idle = false;
    }
    if (!idle) return;
    const waiting = this.#idleWaiters.filter((w) => w.since < check);
    this.#idleWaiters = this.#idleWaiters.filter((w) => w.since >= check);
    for (const w of waiting) w.resolve();
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
      void this.#pump();
    }, ms);
    this.#timer.unref();
  }

  /** Starts a worker for every chat whose first pending entry is due. Never rejects. */
  async #pump(): Promise<void> {
    if (this.#stopped) return;
    let found: { heads: Array<OutboxEntry<P>>; nextAt?: string };
    try {
      await this.#ready();
      found = await this.#lookForWork(this.#opts.concurrency - this.#busy.size);
    } catch (err) {
      this.#opts.logger.error({ err }, "outbox: could not read the entries; trying again later");
      this.#schedule(this.#opts.retryBaseMs);
      await this.#wakeIdle();
      return;
    }
    const now = this.#opts.now().getTime();
    // Not due yet, so not among the heads found, but the next to be: look again then.
    let soonest = found.nextAt === undefined ? Infinity : Math.max(0, Date.parse(found.nextAt) - now);
    const due: Array<OutboxEntry<P>> = [];
    // No await from here to the end of the loop: `#busy` is checked and taken in one go.
    for (const head of found.heads) {
      if (this.#busy.has(head.chatId)) continue;
      const at = Date.parse(head.nextAt);
      if (at > now) soonest = Math.min(soonest, at - now);
      else due.push(head);
    }
    for (const { chatId } of oldestFirst(due, this.#opts.concurrency - this.#busy.size)) {
      this.#busy.add(chatId);
      void this.#serve(chatId)
        .catch((err: unknown) => this.#opts.logger.error({ err, chatId }, "outbox: serving a chat failed; trying again later"))
        .finally(() => {
          this.#busy.delete(chatId);
          // What was sent, retried or parked changed this chat's head.
          this.#heads?.markStale(chatId);
          void this.#pump();
        });
    }
    if (soonest !== Infinity) this.#schedule(soonest);
    await this.#wakeIdle();
  }

  /** Sends `chatId`'s due entries in order until one fails or none is left. */
  async #serve(chatId: number): Promise<void> {
    for (;;) {
      if (this.#stopped) return;
      const pending = (await this.pending(chatId)).sort((a, b) => a.seq - b.seq);
      if (!pending.some((e) => !e.parked)) this.#events.emit("drained", { chatId });
      const entry = pending[0];
      if (!entry || Date.parse(entry.nextAt) > this.#opts.now().getTime()) return;
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
    if (await this.#opts.isBlocked?.(entry.chatId)) {
      if (entry.keepWhenForbidden) {
        await this.#park(entry.chatId, entry);
        return false;
      }
      await this.#finish(entry, "blocked");
      return true;
    }
    let current = entry;
    try {
      const result = await this.#opts.deliver(entry, async (progress) => {
        current = { ...current, progress };
        await this.#store.put(current);
      });
      if (result === "sent") this.stats.sent++;
      await this.#finish(current, result);
      return true;
    } catch (err) {
      if (isForbidden(err)) {
        this.stats.blocked++;
        this.#opts.logger.info(
          { entry: entry.key, chatId: entry.chatId, description: telegramErrorText(err) },
          "outbox: Telegram refuses messages to this chat (blocked, or it never opened the bot)",
        );
        // The cause is recorded before its consequences: whoever sees an entry ended "blocked"
        // (support, a test, the next start after a crash) finds the chat marked blocked too, and a
        // crash in between leaves the entries pending, to end unsent via `isBlocked` at restart.
        try {
          await this.#opts.onBlocked?.(entry.chatId);
        } catch (hookErr) {
          this.#opts.logger.error({ err: hookErr, chatId: entry.chatId }, "outbox: onBlocked failed");
        }
        // Every pending entry of this chat would meet the same 403: each ends, or waits for the
        // chat to open the bot (support's alerts).
        await this.#park(entry.chatId, current);
        return false;
      }
      if (isRefusedForGood(err)) {
        this.stats.failures++;
        this.#opts.logger.error(
          { err, entry: entry.key, chatId: entry.chatId },
          "outbox: Telegram refused the message for good; skipping it",
        );
        await this.#finish({ ...current, lastError: telegramErrorText(err) }, "failed");
        return true;
      }
      this.stats.failures++;
      await this.#retryLater(current, err);
      return false;
    }
  }

  /**
   * After a 403 for `chatId`: its entries kept for later are parked until {@link wake}, the rest
   * end as "blocked". `current` is the entry just tried, with its progress.
   */
  async #park(chatId: number, current: OutboxEntry<P>): Promise<void> {
    let parked = 0;
    for (const e of await this.pending(chatId)) {
      const entry = e.key === current.key ? current : e;
      if (entry.keepWhenForbidden) {
        await this.#store.put({ ...entry, parked: true });
        parked++;
      } else {
        await this.#finish(entry, "blocked");
      }
    }
    if (parked > 0) {
      this.#parkedChats.add(chatId);
      this.#opts.logger.warn(
        { chatId, entries: parked },
        "outbox: kept for when this chat opens the bot (support staff must press Start once)",
      );
      this.#events.emit("parked", { chatId });
    }
    // Nothing of this chat is due any more: what is left waits for its next update.
    this.#events.emit("drained", { chatId });
  }

  async #retryLater(entry: OutboxEntry<P>, err: unknown): Promise<void> {
    const attempts = entry.attempts + 1;
    const ceiling = Math.min(this.#opts.retryMaxMs, this.#opts.retryBaseMs * 2 ** Math.min(attempts - 1, 20));
    // Half fixed, half random: spread many chats' retries without making any one wait long.
    const delay = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
    const lastError = telegramErrorText(err);
    this.#opts.logger.warn(
      { entry: entry.key, chatId: entry.chatId, attempts, delayMs: delay, error: lastError },
      "outbox: sending failed; will try again",
    );
    try {
      await this.#store.put({
        ...entry,
        attempts,
        lastError,
        nextAt: new Date(this.#opts.now().getTime() + delay).toISOString(),
      });
    } catch {
      // The store is closed (stopping): the entry is retried from its last mark after the restart.
    }
    this.#schedule(delay);
  }

  async #finish(entry: OutboxEntry<P>, state: OutboxState): Promise<void> {
    const done: OutboxEntry<P> = { ...entry, state, doneAt: this.#opts.now().toISOString() };
    // Durable when put resolves: on disk before the chat's next entry is considered, and before anyone is told.
    await this.#store.put(done);
    this.#events.emit(state === "sent" ? "sent" : "failed", { entry: done });
  }
}
