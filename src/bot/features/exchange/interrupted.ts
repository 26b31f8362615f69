/**
 * At start-up: flows the last process left in the middle of creating an exchange.
 *
 * A person who pressed Confirm saw "Creating your exchange…"; if the process died before the
 * answer, nothing else would ever come. So before taking updates, each such flow ends in a
 * message:
 * - the create was sent and its answer never came (its marker is still pending): it is in doubt.
 *   It is not sent again; the person is told, and support is alerted with the draft's details;
 * - the create was never sent (no marker): nothing exists; the person is asked to confirm again
 *   (the journal goes back to the confirmation card, shown at their next message);
 * - the create succeeded (its marker names the exchange): the flow simply ends; the deposit
 *   instructions are the outbox's to deliver.
 */
import type { BotDeps } from "../../deps.js";
import { chatTranslator } from "../../../messages/i18n.js";
import { escapeHtml } from "../../../messages/html.js";
import { coinLabel } from "../../../domain/exchange-draft.js";
import type { CreateAttempt } from "../../../domain/types.js";
import { CREATE_MARKERS, takeInterruptedCreates, type CreateMarker } from "./create-exchange.js";
import { clearJournal, journalEntries, writeJournal } from "./journal.js";

/** What the start-up pass did, for the log and tests. */
export interface InterruptedReport {
  inDoubt: number;
  notSent: number;
  finished: number;
}

/** Settles the flows interrupted while creating; see the module comment. Run before polling starts. */
export async function settleInterruptedCreates(deps: BotDeps): Promise<InterruptedReport> {
  const report: InterruptedReport = { inDoubt: 0, notSent: 0, finished: 0 };
  const interrupted = await takeInterruptedCreates(deps);
  const inDoubt = new Map(interrupted.map((a) => [a.draftId, a]));
  const markers = deps.store.kv<CreateMarker>(CREATE_MARKERS);
  const tell: Array<{ chatId: number; draftId: string; key: string; vars: Record<string, string> }> = [];

  for (const [chatId, entry] of await journalEntries(deps.live)) {
    if (entry.step !== "creating") continue;
    const attempt = inDoubt.get(entry.draftId);
    const marker = await markers.get(entry.draftId);
    // Whatever happens next, the stale conversation state must not take the person's next message.
    await deps.live.conversations.delete(String(chatId));
    if (attempt) {
      await clearJournal(deps.live, chatId);
      inDoubt.delete(entry.draftId);
      tell.push({ chatId, draftId: entry.draftId, key: "flow-create-in-doubt", vars: inDoubtVars(attempt) });
      report.inDoubt++;
    } else if (marker === undefined) {
      await writeJournal(deps.live, chatId, { step: "confirm", draftId: entry.draftId, draft: entry.draft }, deps.now());
      tell.push({ chatId, draftId: entry.draftId, key: "flow-create-not-sent", vars: {} });
      report.notSent++;
    } else {
      await clearJournal(deps.live, chatId);
      report.finished++;
    }
  }
  // In doubt without a journal entry (the flow's state was lost another way): still tell them.
  for (const attempt of inDoubt.values()) {
    tell.push({ chatId: attempt.chatId, draftId: attempt.draftId, key: "flow-create-in-doubt", vars: inDoubtVars(attempt) });
    report.inDoubt++;
  }
  // On disk before anyone is told.
  await deps.live.flush();

  for (const attempt of interrupted) {
    await deps.support.alerts.raise({ key: `create-in-doubt:${attempt.draftId}`, kind: "create-in-doubt", attempt, reason: "restart" });
  }
  for (const { chatId, draftId, key, vars } of tell) {
    const text = escapeHtml((await chatTranslator(deps.t, deps.store, chatId))(key, vars));
    // Through the outbox, once per draft: delivered even if Telegram is down at this moment.
    await deps.delivery.message(`${key}:${draftId}`, chatId, text);
  }
  if (tell.length > 0) deps.logger.warn(report, "start-up: settled exchange flows interrupted while creating");
  return report;
}

function inDoubtVars(attempt: CreateAttempt): Record<string, string> {
  return {
    amount: attempt.amount,
    from: coinLabel({ code: attempt.from, network: undefined }),
    to: coinLabel({ code: attempt.to, network: undefined }),
  };
}
