import { type Composer } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
import type { BotContext } from "../context.js";
import { readCommand } from "../command-text.js";

/** Last in the chain: whatever no feature took gets a short pointer to what the bot can do. */
export function unhandledFeature(): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  feature.on("callback_query", (ctx) => ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") }));
  // Only in private chats: in a group the bot must not answer every message it does not understand.
  // A command for another bot (`/help@OtherBot`) is not a message to this one: no answer.
  feature
    .chatType("private")
    .on("message")
    .filter((ctx) => readCommand(ctx.message.text, ctx.me.username)?.forUs !== false)
    .use((ctx) => ctx.reply(ctx.t("unhandled-text")));
  return feature;
}
