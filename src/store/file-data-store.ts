/**
 * The lowdb files seen through the async {@link DataStore} contract, as one store.
 *
 * lowdb keeps everything in memory and changes it synchronously, so each call here is one
 * synchronous step: a read-modify-write (`update`, `add`) cannot interleave with another, which is
 * what the contract asks of both backends.
 *
 * Durability follows the table of durability.ts, and where a namespace lives is this file's
 * business: the main file (`db.json`, rewritten whole on each write, so coalesced over a second)
 * holds users, exchanges, settings and most namespaces; a second, small file (`live.json`) holds
 * the namespaces written at every step of a person's flow and of the outbox, so that writing them
 * through costs a line in its log (logged-file.ts) rather than a rewrite of every exchange ever stored. A write to
 * a written-through namespace resolves once the file that holds it has been written after it (one
 * write carries every change made before it, so concurrent writes share it).
 *
 * Writes reach the disk in the order they were made, across the two files: the small file is
 * written only after the main file has written every change it had when the small file's write
 * began (`Store.writeAfter`). So a coalesced change in the main file (a status, a "blocked" mark)
 * is on disk before any written-through change made after it (the notice that tells it, the
 * entries it ends), and a caller never has to make it durable itself. Two exceptions: a batch of
 * updates just received (a new key of the inbox) depends on nothing written before, and goes to disk
 * at once; before, every batch waited for a rewrite of the main file (its users' last-seen times).
 * And what an update's arrival records of its sender (`users.upsertSeen`: the record created,
 * names, last seen) is written on the main file's own schedule, within its second, and no write of
 * the small file waits for it: nobody is told anything that depends on it, and a later change that
 * matters (a language, a "blocked" mark) is ordered again and carries it. Before, every handled
 * update's inbox mark waited for a rewrite of every user for the sake of its sender's last-seen
 * time: in a webhook flood the main file was rewritten back to back, about a third of the bot's CPU.
 */
import type { ExchangeRecord } from "../domain/types.js";
import { CONVERSATIONS, type DataStore, type DueClaim, type KeyValueStore, type SettingsStore } from "./data-store.js";
import { REPOSITORY_DURABILITY, type Durability } from "./durability.js";
import type { Namespace } from "./namespace.js";
import type { KeyValueReads, KeyValueRepo } from "./kv-repo.js";
import type { Store } from "./store.js";

/**
 * One {@link DataStore} over the main file and, when given, the small file (see the module comment),
 * which from now on writes after the main file. Without a small file every namespace is in the main
 * file, written through where the table says so. `close()` closes both.
 */
export function fileDataStore(main: Store, small?: Store): DataStore {
  // Filled as namespaces are opened: a namespace's first write comes after its opening.
  const standAlone = new Set<string>();
  small?.writeAfter(main, standAlone);
  const claims = new PollClaims(main);
  const kvCache = new Map<string, KeyValueStore<unknown>>();
  // The namespaces its owners declare small (namespace.ts) live in the small file, when there is
  // one: written through, small, changed at every step; their data never shares a write with the
  // main file's.
  const kv = <T>(namespace: Namespace<T>): KeyValueStore<T> => {
    const { name } = namespace;
    let repo = kvCache.get(name);
    if (!repo) {
      const file = small && namespace.live ? small : main;
      if (file === small && namespace.standAloneNewKeys) standAlone.add(name);
      // In the small file, reads see what is on disk: what a write in progress carries is not
      // shown (nor sent) before it is durable, as on PostgreSQL nothing is seen before its commit.
      const reads = file === small ? file.onDisk<unknown>(name) : undefined;
      kvCache.set(name, (repo = fileKeyValue(file.kv<unknown>(name), kept(file, namespace.durability), reads)));
    }
    return repo as KeyValueStore<T>;
  };
  const inserted = kept(main, REPOSITORY_DURABILITY.exchangeInsert);
  const updated = kept(main, REPOSITORY_DURABILITY.exchangeUpdate);
  const usersKept = kept(main, REPOSITORY_DURABILITY.users);
  const usersForgotten = kept(main, REPOSITORY_DURABILITY.userForget);
  const settingsKept = kept(main, REPOSITORY_DURABILITY.settings);
  const settings: SettingsStore = {
    getMaintenance: () => Promise.resolve(main.settings.get("maintenance")),
    setMaintenance: (value) => settingsKept(step(() => main.settings.set("maintenance", value))),
  };
  return {
    kind: "file",
    users: {
      get: (id) => step(() => main.users.get(id)),
      upsertSeen: (from, now) => usersKept(step(() => main.users.upsertSeen(from, now))),
      setLanguage: (id, code) => usersKept(step(() => main.users.setLanguage(id, code))),
      setBlocked: (id, blocked) => usersKept(step(() => main.users.setBlocked(id, blocked))),
      forget: (id) => usersForgotten(step(() => main.users.forget(id))),
      findByUsername: (name) => step(() => main.users.findByUsername(name)),
      all: () => toAsync(main.users.all()),
      count: () => step(() => main.users.count()),
    },
    exchanges: {
      insert: (rec) => inserted(step(() => main.exchanges.insert(rec))),
      get: (id) => step(() => main.exchanges.get(id)),
      has: (id) => step(() => main.exchanges.has(id)),
      update: (id, change) => updated(step(() => main.exchanges.update(id, change))),
      byUser: (userId) => step(() => main.exchanges.byUser(userId)),
      open: () => step(() => main.exchanges.open()),
      find: (query) => step(() => main.exchanges.find(query)),
      all: () => toAsync(main.exchanges.all()),
      count: () => step(() => main.exchanges.count()),
      claimDue: (owner, opts) => step(() => claims.claimDue(owner, opts)),
      releaseClaims: (owner, releases) => step(() => releases.forEach((r) => claims.release(r.id, owner, r.nextCheckAt))),
    },
    lookup: {
      find: (query) => main.lookup.find(query),
      byUser: (userId) => main.lookup.byUser(userId),
      ofUser: (userId, id) => main.lookup.ofUser(userId, id),
      archivedTotals: () => step(() => main.archive.totals()),
      createdBetween: (from, to) => main.lookup.createdBetween(from, to),
    },
    conversations: kv(CONVERSATIONS),
    settings,
    kv,
    close: async () => {
      await Promise.all([main.close(), small?.close()]);
    },
  };
}

/**
 * What a write's promise waits for after its change is made: for a written-through one, a write of
 * `file` that carries it (it fails if that write fails); for a coalesced one, nothing.
 */
function kept(file: Store, durability: Durability): <T>(written: Promise<T>) => Promise<T> {
  if (durability === "coalesced") return (written) => written;
  return async (written) => {
    const result = await written;
    await file.flush();
    return result;
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

/**
 * One kv namespace of the file store, async; `keep` makes its writes as durable as the table says,
 * and `reads` (default: the repository itself) answers the reads.
 */
function fileKeyValue<T>(
  repo: KeyValueRepo<T>,
  keep: <R>(written: Promise<R>) => Promise<R>,
  reads: KeyValueReads<T> = repo,
): KeyValueStore<T> {
  return {
    get: (key) => step(() => reads.get(key)),
    set: (key, value) => keep(step(() => repo.set(key, value))),
    add: (key, value) =>
      keep(
        step(() => {
          if (repo.has(key)) return false;
          repo.set(key, value);
          return true;
        }),
      ),
    update: (key, change) =>
      keep(
        step(() => {
          const next = change(repo.get(key));
          if (next === undefined) repo.delete(key);
          else repo.set(key, next);
          return next;
        }),
      ),
    delete: (key) => keep(step(() => repo.delete(key))),
    has: (key) => step(() => reads.has(key)),
    keys: () => step(() => reads.keys()),
    entries: () => step(() => reads.entries()),
    entriesWithPrefix: (prefix) => step(() => reads.entriesWithPrefix(prefix)),
    deleteOlderThan: (cutoff) =>
      keep(
        step(() => {
          const before = cutoff.toISOString();
          return repo.deleteWhere((value) => isAtBefore(value, before));
        }),
      ),
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
