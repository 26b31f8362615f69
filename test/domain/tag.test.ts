import { describe, expect, it } from "vitest";
import { isNumericTagKind, parseTag, tagRuleOf, type TagCoin } from "../../src/domain/tag.js";

const XRP: TagCoin = { code: "XRP", network: "XRP", tagName: "Destination tag" };
const XLM: TagCoin = { code: "XLM", network: "XLM", tagName: "MEMO" };
const TON: TagCoin = { code: "TON", network: "TON", tagName: "Comment" };
const BNB: TagCoin = { code: "BNB", network: "BEP2", tagName: "MEMO" };
const ATOM: TagCoin = { code: "ATOM", network: "ATOM", tagName: "MEMO" };
const EOS: TagCoin = { code: "EOS", network: "EOS", tagName: "MEMO" };
const HBAR: TagCoin = { code: "HBAR", network: "HBAR", tagName: "MEMO" };
const ALGO: TagCoin = { code: "ALGO", network: "ALGO", tagName: "Note" };
/** A coin this module has no rule for. */
const OTHER: TagCoin = { code: "FOO", network: "FOO", tagName: "MEMO" };

describe("parseTag", () => {
  it("accepts a numeric destination tag and trims it", () => {
    expect(parseTag(" 12345 ", XRP)).toEqual({ ok: true, value: "12345" });
    expect(parseTag("0", XRP)).toEqual({ ok: true, value: "0" });
    expect(parseTag("4294967295", XRP)).toEqual({ ok: true, value: "4294967295" });
  });

  it("accepts a text memo for memo-style tags", () => {
    expect(parseTag("hello-memo_1", XLM)).toEqual({ ok: true, value: "hello-memo_1" });
  });

  it.each([
    ["", XLM, "empty"],
    ["   ", XRP, "empty"],
    ["abc", XRP, "digits"],
    ["-5", XRP, "digits"],
    ["1.5", XRP, "digits"],
    ["12 34", XRP, "spaces"],
    ["two words", XLM, "spaces"],
    ["line\nbreak", TON, "spaces"],
  ] as const)("rejects %j for %s as %s", (input, coin, reason) => {
    expect(parseTag(input, coin)).toEqual({ ok: false, reason });
  });

  it("refuses an XRP tag above 2^32 − 1 and names the limit, however long the number", () => {
    expect(parseTag("4294967296", XRP)).toEqual({ ok: false, reason: "range", max: "4294967295" });
    expect(parseTag("9".repeat(400), XRP)).toEqual({ ok: false, reason: "range", max: "4294967295" });
  });

  /** `chars` copies of `char`. */
  const text = (chars: number, char = "a") => char.repeat(chars);

  it.each([
    // [coin, longest accepted, unit]
    [XLM, 28, "bytes"],
    [TON, 120, "bytes"],
    [EOS, 256, "bytes"],
    [HBAR, 100, "bytes"],
    [ALGO, 1024, "bytes"],
    [BNB, 128, "bytes"],
    [ATOM, 256, "bytes"],
    [OTHER, 100, "characters"],
  ] as const)("limits a %o tag to its chain's length", (coin, max, unit) => {
    expect(parseTag(text(max), coin)).toEqual({ ok: true, value: text(max) });
    expect(parseTag(text(max + 1), coin)).toEqual({ ok: false, reason: "too-long", max: String(max), unit });
  });

  it("counts bytes of UTF-8 where the chain does: a Cyrillic letter is two, an emoji four", () => {
    // 42 characters fit a TON comment (the case); 61 Cyrillic letters are 122 bytes.
    expect(parseTag(text(42), TON).ok).toBe(true);
    expect(parseTag(text(60, "ж"), TON)).toEqual({ ok: true, value: text(60, "ж") });
    expect(parseTag(text(61, "ж"), TON)).toMatchObject({ ok: false, reason: "too-long", max: "120" });
    expect(parseTag(text(7, "🙂"), XLM).ok).toBe(true);
    expect(parseTag(text(7, "🙂") + "a", XLM)).toMatchObject({ ok: false, reason: "too-long", max: "28" });
    expect(parseTag(text(128, "ж"), ATOM).ok).toBe(true);
    expect(parseTag(text(129, "ж"), ATOM)).toMatchObject({ ok: false, reason: "too-long", max: "256", unit: "bytes" });
    // Characters on a chain without a rule: 100 Cyrillic letters are fine there.
    expect(parseTag(text(100, "ж"), OTHER).ok).toBe(true);
  });

  it("takes a token's rule from its network, and the code's when no network is named", () => {
    expect(tagRuleOf({ code: "NOTTON", network: "TON", tagName: "Comment" })).toMatchObject({ chain: "TON", max: 120 });
    expect(tagRuleOf({ code: "XLM", network: undefined, tagName: "MEMO" })).toMatchObject({ chain: "XLM", max: 28 });
    expect(tagRuleOf({ code: "kava", network: "kava", tagName: "MEMO" })).toMatchObject({ chain: "KAVA", max: 256 });
    // Unknown chain: numeric when the tag's name says so, else up to 100 characters.
    expect(tagRuleOf({ code: "ABC", network: "ABC", tagName: "Destination tag" })).toMatchObject({ kind: "integer" });
    expect(parseTag("12a", { code: "ABC", network: undefined, tagName: "DestinationTag" })).toEqual({ ok: false, reason: "digits" });
  });

  it("knows which tag kinds are numeric", () => {
    expect(isNumericTagKind("Destination tag")).toBe(true);
    expect(isNumericTagKind("DestinationTag")).toBe(true);
    expect(isNumericTagKind("MEMO")).toBe(false);
  });
});
