/**
 * The flow's side of every update of a private chat in an open exchange flow: one place decides
 * whether it answers the step on screen (text, or a button of its prompt), leaves the flow (Cancel,
 * /cancel, /start, /exchange), is a stale button, or belongs to another feature (any other command
 * or button: answered there while the flow waits, with a word that the exchange is still open).
 */
import type { MiddlewareFn } from "grammy";
import { decodeCallback } from "../../../messages/callback-data.js";
import { readCommand } from "../../command-text.js";
import type { BotContext } from "../../context.js";
import { advance, answerStep, atStep, goBack } from "./engine.js";
import { endedAfter, isOpen, readFlow, tookAlready, writeFlow, type FlowRecord } from "./flow-state.js";
import { LAST_STEP, nextStep, stepByCode, stepById } from "./steps/table.js";
import { retire, type Surface } from "./surface.js";

/** Commands that leave the flow: /start greets (or opens a prefilled flow), /exchange starts over. */
const FLOW_ENDING_COMMANDS: ReadonlySet<string> = new Set(["start", "exchange"]);

/** The flow's surface in this update: the person's private chat. */
export function surfaceOf(ctx: BotContext, chatId: number): Surface {
  return { deps: ctx.deps, api: ctx.api, t: ctx.t, chatId, updateId: ctx.update.update_id };
}

/** The middleware (see the module comment); updates of chats not in a flow go on untouched. */
export const inFlow: MiddlewareFn<BotContext> = async (ctx, next) => {
  const chatId = ctx.chat?.type === "private" ? ctx.chat.id : undefined;
  if (chatId === undefined) return next();
  const { deps } = ctx;
  const record = await readFlow(deps.store, chatId);
  if (record === undefined) return next();
  // Taken already (an answer, or the Confirm that ended the flow): Telegram posts an update again
  // when a kill came after its handling moved the chat but before Telegram heard it arrived.
  if (tookAlready(record, ctx.update.update_id, deps.now(), deps.config.flowTimeoutMs)) return;
  if (!isOpen(record, deps.now(), deps.config.flowTimeoutMs)) return next();
  const surface = surfaceOf(ctx, chatId);

  const text = ctx.message?.text;
  const command = readCommand(text, ctx.me.username);
  if (command) {
    // A command addressed to another bot is not ours, and not an answer either.
    if (!command.forUs) return;
    const name = command.name.toLowerCase();
    if (name === "cancel") return cancel(surface, record);
    if (FLOW_ENDING_COMMANDS.has(name)) {
      // Ended without naming this update as handled: what it asks for (the new flow's first
      // question, the greeting) is still to come, and a kill before it leaves the update to be
      // handled again at start-up, where it finds the flow ended and goes on to its handler.
      await end(surface, record, { handled: false });
      await retire(surface, record, {});
      return next();
    }
    // Any other command is answered while the flow waits at its step; the next answer is not a surprise.
    await next();
    await ctx.reply(ctx.t("flow-still-open"));
    return;
  }

  const data = ctx.callbackQuery?.data;
  if (data !== undefined) {
    const pressed = decodeCallback(data);
    // The greeting's "Exchange" pressed on an old message mid-flow is a stale button, not a new
    // start that would drop what was entered.
    if (pressed?.kind === "start-exchange") {
      await ctx.answerCallbackQuery({ text: ctx.t("flow-stale-button") });
      return;
    }
    // Another feature's button (a rate alert under a quote, /history's): let through while the flow waits.
    if (pressed?.kind !== "flow") return next();
    const of = stepByCode(pressed.step);
    if (of === undefined) {
      // A step no version of the table has: not a button of this flow.
      await ctx.answerCallbackQuery({ text: ctx.t("flow-stale-button") });
      return;
    }
    if (pressed.action.kind === "cancel") {
      await ctx.answerCallbackQuery();
      return cancel(surface, record);
    }
    const at = atStep(record);
    if (at === undefined || needsAskingAgain(record)) {
      await ctx.answerCallbackQuery();
      return askAgain(surface, record);
    }
    const current = of === at.step && isPromptOnScreen(record, ctx.callbackQuery?.message?.message_id);
    if (!current || pressed.action.kind === "noop") {
      await ctx.answerCallbackQuery(current ? {} : { text: ctx.t("flow-stale-button") });
      return;
    }
    await ctx.answerCallbackQuery();
    if (pressed.action.kind === "back") return goBack(surface, at);
    if (pressed.action.kind === "retry") return record.retry ? answerStep(surface, at, { kind: "retry" }) : undefined;
    return answerStep(surface, at, { kind: "button", action: pressed.action });
  }

  if (text !== undefined) {
    const at = atStep(record);
    if (at === undefined || needsAskingAgain(record)) return askAgain(surface, record);
    // Typed at a Retry prompt: an answer to the step beneath it, as if typed there.
    const { retry: _retry, ...beneath } = record;
    return answerStep(surface, { ...at, record: beneath }, { kind: "text", text });
  }
  if (ctx.message !== undefined) {
    await ctx.reply(ctx.t("flow-use-buttons"));
    return;
  }
  return next();
};

/**
 * Whether a button of message `messageId` is one of the prompt on screen: one the record names,
 * or a newer message (a copy of the prompt whose id a kill kept from the record).
 */
function isPromptOnScreen(record: FlowRecord, messageId: number | undefined): boolean {
  if (messageId === undefined) return false;
  return (record.prompts ?? []).includes(messageId) || messageId > (record.newerThan ?? 0);
}

/**
 * Whether the record cannot take an answer as it stands: the card must be shown again (start-up
 * sent the person back to it, or a create not settled yet), or the step was never entered (a record
 * of an earlier version).
 */
function needsAskingAgain(record: FlowRecord): boolean {
  const step = stepById(record.step);
  return (
    record.reask === true || step === undefined || (record.view === undefined && step.enter !== undefined && record.retry === undefined)
  );
}

/**
 * The step the record names is asked again, with a word why: what was on screen is not what the
 * record can answer. A create not settled yet shows the card, whose Confirm finds the create's
 * marker and never sends it twice.
 */
async function askAgain(surface: Surface, record: FlowRecord): Promise<void> {
  const step = stepById(record.step) ?? (record.step === "creating" ? LAST_STEP : nextStep(record.draft));
  surface.deps.logger.info({ chatId: surface.chatId, step: record.step }, "exchange flow: the step on screen is asked again");
  const { reask: _reask, ...rest } = record;
  await advance(surface, { ...rest, step: step.id }, record.draft, {}, { sameStep: true, first: surface.t("flow-restarted") });
}

/** Cancel or /cancel: the flow ends, its prompt loses its buttons. */
async function cancel(surface: Surface, record: FlowRecord): Promise<void> {
  await end(surface, record);
  await retire(surface, record, {});
  await surface.api.sendMessage(surface.chatId, surface.t("flow-cancelled"));
}

/**
 * Writes the flow as ended (durable). `handled: false` keeps the update that last moved the chat
 * as it was, so that start-up still counts this update as not handled (updates/replay.ts).
 */
async function end(surface: Surface, record: FlowRecord, opts: { handled: boolean } = { handled: true }): Promise<void> {
  const { deps, chatId, updateId } = surface;
  const by = opts.handled ? updateId : undefined;
  await writeFlow(deps.store, chatId, record, endedAfter(record, deps.processId, by), deps.now());
}
