/**
 * The i18n plugin set up as the bot had it before src/messages/i18n.ts translated on its own: the
 * reference that the tests hold our translations to (same language, same text), and the "before"
 * of bench/translate.bench.ts.
 */
import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import { supportedLocale } from "../../src/messages/i18n.js";

const LOCALES_DIR = fileURLToPath(new URL("../../locales", import.meta.url));

/** The plugin with the bot's former options: the /language choice, else language_code, else English. */
export function pluginI18n(
  chosenLanguage: (userId: number) => Promise<string | undefined> | string | undefined = () => undefined,
  defaults: Record<string, string | number> = {},
): I18n {
  return new I18n<Context>({
    defaultLocale: "en",
    directory: LOCALES_DIR,
    fluentBundleOptions: { useIsolating: false },
    globalTranslationContext: () => defaults,
    localeNegotiator: async (ctx) => {
      const id = ctx.from?.id;
      const chosen = id === undefined ? undefined : await chosenLanguage(id);
      return supportedLocale(chosen ?? ctx.from?.language_code) ?? "en";
    },
  });
}
