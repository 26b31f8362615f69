/**
 * Which writes are durable when their promise resolves. A kv namespace says it where its owner
 * declares it (namespace.ts); the repositories' writes are declared here, once, for every backend;
 * no caller decides when to make a write durable.
 *
 * - **through**: the write is on disk (or committed) when its promise resolves. For what a person
 *   may be shown right after it (a flow's step, a queued message, a create's marker), and for what
 *   must survive a crash before the next step is taken.
 * - **coalesced**: the write is in the store at once and on disk within the store's coalescing
 *   window (a second on the main lowdb file), or sooner: with the next written-through write, which
 *   never reaches the disk without the writes made before it. For what is cheap to lose for a
 *   second or is written again anyway (a person's last-seen time, counters, a status the poller
 *   fetches again).
 *
 * On PostgreSQL every write commits before it resolves: everything is written through. On lowdb
 * (file-data-store.ts) a written-through namespace resolves after a write of the file that holds it.
 */

/** How the writes of a namespace are kept: see the module comment. */
export type Durability = "through" | "coalesced";

/**
 * The durability of the repositories' writes that are not kv namespaces. A new exchange is written
 * through (its deposit address is shown next), as is the maintenance switch (the admin is told it
 * is on); updates of exchanges and users are coalesced (the poller fetches a status again after a
 * crash; a last-seen time may lag). Forgetting a user (/forget) is written through: the person is
 * told next that their data is gone.
 */
export const REPOSITORY_DURABILITY = {
  exchangeInsert: "through",
  exchangeUpdate: "coalesced",
  users: "coalesced",
  userForget: "through",
  settings: "through",
} as const satisfies Record<string, Durability>;
