/**
 * Every string a person sees comes from locales/*.ftl: every language must have the same keys,
 * each message the same placeholders and the same well-nested HTML tags as in English, every key
 * the code asks for must exist, and every message must translate without errors.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { Fluent } from "@grammyjs/i18n";
import { describe, expect, it } from "vitest";
import { createI18n, SUPPORTED_LOCALES } from "../src/messages/i18n.js";

const keysOf = (locale: string) =>
  readFileSync(`locales/${locale}.ftl`, "utf8")
    .split("\n")
    .map((line) => /^([a-z][a-z0-9-]*) =/.exec(line)?.[1])
    .filter((k): k is string => k !== undefined);

/** Each message's source (its first line and the indented lines that continue it, blank lines between), by key. */
function messagesOf(locale: string): Map<string, string> {
  const messages = new Map<string, string>();
  let key: string | undefined;
  for (const line of readFileSync(`locales/${locale}.ftl`, "utf8").split("\n")) {
    const start = /^([a-z][a-z0-9-]*) =(.*)$/.exec(line);
    if (start) {
      key = start[1]!;
      messages.set(key, start[2]!);
    } else if (key !== undefined && /^\s/.test(line)) messages.set(key, `${messages.get(key)}\n${line}`);
    else if (line !== "") key = undefined; // a blank line may sit inside a message (start-greeting)
  }
  return messages;
}

/** The variables a message uses (`{ $amount }`, and the selector of `{ $count -> … }`), sorted. */
const placeholdersOf = (message: string) => [...new Set([...message.matchAll(/\$([A-Za-z]\w*)/g)].map((m) => m[1]!))].sort();

/**
 * The message's HTML tags (`<b>`, `</code>`…), sorted: the same markup whatever the word order.
 * A translation may set the service's own (English) words apart as a quote, so a
 * `<blockquote>` around nothing but one placeholder does not count.
 */
const tagsOf = (message: string) =>
  [...message.replace(/<blockquote>(\{ \$\w+ \})<\/blockquote>/g, "$1").matchAll(/<\/?[a-z][^>]*>/g)].map((m) => m[0]).sort();

/** Why the message's tags do not nest (an unclosed, stray or crossed tag), or undefined if they do. */
function nestingError(message: string): string | undefined {
  const open: string[] = [];
  for (const [, closing, name] of message.matchAll(/<(\/?)([a-z]+)[^>]*>/g)) {
    if (!closing) open.push(name!);
    else if (open.pop() !== name) return `stray or crossed </${name}>`;
  }
  return open.length > 0 ? `unclosed <${open.join(">, <")}>` : undefined;
}

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

  it("use the same placeholders and the same well-nested HTML tags as English in every message", () => {
    const english = messagesOf("en");
    const differences: string[] = [];
    for (const locale of SUPPORTED_LOCALES) {
      for (const [key, message] of messagesOf(locale)) {
        const source = english.get(key);
        if (source === undefined) continue; // a key English lacks fails the test above
        const [ours, theirs] = [placeholdersOf(message), placeholdersOf(source)];
        if (ours.join() !== theirs.join()) differences.push(`${locale}:${key} placeholders ${ours.join()} ≠ en ${theirs.join()}`);
        if (tagsOf(message).join() !== tagsOf(source).join())
          differences.push(`${locale}:${key} tags ${tagsOf(message).join("")} ≠ en ${tagsOf(source).join("")}`);
        const nesting = nestingError(message);
        if (nesting) differences.push(`${locale}:${key} ${nesting}`);
      }
    }
    expect(differences).toEqual([]);
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
      // The plugin falls back to English for a message a language lacks, which would hide a
      // message lost to a syntax error in that language's file: read each file on its own too.
      const alone = new Fluent({ warningHandler: () => undefined });
      alone.addTranslationSync({ locales: locale, filePath: `locales/${locale}.ftl`, bundleOptions: { useIsolating: false } });
      for (const key of en) {
        const text = i18n.t(locale, key, variables);
        expect(text, `${locale}:${key}`).not.toBe(key);
        expect(text.trim().length, `${locale}:${key}`).toBeGreaterThan(0);
        expect(alone.translate(locale, key, variables), `${locale}:${key} on its own`).not.toBe(`{${key}}`);
      }
    }
  });

  it("contain every key the code asks for by name", () => {
    const known = new Set(en);
    const missing: string[] = [];
    for (const file of sourceFiles("src")) {
      const source = readFileSync(file, "utf8");
      // t("key"…), ctx.t("key"…), translate(locale, "key"…), t("en", "key"…): literal keys only; keys built from
      // a prefix (`flow-amount-error-${reason}`) are covered by the translation test above.
      for (const match of source.matchAll(/\bt\(\s*(?:(?:[\w.]+|"[a-z]{2}"),\s*)?"([a-z][a-z0-9-]+)"/g)) {
        if (!known.has(match[1]!)) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
