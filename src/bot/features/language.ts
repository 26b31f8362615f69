import { type Composer, InlineKeyboard } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
import type { BotContext } from "../context.js";
import { replyToAsker } from "./button-owner.js";
import type { BotDeps } from "../deps.js";
import { SUPPORTED_LOCALES, supportedLocale } from "../../messages/i18n.js";
import { encodeCallback, onCallback } from "../../messages/callback-data.js";

/**
 * /language: switch between the supported languages; the choice is remembered in the store and
 * confirmed at once in the new language. `/language uk` switches without the buttons (what the
 * playground's language switch sends, so that the switch shows in the chat right away).
 */
export function languageFeature({ store, t }: Pick<BotDeps, "store" | "t">): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  feature.command("language", async (ctx) => {
    const typed = supportedLocale(ctx.match);
    if (typed !== undefined && ctx.from !== undefined) {
      await store.users.setLanguage(ctx.from.id, typed);
      ctx.i18n.useLocale(typed);
      await ctx.reply(ctx.t("language-set"), replyToAsker(ctx));
      return;
    }
    const keyboard = new InlineKeyboard();
    // Two a row: six names in one row are cut short on a phone.
    SUPPORTED_LOCALES.forEach((locale, i) => {
      if (i > 0 && i % 2 === 0) keyboard.row();
      keyboard.text(t(locale, "language-name"), encodeCallback({ kind: "language", locale }));
    });
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
