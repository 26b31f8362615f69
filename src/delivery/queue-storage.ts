/**
 * Where the outbox keeps its entries, apart from the loop that sends them (outbox.ts): the sender
 * asks for a chat's entries, adds once and changes one atomically; each write is durable when it
 * resolves (the store's "outbox" namespace is written through); how entries are laid out is this
 * module's business.
 *
 * {@link kvQueueStorage} keeps them in the store's "outbox" namespace (live.json on lowdb,
 * the kv table on PostgreSQL), under "chat:<chatId>:<key>", so one chat's entries are one prefix
 * ({@link KeyValueStore.entriesWithPrefix}: on PostgreSQL an index range, not the namespace).
 * Entries an earlier version stored under the bare key are moved under their chat on {@link
 * QueueStorage.open}. On a store that answers {@link DataStore.outbox} (PostgreSQL) it has {@link
 * QueueStorage.heads}: the next entry of each chat is one query there.
 */
import type { DataStore, KeyValueStore, QueueHeads } from "../store/data-store.js";
import type { OutboxEntry } from "./outbox-entry.js";
import { namespace } from "../store/namespace.js";

/** See the module comment. Every method may reject (the store cannot be read or written). */
export interface QueueStorage<P> {
  /**
   * Readies the store for this layout (moving what an earlier one left) and returns every entry,
   * with how many were moved. Called once before anything else (again after a failure).
   */
  open(): Promise<{ entries: Array<OutboxEntry<P>>; moved: number }>;
  /** Every entry, of every chat and state. */
  all(): Promise<Array<OutboxEntry<P>>>;
  /** `chatId`'s entries, of every state, reading only that chat's. */
  ofChat(chatId: number): Promise<Array<OutboxEntry<P>>>;
  /** `chatId`'s entry under `key`, if any (a copy). */
  get(chatId: number, key: string): Promise<OutboxEntry<P> | undefined>;
  /** Stores `entry` unless its chat has one under its key already; returns whether it did (once-only across replicas). */
  add(entry: OutboxEntry<P>): Promise<boolean>;
  /** Stores `entry`, replacing its chat's entry under its key. */
  put(entry: OutboxEntry<P>): Promise<void>;
  /** Replaces `chatId`'s entry under `key` by `change(current)` in one atomic step; undefined removes it. */
  update(
    chatId: number,
    key: string,
    change: (current: OutboxEntry<P> | undefined) => OutboxEntry<P> | undefined,
  ): Promise<OutboxEntry<P> | undefined>;
  /**
   * Optional: each chat's due head (its first pending entry, in a chat not all parked), oldest
   * first, at most `limit`, but those of the chats in `skip`, and when the next one falls due, read from the stored entries each
   * time (the store's {@link DataStore.outbox}). Without it the sender keeps the heads itself (chat-heads.ts).
   */
  heads?(limit: number, now: Date, skip: readonly number[]): Promise<QueueHeads<OutboxEntry<P>>>;
}

/** The kv namespace of the entries in the store. */
export const OUTBOX_NAMESPACE = namespace<OutboxEntry>("outbox", "through", { live: true });

/** The start of the stored keys of `chatId`'s entries (the digits end at the colon: chat 1 is not chat 10). */
function chatPrefix(chatId: number): string {
  return `chat:${chatId}:`;
}

/** Where the entry `key` of `chatId` is stored. */
function storedKey(chatId: number, key: string): string {
  return chatPrefix(chatId) + key;
}

/** The outbox's entries in the store's kv (see the module comment). */
export function kvQueueStorage<P>(store: Pick<DataStore, "kv" | "outbox">): QueueStorage<P> {
  const kv = (): KeyValueStore<OutboxEntry<P>> => store.kv(OUTBOX_NAMESPACE) as KeyValueStore<OutboxEntry<P>>;

  /**
   * Moves an entry an earlier version stored under its bare key (a live.json of that version, or
   * the database copied from one) to its chat's key, where per-chat reads look. The copy is added
   * before the old key is deleted: a crash in between leaves both, and the next start finds the
   * copy in place (`add` refuses) and only deletes the old key. Nothing writes an old key any more,
   * so the value read here is the entry's latest. Returns whether this call found it to move (a
   * replica starting at the same moment may have moved it).
   */
  async function moveUnderChat(stored: string): Promise<boolean> {
    const entry = await kv().get(stored);
    if (entry === undefined) return false;
    await kv().add(storedKey(entry.chatId, entry.key), entry);
    await kv().delete(stored);
    return true;
  }

  const queries = store.outbox;
  return {
    ...(queries ? { heads: (limit: number, now: Date, skip: readonly number[]) => queries.heads<OutboxEntry<P>>(limit, now, skip) } : {}),
    async open() {
      const stored = await kv().entries();
      let moved = 0;
      for (const [at, e] of stored) {
        const earlier = at !== storedKey(e.chatId, e.key) && Number.isSafeInteger(e.chatId) && typeof e.key === "string";
        if (earlier && (await moveUnderChat(at))) moved++;
      }
      return { entries: stored.map(([, e]) => e), moved };
    },
    all: async () => (await kv().entries()).map(([, e]) => e),
    ofChat: async (chatId) => (await kv().entriesWithPrefix(chatPrefix(chatId))).map(([, e]) => e).filter((e) => e.chatId === chatId),
    get: (chatId, key) => kv().get(storedKey(chatId, key)),
    add: (entry) => kv().add(storedKey(entry.chatId, entry.key), entry),
    put: (entry) => kv().set(storedKey(entry.chatId, entry.key), entry),
    update: (chatId, key, change) => kv().update(storedKey(chatId, key), change),
  };
}
