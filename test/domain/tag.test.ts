import { describe, expect, it } from "vitest";
import { isNumericTagKind, parseTag } from "../../src/domain/tag.js";

describe("parseTag", () => {
  it("accepts a numeric destination tag and trims it", () => {
    expect(parseTag(" 12345 ", "Destination tag")).toEqual({ ok: true, value: "12345" });
    expect(parseTag("4294967295", "Destination tag")).toEqual({ ok: true, value: "4294967295" });
  });

  it("accepts a text memo for memo-style tags", () => {
    expect(parseTag("hello-memo_1", "MEMO")).toEqual({ ok: true, value: "hello-memo_1" });
  });

  it.each([
    ["", "MEMO", "empty"],
    ["   ", "Destination tag", "empty"],
    ["abc", "Destination tag", "digits"],
    ["-5", "Destination tag", "digits"],
    ["4294967296", "Destination tag", "range"],
    ["two words", "MEMO", "spaces"],
    ["x".repeat(101), "MEMO", "too-long"],
  ])("rejects %j for %s as %s", (input, tagName, reason) => {
    expect(parseTag(input, tagName)).toEqual({ ok: false, reason });
  });

  it("knows which tag kinds are numeric", () => {
    expect(isNumericTagKind("Destination tag")).toBe(true);
    expect(isNumericTagKind("DestinationTag")).toBe(true);
    expect(isNumericTagKind("MEMO")).toBe(false);
  });
});
