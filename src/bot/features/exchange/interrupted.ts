/**
 * Flows left in the middle of creating an exchange by a process that is gone.
 *
 * A person who pressed Confirm saw "Creating your exchange…"; if the process died before the
 * answer, nothing else would ever come. So each such flow ends in a message:
 * - the create was sent and its answer never came (its marker is still pending): it is in doubt.
 *   It is not sent again; the person is told, and support is alerted with the draft's details;
 * - the create was never sent (no marker): nothing exists; the person is asked to confirm again
 *   (the flow record goes back to the confirmation card, shown at their next message);
 * - the create succeeded (its marker names the exchange): the flow simply ends; the deposit
 *   instructions are the outbox's to deliver.
 *
 * When is a create "left"? One process on its files: everything found at start-up, before it
 * takes updates, since the only process that could have been creating is the one that stopped.
 * Replicas on one database: another replica may be creating right now, so the leader looks again
 * every minute (app.ts) and settles only what is both
 * - old: begun longer ago than any create can take (`olderThanMs`), and
 * - not running: a create runs inside its chat's update, which holds the chat's lock across
 *   replicas (coordination.ts) from the "creating" entry until the flow's next one. The lock dies
 *   with its process, so taking it proves the update over; the entry is then read again, under
 *   the lock, and settled only if it is still the one seen.
 * Either alone would almost do; together a slow create (Telegram's 429s around it, a slow store)
 * and a lost lock connection both stay safe.
 *
 * Each step is once-only across replicas: a marker turns from pending to in doubt in one atomic
 * update (one pass gets its attempt), the flow record is re-read under the chat's lock, and the
 * messages go through the outbox under a key per draft.
 */
import type { BotDeps } from "../../deps.js";
import { chatTranslator } from "../../../messages/i18n.js";
import { coinLabel } from "../../../domain/coin-label.js";
import type { CreateAttempt } from "../../../domain/types.js";
import { CREATE_MARKERS, pendingCreates, takeInterruptedCreate } from "../../../exchange/create-once.js";
import { endedAfter, flowEntries, readFlow, writeFlow } from "./flow-state.js";
import { inDoubtMessage } from "./in-doubt-message.js";
import { LAST_STEP } from "./steps/table.js";

/** What a pass did, for the log and tests. */
export interface InterruptedReport {
  inDoubt: number;
  notSent: number;
  finished: number;
}

export interface SettleOptions {
  /**
   * Replicas: settle only creates begun at least this long ago, ms (by the flow record's or the
   * marker's time). Undefined: everything, for one process at its start, before it takes updates.
   */
  olderThanMs?: number;
  /** Replicas: runs a chat's settling while no process handles an update of that chat. */
  chatLock?: <T>(chatId: number, fn: () => Promise<T>) => Promise<T>;
}

/** What a chat has left, as first seen (before its lock is taken). */
interface Found {
  /** The sequence number of its flow record at "creating", if old enough. */
  recordSeq?: number;
  /** Drafts of its pending markers that are old enough. */
  drafts: Set<string>;
  /** Whose they were, for the log. */
  owners: Set<string>;
}

/** Settles the flows interrupted while creating; see the module comment. */
export async function settleInterruptedCreates(deps: BotDeps, opts: SettleOptions = {}): Promise<InterruptedReport> {
  const cutoff = opts.olderThanMs === undefined ? Infinity : deps.now().getTime() - opts.olderThanMs;
  // A time that cannot be read cannot show the create is recent: it counts as old.
  const old = (at: string) => !(Date.parse(at) > cutoff);
  const lock = opts.chatLock ?? ((_chatId, fn) => fn());

  const chats = new Map<number, Found>();
  const of = (chatId: number) => {
    let found = chats.get(chatId);
    if (!found) chats.set(chatId, (found = { drafts: new Set(), owners: new Set() }));
    return found;
  };
  for (const [chatId, entry] of await flowEntries(deps.store)) {
    if (entry.step !== "creating" || !old(entry.at)) continue;
    const found = of(chatId);
    found.recordSeq = entry.seq;
    if (entry.owner !== undefined) found.owners.add(entry.owner);
  }
  for (const marker of await pendingCreates(deps.store)) {
    if (!old(marker.at)) continue;
    const found = of(marker.chatId);
    found.drafts.add(marker.draftId);
    if (marker.owner !== undefined) found.owners.add(marker.owner);
  }

  const report: InterruptedReport = { inDoubt: 0, notSent: 0, finished: 0 };
  const owners = new Set<string>();
  for (const [chatId, found] of chats) {
    const settled = await lock(chatId, () => settleChat(deps, chatId, found));
    report.inDoubt += settled.inDoubt;
    report.notSent += settled.notSent;
    report.finished += settled.finished;
    if (settled.inDoubt + settled.notSent + settled.finished > 0) for (const owner of found.owners) owners.add(owner);
  }
  if (report.inDoubt + report.notSent + report.finished > 0) {
    deps.logger.warn({ ...report, owners: [...owners] }, "settled exchange flows interrupted while creating");
  }
  return report;
}

/** Settles one chat; with replicas, under the chat's lock. */
async function settleChat(deps: BotDeps, chatId: number, found: Found): Promise<InterruptedReport> {
  const report: InterruptedReport = { inDoubt: 0, notSent: 0, finished: 0 };
  // Read again: an entry that moved on since it was seen belonged to a create that finished.
  const entry = found.recordSeq === undefined ? undefined : await readFlow(deps.store, chatId);
  const record = entry?.step === "creating" && entry.seq === found.recordSeq ? entry : undefined;
  // The flow's own create, whatever its marker's age: the flow is over, so no answer is coming.
  const drafts = new Set(found.drafts);
  if (record) drafts.add(record.draftId);

  const interrupted: CreateAttempt[] = [];
  for (const draftId of drafts) {
    const attempt = await takeInterruptedCreate(deps.store, draftId);
    if (attempt) interrupted.push(attempt);
  }
  const inDoubt = new Map(interrupted.map((a) => [a.draftId, a]));
  const tell: Array<{ draftId: string; key: string; vars: Record<string, string>; inDoubt?: true }> = [];

  if (record) {
    const marker = await deps.store.kv(CREATE_MARKERS).get(record.draftId);
    const attempt = inDoubt.get(record.draftId);
    if (attempt) {
      await writeFlow(deps.store, chatId, record, endedAfter(record, deps.processId), deps.now());
      inDoubt.delete(record.draftId);
      tell.push({ draftId: record.draftId, key: "flow-create-in-doubt", vars: inDoubtVars(attempt), inDoubt: true });
      report.inDoubt++;
    } else if (marker === undefined) {
      // The card is not on screen: the next message shows it again (`reask`). Told once per
      // interruption, not once per draft: a refused create leaves no marker, so one draft may be
      // confirmed and interrupted again, and a second interruption told nothing left a card
      // without buttons and nothing else.
      const back = { step: LAST_STEP.id, draftId: record.draftId, draft: record.draft, owner: deps.processId, reask: true as const };
      const { seq } = await writeFlow(deps.store, chatId, record, back, deps.now());
      tell.push({ draftId: `${record.draftId}:${seq}`, key: "flow-create-not-sent", vars: {} });
      report.notSent++;
    } else {
      await writeFlow(deps.store, chatId, record, endedAfter(record, deps.processId), deps.now());
      report.finished++;
    }
  }
  // In doubt without a flow record (the flow's state was lost another way): still tell them.
  for (const attempt of inDoubt.values()) {
    tell.push({ draftId: attempt.draftId, key: "flow-create-in-doubt", vars: inDoubtVars(attempt), inDoubt: true });
    report.inDoubt++;
  }
  // Every write above is written through (the store's durability table): on disk before anyone is told.

  for (const attempt of interrupted) {
    await deps.support.alerts.raise({
      key: `create-in-doubt:${attempt.draftId}`,
      kind: "create-in-doubt",
      attempt,
      reason: "restart",
      startAgain: true,
    });
  }
  for (const { draftId, key, vars, inDoubt: lost } of tell) {
    const t = await chatTranslator(deps.t, deps.store, chatId);
    // A create whose answer never came: the person may start again with its details (start-again.ts).
    const told = lost ? inDoubtMessage(t, vars, { draftId }) : { text: t(key, vars), keyboard: undefined };
    // Through the outbox, once per draft: delivered even if Telegram is down at this moment.
    const markup = told.keyboard && { inline_keyboard: told.keyboard.inline_keyboard };
    await deps.delivery.message(`${key}:${draftId}`, chatId, told.text, markup);
  }
  return report;
}

function inDoubtVars(attempt: CreateAttempt): Record<string, string> {
  return {
    amount: attempt.amount,
    from: coinLabel({ code: attempt.from, network: undefined }),
    to: coinLabel({ code: attempt.to, network: undefined }),
  };
}
