/**
 * Each chat's first pending entry, kept in memory for the sender's pump (outbox.ts) where the
 * storage cannot answer it as a query (lowdb; on PostgreSQL the pump asks the store's
 * `outbox.heads` instead, and nothing here is used). The pump runs
 * after every chat served: it reads again only the chats whose entries changed since (queued,
 * sent, retried, woken: each marks its chat), not every chat's entries once per chat served, which
 * made a burst to many chats cost the square of its size. What this process cannot see (another
 * replica's entries whose news was lost, a hand-edited store) is found by a whole read at least
 * once a minute, or at once after {@link ChatHeads.markStale} without a chat.
 *
 * {@link workSource} is where the pump looks for work: the storage's query, or these heads.
 */
import type { OutboxEntry } from "./outbox-entry.js";
import type { QueueStorage } from "./queue-storage.js";

/** The sender's in-memory heads are read again in whole at least this often (see the module comment). */
const FULL_READ_EVERY_MS = 60_000;

/** Reads every chat's entries, or `chatId`'s only. */
type ReadEntries<P> = (chatId?: number) => Promise<Array<OutboxEntry<P>>>;

/**
 * The `n` entries of `entries` queued first, oldest first: one pass keeping a short sorted list,
 * as the pump runs after every chat served and a burst may hold thousands of chats.
 */
export function oldestFirst<P>(entries: ReadonlyArray<OutboxEntry<P>>, n: number): Array<OutboxEntry<P>> {
  const kept: Array<OutboxEntry<P>> = [];
  if (n <= 0) return kept;
  for (const e of entries) {
    const last = kept.at(-1);
    if (kept.length === n && last !== undefined && e.seq >= last.seq) continue;
    let i = kept.length;
    while (i > 0 && (kept[i - 1]?.seq ?? -Infinity) > e.seq) i--;
    kept.splice(i, 0, e);
    if (kept.length > n) kept.pop();
  }
  return kept;
}

/**
 * Each chat's first pending entry in `entries`: only it can be sent, the ones behind it wait for
 * it. A chat whose pending entries are all parked has none (it waits for the chat's next update);
 * one with a newer entry that is not parked starts again from its oldest, parked or not, so order
 * holds.
 */
function headsOf<P>(entries: ReadonlyArray<OutboxEntry<P>>): Map<number, OutboxEntry<P>> {
  const heads = new Map<number, OutboxEntry<P>>();
  const awake = new Set<number>();
  for (const e of entries) {
    if (e.state !== "pending") continue;
    if (!e.parked) awake.add(e.chatId);
    const head = heads.get(e.chatId);
    if (!head || e.seq < head.seq) heads.set(e.chatId, e);
  }
  for (const chatId of heads.keys()) if (!awake.has(chatId)) heads.delete(chatId);
  return heads;
}

/** See the module comment. */
class ChatHeads<P> {
  readonly #read: ReadEntries<P>;
  /** Each chat's first pending entry as last read. */
  readonly #knownHeads = new Map<number, OutboxEntry<P>>();
  /** Chats whose entries changed since {@link #knownHeads} read them. */
  readonly #staleChats = new Set<number>();
  /** Every chat must be read again (at start, after a failed read, on a bare {@link markStale}). */
  #allStale = true;
  /** When the heads were last read in whole (Date.now()). */
  #fullReadAt = 0;
  /** The refresh under way: refreshes run one after another, so an older read never lands last. */
  #refreshing: Promise<void> = Promise.resolve();

  constructor(read: ReadEntries<P>) {
    this.#read = read;
  }

  /** `chatId`'s entries changed (or, without a chat, any chat's may have): read again at the next refresh. */
  markStale(chatId?: number): void {
    if (chatId === undefined) this.#allStale = true;
    else this.#staleChats.add(chatId);
  }

  /** The heads as last read, by chat. */
  known(): IterableIterator<[number, OutboxEntry<P>]> {
    return this.#knownHeads.entries();
  }

  /**
   * Brings the known heads up to date: in whole when every chat is stale or the last whole
   * read is a minute old, else only the stale chats. Marks made while a read runs stay for the
   * next one (the read may have missed them); a failed read leaves its chats stale and rejects.
   */
  refresh(): Promise<void> {
    const next = this.#refreshing.catch(() => undefined).then(() => this.#readStaleHeads());
    this.#refreshing = next;
    return next;
  }

  async #readStaleHeads(): Promise<void> {
    if (this.#allStale || Date.now() - this.#fullReadAt >= FULL_READ_EVERY_MS) {
      this.#allStale = false;
      this.#staleChats.clear();
      const startedAt = Date.now();
      try {
        const heads = headsOf(await this.#read());
        this.#knownHeads.clear();
        for (const [chatId, head] of heads) this.#knownHeads.set(chatId, head);
        this.#fullReadAt = startedAt;
      } catch (err) {
        this.#allStale = true;
        throw err;
      }
      return;
    }
    const chats = [...this.#staleChats];
    this.#staleChats.clear();
    for (const [i, chatId] of chats.entries()) {
      try {
        const head = headsOf(await this.#read(chatId)).get(chatId);
        if (head) this.#knownHeads.set(chatId, head);
        else this.#knownHeads.delete(chatId);
      } catch (err) {
        for (const left of chats.slice(i)) this.#staleChats.add(left);
        throw err;
      }
    }
  }
}

/** What the pump finds when it looks for work: chats' heads, and when the next one not due yet falls due (if known). */
interface Work<P> {
  heads: Array<OutboxEntry<P>>;
  nextAt?: string;
}

/** Where the sender's pump looks for work (see {@link workSource}). */
export interface WorkSource<P> {
  /**
   * Chats' heads: from the storage's query when it has one (the due heads of the chats not in
   * `busy`, oldest first, at most `limit`, and when the next falls due), else every head kept in
   * memory, brought up to date. Busy chats may be among them (a chat taken meanwhile): the pump
   * skips those in the same step as it takes the rest.
   */
  look(limit: number, now: Date, busy: readonly number[]): Promise<Work<P>>;
  /** `chatId`'s entries changed (without a chat: any chat's may have); nothing to do where the storage answers the query. */
  markStale(chatId?: number): void;
}

/** The storage's own query of each chat's next entry ({@link QueueStorage.heads}) if it has one, else a {@link ChatHeads}. */
export function workSource<P>(storage: QueueStorage<P>): WorkSource<P> {
  const query = storage.heads?.bind(storage);
  if (query) {
    return {
      async look(limit, now, busy) {
        const { due, nextAt } = await query(limit, now, busy);
        return nextAt === undefined ? { heads: due } : { heads: due, nextAt };
      },
      markStale: () => undefined,
    };
  }
  const heads = new ChatHeads<P>((chatId) => (chatId === undefined ? storage.all() : storage.ofChat(chatId)));
  return {
    async look() {
      await heads.refresh();
      return { heads: [...heads.known()].map(([, e]) => e) };
    },
    markStale: (chatId) => heads.markStale(chatId),
  };
}
