/**
 * The service names a coin's tag in its catalog: a well-known name is translated, any other is
 * shown on one line and cut short, as it stands in sentences and in a copy button's label.
 */
import { describe, expect, it } from "vitest";
import { shownTagName, unescapedTagName } from "../../src/messages/tag-name.js";
import { createI18n, translatorOf } from "../../src/messages/i18n.js";

const translate = translatorOf(createI18n());
const en = (key: string, vars?: Record<string, string | number>) => translate("en", key, vars);
const ru = (key: string, vars?: Record<string, string | number>) => translate("ru", key, vars);

describe("a tag's name", () => {
  it("translates the well-known names, whatever their case and spacing", () => {
    expect(unescapedTagName(" Destination\n  TAG ", ru)).toBe(ru("tag-name-destination-tag"));
    expect(unescapedTagName("memo", en)).toBe(en("tag-name-memo"));
  });

  it("keeps another name on one line, without control or bidi characters, cut to 32 characters", () => {
    expect(unescapedTagName("Payment\nID\u202e", en)).toBe("Payment ID");
    const long = unescapedTagName("Reference ".repeat(40), en);
    expect(Array.from(long)).toHaveLength(32);
    expect(long.endsWith("…")).toBe(true);
  });

  it("falls back to the generic name when nothing visible is left, and escapes for HTML", () => {
    expect(unescapedTagName("\u200b\n", en)).toBe(en("deposit-tag-fallback-name"));
    expect(shownTagName("<b>Note</b>", en).text).toBe("&lt;b&gt;Note&lt;/b&gt;");
  });
});
