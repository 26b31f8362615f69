/**
 * What a repository needs from the store: the live data and a way to record a change.
 */
import type { DbData } from "./schema.js";

/**
 * Shared by every repository of one store.
 *
 * Invariant every repository keeps: a record or value stored in the data is never mutated in
 * place; a change stores a new object in its slot. Writes rely on it to snapshot cheaply
 * (schema.ts `snapshotDb`) and serialise in pieces while the bot keeps running.
 */
export interface RepoContext {
  /** The live data (lowdb's `db.data`). Repositories alone mutate it. */
  readonly data: DbData;
  /**
   * Runs `change` and schedules a coalesced write. Throws StoreClosedError *before* running it
   * when the store is closed, so a refused change leaves memory untouched too. An unordered change
   * (`ordered` false: what an update's arrival records of its sender) is written on the file's own
   * schedule; another file's later writes do not wait for it (file-data-store.ts).
   */
  mutate<T>(change: () => T, ordered?: boolean): T;
  /** Throws StoreClosedError when the store is closed; for write calls that turn out to change nothing. */
  assertWritable(): void;
  /**
   * Told, inside a `mutate`, just before kv key `key` of `namespace` changes, with the value it
   * had (undefined: absent). A logged file (logged-file.ts) writes only the keys it was told of.
   */
  touched?(namespace: string, key: string, before: { value: unknown } | undefined): void;
}
