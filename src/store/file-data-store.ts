/**
 * The lowdb store (store.ts) seen through the async {@link DataStore} contract.
 *
 * lowdb keeps everything in memory and changes it synchronously, so each call here is one
 * synchronous step: a read-modify-write (`update`, `add`) cannot interleave with another, which is
 * what the contract asks of both backends. Durability stays the file store's: `flush()`.
 */
import type { ExchangeRecord } from "../domain/types.js";
import type { DataStore, DueClaim, KeyValueStore, SettingsStore } from "./data-store.js";
import type { KeyValueRepo } from "./kv-repo.js";
import type { Store } from "./store.js";

/** Wraps an open lowdb store; `close()` closes it. */
export function fileDataStore(store: Store): DataStore {
  const claims = new PollClaims(store);
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
      claimDue: (owner, opts) => step(() => claims.claimDue(owner, opts)),
      releaseClaims: (owner, releases) => step(() => releases.forEach((r) => claims.release(r.id, owner, r.nextCheckAt))),
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

/**
 * The poller's schedule and leases for one process: kept in memory, as one process owns a lowdb
 * file. After a restart every open exchange is due once, and the poller reschedules it from its
 * record (poller.ts).
 */
class PollClaims {
  readonly #slots = new Map<string, { dueAt: number | undefined; owner?: string; until: number }>();

  constructor(private readonly store: Store) {}

  claimDue(owner: string, opts: { now: Date; leaseMs: number; limit: number }): DueClaim[] {
    const at = opts.now.getTime();
    const due: Array<{ rec: ExchangeRecord; dueAt: number | undefined }> = [];
    const open = this.store.exchanges.open();
    const openIds = new Set<string>();
    for (const rec of open) {
      openIds.add(rec.id);
      if (rec.tracking?.stoppedReason) continue;
      const slot = this.#slots.get(rec.id);
      const dueAt = slot?.dueAt;
      if (dueAt !== undefined && dueAt > at) continue;
      if (slot?.owner !== undefined && slot.until > at) continue;
      due.push({ rec, dueAt });
    }
    // Exchanges that became final or left the file need no slot.
    for (const id of this.#slots.keys()) if (!openIds.has(id)) this.#slots.delete(id);
    // Never scheduled first (as NULLS FIRST on PostgreSQL), then most overdue; sort() is stable.
    due.sort((a, b) => (a.dueAt ?? -Infinity) - (b.dueAt ?? -Infinity));
    const claimed = due.slice(0, Math.max(0, opts.limit));
    for (const { rec, dueAt } of claimed) this.#slots.set(rec.id, { dueAt, owner, until: at + opts.leaseMs });
    return claimed.map(({ rec, dueAt }) => ({ exchange: rec, dueAt: dueAt === undefined ? undefined : new Date(dueAt) }));
  }

  release(id: string, owner: string, nextCheckAt: Date | undefined): void {
    const slot = this.#slots.get(id);
    if (slot?.owner !== undefined && slot.owner !== owner) return;
    this.#slots.set(id, { dueAt: nextCheckAt?.getTime() ?? slot?.dueAt, until: 0 });
  }
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
    entriesWithPrefix: (prefix) => step(() => repo.entriesWithPrefix(prefix)),
    deleteOlderThan: (cutoff) =>
      step(() => {
        const before = cutoff.toISOString();
        return repo.deleteWhere((value) => isAtBefore(value, before));
      }),
  };
}

/**
 * Whether `value` is an object whose `at` string sorts before `iso`. ISO 8601 times of one format
 * sort as they happen, compared by code unit, as PostgreSQL's `COLLATE "C"` does.
 */
function isAtBefore(value: unknown, iso: string): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const at = (value as { at?: unknown }).at;
  return typeof at === "string" && at < iso;
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
