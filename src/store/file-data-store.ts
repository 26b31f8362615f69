/**
 * The lowdb store (store.ts) seen through the async {@link DataStore} contract.
 *
 * lowdb keeps everything in memory and changes it synchronously, so each call here is one
 * synchronous step: a read-modify-write (`update`, `add`) cannot interleave with another, which is
 * what the contract asks of both backends. Durability stays the file store's: `flush()`.
 */
import type { DataStore, KeyValueStore, SettingsStore } from "./data-store.js";
import type { KeyValueRepo } from "./kv-repo.js";
import type { Store } from "./store.js";

/** Wraps an open lowdb store; `close()` closes it. */
export function fileDataStore(store: Store): DataStore {
  const kvCache = new Map<string, KeyValueStore<unknown>>();
  const settings: SettingsStore = {
    getMaintenance: () => Promise.resolve(store.settings.get("maintenance")),
    setMaintenance: (value) => step(() => store.settings.set("maintenance", value)),
  };
  return {
    kind: "file",
    users: {
      get: (id) => step(() => store.users.get(id)),
      upsertSeen: (from, now) => step(() => store.users.upsertSeen(from, now)),
      setLanguage: (id, code) => step(() => store.users.setLanguage(id, code)),
      setBlocked: (id, blocked) => step(() => store.users.setBlocked(id, blocked)),
      findByUsername: (name) => step(() => store.users.findByUsername(name)),
      all: () => toAsync(store.users.all()),
      count: () => step(() => store.users.count()),
    },
    exchanges: {
      insert: (rec) => step(() => store.exchanges.insert(rec)),
      get: (id) => step(() => store.exchanges.get(id)),
      has: (id) => step(() => store.exchanges.has(id)),
      update: (id, change) => step(() => store.exchanges.update(id, change)),
      byUser: (userId) => step(() => store.exchanges.byUser(userId)),
      open: () => step(() => store.exchanges.open()),
      find: (query) => step(() => store.exchanges.find(query)),
      all: () => toAsync(store.exchanges.all()),
      count: () => step(() => store.exchanges.count()),
    },
    lookup: {
      find: (query) => store.lookup.find(query),
      byUser: (userId) => store.lookup.byUser(userId),
      ofUser: (userId, id) => store.lookup.ofUser(userId, id),
      archivedTotals: () => step(() => store.archive.totals()),
    },
    conversations: fileKeyValue(store.conversations),
    settings,
    kv<T>(namespace: string): KeyValueStore<T> {
      let repo = kvCache.get(namespace);
      if (!repo) kvCache.set(namespace, (repo = fileKeyValue(store.kv<unknown>(namespace))));
      return repo as KeyValueStore<T>;
    },
    flush: () => store.flush(),
    whenDurable: () => store.whenDurable(),
    close: () => store.close(),
  };
}

/** One kv namespace of the file store, async. */
function fileKeyValue<T>(repo: KeyValueRepo<T>): KeyValueStore<T> {
  return {
    get: (key) => step(() => repo.get(key)),
    set: (key, value) => step(() => repo.set(key, value)),
    add: (key, value) =>
      step(() => {
        if (repo.has(key)) return false;
        repo.set(key, value);
        return true;
      }),
    update: (key, change) =>
      step(() => {
        const next = change(repo.get(key));
        if (next === undefined) repo.delete(key);
        else repo.set(key, next);
        return next;
      }),
    delete: (key) => step(() => repo.delete(key)),
    has: (key) => step(() => repo.has(key)),
    keys: () => step(() => repo.keys()),
    entries: () => step(() => repo.entries()),
  };
}

/** Runs a synchronous store call as a promise: its throw becomes a rejection, as on PostgreSQL. */
function step<T>(run: () => T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}

/** A lazy synchronous iterator as an async one. */
function toAsync<T>(items: IterableIterator<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => Promise.resolve(items.next()),
    }),
  };
}
