import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { MAX_START_PAYLOAD_LENGTH, decodeExchangePayload, encodeExchangePayload } from "../../src/domain/deep-link.js";

describe("encodeExchangePayload", () => {
  it("writes the pair, and the amount with its dot as 'd'", () => {
    expect(encodeExchangePayload({ from: "BTC", to: "ETH" })).toBe("x_BTC_ETH");
    expect(encodeExchangePayload({ from: "btc", to: "eth", amount: "0.1" })).toBe("x_BTC_ETH_0d1");
    expect(encodeExchangePayload({ from: "USDTTRC20", to: "XMR", amount: "1500" })).toBe("x_USDTTRC20_XMR_1500");
  });

  it("canonicalises the amount", () => {
    expect(encodeExchangePayload({ from: "BTC", to: "ETH", amount: "0,50" })).toBe("x_BTC_ETH_0d5");
    expect(encodeExchangePayload({ from: "BTC", to: "ETH", amount: "1 000" })).toBe("x_BTC_ETH_1000");
  });

  it("refuses what a payload cannot carry", () => {
    expect(encodeExchangePayload({ from: "BTC", to: "BTC" })).toBeUndefined();
    expect(encodeExchangePayload({ from: "BT_C", to: "ETH" })).toBeUndefined();
    expect(encodeExchangePayload({ from: "", to: "ETH" })).toBeUndefined();
    expect(encodeExchangePayload({ from: "A".repeat(21), to: "ETH" })).toBeUndefined();
    expect(encodeExchangePayload({ from: "BTC", to: "ETH", amount: "0" })).toBeUndefined();
    expect(encodeExchangePayload({ from: "BTC", to: "ETH", amount: "-1" })).toBeUndefined();
    expect(encodeExchangePayload({ from: "BTC", to: "ETH", amount: "1e5" })).toBeUndefined();
  });

  it("refuses a payload over 64 characters, and accepts one of exactly 64", () => {
    const long = { from: "A".repeat(20), to: "B".repeat(20), amount: "123456789012345.123456789012345678" };
    expect(encodeExchangePayload(long)).toBeUndefined();
    expect(encodeExchangePayload({ from: long.from, to: long.to })).toBe(`x_${long.from}_${long.to}`);
    // 2 + 20 + 1 + 20 + 1 = 44 characters before the amount: 20 more make exactly 64.
    const exact = encodeExchangePayload({ ...long, amount: "1234567890.123456789" });
    expect(exact).toHaveLength(MAX_START_PAYLOAD_LENGTH);
    expect(encodeExchangePayload({ ...long, amount: "12345678901.123456789" })).toBeUndefined();
  });
});

describe("decodeExchangePayload", () => {
  it("reads what the encoder writes", () => {
    expect(decodeExchangePayload("x_BTC_ETH")).toEqual({ from: "BTC", to: "ETH" });
    expect(decodeExchangePayload("x_BTC_ETH_0d1")).toEqual({ from: "BTC", to: "ETH", amount: "0.1" });
    expect(decodeExchangePayload("x_btc_eth_10")).toEqual({ from: "BTC", to: "ETH", amount: "10" });
  });

  it.each([
    "",
    "x_",
    "x_BTC",
    "x_BTC_",
    "x_BTC_ETH_",
    "x_BTC_BTC",
    "x_BTC_ETH_0", // zero
    "x_BTC_ETH_0d0",
    "x_BTC_ETH_1d2d3",
    "x_BTC_ETH_d5",
    "x_BTC_ETH_1e5",
    "x_BTC_ETH_1_2",
    "x_BTC-ETH",
    "y_BTC_ETH",
    "start",
    `x_${"A".repeat(21)}_ETH`,
    `x_BTC_ETH_${"1".repeat(16)}`, // too large
    `x_BTC_ETH_0d${"1".repeat(19)}`, // too many decimals
    `x_${"A".repeat(20)}_${"B".repeat(20)}_${"1".repeat(30)}`, // over 64
  ])("refuses %j", (payload) => {
    expect(decodeExchangePayload(payload)).toBeUndefined();
  });

  it("round-trips every valid input, within Telegram's alphabet and length", () => {
    const code = fc.stringMatching(/^[A-Z0-9]{1,20}$/);
    const amount = fc.option(fc.stringMatching(/^[1-9]\d{0,14}(\.\d{0,17}[1-9])?$/), { nil: undefined });
    fc.assert(
      fc.property(code, code, amount, (from, to, amt) => {
        fc.pre(from !== to);
        const payload = encodeExchangePayload(amt === undefined ? { from, to } : { from, to, amount: amt });
        if (payload === undefined) {
          // Only length can make a valid input unencodable.
          expect(`x_${from}_${to}${amt === undefined ? "" : `_${amt}`}`.length).toBeGreaterThan(MAX_START_PAYLOAD_LENGTH);
          return;
        }
        expect(payload).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        expect(decodeExchangePayload(payload)).toEqual(amt === undefined ? { from, to } : { from, to, amount: amt });
      }),
    );
  });

  it("never throws on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(..."x_BTCd019-".split("")) })), (s) => {
        const r = decodeExchangePayload(s);
        if (r !== undefined) {
          expect(r.from).toMatch(/^[A-Z0-9]{1,20}$/);
          expect(r.to).toMatch(/^[A-Z0-9]{1,20}$/);
        }
      }),
    );
  });
});
