/**
 * Key-value repositories: the namespaced generic one, conversation state, and global settings.
 * Values are normalised through JSON on the way in and copied on the way out (see store.ts).
 */
import { copy, dict, toJson, type Dict } from "./json.js";
import type { RepoContext } from "./repo-context.js";
import type { DbData } from "./schema.js";

/** A string-keyed map of JSON values that survives restarts. */
export interface KeyValueRepo<T> {
  /** A copy of the value, or undefined. */
  get(key: string): T | undefined;
  /** Stores a JSON copy of `value`. Throws a TypeError for values JSON cannot carry. */
  set(key: string, value: T): void;
  /** Removes the key; returns whether it existed. */
  delete(key: string): boolean;
  has(key: string): boolean;
  keys(): string[];
  /** Copies of every entry, in insertion order. */
  entries(): Array<[string, T]>;
  /** Copies of the entries whose key starts with `prefix`, in insertion order. */
  entriesWithPrefix(prefix: string): Array<[string, T]>;
  /** Removes, in one change, every entry whose value passes `test` (which must not change it); returns how many. */
  deleteWhere(test: (value: T) => boolean): number;
}

/**
 * A {@link KeyValueRepo} over one dictionary of the data file. `locate(create)` returns that
 * dictionary, creating it when `create` is true (so reading a namespace never writes the file).
 */
class DictRepo<T> implements KeyValueRepo<T> {
  /** `touch(key, d)` is called inside each change, before key `key` of `d` changes. */
  constructor(
    private readonly ctx: RepoContext,
    private readonly locate: (create: boolean) => Dict<unknown> | undefined,
    private readonly touch: (key: string, d: Dict<unknown>) => void = () => {},
  ) {}

  get(key: string): T | undefined {
    const d = this.locate(false);
    return d && key in d ? copy(d[key] as T) : undefined;
  }

  set(key: string, value: T): void {
    const stored = toJson(value);
    this.ctx.mutate(() => {
      const d = this.locate(true) as Dict<unknown>;
      this.touch(key, d);
      d[key] = stored;
    });
  }

  delete(key: string): boolean {
    const d = this.locate(false);
    if (!d || !(key in d)) {
      // Nothing to change, but a closed store still refuses the attempt, like every write.
      this.ctx.assertWritable();
      return false;
    }
    return this.ctx.mutate(() => {
      this.touch(key, d);
      return delete d[key];
    });
  }

  has(key: string): boolean {
    const d = this.locate(false);
    return d !== undefined && key in d;
  }

  keys(): string[] {
    return Object.keys(this.locate(false) ?? {});
  }

  entries(): Array<[string, T]> {
    return Object.entries(this.locate(false) ?? {}).map(([k, v]) => [k, copy(v as T)]);
  }

  entriesWithPrefix(prefix: string): Array<[string, T]> {
    const d = this.locate(false);
    if (!d) return [];
    // Only the matches are copied: the other keys are compared in memory, never cloned.
    return Object.keys(d)
      .filter((k) => k.startsWith(prefix))
      .map((k) => [k, copy(d[k] as T)]);
  }

  deleteWhere(test: (value: T) => boolean): number {
    const d = this.locate(false);
    const doomed = d ? Object.keys(d).filter((k) => test(d[k] as T)) : [];
    if (!d || doomed.length === 0) {
      this.ctx.assertWritable();
      return 0;
    }
    return this.ctx.mutate(() => {
      for (const k of doomed) {
        this.touch(k, d);
        delete d[k];
      }
      return doomed.length;
    });
  }
}

/** Builds the repository of one kv namespace. */
export function namespaceRepo<T>(ctx: RepoContext, namespace: string): KeyValueRepo<T> {
  if (typeof namespace !== "string" || namespace === "") throw new TypeError("A kv namespace must be a non-empty string.");
  return new DictRepo<T>(
    ctx,
    (create) => {
      let d = ctx.data.kv[namespace];
      if (!d && create) d = ctx.data.kv[namespace] = dict();
      return d;
    },
    (key, d) => ctx.touched?.(namespace, key, key in d ? { value: d[key] } : undefined),
  );
}

/**
 * The reads of namespace `namespace` as on disk, when `held()` gives the on-disk value of each key
 * changed since it was written (and undefined when none is): the live data with those put back.
 */
export function heldNamespace<T>(
  ctx: RepoContext,
  namespace: string,
  held: () => ReadonlyMap<string, { value: unknown } | undefined> | undefined,
): KeyValueReads<T> {
  const live = readOnlyNamespace<T>(ctx, () => ctx.data, namespace);
  const entries = (prefix: string): Array<[string, T]> => {
    const h = held();
    if (!h) return prefix === "" ? live.entries() : live.entriesWithPrefix(prefix);
    const d = ctx.data.kv[namespace] ?? {};
    const out: Array<[string, T]> = [];
    for (const key of Object.keys(d)) {
      if (!key.startsWith(prefix)) continue;
      if (!h.has(key)) out.push([key, copy(d[key] as T)]);
      else {
        const was = h.get(key);
        if (was) out.push([key, copy(was.value as T)]);
      }
    }
    // Keys deleted since they were written are still on disk.
    for (const [key, was] of h) if (was && !(key in d) && key.startsWith(prefix)) out.push([key, copy(was.value as T)]);
    return out;
  };
  return {
    get(key) {
      const h = held();
      if (!h?.has(key)) return live.get(key);
      const was = h.get(key);
      return was ? copy(was.value as T) : undefined;
    },
    has(key) {
      const h = held();
      return h?.has(key) ? h.get(key) !== undefined : live.has(key);
    },
    keys() {
      const h = held();
      if (!h) return live.keys();
      return entries("").map(([key]) => key);
    },
    entries: () => entries(""),
    entriesWithPrefix: (prefix) => entries(prefix),
  };
}

/** The reads of namespace `namespace` in whatever `data()` returns at each call (never creating it). */
export function readOnlyNamespace<T>(ctx: RepoContext, data: () => DbData, namespace: string): KeyValueReads<T> {
  return new DictRepo<T>(ctx, () => data().kv[namespace]);
}

/** The reads of a {@link KeyValueRepo}. */
export type KeyValueReads<T> = Pick<KeyValueRepo<T>, "get" | "has" | "keys" | "entries" | "entriesWithPrefix">;

/** The maintenance switch: while on, the bot answers users with `message` (or a default text). */
interface MaintenanceSetting {
  on: boolean;
  message?: string;
}

/** Settings with a known type. Other keys may be used with an explicit type argument. */
interface KnownSettings {
  maintenance: MaintenanceSetting;
}

/** Small global flags, one JSON value per key. */
export interface SettingsRepo {
  get<K extends keyof KnownSettings>(key: K): KnownSettings[K] | undefined;
  get(key: string): unknown;
  set<K extends keyof KnownSettings>(key: K, value: KnownSettings[K]): void;
  set(key: string, value: unknown): void;
  delete(key: string): boolean;
  has(key: string): boolean;
  keys(): string[];
}

/** Builds the settings repository over `data.settings`. */
export function settingsRepo(ctx: RepoContext): SettingsRepo {
  return new DictRepo<unknown>(ctx, () => ctx.data.settings) as SettingsRepo;
}
