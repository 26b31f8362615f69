/**
 * The flow record: per chat, where the exchange flow is. The one source of truth for it: the
 * conversations plugin's own state is a cache of the step's progress, dropped whenever this record
 * moves on (see docs/design.md).
 *
 * Written before every prompt and before anything that says a step is done, and durable before
 * it resolves, so what a person sees is always on disk first. It holds the step whose prompt is on
 * screen, the answers so far and the once-only id of the exchange-create.
 */
import type { Draft, Step } from "../../../domain/exchange-draft.js";
import type { DataStore } from "../../../store/data-store.js";

/** Where the flow stands: a step being asked, an exchange being created, or finished. */
export type RecordStep = Step | "creating" | "ended";

export interface FlowRecord {
  /** Grows by one with every write of this chat's record: a run tells by it that the flow moved on. */
  seq: number;
  step: RecordStep;
  /** The flow's once-only id for exchange-create. */
  draftId: string;
  /** The answers so far (coin entries, the amount, addresses, tags): a few hundred bytes. */
  draft: Draft;
  /** When it was written: with replicas, a "creating" entry is only settled once it is old. */
  at: string;
  /** The process that wrote it (a `processId`); absent on records of earlier versions. */
  owner?: string;
  /**
   * The step's prompt is not on screen (set when start-up sent the person back to the card): the
   * next message asks the step again instead of being read as its answer.
   */
  reask?: true;
  /**
   * The step's prompt is owed to the person: recorded, and not yet confirmed sent. Cleared once
   * Telegram has the prompt; a record still due at start-up gets its prompt shown then
   * (prompts-due.ts), so a kill between the record and the prompt never leaves a chat asking nothing.
   */
  due?: true;
}

/** The live-store namespace of the records, keyed by chat id (its name predates "record"). */
export const FLOW_RECORDS = "flow-journal";

/** The record of `chatId`, if a flow was shown there and not cleared since. */
export function readRecord(live: Pick<DataStore, "kv">, chatId: number): Promise<FlowRecord | undefined> {
  return live.kv<FlowRecord>(FLOW_RECORDS).get(String(chatId));
}

/**
 * The conversations plugin's storage key for a chat (its `getStorageKey`, index.ts). What is
 * stored under it is the plugin's and opaque here: it is only ever dropped whole.
 */
export function conversationKey(chatId: number): string {
  return String(chatId);
}

/**
 * Writes the next record of `chatId` and waits until it is durable. The chat's conversation state
 * is dropped first: a state saved for an earlier prompt must never outlive the record of a later
 * one (a kill before the plugin saves again leaves no state, and the record says what is on
 * screen). Returns the record's sequence number, taken in one atomic step with the write.
 */
export async function writeRecord(
  store: Pick<DataStore, "kv" | "conversations">,
  chatId: number,
  entry: Omit<FlowRecord, "seq" | "at">,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  // Both namespaces are written through (store/durability.ts): each write is on disk when it resolves.
  await store.conversations.delete(conversationKey(chatId));
  const written = await store
    .kv<FlowRecord>(FLOW_RECORDS)
    .update(String(chatId), (current) => ({ ...entry, seq: (current?.seq ?? 0) + 1, at }));
  // `update` returns what it stored; a value is always stored here.
  return written?.seq ?? 0;
}

/**
 * Notes that the prompt the record of `chatId` owed is on screen (Telegram confirmed it): the
 * record no longer says it is due. Only a due record of the same flow (`draftId`) is touched, and a
 * record that is not due costs no write. On disk when this resolves; a kill before that shows the
 * prompt once more at start-up, never not at all.
 */
export async function notePromptShown(live: Pick<DataStore, "kv">, chatId: number, draftId: string): Promise<void> {
  const records = live.kv<FlowRecord>(FLOW_RECORDS);
  const current = await records.get(String(chatId));
  if (current?.due !== true || current.draftId !== draftId) return;
  await records.update(String(chatId), (record) => {
    if (record?.due !== true || record.draftId !== draftId) return record;
    const { due: _shown, ...rest } = record;
    return rest;
  });
}

/** Forgets the chat's record (its flow is over); on disk when this resolves (written through). */
export async function clearRecord(live: Pick<DataStore, "kv">, chatId: number): Promise<void> {
  await live.kv<FlowRecord>(FLOW_RECORDS).delete(String(chatId));
}

/** Every record, for the start-up scan. */
export async function recordEntries(live: Pick<DataStore, "kv">): Promise<Array<[number, FlowRecord]>> {
  const entries = await live.kv<FlowRecord>(FLOW_RECORDS).entries();
  return entries.map(([key, entry]) => [Number(key), entry]);
}
