/**
 * A live store whose reads are counted: how many whole-namespace reads (`entries()`), how many
 * head queries (`outbox.heads`, PostgreSQL) and how many rows any read returned. The outbox tests and the burst benchmark use it to show what the sender
 * reads, which timings alone (noisy here) cannot.
 */
import type { DataStore, KeyValueStore, QueuedEntryFields } from "../../src/store/data-store.js";
import type { Namespace } from "../../src/store/namespace.js";

/** What {@link countReads} has counted so far. */
export interface ReadCounts {
  whole: number;
  /** Queries for the due heads (the store's `outbox.heads`). */
  heads: number;
  rows: number;
}

/** `live`, with its kv reads counted in the returned `reads`. */
export function countReads(live: Pick<DataStore, "kv" | "outbox">): { live: Pick<DataStore, "kv" | "outbox">; reads: ReadCounts } {
  const reads: ReadCounts = { whole: 0, heads: 0, rows: 0 };
  const queries = live.outbox;
  const counted: Pick<DataStore, "kv" | "outbox"> = {
    ...(queries
      ? {
          outbox: {
            heads: async <T extends QueuedEntryFields>(limit: number, now: Date, skip?: readonly number[]) => {
              const found = await queries.heads<T>(limit, now, skip);
              reads.heads++;
              reads.rows += found.due.length + (found.nextAt === undefined ? 0 : 1);
              return found;
            },
          },
        }
      : {}),
    kv<T>(namespace: Namespace<T>): KeyValueStore<T> {
      const kv = live.kv<T>(namespace);
      return {
        get: (key) => kv.get(key),
        set: (key, value) => kv.set(key, value),
        add: (key, value) => kv.add(key, value),
        update: (key, change) => kv.update(key, change),
        delete: (key) => kv.delete(key),
        has: (key) => kv.has(key),
        keys: () => kv.keys(),
        deleteOlderThan: (cutoff) => kv.deleteOlderThan(cutoff),
        entries: async () => {
          const all = await kv.entries();
          reads.whole++;
          reads.rows += all.length;
          return all;
        },
        entriesWithPrefix: async (prefix) => {
          const some = await kv.entriesWithPrefix(prefix);
          reads.rows += some.length;
          return some;
        },
      };
    },
  };
  return { live: counted, reads };
}
