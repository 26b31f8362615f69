/**
 * Users: who talked to the bot, their chosen language, whether they blocked it.
 */
import type { UserRecord } from "../domain/types.js";
import { copy } from "./json.js";
import type { RepoContext } from "./repo-context.js";

/** The fields of a Telegram `User` the store keeps (grammY's `ctx.from` fits). */
export interface TelegramUserLike {
  id: number;
  first_name: string;
  username?: string;
  language_code?: string;
}

/** Users, keyed by Telegram user id. Every record returned is a copy. */
export interface UsersRepo {
  get(id: number): UserRecord | undefined;
  /**
   * Creates the user on first contact, or refreshes names, Telegram's language and lastSeenAt.
   * lastSeenAt has a resolution of {@link LAST_SEEN_RESOLUTION_MS}: when nothing else changed and
   * the stored lastSeenAt is more recent than that, nothing is written (every message would
   * otherwise rewrite the whole file).
   */
  upsertSeen(from: TelegramUserLike, now: Date): UserRecord;
  /** Sets the language chosen with /language; undefined means "follow Telegram". Undefined if unknown user. */
  setLanguage(id: number, code: string | undefined): UserRecord | undefined;
  /** Records that the user blocked (or unblocked) the bot. Undefined if unknown user. */
  setBlocked(id: number, blocked: boolean): UserRecord | undefined;
  /** Deletes the user's record; returns whether there was one. */
  forget(id: number): boolean;
  /** Case-insensitive, with or without a leading "@". */
  findByUsername(name: string): UserRecord | undefined;
  /** Copies of every user, lazily, in insertion order. */
  all(): IterableIterator<UserRecord>;
  count(): number;
}

/** How stale lastSeenAt may get before a message with no other change refreshes it: one minute. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

function normaliseUsername(name: string): string {
  return name.trim().replace(/^@/, "").toLowerCase();
}

/** Implements {@link UsersRepo} with an index by lower-cased username built on load. */
export class UsersRepository implements UsersRepo {
  readonly #byUsername = new Map<string, number>();
  #count = 0;

  constructor(private readonly ctx: RepoContext) {
    for (const u of Object.values(ctx.data.users)) {
      this.#indexUsername(u);
      this.#count++;
    }
  }

  get(id: number): UserRecord | undefined {
    const u = this.ctx.data.users[String(id)];
    return u && copy(u);
  }

  /**
   * Records that `from` sent an update (created, names, last seen). An unordered change: written on
   * the file's schedule, and no later write of another file waits for it (file-data-store.ts).
   */
  upsertSeen(from: TelegramUserLike, now: Date): UserRecord {
    const previous = this.ctx.data.users[String(from.id)];
    const next = seenUser(previous, from, now);
    if (!next) {
      this.ctx.assertWritable();
      return copy(previous as UserRecord);
    }
    return this.#put(previous, next, false);
  }

  setLanguage(id: number, code: string | undefined): UserRecord | undefined {
    return this.#change(id, (u) => withLanguage(u, code));
  }

  setBlocked(id: number, blocked: boolean): UserRecord | undefined {
    return this.#change(id, (u) => {
      u.blocked = blocked;
    });
  }

  forget(id: number): boolean {
    this.ctx.assertWritable();
    const previous = this.ctx.data.users[String(id)];
    if (!previous) return false;
    return this.ctx.mutate(() => {
      this.#unindexUsername(previous);
      delete this.ctx.data.users[String(id)];
      this.#count--;
      return true;
    });
  }

  findByUsername(name: string): UserRecord | undefined {
    const id = this.#byUsername.get(normaliseUsername(name));
    return id === undefined ? undefined : this.get(id);
  }

  *all(): IterableIterator<UserRecord> {
    for (const u of Object.values(this.ctx.data.users)) yield copy(u);
  }

  count(): number {
    return this.#count;
  }

  #change(id: number, edit: (u: UserRecord) => void): UserRecord | undefined {
    this.ctx.assertWritable();
    const previous = this.ctx.data.users[String(id)];
    if (!previous) return undefined;
    const next = copy(previous);
    edit(next);
    return this.#put(previous, next);
  }

  /** Stores `next` (a record no caller holds) and keeps the username index right; `ordered` as RepoContext's `mutate`. */
  #put(previous: UserRecord | undefined, next: UserRecord, ordered = true): UserRecord {
    return this.ctx.mutate(() => {
      if (previous) this.#unindexUsername(previous);
      if (!previous) this.#count++;
      this.ctx.data.users[String(next.id)] = next;
      this.#indexUsername(next);
      return copy(next);
    }, ordered);
  }

  #unindexUsername(u: UserRecord): void {
    if (!u.username) return;
    const key = normaliseUsername(u.username);
    if (this.#byUsername.get(key) === u.id) this.#byUsername.delete(key);
  }

  #indexUsername(u: UserRecord): void {
    // The latest holder of a username wins: usernames move between accounts on Telegram.
    if (u.username) this.#byUsername.set(normaliseUsername(u.username), u.id);
  }
}

/**
 * The record of `previous` (undefined: a new user) after a message from `from` at `now`, or
 * undefined when nothing needs writing (only lastSeenAt would move, by less than the resolution).
 * Shared by both backends so they refresh a user identically. Throws a TypeError for a non-integer id.
 */
export function seenUser(previous: UserRecord | undefined, from: TelegramUserLike, now: Date): UserRecord | undefined {
  if (!Number.isSafeInteger(from.id)) throw new TypeError("A user id must be an integer.");
  // Most updates come from someone seen within the minute, unchanged: nothing is built for them.
  if (previous && onlyRecentlySeen(previous, from, now)) return undefined;
  const at = now.toISOString();
  // Built whole rather than with `delete`: a deleted key turns the object into a slow dictionary
  // for V8, and these records are copied and serialised on every write. A user who removed their
  // username (or a client that stopped sending a language) loses it. A new user's record is one
  // literal, in the key order a known one's has: an object rest copy was 7 % of what an inline
  // query from a new person cost the bot's own code.
  let next: UserRecord;
  if (previous === undefined) next = { id: from.id, blocked: false, firstSeenAt: at, firstName: from.first_name, lastSeenAt: at };
  else {
    const { username: _username, telegramLanguageCode: _language, ...kept } = previous;
    next = { ...kept, firstName: from.first_name, lastSeenAt: at };
  }
  if (from.username) next.username = from.username;
  if (from.language_code) next.telegramLanguageCode = from.language_code;
  return next;
}

/** Sets the /language choice on `u` in place; an empty or undefined code means "follow Telegram". */
export function withLanguage(u: UserRecord, code: string | undefined): void {
  setOrDelete(u, "languageCode", code || undefined);
}

/**
 * True when what `from` says of the user is what `previous` holds (the names, Telegram's language)
 * and `previous` was seen less than the resolution ago: only lastSeenAt would move.
 */
function onlyRecentlySeen(previous: UserRecord, from: TelegramUserLike, now: Date): boolean {
  const age = now.getTime() - Date.parse(previous.lastSeenAt);
  if (!(age >= 0 && age < LAST_SEEN_RESOLUTION_MS)) return false;
  return (
    previous.firstName === from.first_name &&
    previous.username === (from.username || undefined) &&
    previous.telegramLanguageCode === (from.language_code || undefined)
  );
}

/** Sets `record[key] = value`, or removes the key when value is undefined (JSON has no undefined). */
function setOrDelete<R extends object, K extends keyof R>(record: R, key: K, value: R[K] | undefined): void {
  if (value === undefined) delete record[key];
  else record[key] = value;
}
