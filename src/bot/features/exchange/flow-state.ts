/**
 * Where a chat is in the exchange flow: one record per chat, the only place that says it. It holds
 * the step being asked, the answers so far (the draft), what the step's prompt on screen shows
 * (its view) and which messages carry that prompt; the engine (engine.ts) writes it before anything
 * it describes is shown, and each write is durable when it resolves (the namespace is written
 * through, store/durability.ts).
 */
import type { FlowAction } from "../../../messages/callback-data.js";
import type { DataStore } from "../../../store/data-store.js";
import type { FlowFailure } from "../../../exchange/partner-call.js";
import type { Draft } from "./steps/step.js";
import { namespace } from "../../../store/namespace.js";

/** What the Retry of a failed service call tries again. */
export type RetryInput = { kind: "enter" } | { kind: "text"; text: string } | { kind: "button"; action: FlowAction };

export interface FlowRecord {
  /** Grows by one with every write of this chat's record. */
  seq: number;
  /** A step's id, or "creating" (Confirm pressed, the create under way), or "ended". */
  step: string;
  /** The flow's once-only id for exchange-create. */
  draftId: string;
  draft: Draft;
  /**
   * What the step's prompt shows (a page of coins, a quote), as the step made it when it was
   * entered; absent when the step was not entered yet.
   */
  view?: unknown;
  /**
   * The messages that carry the prompt on screen (one, or two when it was shown again after a
   * restart): a button of another message is stale. Absent or empty while the prompt is not
   * known to have been sent.
   */
  prompts?: number[];
  /**
   * Every earlier prompt of the flow is a message up to this id: a button of the current step on a
   * newer message is a copy of the prompt on screen whose id a kill kept from the record.
   */
  newerThan?: number;
  /**
   * The step's prompt is owed to the person: recorded, and not yet confirmed sent. Cleared once
   * Telegram has it; a record still due at start-up gets its prompt then (owed-prompts.ts).
   */
  due?: true;
  /** The step said something since its prompt (a refusal): an answer is read back below, not in it. */
  said?: true;
  /** A service call failed: the prompt on screen is Retry's, and Retry tries this again. */
  retry?: { failure: FlowFailure; input: RetryInput };
  /**
   * The step's prompt is not on screen (start-up sent the person back to the card after a create
   * that was never sent): the next input shows the step again instead of being read as its answer.
   */
  reask?: true;
  /**
   * The id of the update whose handling wrote this record: an update of this chat up to it was
   * handled (a chat's updates are handled in order), so start-up does not handle it again.
   */
  by?: number;
  /** When it was written: the flow lapses a flow timeout after its last write. */
  at: string;
  /** The process that wrote it (a `processId`). */
  owner?: string;
}

/** The live-store namespace of the records, keyed by chat id (its name predates "flow state"). */
export const FLOW_STATES = namespace<FlowRecord>("flow-journal", "through", { live: true });

function states(store: Pick<DataStore, "kv">) {
  return store.kv(FLOW_STATES);
}

/** The record of `chatId`, if a flow was opened there and not forgotten since. */
export async function readFlow(store: Pick<DataStore, "kv">, chatId: number): Promise<FlowRecord | undefined> {
  const stored = await states(store).get(String(chatId));
  return stored === undefined ? undefined : upgrade(stored);
}

/** Thrown when a record changed since it was read (a process that was not expected to write it did). */
class FlowMovedOn extends Error {
  constructor(readonly chatId: number) {
    super(`the exchange flow of chat ${chatId} moved on while it was being answered`);
    this.name = "FlowMovedOn";
  }
}

/**
 * Writes the next record of `chatId` after `seen` (the record it was read as, or undefined for a
 * chat without one), durable when this resolves; throws {@link FlowMovedOn} when the record is
 * no longer `seen` (one update of a chat runs at a time, so only a stray writer gets there).
 * Returns what was written.
 */
export async function writeFlow(
  store: Pick<DataStore, "kv">,
  chatId: number,
  seen: Pick<FlowRecord, "seq"> | undefined,
  next: Omit<FlowRecord, "seq" | "at">,
  now: Date,
): Promise<FlowRecord> {
  let written: FlowRecord | undefined;
  await states(store).update(String(chatId), (current) => {
    // `update` may run this more than once: only the last run's verdict counts.
    written = undefined;
    if (current?.seq !== seen?.seq) return current;
    written = { ...next, seq: (current?.seq ?? 0) + 1, at: now.toISOString() };
    return written;
  });
  if (written === undefined) throw new FlowMovedOn(chatId);
  return written;
}

/**
 * Changes the record of `chatId` as `change` says, if it is still the one of `seq`; durable when
 * this resolves. For writers outside the chat's update (start-up, the expiry): returns the record
 * written, or undefined when it had moved on (and nothing was written).
 */
export async function changeFlow(
  store: Pick<DataStore, "kv">,
  chatId: number,
  seq: number,
  change: (record: FlowRecord) => Omit<FlowRecord, "seq" | "at">,
  now: Date,
): Promise<FlowRecord | undefined> {
  let written: FlowRecord | undefined;
  await states(store).update(String(chatId), (current) => {
    written = undefined;
    if (current === undefined || current.seq !== seq) return current;
    written = { ...change(upgrade(current)), seq: seq + 1, at: now.toISOString() };
    return written;
  });
  return written;
}

/**
 * The record after `record` once its flow is over: nothing of its answers is kept, only that it
 * ended and which update moved the chat last (`by`: the update that ends it, else the last one).
 */
export function endedAfter(record: FlowRecord, owner: string, by?: number): Omit<FlowRecord, "seq" | "at"> {
  const last = by ?? record.by;
  const newerThan = Math.max(record.newerThan ?? 0, ...(record.prompts ?? []));
  return {
    step: "ended",
    draftId: record.draftId,
    draft: { answers: {} },
    owner,
    ...(newerThan > 0 ? { newerThan } : {}),
    ...(last === undefined ? {} : { by: last }),
  };
}

/** Forgets the chat's record; on disk when this resolves. */
export async function clearFlow(store: Pick<DataStore, "kv">, chatId: number): Promise<void> {
  await states(store).delete(String(chatId));
}

/** Every record, for the start-up scans. */
export async function flowEntries(store: Pick<DataStore, "kv">): Promise<Array<[number, FlowRecord]>> {
  const entries = await states(store).entries();
  return entries.map(([key, record]) => [Number(key), upgrade(record)]);
}

/** Whether the record is a step being asked (or a create under way) that has not lapsed by `now`. */
export function isOpen(record: FlowRecord, now: Date, timeoutMs: number): boolean {
  return record.step !== "ended" && now.getTime() - Date.parse(record.at) < timeoutMs;
}

/**
 * Whether the update `updateId` of the record's chat was handled already: the record names it or
 * a later one as having moved the chat (`by`), and was written within `timeoutMs` of `now`.
 * Telegram's update ids only grow while a bot has updates; after a week without any they may
 * start again lower, so a record older than a flow's timeout is not trusted to say it.
 */
export function tookAlready(record: FlowRecord, updateId: number, now: Date, timeoutMs: number): boolean {
  return record.by !== undefined && updateId <= record.by && now.getTime() - Date.parse(record.at) < timeoutMs;
}

/** Whether `chatId` is in the middle of an exchange flow now. */
export async function inFlow(
  deps: { store: Pick<DataStore, "kv">; now: () => Date; config: { flowTimeoutMs: number } },
  chatId: number,
): Promise<boolean> {
  const record = await readFlow(deps.store, chatId);
  return record !== undefined && isOpen(record, deps.now(), deps.config.flowTimeoutMs);
}

/** A draft as an earlier version kept it: each value in a field of its own. */
interface LegacyDraft {
  from?: { code: string; ticker?: string };
  to?: { code: string; ticker?: string };
  amount?: string;
  amountTo?: string;
  rateKind?: string;
  destinationAddress?: string;
  destinationTag?: string;
  refundAddress?: string;
  refundTag?: string;
  quoted?: boolean;
  offers?: { fixed?: boolean; receive?: boolean };
}

/**
 * A record as this version reads it. Records written before the step table kept the draft's
 * values in fields of their own: a flow open across the upgrade goes on with its answers.
 */
function upgrade(record: FlowRecord): FlowRecord {
  const draft = record.draft as Draft | LegacyDraft;
  if ("answers" in draft) return record;
  const answers: Record<string, unknown> = {};
  const coin = (c: { code: string; ticker?: string }) => ({ ticker: c.ticker ?? c.code, coin: c });
  if (draft.from) answers.from = coin(draft.from);
  if (draft.to) answers.to = coin(draft.to);
  if (draft.amount !== undefined)
    answers.amount = draft.amountTo === undefined ? { amount: draft.amount } : { amount: draft.amount, amountTo: draft.amountTo };
  if (draft.rateKind !== undefined) answers.rateKind = draft.rateKind;
  if (draft.destinationAddress !== undefined) answers.destination = { address: draft.destinationAddress };
  if (draft.destinationTag !== undefined) answers.destinationTag = draft.destinationTag;
  if (draft.refundAddress !== undefined) answers.refund = { address: draft.refundAddress };
  if (draft.refundTag !== undefined) answers.refundTag = draft.refundTag;
  const offers = { ...(draft.offers?.fixed ? { fixed: true as const } : {}), ...(draft.offers?.receive ? { receive: true as const } : {}) };
  return {
    ...record,
    draft: { answers, ...(draft.quoted ? { quoted: true } : {}), ...(Object.keys(offers).length > 0 ? { offers } : {}) },
  };
}
