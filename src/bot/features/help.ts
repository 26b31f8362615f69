import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { onCallback } from "../../messages/callback-data.js";

/** /help and the "How it works" button. */
export function helpFeature(): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.command("help", (ctx) => ctx.reply(ctx.t("help-text")));
  onCallback(feature, "help", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("help-text"));
  });
  return feature;
}
