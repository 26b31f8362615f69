import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Decimal } from "decimal.js";
import { computeQuote } from "../../src/domain/quote.js";

describe("computeQuote: what `rate` means", () => {
  it("takes rate as the total amount of `to` for the whole amount, not a price per unit", () => {
    // 2 BTC asked, the service answers rate 64: the person gets ≈ 64 ETH, i.e. 32 ETH per BTC.
    // Were rate a unit price, the estimate would be 128 — this test pins the documented reading.
    const q = computeQuote({ amountFrom: "2", rate: "64", to: "ETH" });
    expect(q.estimatedAmountTo).toBe("64");
    expect(q.unitPrice).toBe("32");
    expect(q.amountFrom).toBe("2");
  });

  it("subtracts a withdrawal fee in the target currency", () => {
    const q = computeQuote({ amountFrom: "0.1", rate: "3.2", withdrawalFee: { amount: "0.005", currency: "ETH" }, to: "ETH" });
    expect(q.estimatedAmountTo).toBe("3.2");
    expect(q.withdrawalFee).toEqual({ amount: "0.005", currency: "ETH" });
    expect(q.estimatedAfterFee).toBe("3.195");
  });

  it("matches the fee currency case-insensitively", () => {
    const q = computeQuote({ amountFrom: "1", rate: "10", withdrawalFee: { amount: "1", currency: "eth" }, to: "ETH" });
    expect(q.withdrawalFee).toEqual({ amount: "1", currency: "ETH" });
    expect(q.estimatedAfterFee).toBe("9");
  });

  it("never goes below zero when the fee is larger than the amount", () => {
    const q = computeQuote({ amountFrom: "1", rate: "0.001", withdrawalFee: { amount: "0.01", currency: "ETH" }, to: "ETH" });
    expect(q.estimatedAfterFee).toBe("0");
  });

  it("does not subtract a fee in another currency", () => {
    const q = computeQuote({ amountFrom: "1", rate: "10", withdrawalFee: { amount: "1", currency: "BTC" }, to: "ETH" });
    expect(q.withdrawalFee).toEqual({ amount: "1", currency: "BTC" });
    expect(q.estimatedAfterFee).toBeUndefined();
  });

  it("has no fee fields in the older variant of the interface", () => {
    const q = computeQuote({ amountFrom: "1", rate: "10", withdrawalFee: undefined, to: "ETH" });
    expect(q).toEqual({ amountFrom: "1", estimatedAmountTo: "10", unitPrice: "10" });
  });

  it("accepts the float the service sent and writes it without exponent", () => {
    const q = computeQuote({ amountFrom: "1000", rate: 1e-7, to: "BTC" });
    expect(q.estimatedAmountTo).toBe("0.0000001");
    expect(q.unitPrice).toBe("0.0000000001");
  });

  it("is exact where floats are not", () => {
    const q = computeQuote({ amountFrom: "1", rate: "0.3", withdrawalFee: { amount: "0.1", currency: "ETH" }, to: "ETH" });
    expect(q.estimatedAfterFee).toBe("0.2"); // 0.3 - 0.1 in floats is 0.19999999999999998
  });

  it("rounds the unit price down to 20 significant digits", () => {
    const q = computeQuote({ amountFrom: "3", rate: "2", to: "ETH" });
    expect(q.unitPrice).toBe("0.66666666666666666666");
  });

  it("refuses a zero or negative amount and a negative rate or fee", () => {
    expect(() => computeQuote({ amountFrom: "0", rate: "1", to: "ETH" })).toThrow(RangeError);
    expect(() => computeQuote({ amountFrom: "-1", rate: "1", to: "ETH" })).toThrow(RangeError);
    expect(() => computeQuote({ amountFrom: "1", rate: "-1", to: "ETH" })).toThrow(RangeError);
    expect(() => computeQuote({ amountFrom: "1", rate: "x", to: "ETH" })).toThrow(RangeError);
    expect(() => computeQuote({ amountFrom: "1", rate: "1", withdrawalFee: { amount: "-1", currency: "ETH" }, to: "ETH" })).toThrow(
      RangeError,
    );
  });

  it("keeps estimate = unitPrice × amount (within the rounding) and afterFee = max(0, rate − fee)", () => {
    const dec = fc.stringMatching(/^[1-9]\d{0,6}(\.\d{1,8})?$/);
    fc.assert(
      fc.property(dec, dec, dec, (amountFrom, rate, fee) => {
        const q = computeQuote({ amountFrom, rate, withdrawalFee: { amount: fee, currency: "ETH" }, to: "ETH" });
        expect(q.estimatedAmountTo).toBe(new Decimal(rate).toFixed());
        const back = new Decimal(q.unitPrice).times(amountFrom);
        expect(back.lte(rate)).toBe(true);
        expect(new Decimal(rate).minus(back).div(rate).lt("1e-18")).toBe(true);
        expect(q.estimatedAfterFee).toBe(Decimal.max(0, new Decimal(rate).minus(fee)).toFixed());
      }),
    );
  });
});
