/**
 * One place escapes (issue 36, point 2): a message's outside text is a string, and every string is
 * escaped where markup is made, by `html` and by the translator; a part that is already markup
 * passes as it is, and nothing is escaped twice.
 */
import type { Context } from "grammy";
import { afterAll, describe, expect, it } from "vitest";
import { escapeHtml, html, Html, htmlPart, joinHtml, plainOf, type HtmlText } from "../../src/messages/html.js";
import { createI18n, translatorOf, type I18nFlavor } from "../../src/messages/i18n.js";

// A key this test does not ask for is never warned about; the console stays quiet anyway.
const warn = console.warn;
console.warn = () => undefined;
afterAll(() => {
  console.warn = warn;
});

/** Markup from outside: a link that must never become one, and an ampersand. */
const HOSTILE = '<a href="x">A&B</a>';
const ESCAPED_ONCE = "&lt;a href=&quot;x&quot;&gt;A&amp;B&lt;/a&gt;";

const i18n = createI18n();
const t = translatorOf(i18n);

describe("html", () => {
  it("escapes every interpolated string once and keeps its own markup", () => {
    expect(html`<code>${HOSTILE}</code>`.text).toBe(`<code>${ESCAPED_ONCE}</code>`);
  });

  it("passes a part as it is, so markup built in steps is escaped exactly once", () => {
    const inner = html`<b>${HOSTILE}</b>`;
    expect(html`<i>${inner}</i>`.text).toBe(`<i><b>${ESCAPED_ONCE}</b></i>`);
    expect(html`${escapeHtml(HOSTILE)}`.text).toBe(ESCAPED_ONCE);
    expect(html`${htmlPart(t("en", "flow-coin-gone", { coin: HOSTILE }))}`.text).not.toContain("&amp;lt;");
  });

  it("writes a number as it is", () => {
    expect(html`${12} < ${1.5}`.text).toBe("12 < 1.5");
  });

  it("is made here only: a part cannot be forged from outside text", () => {
    const Forge = Html as unknown as new (made: symbol, text: string) => Html;
    expect(() => new Forge(Symbol("Html"), HOSTILE)).toThrow(TypeError);
  });

  it("joins parts and finished texts, escaping only the separator", () => {
    const finished = t("en", "flow-coin-gone", { coin: "A&B" });
    expect(joinHtml([html`<b>x</b>`, finished], " & ")).toBe(`<b>x</b> &amp; ${finished}`);
  });

  it("reads a finished text back as plain text for a button's label", () => {
    expect(plainOf(html`<b>${HOSTILE}</b>`.text)).toBe(HOSTILE);
    expect(plainOf("Tom &amp; Jerry &#39;s &lt;3" as HtmlText)).toBe("Tom & Jerry 's <3");
  });
});

describe("the translator", () => {
  it("escapes a string variable once, whoever calls it", () => {
    const text = t("en", "flow-coin-gone", { coin: HOSTILE });
    expect(text).toBe(`${ESCAPED_ONCE} is no longer offered for this exchange. Please pick another coin.`);
    expect(text).not.toContain("&amp;lt;");
    expect(text).not.toContain("<a");
  });

  it("passes an Html part as it is", () => {
    const text = t("en", "flow-coin-gone", { coin: html`<code>${HOSTILE}</code>` });
    expect(text.startsWith(`<code>${ESCAPED_ONCE}</code> is no longer offered`)).toBe(true);
  });

  it("formats a number as Fluent does, and selects on a string as before", () => {
    expect(t("en", "flow-expired", { minutes: 30 })).toContain("30 minutes");
    expect(t("en", "status-notice-support", { id: "1", contact: "none" })).toContain("Contact support");
    expect(t("en", "status-notice-support", { id: "1", contact: "@a&b" })).toContain("@a&amp;b");
  });

  it("escapes the same way inside an update (ctx.t)", async () => {
    const ctx = { from: { id: 1, is_bot: false, first_name: "Sam", language_code: "en" } } as unknown as Context & I18nFlavor;
    await i18n.middleware()(ctx, () => Promise.resolve());
    expect(ctx.t("start-greeting", { name: HOSTILE })).toContain(`<b>${ESCAPED_ONCE}</b>`);
    expect(ctx.translate("flow-coin-gone", { coin: html`<i>${"&"}</i>` })).toMatch(/^<i>&amp;<\/i> is no longer/);
  });
});
