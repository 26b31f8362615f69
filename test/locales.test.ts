/**
 * Every string a person sees comes from locales/*.ftl: both languages must have the same keys,
 * every key the code asks for must exist, and every message must translate without errors.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n, SUPPORTED_LOCALES } from "../src/messages/i18n.js";

const keysOf = (locale: string) =>
  readFileSync(`locales/${locale}.ftl`, "utf8")
    .split("\n")
    .map((line) => /^([a-z][a-z0-9-]*) =/.exec(line)?.[1])
    .filter((k): k is string => k !== undefined);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("locales", () => {
  const en = keysOf("en");

  it("have the same keys in every language, each once", () => {
    expect(new Set(en).size).toBe(en.length);
    for (const locale of SUPPORTED_LOCALES) expect(keysOf(locale).sort(), locale).toEqual([...en].sort());
  });

  it("translate every key in every language (no missing message, no Fluent error)", () => {
    const i18n = createI18n();
    // Every variable any message uses, so a message that needs one never fails for lack of it.
    const variables = Object.fromEntries(
      SUPPORTED_LOCALES.flatMap((locale) =>
        [...readFileSync(`locales/${locale}.ftl`, "utf8").matchAll(/\$([A-Za-z]\w*)/g)].map((m) => [m[1]!, 2]),
      ),
    );
    for (const locale of SUPPORTED_LOCALES) {
      for (const key of en) {
        const text = i18n.t(locale, key, variables);
        expect(text, `${locale}:${key}`).not.toBe(key);
        expect(text.trim().length, `${locale}:${key}`).toBeGreaterThan(0);
      }
    }
  });

  it("contain every key the code asks for by name", () => {
    const known = new Set(en);
    const missing: string[] = [];
    for (const file of sourceFiles("src")) {
      const source = readFileSync(file, "utf8");
      // t("key"…), ctx.t("key"…), translate(locale, "key"…): literal keys only; keys built from
      // a prefix (`flow-amount-error-${reason}`) are covered by the translation test above.
      for (const match of source.matchAll(/\bt\(\s*(?:[\w.]+,\s*)?"([a-z][a-z0-9-]+)"/g)) {
        if (!known.has(match[1]!)) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
