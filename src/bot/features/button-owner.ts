/**
 * Buttons act for the person whose message they are under. In a private chat that is whoever
 * presses (only one person is there). In a group, a message made for one person (/history,
 * /language, the /start greeting) is sent as a reply to the command that asked for it, and its
 * buttons act only for that command's author: Telegram puts the replied-to message, with its
 * author, into every callback query itself, so no callback data a client invents can change
 * whose message it is. Anyone else gets a toast saying the button is not theirs, and nothing
 * changes.
 *
 * A button under an inline message (sent "via @bot" in any chat, with no chat in the callback)
 * is answered here too: the bot puts only links under its inline results, so only the status
 * button (`st:<id>`, older results and hand-made data) goes on, to status.ts, which answers it
 * without a chat; anything else is told it is not active.
 */
import { type Composer } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
import type { ReplyParameters } from "grammy/types";
import type { BotContext } from "../context.js";
import { decodeCallback, isAdminCallback } from "../../messages/callback-data.js";

/**
 * What a reply made for the person who wrote the current message carries: in a group, a reply to
 * that message (its author owns the buttons); nothing in a private chat. For a button pressed in a
 * group (its owner checked already), a reply to the same message the pressed one answers: the
 * buttons of what the press shows stay its owner's.
 */
export function replyToAsker(ctx: BotContext): { reply_parameters?: ReplyParameters } {
  if (ctx.chat === undefined || ctx.chat.type === "private" || ctx.msg === undefined) return {};
  const pressed = ctx.callbackQuery?.message;
  const asked = pressed !== undefined && "reply_to_message" in pressed ? pressed.reply_to_message : undefined;
  if (pressed !== undefined)
    return asked === undefined ? {} : { reply_parameters: { message_id: asked.message_id, allow_sending_without_reply: true } };
  return { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } };
}

/** The guard; register it before every feature with buttons. */
export function buttonOwnerFeature(): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  feature.on("callback_query:data", async (ctx, next) => {
    const pressed = decodeCallback(ctx.callbackQuery.data);
    // Support's buttons have their own gate (admin/index.ts): any admin may press them.
    if (pressed === undefined || isAdminCallback(pressed)) return next();
    const message = ctx.callbackQuery.message;
    if (message === undefined) {
      if (pressed.kind === "status") return next();
      await ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") });
      return;
    }
    if (message.chat.type === "private") return next();
    // An inaccessible (too old) message has no reply to read: nobody can be shown to own it.
    const owner = "reply_to_message" in message ? message.reply_to_message?.from?.id : undefined;
    if (owner !== undefined && owner === ctx.from.id) return next();
    await ctx.answerCallbackQuery({ text: ctx.t("button-not-yours") });
  });
  return feature;
}
