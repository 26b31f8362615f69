/**
 * Waiting for the person inside the flow. One function decides, for every update the flow sees,
 * whether it is an answer to the current step, a way out (Back, Cancel, a command), a stale
 * button, or something for another feature; and one function sends a step's prompt, recorded
 * before it is visible.
 */
import type { InlineKeyboard } from "grammy";
import { required } from "../../../domain/checked.js";
import { decodeCallback, type FlowAction } from "../../../messages/callback-data.js";
import type { Draft } from "../../../domain/exchange-draft.js";
import { notePromptShown, writeRecord, type RecordStep } from "./record.js";
import { readCommand } from "../../command-text.js";
import { FlowExit, type FlowContext, type Prompt, type StepScope } from "./types.js";

/** Commands that leave the flow: /start greets (or opens a prefilled flow), /exchange starts over. */
const FLOW_ENDING_COMMANDS: ReadonlySet<string> = new Set(["start", "exchange"]);

/** Whether the command `name` (as typed, any case) ends a flow it is sent in; /cancel does, on its own terms. */
export function endsFlow(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === "cancel" || FLOW_ENDING_COMMANDS.has(lower);
}

export type Input = { kind: "text"; text: string; ctx: FlowContext } | { kind: "button"; action: FlowAction; ctx: FlowContext };

/**
 * Waits until the person types text or presses a button of `prompt`.
 * Throws {@link FlowExit} on Back, Cancel and /cancel. /start and /exchange end the flow and
 * reach their own handlers (which greet, or start over). Any other command of this bot (/help,
 * /rate, /status…) is answered by its handler while the flow keeps waiting here, so the prompt on
 * screen stays valid (index.ts then says the exchange is still open); a command addressed to
 * another bot is not ours and is ignored. Buttons that are not the flow's are let through to their features while the flow keeps
 * waiting; a flow button of another prompt or step is refused. In a run entered with its answer
 * (`scope.answering`), the first input is the update that entered it.
 */
export async function waitForInput(scope: StepScope, prompt: Prompt): Promise<Input> {
  const { conversation } = scope;
  for (;;) {
    let ctx = scope.ctx;
    if (scope.answering) scope.answering = false;
    else ctx = await conversation.wait();
    const text = ctx.message?.text;
    const command = readCommand(text, ctx.me.username);
    if (command) {
      if (!command.forUs) continue;
      if (command.name.toLowerCase() === "cancel") throw new FlowExit("cancel");
      if (endsFlow(command.name)) await conversation.halt({ next: true });
      await conversation.skip({ next: true });
    }
    const data = ctx.callbackQuery?.data;
    if (data !== undefined) {
      const decoded = decodeCallback(data);
      // The greeting's "Exchange" is the flow's too: pressed on an old message mid-flow, it is a
      // stale button, not a new start that would drop what was entered.
      if (decoded?.kind !== "flow" && decoded?.kind !== "start-exchange") await conversation.skip({ next: true });
      const pressed = decoded?.kind === "flow" ? decoded : undefined;
      if (pressed?.action.kind === "cancel") {
        await ctx.answerCallbackQuery();
        throw new FlowExit("cancel");
      }
      const messageId = ctx.callbackQuery?.message?.message_id;
      const current = pressed !== undefined && pressed.step === prompt.step && (prompt.messageId ?? messageId) === messageId;
      if (!current || pressed.action.kind === "noop") {
        await ctx.answerCallbackQuery(current ? {} : { text: ctx.t("flow-stale-button") });
        continue;
      }
      await ctx.answerCallbackQuery();
      if (pressed.action.kind === "back") throw new FlowExit("back");
      return { kind: "button", action: pressed.action, ctx };
    }
    if (text !== undefined) return { kind: "text", text, ctx };
    await ctx.reply(ctx.t("flow-use-buttons"));
  }
}

/**
 * Sends a prompt of the current step and returns a handle to it. The flow record learns first (on
 * disk) that the person is at this step with these answers and that its prompt is due; only then
 * is the prompt sent, and once Telegram has it the record no longer says it is due: all in one
 * `external`, whose log keeps the message id only. The first prompt of a run entered from the
 * record needs no write of its own: the record was written (and the plugin's older state dropped)
 * by the step before, or is what the run was entered from. In a run entered with its answer, that
 * first prompt is the one already on screen and is not sent again.
 */
export async function sendPrompt(scope: StepScope, text: string, replyMarkup?: InlineKeyboard): Promise<Prompt> {
  const { conversation, ctx, step, draftId, draft } = scope;
  const chatId = required(ctx.chat, "the chat of the flow").id;
  const unrecorded = !scope.recorded;
  scope.recorded = false;
  if (scope.answering) return { chatId, messageId: ctx.callbackQuery?.message?.message_id, step };
  const messageId = await conversation.external(async (octx) => {
    const { store } = octx.deps;
    if (unrecorded) await writeRecord(store, chatId, { step, draftId, draft, owner: octx.deps.processId, due: true }, octx.deps.now());
    const sent = (await octx.api.sendMessage(chatId, text, { reply_markup: replyMarkup })).message_id;
    await notePromptShown(store, chatId, draftId);
    return sent;
  });
  return { chatId, messageId, step };
}

/**
 * Writes the flow record `step` with `draft`, on disk before the caller shows anything. A step's
 * record says its prompt is due: whatever comes between this write and that prompt (the answered
 * prompt retired, "✅ …", the next run's service calls) may be cut by a kill, and start-up then
 * shows the prompt (prompts-due.ts).
 */
export async function recordStep(scope: StepScope, step: RecordStep, draft: Draft): Promise<void> {
  const chatId = required(scope.ctx.chat, "the chat of the flow").id;
  const due = step !== "creating" && step !== "ended" ? { due: true as const } : {};
  await scope.conversation.external(async (octx) => {
    await writeRecord(
      octx.deps.store,
      chatId,
      { step, draftId: scope.draftId, draft, owner: octx.deps.processId, ...due },
      octx.deps.now(),
    );
  });
}

/**
 * Records that this step's next prompt is owed, before the prompt on screen is retired to make
 * way for it (a quote after an amount, search results, a Retry pressed): a kill between the retire
 * and the next prompt then leaves a record that start-up answers with the prompt (prompts-due.ts),
 * not a chat whose last question lost its buttons. The next prompt of this run needs no write of
 * its own, so this costs nothing more, as long as the draft does not change before it is sent.
 */
export async function owePrompt(scope: StepScope): Promise<void> {
  await recordStep(scope, scope.step, scope.draft);
  scope.recorded = true;
}

/**
 * Takes the buttons off a prompt that is answered (optionally replacing its text with a summary),
 * so an old keyboard cannot be pressed by mistake. Failures are harmless and ignored: the message
 * may be too old to edit, or already in that state.
 */
export async function retirePrompt(ctx: FlowContext, prompt: Prompt, summary?: string): Promise<void> {
  if (prompt.messageId === undefined) return;
  try {
    if (summary === undefined) {
      await ctx.api.editMessageReplyMarkup(prompt.chatId, prompt.messageId, { reply_markup: undefined });
    } else {
      await ctx.api.editMessageText(prompt.chatId, prompt.messageId, summary);
    }
  } catch {
    // Nothing to do: the prompt stays as it was.
  }
}

/**
 * Retires a prompt answered with a value that is read back to the person (`accepted`: "✅ ETH
 * address: …"). When the answer came right after the prompt (`adjacent`: the step said nothing in
 * between), one edit does it: the prompt keeps its `question`, the value read back under it, and
 * loses its buttons (an edit without a keyboard takes it off). Otherwise, or when the prompt's
 * message is not known (an answer taken after a restart) or cannot be edited, the buttons go and
 * the value is said in a message of its own, after the person's answer, as the last thing said.
 */
export async function retireAnswered(
  ctx: FlowContext,
  prompt: Prompt,
  answered: { question: string; accepted: string; adjacent: boolean },
): Promise<void> {
  if (answered.adjacent && prompt.messageId !== undefined) {
    try {
      await ctx.api.editMessageText(prompt.chatId, prompt.messageId, `${answered.question}\n\n${answered.accepted}`);
      return;
    } catch {
      // Said in a message of its own below.
    }
  } else {
    await retirePrompt(ctx, prompt);
  }
  await ctx.reply(answered.accepted);
}
