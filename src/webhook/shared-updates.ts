/**
 * Replicas: a webhook update handled once across every process on the store.
 *
 * Telegram posts an update again when its request did not end in 200 in time; behind a load
 * balancer the repeat may reach another replica, which `RecentUpdates` (per process) cannot know
 * about. So each update id is claimed in the store (`add`: of two replicas exactly one gets it)
 * and marked handled when its handler returns.
 *
 * A repeat is dropped, as `RecentUpdates` drops it, while the first is being handled or once it was,
 * even if its handler failed (the person was told so). But not when the process handling it
 * died on the way, which is what a repeat after a crash is: this runs inside the chat's lock
 * (create-bot.ts), and the lock ends with its process, so a repeat that holds it and still finds
 * "handling" by another process knows that process stopped before the end, and takes it over.
 * An update without a chat or person has no lock; its repeat is dropped.
 */
import type { DataStore } from "../store/data-store.js";
import { namespace } from "../store/namespace.js";

/** The store namespace of update ids, one key per update. */
export const UPDATES_NAMESPACE = namespace<SeenUpdate>("updates", "coalesced");

/**
 * How long an update id is remembered, ms. Telegram repeats an update within minutes of the
 * request that failed; an hour also covers a short outage of every replica. Longer would only grow
 * the table.
 */
export const UPDATE_MEMORY_MS = 60 * 60_000;

interface SeenUpdate {
  /** The process that claimed it (a `processId`). */
  owner: string;
  state: "handling" | "handled";
  /** When it was first claimed: what pruning goes by. */
  at: string;
}

export interface SharedUpdatesOptions {
  store: Pick<DataStore, "kv">;
  /** This process. */
  owner: string;
  now: () => Date;
  logger: { warn(fields: object, msg?: string): void };
}

export class SharedUpdates {
  readonly #opts: SharedUpdatesOptions;

  constructor(opts: SharedUpdatesOptions) {
    this.#opts = opts;
  }

  get #seen() {
    return this.#opts.store.kv(UPDATES_NAMESPACE);
  }

  /**
   * Runs `handle` unless update `updateId` was handled, or is being handled, by another call.
   * `underChatLock`: the caller holds the lock of the update's chat (see the module comment).
   */
  async once(updateId: number, underChatLock: boolean, handle: () => Promise<void>): Promise<void> {
    const key = String(updateId);
    const mine: SeenUpdate = { owner: this.#opts.owner, state: "handling", at: this.#opts.now().toISOString() };
    let first: boolean;
    try {
      first = await this.#claim(key, mine, underChatLock);
    } catch (err) {
      // A store that cannot answer cannot say it is a repeat: better twice than never.
      this.#opts.logger.warn({ err, updateId }, "webhook: could not check the update against other replicas; handling it");
      first = true;
    }
    if (!first) return;
    try {
      await handle();
    } finally {
      await this.#seen.set(key, { ...mine, state: "handled" }).catch((err: unknown) => {
        this.#opts.logger.warn({ err, updateId }, "webhook: could not mark the update handled; a repeat may be handled again");
      });
    }
  }

  async #claim(key: string, mine: SeenUpdate, underChatLock: boolean): Promise<boolean> {
    if (await this.#seen.add(key, mine)) return true;
    if (!underChatLock) return false;
    let took = false;
    await this.#seen.update(key, (current) => {
      // Only another process's claim, never finished: under the lock, that process is gone.
      // (This process's own "handling" is one whose "handled" mark failed: it ended.)
      took = current === undefined || (current.state === "handling" && current.owner !== mine.owner);
      return took ? mine : current;
    });
    return took;
  }

  /** Forgets update ids claimed more than {@link UPDATE_MEMORY_MS} before `at`; returns how many. */
  prune(at: Date): Promise<number> {
    return this.#seen.deleteOlderThan(new Date(at.getTime() - UPDATE_MEMORY_MS));
  }
}
