/**
 * Coordination of replicas through PostgreSQL (see ../coordination.ts for the contract).
 *
 * - **A chat's turn** is a session advisory lock on a connection of a small pool of its own: the
 *   store's queries never wait behind a lock holder, so a full lock pool only queues, it cannot
 *   deadlock the queries a lock holder needs.
 * - **Leadership** is a session advisory lock held on a dedicated connection. It ends with that
 *   session: when the leader dies (even `kill -9`) the server drops the lock with the connection,
 *   and another replica's next try takes it.
 * - **News** is LISTEN/NOTIFY on one more dedicated connection. When that connection fails it is
 *   replaced (after a second, then again until it works), and every listener is told "" once it
 *   listens again: news sent in between is lost, so each looks for itself.
 *
 * Lock keys are two int4s: a class per kind (below) and the chat id or name folded to 32 bits. Two
 * chats folding to the same key only take turns with each other, which is harmless.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import type { Coordination, Leadership, LeadershipEvents } from "../coordination.js";

interface CoordinationLogger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
}

/** Advisory lock classes (first int4 of the key); the migration lock uses the one-bigint form. */
const CHAT_LOCK_CLASS = 7_320_201;
const LEADER_LOCK_CLASS = 7_320_202;

export interface PostgresCoordinationOptions {
  url: string;
  logger: CoordinationLogger;
  /** Connections for chat locks, i.e. chats handled at once by this process. Default 32. */
  chatLockConnections?: number;
  /** How often a follower tries to become leader, ms. Default 2000. */
  leaderRetryMs?: number;
}

/** Coordination over the database at `url`. */
export function postgresCoordination(opts: PostgresCoordinationOptions): Coordination {
  const { logger } = opts;
  const retryMs = opts.leaderRetryMs ?? 2_000;
  const lockPool = new pg.Pool({ connectionString: opts.url, max: opts.chatLockConnections ?? 32 });
  // An idle pooled connection that breaks must not crash the process; the next checkout gets a new one.
  lockPool.on("error", (err) => logger.warn({ err }, "coordination: a lock connection failed"));
  const leaderships = new Set<Leadership>();
  let listener: Promise<pg.Client> | undefined;
  const channels = new Map<string, Set<(payload: string) => void>>();
  let closed = false;

  const tell = (channel: string, payload: string) => {
    for (const onNews of channels.get(channel) ?? []) {
      try {
        onNews(payload);
      } catch (err) {
        logger.warn({ err, channel }, "coordination: a news listener failed");
      }
    }
  };

  const connectListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: opts.url });
    let lost = false;
    const replace = (err?: unknown) => {
      if (lost || closed) return;
      lost = true;
      logger.warn({ err }, "coordination: the notification connection failed; replacing it");
      client.end().catch(() => undefined);
      listener = undefined;
      setTimeout(reconnect, 1_000).unref();
    };
    client.on("error", replace);
    client.on("end", () => replace());
    client.on("notification", (n) => tell(n.channel, n.payload ?? ""));
    try {
      await client.connect();
      for (const channel of channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      replace(err);
      throw err;
    }
    return client;
  };

  /** A new notification connection listening on every channel; then everyone looks for what was missed. */
  const reconnect = () => {
    if (closed || listener) return;
    const next = connectListener();
    listener = next;
    next.then(
      () => {
        logger.info("coordination: listening for news again");
        for (const channel of channels.keys()) tell(channel, "");
      },
      () => undefined, // replace() has scheduled the next try
    );
  };

  return {
    async withChatLock(chatId, fn) {
      const client = await lockPool.connect();
      const key = fold(String(chatId));
      let broken: Error | undefined;
      try {
        await client.query("SELECT pg_advisory_lock($1, $2)", [CHAT_LOCK_CLASS, key]);
        try {
          return await fn();
        } finally {
          await client.query("SELECT pg_advisory_unlock($1, $2)", [CHAT_LOCK_CLASS, key]).catch((err: unknown) => {
            // The session may be gone; releasing the client as broken drops it, and its lock with it.
            broken = err instanceof Error ? err : new Error(String(err));
          });
        }
      } finally {
        client.release(broken);
      }
    },

    lead(name, events) {
      const leadership = new PostgresLeadership(opts.url, fold(name), name, events, retryMs, logger);
      leaderships.add(leadership);
      return leadership;
    },

    async notify(channel, payload = "") {
      await lockPool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },

    async listen(channel, onNews) {
      let set = channels.get(channel);
      const first = !set;
      if (!set) channels.set(channel, (set = new Set()));
      set.add(onNews);
      if (!listener) {
        // The new connection listens on every channel known, this one included.
        listener = connectListener();
        await listener;
        return;
      }
      const client = await listener;
      // Channel names are identifiers in LISTEN; quote them as one.
      if (first) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...leaderships].map((l) => l.stop()));
      if (listener) await listener.then((client) => client.end()).catch(() => undefined);
      await lockPool.end();
    },
  };
}

/** A name or chat id as the second int4 of a lock key. */
function fold(text: string): number {
  return createHash("sha256").update(text).digest().readInt32BE(0);
}

/** Tries to take the lock every `retryMs`; holds it on its own connection until stopped or lost. */
class PostgresLeadership implements Leadership {
  #client: pg.Client | undefined;
  #leader = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #attempt: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly key: number,
    private readonly name: string,
    private readonly events: LeadershipEvents,
    private readonly retryMs: number,
    private readonly logger: CoordinationLogger,
  ) {
    this.#attempt = this.#try();
  }

  get isLeader(): boolean {
    return this.#leader;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#attempt;
    const client = this.#client;
    this.#client = undefined;
    if (this.#leader) this.#lose();
    // Ending the session releases the lock; the next leader does not wait for a timeout.
    if (client) await client.end().catch(() => {});
  }

  async #try(): Promise<void> {
    if (this.#stopped) return;
    try {
      if (!this.#client) {
        const client = new pg.Client({ connectionString: this.url });
        client.on("error", (err) => {
          this.logger.warn({ err, job: this.name }, "coordination: the leadership connection failed");
          if (this.#client === client) this.#client = undefined;
          if (this.#leader) this.#lose();
          void client.end().catch(() => {});
          this.#later();
        });
        await client.connect();
        this.#client = client;
      }
      const { rows } = await this.#client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [
        LEADER_LOCK_CLASS,
        this.key,
      ]);
      // If stop() came meanwhile, it waits for this attempt and then gives the lock up.
      if (rows[0]?.ok) {
        this.#leader = true;
        this.logger.info({ job: this.name }, "coordination: this process now leads the job");
        this.events.onGain();
        return;
      }
    } catch (err) {
      this.logger.warn({ err, job: this.name }, "coordination: could not try for leadership; will try again");
      const client = this.#client;
      this.#client = undefined;
      if (client) void client.end().catch(() => {});
    }
    this.#later();
  }

  #later(): void {
    if (this.#stopped || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#attempt = this.#try();
    }, this.retryMs);
    this.#timer.unref();
  }

  #lose(): void {
    this.#leader = false;
    this.logger.warn({ job: this.name }, "coordination: this process no longer leads the job");
    this.events.onLose();
  }
}
