/**
 * Exchange lookups across the data file and the archive, for the paths that must see a person's
 * whole past: support's /find and /user, the person's /history and the card a history item opens.
 * Everything else (the poller, notices, the exchange flow) works on the data file only, through
 * the synchronous `store.exchanges`.
 *
 * Async because archived records are read from disk on demand (archive.ts); the data file's copy
 * of a record always wins over an archived one.
 */
import type { ExchangeRecord } from "../domain/types.js";
import { createdIn, type ExchangeArchive } from "./archive.js";
import type { ExchangesRepo } from "./exchanges-repo.js";

/** Records of the data file looked at between two yields to the event loop. */
const YIELD_EVERY = 1_000;

/** Lookups over both the data file and the archive. Every record returned is a copy. */
export interface ExchangeLookup {
  /** As `exchanges.find`, archived exchanges included; newest first. */
  find(query: string): Promise<ExchangeRecord[]>;
  /** As `exchanges.byUser`, archived exchanges included; newest first. */
  byUser(userId: number): Promise<ExchangeRecord[]>;
  /** Exchange `id` if it belongs to `userId`, wherever it is kept. */
  ofUser(userId: number, id: string): Promise<ExchangeRecord | undefined>;
  /**
   * Every exchange created in [`from`, `to`), each once: the data file's (insertion order), then
   * the archive's, even when an archive run moves records meanwhile.
   */
  createdBetween(from: Date, to: Date): AsyncGenerator<ExchangeRecord>;
}

/** Builds the lookups over a store's repository and archive. */
export function exchangeLookup(exchanges: ExchangesRepo, archive: ExchangeArchive): ExchangeLookup {
  return {
    async find(query) {
      return merge(exchanges.find(query), await archive.find(query));
    },
    async byUser(userId) {
      return merge(exchanges.byUser(userId), await archive.byUser(userId));
    },
    async ofUser(userId, id) {
      const hot = exchanges.get(id);
      if (hot) return hot.userId === userId ? hot : undefined;
      return (await archive.byUser(userId)).find((e) => e.id === id);
    },
    async *createdBetween(from, to) {
      // An archive run may move a record listed from the data file before the archive is read:
      // the archive then has it and the data file no longer does, so it is left out there by its
      // id. Only ids of the data file's records are kept, and the data file holds recent ones only.
      const listed = new Set<string>();
      let read = 0;
      for (const e of exchanges.all()) {
        if (createdIn(e, from, to)) {
          listed.add(e.id);
          yield e;
        }
        // The data file is in memory: a pause now and then keeps a long export from holding the loop.
        if (++read % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
      for await (const e of archive.createdBetween(from, to)) if (!listed.has(e.id)) yield e;
    },
  };
}

/**
 * Both lists newest first. Each is sorted already and the archive leaves out what the data file
 * holds; the sort is stable, so on equal times the data file's records come first.
 */
function merge(hot: ExchangeRecord[], archived: ExchangeRecord[]): ExchangeRecord[] {
  if (archived.length === 0) return hot;
  return [...hot, ...archived].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}
