import { type Composer, InlineKeyboard } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
import type { BotContext } from "../context.js";
import { replyToAsker } from "./button-owner.js";
import { encodeCallback } from "../../messages/callback-data.js";

/** The data of the greeting's buttons: the same under every greeting, so encoded once. */
const EXCHANGE_DATA = encodeCallback({ kind: "start-exchange" });
const HELP_DATA = encodeCallback({ kind: "help" });

/** /start: the greeting, with a button straight into an exchange. */
export function startFeature(): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  feature.command("start", async (ctx) => {
    await ctx.reply(ctx.t("start-greeting", { name: ctx.from?.first_name ?? "" }), {
      reply_markup: startKeyboard(ctx),
      ...replyToAsker(ctx),
    });
  });
  return feature;
}

/**
 * The keyboard under the greeting; in a private chat, where the bot has a Mini App (an https
 * address for it), a button that opens it (Telegram allows web_app buttons only there).
 */
function startKeyboard(ctx: BotContext): InlineKeyboard {
  const keyboard = new InlineKeyboard().text(ctx.t("start-button-exchange"), EXCHANGE_DATA).row();
  const app = ctx.deps.config.webAppUrl;
  if (app !== undefined && ctx.chat?.type === "private") keyboard.webApp(ctx.t("start-button-app"), app).row();
  return keyboard.text(ctx.t("start-button-help"), HELP_DATA);
}
