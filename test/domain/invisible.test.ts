import { describe, expect, it } from "vitest";
import { findInvisible } from "../../src/domain/invisible.js";
import { parseTag, type TagCoin } from "../../src/domain/tag.js";

/**
 * Characters that show as nothing, or change how the text around them is shown, each with the
 * reason it is here. Every one must be found, wherever it sits in a memo.
 */
const INVISIBLE: readonly [number, string][] = [
  [0x200b, "zero-width space"],
  [0x200c, "zero-width non-joiner"],
  [0x200d, "zero-width joiner"],
  [0x200e, "left-to-right mark"],
  [0x200f, "right-to-left mark"],
  [0x202a, "left-to-right embedding"],
  [0x202b, "right-to-left embedding"],
  [0x202c, "pop directional formatting"],
  [0x202d, "left-to-right override"],
  [0x202e, "right-to-left override"],
  [0x2060, "word joiner"],
  [0x2061, "function application"],
  [0x2062, "invisible times"],
  [0x2063, "invisible separator"],
  [0x2064, "invisible plus"],
  [0x2066, "left-to-right isolate"],
  [0x2067, "right-to-left isolate"],
  [0x2068, "first strong isolate"],
  [0x2069, "pop directional isolate"],
  [0x061c, "Arabic letter mark"],
  [0xfeff, "byte-order mark / zero-width no-break space"],
  [0x00ad, "soft hyphen"],
  [0x180e, "Mongolian vowel separator"],
  [0x034f, "combining grapheme joiner"],
  [0x3164, "Hangul filler"],
  [0x115f, "Hangul choseong filler"],
  [0x1160, "Hangul jungseong filler"],
  [0xffa0, "halfwidth Hangul filler"],
  [0xfe00, "variation selector 1"],
  [0xfe0f, "variation selector 16"],
  [0xe0100, "variation selector 17"],
  [0xe0041, "tag latin capital letter A"],
  [0x00a0, "no-break space"],
  [0x2007, "figure space"],
  [0x2009, "thin space"],
  [0x200a, "hair space"],
  [0x202f, "narrow no-break space"],
  [0x205f, "medium mathematical space"],
  [0x3000, "ideographic space"],
  [0x2028, "line separator"],
  [0x2029, "paragraph separator"],
  [0x2800, "braille pattern blank"],
  [0x0000, "null"],
  [0x0007, "bell"],
  [0x001b, "escape"],
  [0x007f, "delete"],
  [0x0085, "next line"],
  [0xe000, "private use"],
];

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;

describe("findInvisible", () => {
  it.each(INVISIBLE)("finds %s (%s) at the start, in the middle and at the end", (code) => {
    const c = String.fromCodePoint(code);
    expect(findInvisible(`${c}1348`)).toEqual({ codePoint: hex(code), position: 1 });
    expect(findInvisible(`13${c}48`)).toEqual({ codePoint: hex(code), position: 3 });
    expect(findInvisible(`1348${c}`)).toEqual({ codePoint: hex(code), position: 5 });
  });

  it("counts positions in characters as a person sees them, an emoji being one", () => {
    expect(findInvisible("😀a\u200Bb")).toEqual({ codePoint: "U+200B", position: 3 });
  });

  it("finds a lone surrogate", () => {
    expect(findInvisible("ab\uD800")).toEqual({ codePoint: "U+D800", position: 3 });
  });

  it("leaves visible text alone: letters of any script, digits, punctuation, emoji, the ASCII space", () => {
    for (const text of [
      "134824335",
      "memo-1_a.b",
      "Привет",
      "日本語",
      "عربى",
      "naïve",
      "e\u0301",
      "👍🏽",
      "a b",
      "r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59",
    ]) {
      expect(findInvisible(text), text).toBeUndefined();
    }
  });
});

describe("parseTag refuses invisible characters with the character and where", () => {
  const XLM: TagCoin = { code: "XLM", network: "XLM", tagName: "MEMO" };
  const XRP: TagCoin = { code: "XRP", network: "XRP", tagName: "Destination tag" };
  const OTHER: TagCoin = { code: "FOO", network: "FOO", tagName: "MEMO" };

  it.each(INVISIBLE.filter(([code]) => !/\s/.test(String.fromCodePoint(code)) || code === 0x00a0 || code === 0x3000))(
    "refuses %s (%s) inside a memo and a destination tag",
    (code) => {
      const c = String.fromCodePoint(code);
      for (const coin of [XLM, XRP, OTHER]) {
        expect(parseTag(`1348${c}24335`, coin)).toEqual({
          ok: false,
          reason: "invisible",
          invisible: { codePoint: hex(code), position: 5 },
        });
      }
    },
  );

  it("refuses the memo of the report: 134824335 followed by a zero-width space", () => {
    expect(parseTag("134824335\u200B", XLM)).toEqual({ ok: false, reason: "invisible", invisible: { codePoint: "U+200B", position: 10 } });
    expect(parseTag("134824335\u200B", XRP)).toMatchObject({ ok: false, reason: "invisible" });
  });

  it("strips what trim removes around a tag (no-break space, byte-order mark), and keeps the visible tag", () => {
    expect(parseTag("\uFEFF134824335\u00A0", XLM)).toEqual({ ok: true, value: "134824335" });
  });

  it("still says 'spaces' for a space, a tab or a line break", () => {
    expect(parseTag("1348 24335", XLM)).toEqual({ ok: false, reason: "spaces" });
    expect(parseTag("1348\t24335", XRP)).toEqual({ ok: false, reason: "spaces" });
  });
});
