/**
 * Which writes are durable when their promise resolves: declared here, once, for every backend, so
 * that no caller decides when to make its writes durable.
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
 * The kv namespaces written through. Any other namespace is coalesced. The keys are the namespaces'
 * names as their owners spell them (the owners import nothing from here: the store decides).
 */
const WRITTEN_THROUGH: ReadonlySet<string> = new Set([
  // The conversations plugin's state of each chat's short question (the `conversations` repository).
  "conversations",
  // Where each chat is in the exchange flow, written before the step's prompt is shown.
  "flow-journal",
  // What a person is owed: deposit instructions, notices, alerts (delivery/outbox.ts).
  "outbox",
  // Per exchange, the status its person was last queued a notice for, and its live card's message.
  "notified",
  "cards",
  // The once-only marker of each exchange create, durable before the service is asked.
  "exchange-create",
  // The late-deposit choice of an exchange, durable before payment/emergency is sent (late-deposit.ts).
  "late-deposit",
  // Broadcast jobs, and each job's marks per recipient ("sending" before the message goes out).
  "broadcasts",
  // Rate alerts (alerts/rate-alerts.ts): a person told "alert set" has it; a fired one is removed after its message is queued.
  "rate-alerts",
  // Each person's saved addresses and their remembering switch (issue 24): /addresses says "saved".
  "address-book",
  // What Telegram sent, on disk before it is confirmed to Telegram, until it is handled (updates/inbox.ts).
  "inbox",
  // Which of each received batch's updates were handled (updates/inbox.ts): a mark lost would replay one.
  "inbox-handled",
]);

/** Namespaces written through by prefix: one namespace per broadcast job, `broadcast:<id>`. */
const WRITTEN_THROUGH_PREFIXES: readonly string[] = ["broadcast:"];

/** The durability of the kv namespace `namespace` (and of the `conversations` repository). */
export function durabilityOf(namespace: string): Durability {
  if (WRITTEN_THROUGH.has(namespace)) return "through";
  return WRITTEN_THROUGH_PREFIXES.some((p) => namespace.startsWith(p)) ? "through" : "coalesced";
}

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
