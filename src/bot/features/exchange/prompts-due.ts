/**
 * Prompts that were due but never shown: a flow record says a step's prompt is owed (`due`,
 * record.ts) and no process is left to send it. The flow writes the next step before anything
 * else (durable before visible), then retires the answered prompt, says "✅ …" and sends the next
 * prompt; a kill in between leaves the step on disk and a chat that asks nothing. What is owed to
 * a person is shown again after a restart, as the outbox does for instructions and notices.
 *
 * The prompt is the step's own, drawn by the step's own code: the run the record names is run up
 * to its first question with a stand-in for the plugin's conversation handle, whose `external`
 * runs each task once (there is no replay to protect here) and whose `wait` ends the run there.
 * The plugin's state is left absent, as after any kill: the person's answer reaches the step on
 * screen through the record (index.ts, "answer after a restart").
 *
 * Once: the record stops being due as soon as Telegram has the prompt (input.ts `sendPrompt`). A
 * kill between Telegram's answer and that write shows the prompt twice at most: of "maybe twice"
 * and "maybe never", a person left without a question is the worse.
 *
 * When: one process, at start-up, before it takes updates (nothing else can be sending). Replicas
 * on one database: the leader looks every minute, at records due for longer than any update takes,
 * under the chat's lock and read again under it (as interrupted.ts does for creates).
 */
import { Context, type Api } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { BaseContext } from "../../context.js";
import type { BotDeps } from "../../deps.js";
import type { Step } from "../../../domain/exchange-draft.js";
import { exchangeFlow } from "./flow.js";
import { readRecord, recordEntries, type FlowRecord, type RecordStep } from "./record.js";
import { STEPS } from "./steps/index.js";
import type { FlowConversation } from "./types.js";
import type { SettleOptions } from "./interrupted.js";

/** What a pass did, for the log and tests. */
export interface DuePromptsReport {
  /** Chats whose owed prompt was sent. */
  shown: number;
  /** Chats whose prompt could not be sent now (Telegram refused, the service failed): tried again next time. */
  failed: number;
}

/** Whether the record names a step being asked (not "creating" or "ended"). */
function isStep(step: RecordStep): step is Step {
  return Object.hasOwn(STEPS, step);
}

/** Ends the stand-in run at its first wait: the prompt before it is on screen. */
class PromptShown extends Error {
  constructor() {
    super("the step's prompt is shown; the run waits for the person");
    this.name = "PromptShown";
  }
}

/** Shows every owed prompt (see the module comment); `api` and `me` are the bot's. */
export async function showDuePrompts(deps: BotDeps, api: Api, me: UserFromGetMe, opts: SettleOptions = {}): Promise<DuePromptsReport> {
  const now = deps.now().getTime();
  const cutoff = opts.olderThanMs === undefined ? Infinity : now - opts.olderThanMs;
  const lock = opts.chatLock ?? ((_chatId, fn) => fn());
  const report: DuePromptsReport = { shown: 0, failed: 0 };
  for (const [chatId, seen] of await recordEntries(deps.store)) {
    if (!owes(deps, seen, now) || !(Date.parse(seen.at) <= cutoff)) continue;
    const outcome = await lock(chatId, async () => {
      // Read again under the lock: a record that moved on was taken care of by its update.
      const record = await readRecord(deps.store, chatId);
      if (record === undefined || record.seq !== seen.seq || !owes(deps, record, now)) return "moved";
      try {
        await showPrompt(deps, api, me, chatId, record);
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

/** Whether `record` owes a step's prompt that a person may still answer. */
function owes(deps: BotDeps, record: FlowRecord, now: number): boolean {
  return record.due === true && record.reask !== true && isStep(record.step) && now - Date.parse(record.at) < deps.config.flowTimeoutMs;
}

/**
 * Says why the question comes late, then runs the step the record names up to its first prompt.
 * A step that moves on without asking (its pair is gone) records the next one, whose run follows,
 * as in an update (index.ts `enterSteps`): bounded by the number of steps.
 */
async function showPrompt(deps: BotDeps, api: Api, me: UserFromGetMe, chatId: number, first: FlowRecord): Promise<void> {
  const ctx = await flowContext(deps, api, me, chatId);
  await ctx.reply(ctx.t("flow-prompt-due"));
  let record: FlowRecord | undefined = first;
  for (let pass = 0; pass < 16 && record !== undefined && record.due === true && isStep(record.step); pass++) {
    try {
      await exchangeFlow(standInConversation(ctx), ctx, { kind: "step", draftId: record.draftId, draft: record.draft });
    } catch (err) {
      if (err instanceof PromptShown) return;
      throw err;
    }
    const next = await readRecord(deps.store, chatId);
    record = next?.seq === record.seq ? undefined : next;
  }
}

/**
 * The context a step's code sees, for a private chat outside any update: grammY's own Context on
 * an update that only names the chat and its person (private chat ids are user ids), with the
 * bot's Api (HTML by default), the deps, and `t` in the person's language from the translations'
 * own middleware. Never handled as an update: no feature sees it.
 */
async function flowContext(deps: BotDeps, api: Api, me: UserFromGetMe, chatId: number): Promise<BaseContext> {
  const date = Math.floor(deps.now().getTime() / 1000);
  const chat = { id: chatId, type: "private" as const, first_name: "" };
  const update = { update_id: 0, message: { message_id: 0, date, chat, from: { id: chatId, is_bot: false, first_name: "" } } };
  // The translations' middleware adds `t` and the rest of its flavour just below.
  const ctx = Object.assign(new Context(update, api, me), { deps }) as BaseContext;
  await deps.i18n.middleware()(ctx, () => Promise.resolve());
  return ctx;
}

/**
 * What the steps use of the plugin's handle before their first question: `external` runs the task
 * at once with the outside context, and any wait (or skip, or halt) ends the run. Anything else a
 * step might call is absent and fails the pass, which is logged and tried again next time.
 */
function standInConversation(ctx: BaseContext): FlowConversation {
  const stop = () => {
    throw new PromptShown();
  };
  const standIn = {
    external: async <R>(op: ((octx: BaseContext) => R | Promise<R>) | { task: (octx: BaseContext) => R | Promise<R> }) =>
      typeof op === "function" ? op(ctx) : op.task(ctx),
    wait: stop,
    skip: stop,
    halt: stop,
  };
  // Only these members exist: the cast stands for "a handle used up to the first wait".
  return standIn as unknown as FlowConversation;
}
