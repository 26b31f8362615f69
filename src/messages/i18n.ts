import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import type { Context, MiddlewareFn, MiddlewareObj } from "grammy";
import type { UsersStore } from "../store/data-store.js";
import { markupOf, type HtmlText, type HtmlValue } from "./html.js";

/** Languages with a locales/<code>.ftl file, the first being the default. */
export const SUPPORTED_LOCALES = ["en", "ru", "es", "pt", "tr", "uk"] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

// Resolved from this file so that both `src/` (tsx) and `dist/` (built) find the same folder.
const LOCALES_DIR = fileURLToPath(new URL("../../locales", import.meta.url));

/**
 * A message's variables. A string is outside text (an address, a coin's label, a person's name)
 * and is escaped by the translator, whoever calls it; markup that is already safe is an `Html`
 * part (messages/html.ts); a number is formatted by Fluent.
 */
export type MessageVariables = Readonly<Record<string, HtmlValue>>;

/**
 * Translates outside an update (menus, notifications from the poller), in any language we have.
 * The answer is Telegram HTML, its variables escaped ({@link MessageVariables}).
 */
export type Translator = Bivariant<(locale: SupportedLocale, key: string, variables?: MessageVariables) => HtmlText>;

/**
 * Translates in one language already chosen: what every message builder takes (`ctx.t` inside an
 * update, {@link chatTranslator} outside one). The answer is Telegram HTML, its variables escaped.
 */
export type Translate = Bivariant<(key: string, variables?: MessageVariables) => HtmlText>;

/**
 * `F` with its parameters compared both ways, as a method's are: a translator written before
 * variables could be parts (`(key, vars?: Record<string, string | number>) => …`, which forwards
 * them to ours) is still one. Calls are checked as strictly as before.
 */
type Bivariant<F extends (...args: never[]) => unknown> = { check(...args: Parameters<F>): ReturnType<F> }["check"];

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

/** What {@link Translations}' middleware adds to an update's context. */
export interface I18nFlavor {
  /** Translates in the update's language, with the variables every message may use. */
  t: Translate;
  /** The same as {@link I18nFlavor.t}. */
  translate: Translate;
  i18n: {
    /** The language the update is answered in. */
    readonly locale: SupportedLocale;
    /** Answers the rest of the update in `locale` (a /language choice just made). */
    useLocale(locale: SupportedLocale): void;
  };
}

/** A locale's bundle, then English's: a message a language lacks is said in English. */
type Fallbacks = readonly FluentBundle[];

/**
 * Each locale's file as last parsed, with its text. Parsing the six files takes about 40 ms of CPU,
 * and a process that builds its translations more than once (the tests start the app in-process
 * over a hundred times a run: 6.7 s of the e2e tests' 80 s of CPU went to it) parses a file again
 * only when its text changed. A FluentResource is not changed by the bundles it is added to.
 */
const parsedLocales = new Map<SupportedLocale, { source: string; resource: FluentResource }>();

/** locales/<code>.ftl, parsed (or as parsed before, when its text is the same). */
function localeResource(locale: SupportedLocale): FluentResource {
  const source = readFileSync(`${LOCALES_DIR}/${locale}.ftl`, "utf8");
  const parsed = parsedLocales.get(locale);
  if (parsed?.source === source) return parsed.resource;
  const resource = new FluentResource(source);
  parsedLocales.set(locale, { source, resource });
  return resource;
}

/**
 * locales/<code>.ftl as a Fluent bundle. Fluent wraps placeables in Unicode isolation marks by
 * default; in Telegram they show up as invisible characters inside addresses that people copy, so
 * they are turned off. A key defined twice keeps its last text (test/locales.test.ts forbids it).
 */
function loadBundle(locale: SupportedLocale): FluentBundle {
  const bundle = new FluentBundle(locale, { useIsolating: false });
  const errors = bundle.addResource(localeResource(locale), { allowOverrides: true });
  if (errors.length > 0) throw new AggregateError(errors, `locales/${locale}.ftl does not load`);
  return bundle;
}

/**
 * The translations of locales/*.ftl, in a language chosen once per update. Our own small
 * replacement of the i18n plugin, made for speed: the plugin negotiates the language among its
 * bundles afresh on every message (two thirds of a message's time, about 5 % of the bot's CPU
 * under load; bench/translate.results.md), while here a message only looks its locale up in a
 * map, as the locale is always one we have.
 *
 * The language is the one the person chose with /language (`chosenLanguage`, read from the store
 * once per update), else their Telegram app's language, else English. Code that only translates
 * outside updates (tests) may leave `chosenLanguage` out. `defaults` are variables every message
 * may use (the support contact, {@link contactVariable}), inside an update and outside.
 */
export class Translations implements MiddlewareObj<Context & I18nFlavor> {
  /** By locale code; each supported locale is there. */
  readonly #fallbacks: ReadonlyMap<SupportedLocale, Fallbacks>;
  readonly #english: Fallbacks;
  readonly #chosenLanguage: (userId: number) => Promise<string | undefined> | string | undefined;
  readonly #defaults: MessageVariables;

  constructor(
    chosenLanguage: (userId: number) => Promise<string | undefined> | string | undefined = () => undefined,
    defaults: MessageVariables = {},
  ) {
    const english = loadBundle("en");
    this.#english = [english];
    this.#fallbacks = new Map<SupportedLocale, Fallbacks>(
      SUPPORTED_LOCALES.map((locale) => [locale, locale === "en" ? this.#english : [loadBundle(locale), english]]),
    );
    this.#chosenLanguage = chosenLanguage;
    this.#defaults = defaults;
  }

  /**
   * Translates `key` in `locale` with only `variables`: the defaults are added by
   * {@link translatorOf} and `ctx.t`. A locale is one we have (a Telegram code goes through
   * {@link supportedLocale} first), so finding its bundles is one lookup, never a negotiation.
   */
  t(locale: SupportedLocale, key: string, variables: MessageVariables = {}): HtmlText {
    return this.#format(this.#fallbacks.get(locale) ?? this.#english, key, variables);
  }

  /** Installs `ctx.t` (and `ctx.translate`, `ctx.i18n`) in the update's language. */
  middleware(): MiddlewareFn<Context & I18nFlavor> {
    return async (ctx, next) => {
      const id = ctx.from?.id;
      const chosen = id === undefined ? undefined : await this.#chosenLanguage(id);
      let locale = pickLocale(chosen ?? ctx.from?.language_code);
      let fallbacks = this.#fallbacks.get(locale) ?? this.#english;
      const defaults = this.#defaults;
      const t: Translate = (key, variables) => this.#format(fallbacks, key, variables ? { ...defaults, ...variables } : defaults);
      ctx.t = t;
      ctx.translate = t;
      ctx.i18n = {
        get locale() {
          return locale;
        },
        useLocale: (code) => {
          locale = code;
          fallbacks = this.#fallbacks.get(code) ?? this.#english;
        },
      };
      await next();
    };
  }

  /**
   * `key`'s text from the first bundle that has it, as the plugin did: "message.attribute" names
   * an attribute; a key no bundle has is warned about and shown as "{key}". The one place a
   * message's variables become markup: each string is escaped here ({@link MessageVariables}).
   */
  #format(fallbacks: Fallbacks, key: string, variables: MessageVariables): HtmlText {
    const dot = key.indexOf(".");
    const id = dot < 0 ? key : key.slice(0, dot);
    const attribute = dot < 0 ? undefined : key.slice(dot + 1).split(".", 1)[0];
    for (const bundle of fallbacks) {
      const message = bundle.getMessage(id);
      if (message === undefined) {
        console.warn(`Translation message "${id}" is missing in the following locale(s): ${bundle.locales.join(", ")}.`);
        continue;
      }
      let pattern = message.value ?? "";
      if (attribute) {
        const value = message.attributes[attribute];
        if (!value) {
          console.warn(`"${attribute}" attribute is missing in message "${id}" for locale(s): ${bundle.locales.join(", ")}`);
          continue;
        }
        pattern = value;
      }
      return bundle.formatPattern(pattern, fluentArguments(variables)) as HtmlText;
    }
    console.warn(`The translation "${key}" is missing in the locales: ${fallbacks[0]?.locales.join(", ") ?? "en"}`);
    return `{${key}}` as HtmlText;
  }
}

/**
 * A message's variables as Fluent takes them: numbers as they are (Fluent formats them for the
 * language), strings escaped and parts as their markup. A selector (`{ $kind -> … }`) compares
 * the escaped string, the same as the raw one for the keywords it selects on.
 */
function fluentArguments(variables: MessageVariables): Record<string, string | number> {
  const args: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(variables)) args[name] = typeof value === "number" ? value : markupOf(value);
  return args;
}

/** The translations, and the middleware that gives each update `ctx.t` ({@link Translations}). */
export function createI18n(
  chosenLanguage?: (userId: number) => Promise<string | undefined> | string | undefined,
  defaults?: MessageVariables,
): Translations {
  return new Translations(chosenLanguage, defaults);
}

/**
 * The `contact` variable of the messages that point to support: SUPPORT_CONTACT (outside text,
 * escaped by the translator like any string), or "none", which selects the wording without a
 * contact (see status-notice-support in locales/).
 */
export function contactVariable(supportContact: string | undefined): string {
  return supportContact ? supportContact : "none";
}

/**
 * A {@link Translator} over the same translations, for code that runs outside an update.
 * `defaults` are variables every message may use (the support contact).
 */
export function translatorOf(i18n: Translations, defaults: MessageVariables = {}): Translator {
  return (locale, key, variables) => i18n.t(locale, key, variables ? { ...defaults, ...variables } : defaults);
}
