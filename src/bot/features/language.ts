import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { replyToAsker } from "./button-owner.js";
import type { BotDeps } from "../deps.js";
import { SUPPORTED_LOCALES } from "../../messages/i18n.js";
import { encodeCallback, onCallback } from "../../messages/callback-data.js";

/** /language: switch between the supported languages; the choice is remembered in the store. */
export function languageFeature({ store }: Pick<BotDeps, "store">): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.command("language", async (ctx) => {
    const keyboard = new InlineKeyboard();
    for (const locale of SUPPORTED_LOCALES) {
      keyboard.text(ctx.i18n.fluent.translate(locale, "language-name"), encodeCallback({ kind: "language", locale }));
    }
    await ctx.reply(ctx.t("language-choose"), { reply_markup: keyboard, ...replyToAsker(ctx) });
  });
  onCallback(feature, "language", async (ctx, { locale }) => {
    await store.users.setLanguage(ctx.from.id, locale);
    ctx.i18n.useLocale(locale);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(ctx.t("language-set"));
  });
  return feature;
}
