import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { BaseContext } from "./context.js";
import type { Store } from "../store/store.js";

/** Languages with a locales/<code>.ftl file, the first being the default. */
export const SUPPORTED_LOCALES = ["en", "ru"] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

// Resolved from this file so that both `src/` (tsx) and `dist/` (built) find the same folder.
const LOCALES_DIR = fileURLToPath(new URL("../../locales", import.meta.url));

/** Translates outside an update (menus, notifications from the poller). */
export type Translator = (locale: string, key: string, variables?: Record<string, string | number>) => string;

/** Maps any Telegram language_code ("ru-RU", "uk", undefined) to a locale we have. */
function pickLocale(code: string | undefined): SupportedLocale {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LOCALES as readonly string[]).includes(base ?? "") ? (base as SupportedLocale) : "en";
}

/**
 * The language to write to a private chat in outside an update (notifications): the person's
 * choice, else their Telegram language. Private chat ids are user ids.
 */
export function localeOfChat(store: Store, chatId: number): SupportedLocale {
  const user = store.users.get(chatId);
  return pickLocale(user?.languageCode ?? user?.telegramLanguageCode);
}

/**
 * Builds the i18n plugin. The language is the one the person chose with /language (kept in the
 * store), else their Telegram app's language, else English.
 */
export function createI18n(): I18n<BaseContext> {
  return new I18n<BaseContext>({
    defaultLocale: "en",
    directory: LOCALES_DIR,
    // Fluent wraps placeables in Unicode isolation marks by default; in Telegram they show up as
    // invisible characters inside addresses that people copy, so turn them off.
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: (ctx) => {
      const id = ctx.from?.id;
      const chosen = id === undefined ? undefined : ctx.deps.store.users.get(id)?.languageCode;
      return pickLocale(chosen ?? ctx.from?.language_code);
    },
  });
}

/**
 * A {@link Translator} over the same translations, for code that runs outside an update.
 * `defaults` are variables every message may use (the support contact).
 */
export function translatorOf(i18n: I18n<BaseContext>, defaults: Record<string, string | number> = {}): Translator {
  return (locale, key, variables) => i18n.t(locale, key, { ...defaults, ...variables });
}
