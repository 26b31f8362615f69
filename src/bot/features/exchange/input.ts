/**
 * Waiting for the person inside the flow. One function decides, for every update the flow sees,
 * whether it is an answer to the current step, a way out (Back, Cancel, a command), a stale
 * button, or something for another feature.
 */
import type { InlineKeyboard } from "grammy";
import { FLOW } from "./callbacks.js";
import { FlowExit, type FlowContext, type FlowConversation, type Prompt } from "./types.js";

export type Input =
  | { kind: "text"; text: string; ctx: FlowContext }
  | { kind: "button"; data: string; ctx: FlowContext };

/**
 * Waits until the person types text or presses a button of `prompt`.
 * Throws {@link FlowExit} on Back, Cancel and /cancel. Any other command ends the flow and still
 * reaches its own handler. Buttons that are not the flow's are let
 * through to their features while the flow keeps waiting.
 */
export async function waitForInput(conversation: FlowConversation, prompt: Prompt): Promise<Input> {
  for (;;) {
    const ctx = await conversation.wait();
    const text = ctx.message?.text;
    if (text !== undefined && text.startsWith("/")) {
      if (/^\/cancel(@\w+)?(\s|$)/i.test(text)) throw new FlowExit("cancel");
      await conversation.halt({ next: true });
    }
    const data = ctx.callbackQuery?.data;
    if (data !== undefined) {
      if (!data.startsWith(FLOW.prefix)) await conversation.skip({ next: true });
      if (data === FLOW.cancel) {
        await ctx.answerCallbackQuery();
        throw new FlowExit("cancel");
      }
      if (ctx.callbackQuery?.message?.message_id !== prompt.messageId || data === FLOW.noop) {
        await ctx.answerCallbackQuery(data === FLOW.noop ? {} : { text: ctx.t("flow-stale-button") });
        continue;
      }
      await ctx.answerCallbackQuery();
      if (data === FLOW.back) throw new FlowExit("back");
      return { kind: "button", data, ctx };
    }
    if (text !== undefined) return { kind: "text", text, ctx };
    await ctx.reply(ctx.t("flow-use-buttons"));
  }
}

/** Sends a step's prompt and returns a handle to it. */
export async function sendPrompt(
  ctx: FlowContext,
  text: string,
  replyMarkup?: InlineKeyboard,
): Promise<Prompt> {
  const message = await ctx.reply(text, { parse_mode: "HTML", reply_markup: replyMarkup });
  return { chatId: message.chat.id, messageId: message.message_id };
}

/**
 * Takes the buttons off a prompt that is answered (optionally replacing its text with a summary),
 * so an old keyboard cannot be pressed by mistake. Failures are harmless and ignored: the message
 * may be too old to edit, or already in that state.
 */
export async function retirePrompt(ctx: FlowContext, prompt: Prompt, summary?: string): Promise<void> {
  try {
    if (summary === undefined) {
      await ctx.api.editMessageReplyMarkup(prompt.chatId, prompt.messageId, { reply_markup: undefined });
    } else {
      await ctx.api.editMessageText(prompt.chatId, prompt.messageId, summary, { parse_mode: "HTML" });
    }
  } catch {
    // Nothing to do: the prompt stays as it was.
  }
}
