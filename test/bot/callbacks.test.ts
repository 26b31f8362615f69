import { describe, expect, it } from "vitest";
import { CALLBACK, CALLBACK_DATA_LIMIT, statusCallback } from "../../src/bot/ui/callbacks.js";
import { FLOW } from "../../src/bot/features/exchange/callbacks.js";

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

describe("callback_data stays within Telegram's 64 bytes", () => {
  it("for every fixed value and for the longest generated ones", () => {
    const longestCode = "A".repeat(20); // the catalog's codes are at most 20 characters
    const fixed = (o: object): string[] => Object.values(o).filter((v): v is string => typeof v === "string");
    const values: string[] = [
      ...fixed(CALLBACK),
      ...fixed(FLOW),
      FLOW.coin(longestCode),
      FLOW.page(9999),
      FLOW.editTarget("destination"),
      CALLBACK.languagePrefix + "ru",
    ];
    for (const value of values) {
      expect(bytes(value), value).toBeGreaterThan(0);
      expect(bytes(value), value).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
    }
  });

  it("leaves the status button out when the service's id is too long", () => {
    expect(statusCallback("abc123")).toBe("st:abc123");
    expect(statusCallback("x".repeat(61))).toBe(`st:${"x".repeat(61)}`);
    expect(statusCallback("x".repeat(62))).toBeUndefined();
    expect(statusCallback("é".repeat(31))).toBeUndefined();
  });
});
