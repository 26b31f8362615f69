import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { replyToAsker } from "./button-owner.js";
import { escapeHtml } from "../../messages/html.js";
import { encodeCallback } from "../../messages/callback-data.js";

/** /start: the greeting, with a button straight into an exchange. */
export function startFeature(): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.command("start", async (ctx) => {
    await ctx.reply(ctx.t("start-greeting", { name: escapeHtml(ctx.from?.first_name ?? "") }), {
      reply_markup: startKeyboard(ctx),
      ...replyToAsker(ctx),
    });
  });
  return feature;
}

/** The keyboard under the greeting. */
function startKeyboard(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("start-button-exchange"), encodeCallback({ kind: "start-exchange" }))
    .row()
    .text(ctx.t("start-button-help"), encodeCallback({ kind: "help" }));
}
