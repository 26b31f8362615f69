import { describe, expect, it } from "vitest";
import { CALLBACK, CALLBACK_DATA_LIMIT, statusCallback } from "../../src/messages/callback-data.js";
import { flowData, readFlowData, stepButtons } from "../../src/bot/features/exchange/callbacks.js";

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

describe("callback_data stays within Telegram's 64 bytes", () => {
  it("for every fixed value and for the longest generated ones", () => {
    const longestCode = "A".repeat(20); // the catalog's codes are at most 20 characters
    const fixed = (o: object): string[] => Object.values(o).filter((v): v is string => typeof v === "string");
    const values: string[] = [
      ...fixed(CALLBACK),
      ...(["from", "to", "amount", "destination", "destinationTag", "refund", "refundTag", "confirm"] as const).flatMap((step) => {
        const b = stepButtons(step);
        return [...fixed(b), b.coin(longestCode), b.page(9999), b.editTarget("destination")];
      }),
      CALLBACK.languagePrefix + "ru",
    ];
    for (const value of values) {
      expect(bytes(value), value).toBeGreaterThan(0);
      expect(bytes(value), value).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
    }
  });

  it("flow buttons carry their step and read back as they were written", () => {
    expect(flowData("from", { kind: "coin", code: "BTC" })).toBe("x:f:c:BTC");
    expect(readFlowData("x:f:c:BTC")).toEqual({ step: "from", action: { kind: "coin", code: "BTC" } });
    expect(readFlowData("x:g:cancel")).toEqual({ step: "destinationTag", action: { kind: "cancel" } });
    expect(readFlowData("x:c:e:refund")).toEqual({ step: "confirm", action: { kind: "edit-target", target: "refund" } });
    expect(readFlowData("x:a:p:12")).toEqual({ step: "amount", action: { kind: "page", page: 12 } });
    // Not the flow's, or malformed: never read as an answer.
    for (const data of ["x:new", "x:z:cancel", "x:f:c:btc", "x:f:c:BTC:1", "x:f:p:x", "x:c:e:nope", "st:abc", "x:f"]) {
      expect(readFlowData(data), data).toBeUndefined();
    }
  });

  it("leaves the status button out when the service's id is too long", () => {
    expect(statusCallback("abc123")).toBe("st:abc123");
    expect(statusCallback("x".repeat(61))).toBe(`st:${"x".repeat(61)}`);
    expect(statusCallback("x".repeat(62))).toBeUndefined();
    expect(statusCallback("é".repeat(31))).toBeUndefined();
  });
});
