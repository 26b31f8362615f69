/**
 * Our translations (src/messages/i18n.ts) say exactly what the i18n plugin said with the bot's
 * former options: the same language for an update (the /language choice over the Telegram app's,
 * English for an unknown one) and the same text for every key in every language, the support
 * contact included and no Unicode isolation marks.
 */
import { readFileSync } from "node:fs";
import type { Context } from "grammy";
import { afterAll, describe, expect, it } from "vitest";
import {
  contactVariable,
  createI18n,
  SUPPORTED_LOCALES,
  translatorOf,
  type I18nFlavor,
  type SupportedLocale,
} from "../../src/messages/i18n.js";
import { pluginI18n } from "./plugin-i18n.js";

// A missing key is warned about on the console, by both; the tests below ask for some on purpose.
// Silenced before the plugin is made, as it keeps the console.warn it finds then; not with a spy,
// which made the many translations below take seconds.
const warn = console.warn;
console.warn = () => undefined;
afterAll(() => {
  console.warn = warn;
});

/** The variables each message uses in any language (`{ $amount }`, a selector `{ $count -> … }`), by key. */
const variablesByKey = new Map<string, Set<string>>();
for (const locale of SUPPORTED_LOCALES) {
  let key: string | undefined;
  for (const line of readFileSync(`locales/${locale}.ftl`, "utf8").split("\n")) {
    key = /^([a-z][a-z0-9-]*) =/.exec(line)?.[1] ?? (/^\s/.test(line) || line === "" ? key : undefined);
    if (key === undefined) continue;
    const names = variablesByKey.get(key) ?? new Set<string>();
    for (const m of line.matchAll(/\$([A-Za-z]\w*)/g)) names.add(m[1]!);
    variablesByKey.set(key, names);
  }
}
const keys = [...variablesByKey.keys()];

/** The variables `key` uses, each set to `value`. */
const variablesOf = (key: string, value: string | number) => Object.fromEntries([...variablesByKey.get(key)!].map((name) => [name, value]));

/** The text, or the error's message: a message that throws must throw the same way in both. */
function outcome(translate: () => string): string {
  try {
    return translate();
  } catch (err) {
    return `error: ${err instanceof Error ? err.message : String(err)}`;
  }
}

const defaults = { contact: contactVariable("@help_desk") };
const ours = translatorOf(createI18n(undefined, defaults), defaults);
const plugin = pluginI18n(undefined, defaults);
/** A string variable as the plugin's callers escaped it before: ours escapes it itself. */
const escapedByHand = (value: string | number) =>
  typeof value === "number" ? value : value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const theirs = (locale: SupportedLocale, key: string, variables?: Record<string, string | number>) =>
  plugin.t(
    locale,
    key,
    Object.fromEntries(Object.entries({ ...defaults, ...variables }).map(([name, value]) => [name, escapedByHand(value)])),
  );

/** Runs a middleware on a context of a person with this Telegram language, and returns the context. */
async function contextOf(
  middleware: { middleware(): (ctx: never, next: () => Promise<void>) => unknown },
  from: { id: number; language_code?: string },
): Promise<Context & I18nFlavor> {
  const ctx = { from: { is_bot: false, first_name: "Sam", ...from } } as unknown as Context & I18nFlavor;
  await middleware.middleware()(ctx as never, () => Promise.resolve());
  return ctx;
}

describe("translations", () => {
  it("give the plugin's text for every key in every language, whatever the variables, a string escaped", () => {
    const differences: string[] = [];
    const values = [0, 1, 2, 5, 21, 1.5, "none", "<b>x</b>"];
    for (const locale of SUPPORTED_LOCALES) {
      for (const key of keys) {
        for (const variables of [undefined, ...values.map((value) => variablesOf(key, value))]) {
          const [a, b] = [outcome(() => ours(locale, key, variables)), outcome(() => theirs(locale, key, variables))];
          if (a !== b) differences.push(`${locale}:${key} (${JSON.stringify(variables ?? "no variables")}): ${a} ≠ ${b}`);
        }
      }
    }
    expect(differences.slice(0, 10)).toEqual([]);
  });

  it("fall back to English, and show an unknown key as the plugin did", () => {
    for (const key of ["no-such-key", "language-set.no-attribute", "language-set."]) {
      for (const locale of SUPPORTED_LOCALES) expect(ours(locale, key), `${locale}:${key}`).toBe(theirs(locale, key));
    }
    expect(ours("ru", "no-such-key")).toBe("{no-such-key}");
  });

  it("add the support contact to every message, a message's own variables first, and no isolation marks", () => {
    const text = ours("en", "status-notice-support", { id: "1a2b" });
    expect(text).toBe("Need help? Write to @help_desk and quote the exchange ID <code>1a2b</code>.");
    expect(ours("en", "status-notice-support", { id: "1a2b", contact: "none" })).toContain("Contact support");
    for (const locale of SUPPORTED_LOCALES) expect(ours(locale, "status-notice-support", { id: "1a2b" })).not.toMatch(/[\u2066-\u2069]/);
  });

  it("answer an update in the language chosen with /language, else the app's, else English, as the plugin did", async () => {
    const chosen = new Map<number, string>([
      [1, "uk"],
      [2, "es"],
    ]);
    const ourI18n = createI18n((id) => chosen.get(id), defaults);
    const theirI18n = pluginI18n((id) => Promise.resolve(chosen.get(id)), defaults);
    const people = [
      { id: 1, language_code: "pt-BR" }, // chose uk: the choice wins over the app's language
      { id: 2 }, // chose es, no app language
      { id: 3, language_code: "ru-RU" },
      { id: 4, language_code: "tr" },
      { id: 8, language_code: "es-419" },
      { id: 5, language_code: "de" }, // a language we do not speak
      { id: 6 },
    ];
    const expected = [
      "Мова: українська.",
      "Idioma: español.",
      "Язык: русский.",
      "Dil: Türkçe.",
      "Idioma: español.",
      "Language set: English.",
      "Language set: English.",
    ];
    for (const [i, from] of people.entries()) {
      const [a, b] = [await contextOf(ourI18n, from), await contextOf(theirI18n, from)];
      expect(a.t("language-set"), `person ${from.id}`).toBe(expected[i]);
      expect(a.t("language-set"), `person ${from.id}`).toBe(b.t("language-set"));
      expect(a.translate("status-notice-support", { id: "9" })).toBe(b.translate("status-notice-support", { id: "9" }));
    }
  });

  it("switch the rest of an update to a language chosen during it", async () => {
    const ctx = await contextOf(createI18n(), { id: 7, language_code: "en" });
    expect(ctx.i18n.locale).toBe("en");
    ctx.i18n.useLocale("pt");
    expect(ctx.i18n.locale).toBe("pt");
    expect(ctx.t("language-set")).toBe("Idioma: português.");
    expect(ctx.translate("language-set")).toBe("Idioma: português.");
  });
});
