import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { escapeHtml } from "../ui/html.js";
import { CALLBACK } from "../ui/callbacks.js";

/** /start: the greeting, with a button straight into an exchange. */
export const startFeature = new Composer<BotContext>();

startFeature.command("start", async (ctx) => {
  await ctx.reply(ctx.t("start-greeting", { name: escapeHtml(ctx.from?.first_name ?? "") }), {
    parse_mode: "HTML",
    reply_markup: startKeyboard(ctx),
  });
});

/** The keyboard under the greeting. */
function startKeyboard(ctx: BotContext): InlineKeyboard {
  return new InlineKeyboard()
    .text(ctx.t("start-button-exchange"), CALLBACK.startExchange)
    .row()
    .text(ctx.t("start-button-help"), CALLBACK.help);
}
