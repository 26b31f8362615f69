/**
 * The storage contract the bot is written against: the same repositories whether the data lives in
 * lowdb files (store.ts, wrapped by file-data-store.ts) or in PostgreSQL (postgres/).
 *
 * Everything is async, because a database answers over the network. What stays true on both:
 *
 * - **Copies**: every record or value returned is the caller's; changing it changes nothing stored.
 * - **Durable before visible, decided by the store**: durability.ts declares which writes are
 *   written through (durable when their promise resolves) and which are coalesced; a caller never
 *   makes a write durable itself. On PostgreSQL every write commits before it resolves. On lowdb a
 *   written-through write resolves after a write of its file (file-data-store.ts).
 * - **Durable in order**: a written-through write, once durable (even before its promise
 *   resolves, should the process die then), carries every write that resolved before it was made,
 *   coalesced ones included. So a coalesced write that must not be lost while what follows it is
 *   kept (a status before the notice that tells it, a "blocked" mark before the entries it ends)
 *   needs nothing but to be made first. On PostgreSQL each write commits before it resolves; on
 *   lowdb the small file writes after the main file (file-data-store.ts).
 * - **Read-modify-write is one step**: `update(id, fn)` and `add(key, value)` are atomic on both
 *   backends (a row lock or a unique key on PostgreSQL), so two processes sharing a database can
 *   both call them. A `get` followed by a `set` is not: two replicas could both pass the `get`.
 * - **Any text is taken**: lowdb keeps strings as they are. PostgreSQL cannot hold U+0000 or a lone
 *   surrogate, so there a NUL is removed and a lone surrogate becomes U+FFFD in everything written
 *   (records, values and their keys, kv keys, searched text; postgres/text.ts). What a write
 *   returns is what a read finds.
 */
import type { ExchangeRecord, UserRecord } from "../domain/types.js";
import type { ArchivedTotals } from "./archive.js";
import type { ExchangePatch } from "./exchanges-repo.js";
import type { TelegramUserLike } from "./users-repo.js";
import { namespace, type Namespace } from "./namespace.js";

export type { ArchivedTotals } from "./archive.js";
export type { ExchangePatch } from "./exchanges-repo.js";
export type { TelegramUserLike } from "./users-repo.js";

/** Users, keyed by Telegram user id. */
export interface UsersStore {
  get(id: number): Promise<UserRecord | undefined>;
  /**
   * Creates the user on first contact, or refreshes names, Telegram's language and lastSeenAt
   * (at a resolution of a minute: a message that changes nothing else does not write).
   */
  upsertSeen(from: TelegramUserLike, now: Date): Promise<UserRecord>;
  /** Sets the language chosen with /language; undefined means "follow Telegram". Undefined if unknown user. */
  setLanguage(id: number, code: string | undefined): Promise<UserRecord | undefined>;
  /** Records that the user blocked (or unblocked) the bot. Undefined if unknown user. */
  setBlocked(id: number, blocked: boolean): Promise<UserRecord | undefined>;
  /**
   * Deletes the user's record (names, languages, first and last seen: /forget); returns whether
   * there was one. Written through: a person told their data is gone does not find it back after a
   * crash. A later message of theirs is a first contact again.
   */
  forget(id: number): Promise<boolean>;
  /** Case-insensitive, with or without a leading "@". */
  findByUsername(name: string): Promise<UserRecord | undefined>;
  /** Every user, in batches as it is read, in insertion order. */
  all(): AsyncIterable<UserRecord>;
  count(): Promise<number>;
}

/** Exchanges, keyed by the service's exchange id: the open and recent ones (see `lookup` for all). */
export interface ExchangesStore {
  /** Stores a new exchange. Throws if the id exists or the record is malformed. */
  insert(rec: ExchangeRecord): Promise<ExchangeRecord>;
  get(id: string): Promise<ExchangeRecord | undefined>;
  has(id: string): Promise<boolean>;
  /**
   * Applies a patch, or a function from the current record (a copy, free to mutate) to the new
   * one, atomically. Returns the stored result. Throws if the id is unknown, the id would change,
   * or the result is malformed. `updatedAt` is the caller's to set.
   */
  update(id: string, change: ExchangePatch | ((rec: ExchangeRecord) => ExchangeRecord)): Promise<ExchangeRecord>;
  /** The user's exchanges, newest (by createdAt) first. */
  byUser(userId: number): Promise<ExchangeRecord[]>;
  /** Every exchange whose status is not final, oldest first. */
  open(): Promise<ExchangeRecord[]>;
  /** Exchanges whose id, an address or a tag equals `query` exactly (spaces trimmed), newest first. */
  find(query: string): Promise<ExchangeRecord[]>;
  /** Every exchange, in batches as it is read, in insertion order. */
  all(): AsyncIterable<ExchangeRecord>;
  count(): Promise<number>;
  /**
   * The status poller's claim on work, shared by replicas: up to `limit` open exchanges that are
   * not stopped (`tracking.stoppedReason`), whose next check is due at `now` (or was never set),
   * and on which no lease is still running, not even `owner`'s own (it is checking them); never
   * scheduled first, then most overdue. Each is
   * leased to `owner` until `now + leaseMs`. On PostgreSQL the rows are taken with
   * `FOR UPDATE SKIP LOCKED`, so replicas claiming at the same moment get disjoint sets, and a dead
   * replica's claims return when their lease runs out.
   */
  claimDue(owner: string, opts: { now: Date; leaseMs: number; limit: number }): Promise<DueClaim[]>;
  /**
   * Ends `owner`'s lease on each exchange of `releases` (on those it still holds) and sets when it
   * is next due; without `nextCheckAt` it keeps the time it was due, so it stays first in line.
   * Several at once, in one statement on PostgreSQL: the poller releases a round of checks together.
   */
  releaseClaims(owner: string, releases: readonly ClaimRelease[]): Promise<void>;
}

/** One exchange handed back by {@link ExchangesStore.releaseClaims}. */
export interface ClaimRelease {
  id: string;
  nextCheckAt: Date | undefined;
}

/** One exchange claimed by {@link ExchangeStore.claimDue}. */
export interface DueClaim {
  exchange: ExchangeRecord;
  /** When it was due; undefined for an exchange the poller has never scheduled in this store. */
  dueAt: Date | undefined;
}

/** Lookups that include exchanges moved out of the hot store (lowdb's archive). */
export interface ExchangeLookupStore {
  find(query: string): Promise<ExchangeRecord[]>;
  byUser(userId: number): Promise<ExchangeRecord[]>;
  /** Exchange `id` if it belongs to `userId`, wherever it is kept. */
  ofUser(userId: number, id: string): Promise<ExchangeRecord | undefined>;
  /** Counts of exchanges not in `exchanges` (archived), for /stats; zeros when there is no archive. */
  archivedTotals(): Promise<ArchivedTotals>;
  /**
   * Every exchange created in [`from`, `to`), archived ones included, in batches as it is read
   * (support's /export of a range of days: never all held at once). No order is promised.
   */
  createdBetween(from: Date, to: Date): AsyncIterable<ExchangeRecord>;
}

/** A string-keyed map of JSON values that survives restarts. */
export interface KeyValueStore<T> {
  get(key: string): Promise<T | undefined>;
  /** Stores a JSON copy of `value`, replacing any. Throws a TypeError for values JSON cannot carry. */
  set(key: string, value: T): Promise<void>;
  /**
   * Stores `value` only if `key` is absent; returns whether it did. The once-only primitive: on
   * PostgreSQL it is the table's primary key that decides, so of two replicas exactly one wins.
   */
  add(key: string, value: T): Promise<boolean>;
  /**
   * Atomically replaces the value under `key` by `change(current)`; `undefined` from `change`
   * deletes it. Returns the new value. `change` may run more than once; keep it pure.
   */
  update(key: string, change: (current: T | undefined) => T | undefined): Promise<T | undefined>;
  /** Removes the key; returns whether it existed. */
  delete(key: string): Promise<boolean>;
  has(key: string): Promise<boolean>;
  keys(): Promise<string[]>;
  /** Every entry, in insertion order. */
  entries(): Promise<Array<[string, T]>>;
  /**
   * The entries whose key starts with `prefix` (case and every character as they are), in insertion
   * order. On PostgreSQL an index range: its cost follows the entries found, not the namespace, so
   * a namespace keyed by owner first (the outbox: its chat) can answer for one owner cheaply.
   */
  entriesWithPrefix(prefix: string): Promise<Array<[string, T]>>;
  /**
   * Removes the entries whose value is an object with an `at` time (an ISO 8601 string as
   * `Date#toISOString` writes it) earlier than `cutoff`; returns how many. Other entries are kept.
   * For namespaces of short-lived keys, pruned by age without reading them (one statement on
   * PostgreSQL).
   */
  deleteOlderThan(cutoff: Date): Promise<number>;
}

/** The fields of an outbox entry (delivery/outbox.ts) that {@link OutboxQueries} reads. */
export interface QueuedEntryFields {
  chatId: number;
  /** Queue order, global: a chat's entries are sent by it. */
  seq: number;
  /** "pending" until the entry ends. */
  state: string;
  /** Not due before this (an ISO 8601 time as `Date#toISOString` writes it). */
  nextAt: string;
  /** Waiting for the chat's next update, not for time. */
  parked?: boolean;
}

/** What {@link OutboxQueries.heads} finds. */
export interface QueueHeads<T> {
  /** The due head of each chat, oldest (lowest `seq`) first, at most the limit asked for. */
  due: T[];
  /**
   * The earliest `nextAt` after `now` of a pending entry that is not parked, if any: no head
   * becomes due before it (unless an entry is queued or changed meanwhile).
   */
  nextAt?: string;
}

/**
 * Queries over the "outbox" kv namespace, whose values are {@link QueuedEntryFields} (and more),
 * answered by the database itself: the sender asks for the next entry of each chat instead of
 * reading every entry. PostgreSQL only (postgres/outbox-heads.ts); on lowdb every entry is in
 * memory, and the sender keeps the heads itself.
 */
export interface OutboxQueries {
  /**
   * The head of each chat that is due at `now`, oldest first, at most `limit`. A chat's head is its
   * pending entry with the lowest `seq`; it is due when its `nextAt` is not after `now` and the chat
   * has a pending entry that is not parked (a chat whose pending entries are all parked waits for
   * its next update; one with a newer entry that is not parked starts again from its oldest, parked
   * or not, so order holds). Reads only pending entries, through an index. The chats in `skip`
   * (those the sender is serving already) are left out.
   */
  heads<T extends QueuedEntryFields>(limit: number, now: Date, skip?: readonly number[]): Promise<QueueHeads<T>>;
}

/** One kind of per-person token bucket: what it counts and how fast it refills. */
export interface BucketKind {
  /** The kind's name ("updates", "quotes", "exports"): each person has one bucket of each kind. */
  name: string;
  /** Tokens a full bucket holds: the largest burst. */
  capacity: number;
  /** Tokens gained a minute: the steady pace allowed. */
  perMinute: number;
}

/** What {@link SharedBuckets.take} found and did. */
export interface BucketTake {
  /** How many of the takes passed: the first `granted` of them (one token each). */
  granted: number;
  /** The tokens left in the bucket after the takes, as of `now`. */
  tokens: number;
  /** Noted refusals in a row, these included: 0 when the last take passed, 1 after a flood's first refusal. */
  refused: number;
}

/**
 * Per-person token buckets counted by the store itself, so that every process on it shares one
 * count (bot/middleware/person-limits.ts). PostgreSQL only (postgres/person-buckets.ts): on files
 * one process owns the data, and counts in its memory.
 */
export interface SharedBuckets {
  /**
   * Makes `count` takes of one token each from `person`'s bucket of `kind` as of `now` (epoch ms),
   * one after another, atomically: of takes made at once by any number of processes, exactly as
   * many pass as the bucket held. A refusal with `note` adds to `refused` (one without leaves it as
   * it is); a take that passes resets it.
   */
  take(kind: BucketKind, person: number, now: number, note: boolean, count: number): Promise<BucketTake>;
  /**
   * Forgets the buckets of `kinds` that are full again at `now` (epoch ms): such a bucket is as a
   * new one, so forgetting it changes nothing but the table's size. Returns how many.
   */
  prune(kinds: readonly BucketKind[], now: number): Promise<number>;
}

/** The maintenance switch: while on, the bot answers users with `message` (or a default text). */
export interface MaintenanceSetting {
  on: boolean;
  message?: string;
}

/** Small global flags, one JSON value per key. */
export interface SettingsStore {
  getMaintenance(): Promise<MaintenanceSetting | undefined>;
  setMaintenance(value: MaintenanceSetting): Promise<void>;
}

/** The conversations plugin's state of each chat's short question (bot/questions.ts): written before it is asked again. */
export const CONVERSATIONS = namespace<unknown>("conversations", "through", { live: true });

/** The bot's state: everything the bot reads or changes goes through these. */
export interface DataStore {
  /** "file" (lowdb) or "postgres": for logs, /stats and health. */
  readonly kind: "file" | "postgres";
  readonly users: UsersStore;
  readonly exchanges: ExchangesStore;
  readonly lookup: ExchangeLookupStore;
  /** Conversation state for @grammyjs/conversations, by the plugin's key. */
  readonly conversations: KeyValueStore<unknown>;
  readonly settings: SettingsStore;
  /** A namespaced key-value store (outbox, alerts, broadcasts, create markers, dedup keys), by its owner's constant. */
  kv<T>(namespace: Namespace<T>): KeyValueStore<T>;
  /** Queries over the outbox's entries, on a store that can answer them itself (PostgreSQL); see {@link OutboxQueries}. */
  readonly outbox?: OutboxQueries;
  /** Per-person limits counted by the store, shared by its processes (PostgreSQL); see {@link SharedBuckets}. */
  readonly buckets?: SharedBuckets;
  /** Finishes pending writes; further writes fail. */
  close(): Promise<void>;
}
