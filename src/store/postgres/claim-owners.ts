/**
 * Whether the owner of a poller's claim (a replica) is still there.
 *
 * A claim keeps the other replicas off an exchange for its lease (POLL_LEASE_MS, 2 minutes by
 * default), so that a slow status check is never repeated. A replica killed in the middle of a
 * check used to keep that exchange from everyone for the rest of the lease: nobody checked it and
 * nobody told its person for up to 2 minutes (test/replicas/worker.test.ts waited 20 s, and failed
 * whenever the kill landed inside the dead replica's claim). Now each owner that claims holds a
 * session advisory lock named after it, on a connection of its own, while its store is open; a
 * claim whose owner holds no such lock is free at once. The server drops a session's locks when
 * its connection closes, which for a dead process is at once (the kernel closes its sockets, even
 * after `kill -9`). The lease stays the bound for what the server cannot see yet: a replica cut off
 * by the network keeps its session until TCP gives up on it. Taking over too early costs nothing
 * worse than a second check of the same exchange, which the tracker already tolerates (an answer
 * older than the stored status is dropped: poller/tracker.ts).
 *
 * The key is two int4s, like the locks of coordination.ts: a class of its own, and the owner folded
 * to 32 bits (the first four bytes of its SHA-256), worked out the same way in SQL by
 * {@link ownerGoneSql} so that the claim query can read pg_locks. Two owners that fold alike only
 * make a dead one's claims wait for their lease.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { StoreClosedError } from "../errors.js";

/** Advisory lock class of claim owners (first int4 of the key), beside coordination.ts's classes. */
export const CLAIM_OWNER_LOCK_CLASS = 7_320_203;

/** `owner` folded to the second int4 of its lock key (as {@link ownerGoneSql} folds it in SQL). */
export function ownerLockKey(owner: string): number {
  return createHash("sha256").update(owner).digest().readInt32BE(0);
}

/**
 * A condition, true when no session of this database holds the lock of the owner named by the
 * text expression `owner` (a column): its claims were left by a process that is gone.
 */
export function ownerGoneSql(owner: string): string {
  const folded = `('x' || left(encode(sha256(convert_to(${owner}, 'UTF8')), 'hex'), 8))::bit(32)::int4`;
  // pg_locks shows the key's int4s as oids: a negative int4 reads as its unsigned twin.
  return `NOT EXISTS (
    SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid = ${CLAIM_OWNER_LOCK_CLASS}::oid
      AND l.objid = (${folded})::oid)`;
}

interface ClaimOwnersLogger {
  warn(...a: unknown[]): void;
}

/** The owner locks this store's process holds, on one connection kept for them. */
export class ClaimOwners {
  readonly #url: string;
  readonly #logger: ClaimOwnersLogger;
  /** The connection holding the locks, once connected; undefined after it failed. */
  #client: pg.Client | undefined;
  #connecting: Promise<pg.Client> | undefined;
  /** Owners whose lock the current connection holds. */
  readonly #held = new Set<string>();
  #closed = false;

  constructor(url: string, logger: ClaimOwnersLogger) {
    this.#url = url;
    this.#logger = logger;
  }

  /**
   * Resolves once `owner`'s lock is held (or held by another session of the same owner): call it
   * before claiming for `owner`, so that no claim of a live owner ever looks left behind. Throws
   * when the database cannot be reached, as the claim would.
   */
  async hold(owner: string): Promise<void> {
    if (this.#closed) throw new StoreClosedError();
    if (this.#client !== undefined && this.#held.has(owner)) return;
    const client = this.#client ?? (await (this.#connecting ??= this.#connect()));
    const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [
      CLAIM_OWNER_LOCK_CLASS,
      ownerLockKey(owner),
    ]);
    // Not granted: another session holds this owner's key, so the owner counts as present anyway;
    // the next claim tries again.
    if (rows[0]?.ok && this.#client === client) this.#held.add(owner);
  }

  /** Ends the connection, and the locks with it. */
  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client ?? (await this.#connecting?.catch(() => undefined));
    this.#client = undefined;
    this.#held.clear();
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.#url, keepAlive: true, application_name: "swapbot claim owners" });
    // A connection that fails takes its locks with it: the next claim connects and locks again.
    // Meanwhile another replica may take this one's claims, and check an exchange a second time.
    client.on("error", (err) => {
      this.#logger.warn({ err: { message: err.message } }, "postgres: the claim owners' connection failed; reconnecting at the next claim");
      this.#forget(client);
      client.end().catch(() => undefined);
    });
    client.on("end", () => this.#forget(client));
    try {
      await client.connect();
      this.#client = client;
      return client;
    } finally {
      this.#connecting = undefined;
    }
  }

  #forget(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    this.#held.clear();
  }
}
