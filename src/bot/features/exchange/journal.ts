/**
 * The flow journal: per chat, what the exchange flow last showed the person, durable before they
 * see it.
 *
 * The conversations plugin saves a flow's state only after the whole update is handled, so the
 * prompts of that update are visible before their state is on disk. A kill in between used to
 * rewind the flow while the chat showed the later prompt, and the next answer was read as the
 * answer to another question (a destination tag taken as the amount). So before a prompt, and
 * before any message that says a step is done, the flow writes here (to the live store, flushed)
 * which step the person is at, with the answers so far. The conversation state records the
 * journal's sequence number it belongs to; when the journal is ahead, the state is stale and the
 * flow is resumed from the journal instead (see recovery.ts).
 */
import type { Draft, Step } from "../../../domain/exchange-draft.js";
import type { DataStore } from "../../../store/data-store.js";

/** Where the flow stands: a step being asked, an exchange being created, or finished. */
export type JournalStep = Step | "creating" | "ended";

export interface JournalEntry {
  /** Grows by one with every entry of this chat; the conversation state records the one it saw. */
  seq: number;
  step: JournalStep;
  /** The flow's once-only id for exchange-create. */
  draftId: string;
  /** The answers so far (coin entries, the amount, addresses, tags): a few hundred bytes. */
  draft: Draft;
  /** When it was written: with replicas, a "creating" entry is only settled once it is old. */
  at: string;
  /** The process that wrote it (a `processId`); absent on entries of earlier versions. */
  owner?: string;
}

/** The live-store namespace of the journal, keyed by chat id. */
export const FLOW_JOURNAL = "flow-journal";

/** The journal entry of `chatId`, if a flow was shown there and not cleared since. */
export function readJournal(live: Pick<DataStore, "kv">, chatId: number): Promise<JournalEntry | undefined> {
  return live.kv<JournalEntry>(FLOW_JOURNAL).get(String(chatId));
}

/**
 * Writes the next entry of `chatId` and waits until it is durable. Returns its sequence number.
 * The number is taken in one atomic step with the write, so two writers never share one.
 */
export async function writeJournal(
  live: Pick<DataStore, "kv">,
  chatId: number,
  entry: Omit<JournalEntry, "seq" | "at">,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const written = await live
    .kv<JournalEntry>(FLOW_JOURNAL)
    .update(String(chatId), (current) => ({ ...entry, seq: (current?.seq ?? 0) + 1, at }));
  // `update` returns what it stored; a value is always stored here.
  return written?.seq ?? 0;
}

/** Forgets the chat's journal (the flow's state is gone too). Durable on the live store's next write. */
export async function clearJournal(live: Pick<DataStore, "kv">, chatId: number): Promise<void> {
  await live.kv<JournalEntry>(FLOW_JOURNAL).delete(String(chatId));
}

/** Every journal entry, for the start-up scan. */
export async function journalEntries(live: Pick<DataStore, "kv">): Promise<Array<[number, JournalEntry]>> {
  const entries = await live.kv<JournalEntry>(FLOW_JOURNAL).entries();
  return entries.map(([key, entry]) => [Number(key), entry]);
}
