import { describe, expect, it } from "vitest";
import { alertExpired, alertMet, parseAlertInput, parseThreshold, pairsToCheck } from "../../src/domain/rate-alert.js";

describe("rate alert input", () => {
  it("reads the pair, the direction and the threshold", () => {
    expect(parseAlertInput("btc eth >= 20")).toEqual({ ok: true, from: "BTC", to: "ETH", direction: "above", threshold: "20" });
    expect(parseAlertInput(" usdttrc20  btc <=0.00002 ")).toMatchObject({
      ok: true,
      from: "USDTTRC20",
      direction: "below",
      threshold: "0.00002",
    });
    expect(parseAlertInput("btc eth ≥ 1 000.5")).toMatchObject({ ok: true, threshold: "1000.5" });
  });

  it("says what is wrong", () => {
    expect(parseAlertInput("btc")).toEqual({ ok: false, reason: "usage" });
    expect(parseAlertInput("btc btc >= 1")).toEqual({ ok: false, reason: "usage" });
    expect(parseAlertInput("b<c eth >= 1")).toEqual({ ok: false, reason: "usage" });
    expect(parseAlertInput("btc eth 20")).toEqual({ ok: false, reason: "operator" });
    expect(parseAlertInput("btc eth => 20")).toEqual({ ok: false, reason: "operator" });
    expect(parseAlertInput("btc eth >= 0")).toEqual({ ok: false, reason: "amount" });
    expect(parseThreshold("<= -1")).toEqual({ ok: false, reason: "amount" });
    expect(parseThreshold("<=")).toEqual({ ok: false, reason: "amount" });
  });
});

describe("rate alert rules", () => {
  it("compares as decimals, the threshold itself included", () => {
    expect(alertMet({ direction: "above", threshold: "20" }, "20")).toBe(true);
    expect(alertMet({ direction: "above", threshold: "20.000000000000000001" }, "20")).toBe(false);
    expect(alertMet({ direction: "below", threshold: "0.3" }, "0.29999999999999999999")).toBe(true);
    expect(alertMet({ direction: "below", threshold: "0.3" }, "0.30000000000000000001")).toBe(false);
  });

  it("forgets an alert 30 days after it was set", () => {
    const at = "2026-01-01T00:00:00.000Z";
    expect(alertExpired({ at }, new Date("2026-01-30T23:59:59.000Z"))).toBe(false);
    expect(alertExpired({ at }, new Date("2026-01-31T00:00:00.000Z"))).toBe(true);
  });

  it("checks at most the budget of pairs, every pair in turn", () => {
    const pairs = ["A>B", "C>D", "E>F", "G>H", "I>J"];
    expect(pairsToCheck(pairs, 10, 3)).toEqual({ pairs: [...pairs], next: 0 });
    const seen: string[] = [];
    let cursor = 0;
    for (let i = 0; i < 5; i++) {
      const step = pairsToCheck(pairs, 2, cursor);
      expect(step.pairs).toHaveLength(2);
      seen.push(...step.pairs);
      cursor = step.next;
    }
    expect(new Set(seen)).toEqual(new Set(pairs));
  });
});
