import { fileURLToPath } from "node:url";
import { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { UsersStore } from "../store/data-store.js";
import { escapeHtml } from "./html.js";

/** Languages with a locales/<code>.ftl file, the first being the default. */
export const SUPPORTED_LOCALES = ["en", "ru", "es", "pt", "tr", "uk"] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

// Resolved from this file so that both `src/` (tsx) and `dist/` (built) find the same folder.
const LOCALES_DIR = fileURLToPath(new URL("../../locales", import.meta.url));

/** Translates outside an update (menus, notifications from the poller), in any language. */
export type Translator = (locale: string, key: string, variables?: Record<string, string | number>) => string;

/**
 * Translates in one language already chosen: what every message builder takes (`ctx.t` inside an
 * update, {@link chatTranslator} outside one).
 */
export type Translate = (key: string, variables?: Record<string, string | number>) => string;

/**
 * The locale we have for a language code ("pt-BR" → pt, "es-419" → es, "uk" → uk), or undefined
 * for a language we do not speak: a Telegram language_code or what a person typed after /language.
 */
export function supportedLocale(code: string | undefined): SupportedLocale | undefined {
  const base = code?.trim().toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LOCALES as readonly string[]).includes(base ?? "") ? (base as SupportedLocale) : undefined;
}

/** Maps any Telegram language_code ("ru-RU", "uk", undefined) to a locale we have, English by default. */
function pickLocale(code: string | undefined): SupportedLocale {
  return supportedLocale(code) ?? "en";
}

/**
 * The language to write to a private chat in outside an update (notifications): the person's
 * choice, else their Telegram language. Private chat ids are user ids.
 */
async function localeOfChat(store: { users: Pick<UsersStore, "get"> }, chatId: number): Promise<SupportedLocale> {
  const user = await store.users.get(chatId);
  return pickLocale(user?.languageCode ?? user?.telegramLanguageCode);
}

/**
 * The translator for a message to private chat `chatId` sent outside an update (a notice, an
 * alert, a broadcast's progress): `t` bound to the chat's language ({@link localeOfChat}). Async,
 * as the language is read from the users repository once, when the translator is made.
 */
export async function chatTranslator(t: Translator, store: { users: Pick<UsersStore, "get"> }, chatId: number): Promise<Translate> {
  const locale = await localeOfChat(store, chatId);
  return (key, variables) => t(locale, key, variables);
}

/**
 * Builds the i18n plugin. The language is the one the person chose with /language
 * (`chosenLanguage`, read from the store by the caller, once per update: the plugin awaits it),
 * else their Telegram app's language, else English. Code that only translates outside updates
 * (tests) may leave `chosenLanguage` out.
 * `defaults` are variables every message may use (the support contact, {@link contactVariable}).
 */
export function createI18n<C extends Context>(
  chosenLanguage: (userId: number) => Promise<string | undefined> | string | undefined = () => undefined,
  defaults: Record<string, string | number> = {},
): I18n<C> {
  return new I18n<C>({
    defaultLocale: "en",
    directory: LOCALES_DIR,
    // Fluent wraps placeables in Unicode isolation marks by default; in Telegram they show up as
    // invisible characters inside addresses that people copy, so turn them off.
    fluentBundleOptions: { useIsolating: false },
    // Variables every message may use inside an update too (the support contact), as the
    // Translator's defaults are outside one.
    globalTranslationContext: () => defaults,
    localeNegotiator: async (ctx) => {
      const id = ctx.from?.id;
      const chosen = id === undefined ? undefined : await chosenLanguage(id);
      return pickLocale(chosen ?? ctx.from?.language_code);
    },
  });
}

/**
 * The `contact` variable of the messages that point to support: SUPPORT_CONTACT escaped for HTML,
 * or "none", which selects the wording without a contact (see status-notice-support in locales/).
 */
export function contactVariable(supportContact: string | undefined): string {
  return supportContact ? escapeHtml(supportContact) : "none";
}

/**
 * A {@link Translator} over the same translations, for code that runs outside an update.
 * `defaults` are variables every message may use (the support contact).
 */
export function translatorOf<C extends Context>(i18n: I18n<C>, defaults: Record<string, string | number> = {}): Translator {
  return (locale, key, variables) => i18n.t(locale, key, { ...defaults, ...variables });
}
