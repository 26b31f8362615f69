/**
 * A person's record read once per update, not once per question about it.
 *
 * Handling one message asks for the same user several times: trackUser's upsertSeen, then the
 * language to translate in, for the update and again for every context the exchange flow's
 * conversation builds while it replays. Measured on PostgreSQL for an address typed in the flow:
 * the same row read five times, each a round trip. While an update of a person is being handled
 * (between {@link UsersPerUpdate.middleware}'s entry and exit), the first read (or write) of that
 * person is kept and later reads get a copy of it; every write through this store replaces the
 * kept record with the one it stored, so a /language choice is seen by the renegotiation that
 * follows it. Once the person's last update in flight is handled, reads go to the store again.
 *
 * Kept by person, not by an AsyncLocalStorage scope of the update: a single AsyncLocalStorage
 * turns on V8's promise hooks for the whole process, and every promise of every update then pays
 * for them (measured on the flow benchmark: about 4 % of the bot's CPU in the hooks alone). The
 * person is who the update is from; reads of that person from elsewhere during the update (a
 * notice to them) get the same kept record, which is what the store holds: every write through
 * this store updates it.
 */
import type { UserRecord } from "../domain/types.js";
import type { DataStore, UsersStore } from "./data-store.js";
import { copy } from "./json.js";

interface Kept {
  /** Updates of this person being handled now (of several chats, or a burst in one). */
  updates: number;
  /** The record as last read or written (undefined: no such user); unset until the first read. */
  read?: Promise<UserRecord | undefined>;
}

export class UsersPerUpdate {
  /** By user id, for the people an update is being handled for. */
  readonly #kept = new Map<number, Kept>();
  /** `store`, its users kept per update. */
  readonly store: DataStore;

  constructor(store: DataStore) {
    const users = store.users;
    const keptBy = this.#kept;
    /** Keeps what a write stored (a copy: the caller owns the returned record). Records are JSON values, as the store's. */
    const keep = (id: number, rec: UserRecord | undefined): UserRecord | undefined => {
      const kept = keptBy.get(id);
      if (kept) kept.read = Promise.resolve(rec && copy(rec));
      return rec;
    };
    const perUpdate: UsersStore = {
      ...users,
      async get(id) {
        const kept = keptBy.get(id);
        if (!kept) return users.get(id);
        let read = kept.read;
        if (!read) {
          read = users.get(id);
          kept.read = read;
          // A failed read is not kept: the next question asks the store again.
          read.catch(() => {
            if (kept.read === read) kept.read = undefined;
          });
        }
        const rec = await read;
        return rec && copy(rec);
      },
      upsertSeen: async (from, now) => keep(from.id, await users.upsertSeen(from, now)) as UserRecord,
      setLanguage: async (id, code) => keep(id, await users.setLanguage(id, code)),
      setBlocked: async (id, blocked) => keep(id, await users.setBlocked(id, blocked)),
      forget: async (id) => {
        const forgotten = await users.forget(id);
        keep(id, undefined);
        return forgotten;
      },
    };
    this.store = { ...store, users: perUpdate };
  }

  /** Middleware to install before anything reads users: the person's record is kept until the update is handled. */
  readonly middleware = async (ctx: { from?: { id: number } | undefined }, next: () => Promise<void>): Promise<void> => {
    const id = ctx.from?.id;
    if (id === undefined) return next();
    let kept = this.#kept.get(id);
    if (!kept) this.#kept.set(id, (kept = { updates: 0 }));
    kept.updates++;
    try {
      await next();
    } finally {
      if (--kept.updates === 0) this.#kept.delete(id);
    }
  };
}
