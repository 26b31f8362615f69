import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import { SUPPORTED_LOCALES, type SupportedLocale } from "../../messages/i18n.js";
import { CALLBACK } from "../../messages/callback-data.js";

/** /language: switch between the supported languages; the choice is remembered in the store. */
export const languageFeature = new Composer<BotContext>();

languageFeature.command("language", async (ctx) => {
  const keyboard = new InlineKeyboard();
  for (const locale of SUPPORTED_LOCALES) {
    keyboard.text(ctx.i18n.fluent.translate(locale, "language-name"), CALLBACK.languagePrefix + locale);
  }
  await ctx.reply(ctx.t("language-choose"), { reply_markup: keyboard });
});

languageFeature.callbackQuery(new RegExp(`^${CALLBACK.languagePrefix}(\\w+)$`), async (ctx) => {
  const locale = ctx.match[1] as SupportedLocale;
  if (!(SUPPORTED_LOCALES as readonly string[]).includes(locale)) {
    await ctx.answerCallbackQuery();
    return;
  }
  ctx.deps.store.users.setLanguage(ctx.from.id, locale);
  ctx.i18n.useLocale(locale);
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(ctx.t("language-set"));
});
