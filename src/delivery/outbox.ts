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
 *   that chat ({@link Outbox.isDrained}), not every chat's. Where it finds each chat's next entry
 *   (the storage's query on PostgreSQL, heads kept in memory on lowdb, read again only for the
 *   chats that changed) is chat-heads.ts's; how a wait on a chat listens, wait-for-chat.ts's.
 * - **In order per chat.** A chat's entries are sent one at a time in the order they were queued;
 *   an entry that fails holds back the later ones of its chat (instructions must not arrive with
 *   the QR code before the address), never other chats.
 * - **Retried with backoff** after a failure or a restart, until it is sent, the person blocked
 *   the bot (403: every pending entry of that chat ends), Telegram refuses it for good (another
 *   400), or it expires: each entry carries a deadline after which it is no longer worth sending
 *   (see the TTLs in delivery.ts for why each kind has the one it has).
 * - **Held when the store cannot record.** A send the store could not mark (a confirmed message's
 *   progress or "sent" state, or a failed send's retry time) leaves the stored entry looking due:
 *   the chat is held in this process ({@link ChatHold}), with the same backoff, and the entry as
 *   Telegram left it is written before anything else of the chat is sent. A confirmed message is
 *   not sent again by this process; a kill before the write sends at most that one again, as above.
 * - **Kept for a chat that cannot be written to yet.** An entry queued with `keepWhenForbidden`
 *   (an alert to support) is not ended by a 403 but parked until {@link Outbox.wake} (called on
 *   any update from that chat): the rules are parking.ts's.
 *
 * States (outbox-entry.ts): pending → sent | blocked | failed | expired | obsolete. Finished entries are kept for a
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
import { oldestFirst, workSource, type WorkSource } from "./chat-heads.js";
import { ChatWaits } from "./wait-for-chat.js";
import { IdleWaits } from "./idle-waits.js";
import { ChatParking, fateOnForbidden, nothingDue } from "./parking.js";
import { kvQueueStorage, type QueueStorage } from "./queue-storage.js";
import { freshEntry, retryDelay, type EnqueueOptions, type OutboxEntry, type OutboxState } from "./outbox-entry.js";
import type { OutboxEvents, OutboxOptions } from "./outbox-options.js";

export type { EnqueueOptions, OutboxEntry, OutboxState } from "./outbox-entry.js";
export type { Deliverer, OutboxEvents, OutboxLogger, OutboxOptions } from "./outbox-options.js";

/**
 * A chat put off in this process because the store could not record something about it: served
 * again no sooner than `until` (ms since the epoch, by the outbox's clock), and then `unrecorded`,
 * if any, is written before anything else of the chat is sent. Before this, the pump served such a
 * chat again at once, in a loop: a confirmed message whose mark failed was sent again and again.
 */
interface ChatHold<P> {
  until: number;
  /** Failures in a row that held the chat: the next hold is longer ({@link retryDelay}). */
  failures: number;
  /** The chat's entry as it must be stored: its confirmed progress, its end, or its retry time. */
  unrecorded?: OutboxEntry<P>;
}

/** The durable outbox; see the module comment. */
export class Outbox<P = unknown> {
  readonly #opts: Required<Omit<OutboxOptions<P>, "onBlocked" | "isBlocked" | "live">> & Pick<OutboxOptions<P>, "onBlocked" | "isBlocked">;
  readonly #store: QueueStorage<P>;
  readonly #events: TypedEvents<OutboxEvents<P>>;
  /** Waits on chats: on this outbox's events, the sending replica's news ({@link heard}) and the stop. */
  readonly #waits: ChatWaits<P>;
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
  /** Waiting for {@link idle}: checked after each round of work. */
  readonly #idle: IdleWaits;
  /** Which chats have parked entries, and what parks and wakes them (parking.ts). */
  readonly #parking: ChatParking<P>;
  /** Where the pump looks for work: the storage's query, or each chat's first entry kept here (chat-heads.ts). */
  readonly #work: WorkSource<P>;
  /** Chats held after the store could not record what happened to them ({@link ChatHold}). */
  readonly #held = new Map<number, ChatHold<P>>();
  /** Counters for tests and logs. */
  readonly stats = { sent: 0, failures: 0, blocked: 0, expired: 0 };

  constructor(opts: OutboxOptions<P>) {
    const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) as OutboxOptions<P>;
    this.#store = "kv" in given.storage ? kvQueueStorage<P>(given.storage) : given.storage;
    const store = this.#store;
    this.#work = workSource(store);
    this.#opts = { now: () => new Date(), retryBaseMs: 2_000, retryMaxMs: 5 * 60_000, keepDoneMs: 10 * 60_000, concurrency: 8, ...given };
    this.#events = new TypedEvents((err) => this.#opts.logger.error({ err }, "outbox: a listener failed"));
    this.#idle = new IdleWaits(
      () => this.#isIdle(),
      (err) => this.#opts.logger.error({ err }, "outbox: could not read the entries"),
    );
    this.#waits = new ChatWaits(this.#events, (err, chatId) =>
      this.#opts.logger.warn({ err, chatId }, "outbox: could not look at the chat's entries"),
    );
    this.#parking = new ChatParking<P>({
      storage: store,
      ready: () => this.#ready(),
      pending: (chatId) => this.pending(chatId),
      finish: (entry, state) => this.#finish(entry, state),
      woke: (chatId) => this.#queued(chatId),
      tell: (event, chatId) => this.#events.emit(event, { chatId }),
      onBlocked: this.#opts.onBlocked,
      logger: this.#opts.logger,
      now: () => this.#opts.now(),
    });
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
    for (const e of entries) this.#seq = Math.max(this.#seq, e.seq);
    this.#parking.learn(entries);
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
    this.#work.markStale(chatId);
    this.#schedule(0);
    this.#events.emit("queued", { chatId });
  }

  /** Calls `listener` on every `event` from now on (see {@link OutboxEvents}); returns its removal. */
  on<K extends keyof OutboxEvents<P>>(event: K, listener: (payload: OutboxEvents<P>[K]) => void): () => void {
    return this.#events.on(event, listener);
  }

  /** A new pending entry (its `seq` taken now, so order is the order of the calls). */
  #fresh(key: string, chatId: number, payload: P, opts: EnqueueOptions): OutboxEntry<P> {
    return freshEntry(key, chatId, payload, this.#nextSeq(), this.#opts.now(), opts);
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
    this.#work.markStale(chatId);
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
    this.#work.markStale();
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
    return this.#idle.wait();
  }

  /**
   * The chat can be written to now (its person or group just sent the bot an update): its parked
   * entries are due again, in their order. Cheap when the chat has none; never rejects.
   */
  wake(chatId: number): Promise<void> {
    return this.#parking.wake(chatId);
  }

  /** Another process parked entries of `chatId` (its `parked` event): its next update here wakes them. */
  knowParked(chatId: number): void {
    this.#parking.know(chatId);
  }

  /** Reads again which chats have parked entries (news of some may have been missed). */
  async relearnParked(): Promise<void> {
    this.#parking.learn(await this.#store.all());
  }

  /**
   * Another process (the sending replica) says `chatId`'s entries changed: whoever waits for that
   * chat here looks again at once.
   */
  heard(chatId: number): void {
    this.#waits.heard(chatId);
  }

  /**
   * Resolves once `chatId` has nothing left to send (parked entries wait for the chat's next
   * update, not for time): true, or false after `timeoutMs` or a stop. It waits on this outbox's
   * events and the sending replica's news ({@link heard}), looking at the store only then.
   */
  async whenDrained(chatId: number, timeoutMs: number): Promise<boolean> {
    return this.#waits.wait(chatId, timeoutMs, async () => ((await this.isDrained(chatId)) ? true : undefined));
  }

  /**
   * Resolves once the entry `key` of `chatId` is no longer pending: true if Telegram confirmed it,
   * false if it ended otherwise (blocked, obsolete...), was never queued, or is still pending after
   * `timeoutMs` or a stop.
   */
  async whenSent(key: string, chatId: number, timeoutMs: number): Promise<boolean> {
    return this.#waits.wait(chatId, timeoutMs, async () => {
      const entry = await this.get(key, chatId);
      return entry?.state === "pending" ? undefined : entry?.state === "sent";
    });
  }

  /**
   * Whether `chatId` has nothing pending to send now (parked entries wait for {@link wake}, not for
   * time). It asks the store, not this process: with replicas the leader sends, perhaps what
   * another replica queued. It reads only this chat's entries, however many other chats have waiting.
   */
  async isDrained(chatId: number): Promise<boolean> {
    return nothingDue(await this.pending(chatId));
  }

  /** Sends nothing more; waits for the message in flight (its mark is written). Entries stay for the next start. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#waits.stop();
    while (this.#busy.size > 0) await new Promise((r) => setTimeout(r, 10));
    await this.#idle.check();
  }

  /**
   * Drops finished entries older than `keepDoneMs`. They are what stops a repeat: whatever makes
   * them unnecessary (the main store's flags) was written before, and the store keeps writes in
   * order, so a drop is never on disk without it.
   */
  async prune(): Promise<number> {
    // Entries of an earlier version are under their chats first: #finish writes there.
    await this.#ready();
    // Parked entries past their deadline end here (parking.ts).
    for (const chatId of await this.#parking.expire()) {
      this.stats.expired++;
      this.#work.markStale(chatId);
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
    const held = this.#heldChats();
    const { heads } = await this.#work.look(1, this.#opts.now(), [...this.#busy, ...held]);
    const now = this.#opts.now().toISOString();
    return this.#busy.size === 0 && !heads.some((e) => e.nextAt <= now && !held.includes(e.chatId));
  }

  /** The chats held now ({@link ChatHold}): not served before their time, whatever the store says. */
  #heldChats(): number[] {
    const now = this.#opts.now().getTime();
    return [...this.#held].filter(([, hold]) => hold.until > now).map(([chatId]) => chatId);
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
      found = await this.#work.look(this.#opts.concurrency - this.#busy.size, this.#opts.now(), [...this.#busy, ...this.#heldChats()]);
    } catch (err) {
      this.#opts.logger.error({ err }, "outbox: could not read the entries; trying again later");
      this.#schedule(this.#opts.retryBaseMs);
      await this.#idle.check();
      return;
    }
    const now = this.#opts.now().getTime();
    // Not due yet, so not among the heads found, but the next to be: look again then.
    let soonest = found.nextAt === undefined ? Infinity : Math.max(0, Date.parse(found.nextAt) - now);
    // Held chats were left out of the look: they are due when their hold ends.
    for (const hold of this.#held.values()) if (hold.until > now) soonest = Math.min(soonest, hold.until - now);
    const due: Array<OutboxEntry<P>> = [];
    // No await from here to the end of the loop: `#busy` is checked and taken in one go.
    for (const head of found.heads) {
      if (this.#busy.has(head.chatId) || (this.#held.get(head.chatId)?.until ?? 0) > now) continue;
      const at = Date.parse(head.nextAt);
      if (at > now) soonest = Math.min(soonest, at - now);
      else due.push(head);
    }
    for (const { chatId } of oldestFirst(due, this.#opts.concurrency - this.#busy.size)) {
      this.#busy.add(chatId);
      void this.#serve(chatId)
        // Later, not at once: whatever failed (the store, most likely) is given time.
        .catch((err: unknown) => this.#hold(chatId, undefined, err, "outbox: serving a chat failed; trying again later"))
        .finally(() => {
          this.#busy.delete(chatId);
          // What was sent, retried or parked changed this chat's head.
          this.#work.markStale(chatId);
          void this.#pump();
        });
    }
    if (soonest !== Infinity) this.#schedule(soonest);
    await this.#idle.check();
  }

  /** Sends `chatId`'s due entries in order until one fails or none is left. */
  async #serve(chatId: number): Promise<void> {
    if (!(await this.#recordHeld(chatId))) return;
    for (;;) {
      if (this.#stopped) return;
      const pending = (await this.pending(chatId)).sort((a, b) => a.seq - b.seq);
      // Nothing left that a hold could be about (its count of failures goes with it).
      if (pending.length === 0) this.#held.delete(chatId);
      if (nothingDue(pending)) this.#events.emit("drained", { chatId });
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
      if (fateOnForbidden(entry) === "park") {
        await this.#parking.park(entry.chatId, entry);
        return false;
      }
      await this.#finish(entry, "blocked");
      return true;
    }
    let current = entry;
    /** Set when Telegram confirmed a message and the store could not record it (`current` has it). */
    const progress = { unrecorded: false };
    let result: "sent" | "obsolete";
    try {
      result = await this.#opts.deliver(entry, async (confirmed) => {
        current = { ...current, progress: confirmed };
        try {
          await this.#store.put(current);
        } catch (err) {
          progress.unrecorded = true;
          throw err;
        }
      });
    } catch (err) {
      if (progress.unrecorded) {
        // Not a failed send: the next try goes on after the confirmed part, once it is recorded.
        this.#hold(entry.chatId, current, err, "outbox: a message was sent but its progress could not be recorded; holding the chat");
        return false;
      }
      if (isForbidden(err)) {
        this.stats.blocked++;
        await this.#parking.refused(current, telegramErrorText(err));
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
    if (result === "sent") this.stats.sent++;
    const done = this.#done(current, result);
    try {
      await this.#record(done);
    } catch (err) {
      // Sent, not marked: sending it again would repeat it. The mark is written after a pause.
      this.#hold(entry.chatId, done, err, "outbox: a message was sent but could not be marked; holding the chat");
      return false;
    }
    this.#held.delete(entry.chatId);
    return true;
  }

  /**
   * Holds `chatId` ({@link ChatHold}) for `delayMs`, or for a backoff growing with the failures in
   * a row, keeping `unrecorded` (or what an earlier hold kept) to write first.
   */
  #hold(chatId: number, unrecorded: OutboxEntry<P> | undefined, err: unknown, msg: string, delayMs?: number): void {
    // Stopping: nothing more is sent here; the next start goes on from the last mark.
    if (this.#stopped) return;
    const earlier = this.#held.get(chatId);
    const failures = (earlier?.failures ?? 0) + 1;
    const delay = delayMs ?? retryDelay(failures, this.#opts.retryBaseMs, this.#opts.retryMaxMs, Math.random());
    const kept = unrecorded ?? earlier?.unrecorded;
    this.#held.set(chatId, { until: this.#opts.now().getTime() + delay, failures, ...(kept ? { unrecorded: kept } : {}) });
    this.#opts.logger.error({ err, chatId, entry: kept?.key, delayMs: delay }, msg);
    this.#schedule(delay);
  }

  /**
   * Before `chatId` is served: false while it is held, or when what its hold kept still cannot be
   * written (held longer then); true once it is written (the hold stays, for its count of failures,
   * until an entry of the chat is finished).
   */
  async #recordHeld(chatId: number): Promise<boolean> {
    const hold = this.#held.get(chatId);
    if (!hold) return true;
    if (hold.until > this.#opts.now().getTime()) return false;
    const entry = hold.unrecorded;
    if (!entry) return true;
    // Only over the entry as it was sent: one queued again meanwhile (a card's newer payload) is
    // left pending, to be sent as it is now; one ended elsewhere stays ended.
    const asSent = JSON.stringify(entry.payload);
    const outcome = { wrote: false };
    try {
      await this.#store.update(chatId, entry.key, (cur) => {
        outcome.wrote = cur?.seq === entry.seq && cur.state === "pending" && JSON.stringify(cur.payload) === asSent;
        return outcome.wrote ? entry : cur;
      });
    } catch (err) {
      this.#hold(chatId, entry, err, "outbox: still cannot record the chat's entry; holding the chat");
      return false;
    }
    delete hold.unrecorded;
    if (outcome.wrote && entry.state !== "pending") this.#events.emit(entry.state === "sent" ? "sent" : "failed", { entry });
    return true;
  }

  async #retryLater(entry: OutboxEntry<P>, err: unknown): Promise<void> {
    const attempts = entry.attempts + 1;
    const delay = retryDelay(attempts, this.#opts.retryBaseMs, this.#opts.retryMaxMs, Math.random());
    const lastError = telegramErrorText(err);
    this.#opts.logger.warn(
      { entry: entry.key, chatId: entry.chatId, attempts, delayMs: delay, error: lastError },
      "outbox: sending failed; will try again",
    );
    const later = { ...entry, attempts, lastError, nextAt: new Date(this.#opts.now().getTime() + delay).toISOString() };
    try {
      await this.#store.put(later);
    } catch (err) {
      // Its retry time is not stored, so the entry still looks due: held here for that time
      // (after a restart it is retried from its last mark).
      this.#hold(entry.chatId, later, err, "outbox: could not record when to try again; holding the chat", delay);
      return;
    }
    this.#schedule(delay);
  }

  async #finish(entry: OutboxEntry<P>, state: OutboxState): Promise<void> {
    await this.#record(this.#done(entry, state));
  }

  /** `entry` ended in `state` now. */
  #done(entry: OutboxEntry<P>, state: OutboxState): OutboxEntry<P> {
    return { ...entry, state, doneAt: this.#opts.now().toISOString() };
  }

  /** Writes `entry`; one that ended is told after. */
  async #record(entry: OutboxEntry<P>): Promise<void> {
    // Durable when put resolves: on disk before the chat's next entry is considered, and before anyone is told.
    await this.#store.put(entry);
    if (entry.state !== "pending") this.#events.emit(entry.state === "sent" ? "sent" : "failed", { entry });
  }
}
