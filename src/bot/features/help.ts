import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { onCallback } from "../../messages/callback-data.js";

/** /help and the "How it works" button. */
export const helpFeature = new Composer<BotContext>();

helpFeature.command("help", (ctx) => ctx.reply(ctx.t("help-text")));

onCallback(helpFeature, "help", async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.reply(ctx.t("help-text"));
});
