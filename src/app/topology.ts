/**
 * How this process stands among others, decided once from the config: one process on its lowdb
 * files, or one of several replicas sharing a PostgreSQL database; and how it takes Telegram's
 * updates. Every difference between the two shapes is a field here, so the rest of the app reads
 * a setting instead of guessing from what happened to be opened.
 *
 * What does not differ is not here: the jobs that must run once (sending, support's checks, the
 * timers) go to a leader in both, and one process's coordination grants it the lead at once.
 */
import type { Config } from "../config.js";
import { REQUEST_TIME_LIMIT_MS } from "../partner/client.js";

/** How updates reach this process. */
type UpdateSource =
  | { kind: "polling" }
  | { kind: "webhook"; url: string }
  /** A replica beside the one that takes updates (TELEGRAM_UPDATES=none). */
  | { kind: "none" };

export interface Topology {
  /** One process owning files, or replicas sharing a database. */
  readonly kind: "single-process" | "replicas";
  /** Where the state lives: this decides the kind (a lowdb file has exactly one process). */
  readonly store: { kind: "files"; dataDir: string } | { kind: "postgres"; url: string };
  readonly updates: UpdateSource;
  /**
   * The poller's claims on due exchanges. Replicas share the checks out through leases on the
   * database's rows; one process takes every due exchange at once (its claims are a map in memory).
   */
  readonly claims: { leaseMs: number; claimBatch?: number };
  /**
   * When a create found in the middle is one a gone process left (interrupted.ts). One process,
   * before it takes updates: all of them, once. Replicas: only old ones, looked for every minute,
   * since another replica may be creating right now.
   */
  readonly interruptedCreates: { olderThanMs?: number; everyMs?: number };
  /**
   * Webhook repeats are recognised through the store as well, since the first delivery of an
   * update may have gone to another replica.
   */
  readonly sharedDedupe: boolean;
  /**
   * Replicas: news between processes (an outbox entry queued elsewhere) can be missed while the
   * listening connection is replaced, so the leader looks at every chat this often anyway.
   */
  readonly missedNewsCheckMs: number | undefined;
}

/**
 * Replicas: a create begun longer ago than this, and whose chat no replica is handling, was left
 * by a process that is gone (interrupted.ts). The longest create, plus room for the store's
 * writes and the Telegram calls around it, and for replicas' clocks that differ a little.
 */
export const INTERRUPTED_AFTER_MS = REQUEST_TIME_LIMIT_MS + 2 * 60_000;

const MINUTE = 60_000;

/** The topology the config asks for. */
export function topologyOf(config: Config): Topology {
  const updates: UpdateSource = !config.takesUpdates
    ? { kind: "none" }
    : config.webhookUrl !== undefined
      ? { kind: "webhook", url: config.webhookUrl }
      : { kind: "polling" };
  if (config.databaseUrl === undefined) {
    return {
      kind: "single-process",
      store: { kind: "files", dataDir: config.dataDir },
      updates,
      // A day: never reached, since no other process could take a claim over.
      claims: { leaseMs: 86_400_000, claimBatch: Number.MAX_SAFE_INTEGER },
      interruptedCreates: {},
      sharedDedupe: false,
      missedNewsCheckMs: undefined,
    };
  }
  return {
    kind: "replicas",
    store: { kind: "postgres", url: config.databaseUrl },
    updates,
    claims: { leaseMs: config.pollLeaseMs },
    interruptedCreates: { olderThanMs: INTERRUPTED_AFTER_MS, everyMs: MINUTE },
    sharedDedupe: updates.kind === "webhook",
    missedNewsCheckMs: MINUTE,
  };
}
