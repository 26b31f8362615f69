/**
 * The Mini App's page asks the server for its words by key (src/webapp/strings.ts sends those in
 * WEBAPP_STRINGS): a key the page names and the list lacks would show an empty label, and the
 * two are kept in step by hand. Every `webapp-…` key the page's scripts name is in the list and
 * in the English locale.
 */
import { readFile, readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { WEBAPP_STRINGS } from "../../src/webapp/strings.js";

const PAGE = new URL("../../src/webapp/page/", import.meta.url);

describe("the Mini App's words", () => {
  it("has every key its page names in the list the server sends, and in locales/en.ftl", async () => {
    const scripts = (await readdir(PAGE)).filter((name) => name.endsWith(".js"));
    const named = new Set<string>();
    for (const name of scripts) {
      const source = await readFile(new URL(name, PAGE), "utf8");
      for (const m of source.matchAll(/["'`](webapp-[a-z0-9-]+)["'`]/g)) named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThan(10);
    const sent = new Set<string>(WEBAPP_STRINGS);
    expect([...named].filter((key) => !sent.has(key))).toEqual([]);
    const english = await readFile(new URL("../../locales/en.ftl", import.meta.url), "utf8");
    expect([...named].filter((key) => !new RegExp(`^${key} =`, "m").test(english))).toEqual([]);
  });
});
