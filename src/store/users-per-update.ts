/**
 * A person's record read once per update, not once per question about it.
 *
 * Handling one message asks for the same user several times: trackUser's upsertSeen, then the
 * i18n plugin's language, for the update and again for every context the exchange flow's
 * conversation builds while it replays. Measured on PostgreSQL for an address typed in the flow:
 * the same row read five times, each a round trip. Within an update, the first read (or write) is
 * kept and later reads get a copy of it; every write through this store replaces the kept record
 * with the one it stored, so a /language choice is seen by the renegotiation that follows it.
 *
 * The update is an AsyncLocalStorage scope entered by {@link UsersPerUpdate.middleware}. Work that
 * was started inside an update but outlives it (the outbox's timers) carries the scope along, so
 * kept records are used only while the update runs; after it, reads go to the store again.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { UserRecord } from "../domain/types.js";
import type { DataStore, UsersStore } from "./data-store.js";

interface Scope {
  /** False once the update is handled. */
  open: boolean;
  /** By user id: the record as last read or written in this update (undefined: no such user). */
  users: Map<number, Promise<UserRecord | undefined>>;
}

export class UsersPerUpdate {
  readonly #scopes = new AsyncLocalStorage<Scope>();
  /** `store`, its users kept per update. */
  readonly store: DataStore;

  constructor(store: DataStore) {
    const users = store.users;
    const kept = (): Map<number, Promise<UserRecord | undefined>> | undefined => {
      const scope = this.#scopes.getStore();
      return scope?.open ? scope.users : undefined;
    };
    /** Keeps what a write stored (a copy: the caller owns the returned record). */
    const keep = (id: number, rec: UserRecord | undefined): UserRecord | undefined => {
      kept()?.set(id, Promise.resolve(rec && structuredClone(rec)));
      return rec;
    };
    const perUpdate: UsersStore = {
      ...users,
      async get(id) {
        const map = kept();
        if (!map) return users.get(id);
        let read = map.get(id);
        if (!read) {
          read = users.get(id);
          map.set(id, read);
          // A failed read is not kept: the next question asks the store again.
          read.catch(() => {
            if (map.get(id) === read) map.delete(id);
          });
        }
        const rec = await read;
        return rec && structuredClone(rec);
      },
      upsertSeen: async (from, now) => keep(from.id, await users.upsertSeen(from, now)) as UserRecord,
      setLanguage: async (id, code) => keep(id, await users.setLanguage(id, code)),
      setBlocked: async (id, blocked) => keep(id, await users.setBlocked(id, blocked)),
    };
    this.store = { ...store, users: perUpdate };
  }

  /** Middleware to install before anything reads users: the rest of the update runs in one scope. */
  readonly middleware = (_ctx: unknown, next: () => Promise<void>): Promise<void> => {
    const scope: Scope = { open: true, users: new Map() };
    return this.#scopes.run(scope, async () => {
      try {
        await next();
      } finally {
        scope.open = false;
        scope.users.clear();
      }
    });
  };
}
