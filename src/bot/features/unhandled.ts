import { Composer } from "grammy";
import type { BotContext } from "../context.js";

/** Last in the chain: whatever no feature took gets a short pointer to what the bot can do. */
export function unhandledFeature(): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.on("callback_query", (ctx) => ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") }));
  // Only in private chats: in a group the bot must not answer every message it does not understand.
  feature.chatType("private").on("message", (ctx) => ctx.reply(ctx.t("unhandled-text")));
  return feature;
}
