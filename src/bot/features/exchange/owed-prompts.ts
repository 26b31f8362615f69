/**
 * Prompts owed but never shown: a flow record says a step's prompt is due (flow-state.ts) and no
 * process is left to send it. The engine writes the next step before anything else (durable before
 * visible), then retires the answered prompt, says "✅ …" and asks; a kill in between leaves the
 * step on disk and a chat that asks nothing. What is owed to a person is shown again after a
 * restart, as the outbox does for instructions and notices.
 *
 * The prompt is drawn by the engine from the record alone, as it is drawn in an update; a step not
 * entered yet is entered first. Once: the record stops being due as soon as Telegram has the
 * prompt. A kill between Telegram's answer and that write shows the prompt twice at most (its
 * buttons work on both copies); of "maybe twice" and "maybe never", never is the worse.
 *
 * When: one process, once the updates Telegram kept while it was down are handled (a person's
 * answer waiting there moves the chat on, and a prompt shown first would ask what they just
 * answered). Replicas on one database: the leader looks every minute, at records due for longer
 * than any update takes. Either way under the chat's lock, the record read again under it.
 */
import type { Api } from "grammy";
import { chatTranslator } from "../../../messages/i18n.js";
import type { BotDeps } from "../../deps.js";
import { advance, atStep, show } from "./engine.js";
import { flowEntries, isOpen, readFlow, type FlowRecord } from "./flow-state.js";
import type { SettleOptions } from "./interrupted.js";
import type { Surface } from "./surface.js";

/** What a pass did, for the log and tests. */
export interface OwedPromptsReport {
  /** Chats whose owed prompt was sent. */
  shown: number;
  /** Chats whose prompt could not be sent now (Telegram refused, the service failed): tried again next time. */
  failed: number;
}

/** Shows every owed prompt (see the module comment); `api` is the bot's. */
export async function showOwedPrompts(deps: BotDeps, api: Api, opts: SettleOptions = {}): Promise<OwedPromptsReport> {
  const now = deps.now();
  const cutoff = opts.olderThanMs === undefined ? Infinity : now.getTime() - opts.olderThanMs;
  const lock = opts.chatLock ?? ((_chatId, fn) => fn());
  const report: OwedPromptsReport = { shown: 0, failed: 0 };
  for (const [chatId, seen] of await flowEntries(deps.store)) {
    if (!owes(deps, seen, now) || !(Date.parse(seen.at) <= cutoff)) continue;
    const outcome = await lock(chatId, async () => {
      // Read again under the lock: a record that moved on was taken care of by its update.
      const record = await readFlow(deps.store, chatId);
      if (record === undefined || record.seq !== seen.seq || !owes(deps, record, deps.now())) return "moved";
      try {
        await showOwed(deps, api, chatId, record);
        return "shown";
      } catch (err) {
        deps.logger.warn({ err, chatId, step: record.step }, "could not show a prompt owed since the last stop; trying again next time");
        return "failed";
      }
    });
    if (outcome === "shown") report.shown++;
    else if (outcome === "failed") report.failed++;
  }
  if (report.shown + report.failed > 0) deps.logger.info({ ...report }, "showed the exchange prompts owed since the last stop");
  return report;
}

/** Whether any chat is owed a prompt now: start-up waits for nothing when none is. */
export async function anyOwedPrompt(deps: BotDeps): Promise<boolean> {
  const now = deps.now();
  return (await flowEntries(deps.store)).some(([, record]) => owes(deps, record, now));
}

/** Whether `record` owes a step's prompt that a person may still answer. */
function owes(deps: BotDeps, record: FlowRecord, now: Date): boolean {
  return record.due === true && record.reask !== true && atStep(record) !== undefined && isOpen(record, now, deps.config.flowTimeoutMs);
}

/** Says why the question comes late, then shows it: drawn from the record, or its step entered first. */
async function showOwed(deps: BotDeps, api: Api, chatId: number, record: FlowRecord): Promise<void> {
  const surface: Surface = { deps, api, chatId, t: await chatTranslator(deps.t, deps.store, chatId) };
  const at = atStep(record);
  if (at === undefined) return;
  const first = surface.t("flow-prompt-due");
  if (record.view === undefined && at.step.enter !== undefined && record.retry === undefined) {
    await advance(surface, record, record.draft, {}, { sameStep: true, first });
    return;
  }
  await api.sendMessage(chatId, first);
  await show(surface, at);
}
