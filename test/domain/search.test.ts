import { describe, expect, it } from "vitest";
import { DEFAULT_COIN_NAMES, POPULAR_CODES, filterCurrencies, orderByPopularity } from "../../src/domain/search.js";
import type { Currency } from "../../src/domain/types.js";

function coin(code: string, network?: string): Currency {
  return { code, minAmount: "1", tagName: "", network };
}

const CATALOG: Currency[] = [
  coin("BCH", "BCH"),
  coin("BTC", "BTC"),
  coin("WBTC", "ERC20"),
  coin("BTCBSC", "BEP20"),
  coin("ETH", "ETH"),
  coin("USDTERC20", "ERC20"),
  coin("USDTTRC20", "TRC20"),
  coin("USDC", "ERC20"),
  coin("TRX", "TRC20"),
  coin("XRP", undefined),
  coin("TON", "TON"),
];

const codes = (list: Currency[]) => list.map((c) => c.code);

describe("filterCurrencies", () => {
  it("puts the exact code first, then prefixes, then substrings", () => {
    expect(codes(filterCurrencies(CATALOG, "btc"))).toEqual(["BTC", "BTCBSC", "WBTC"]);
  });

  it("is case-insensitive and ignores surrounding spaces", () => {
    expect(codes(filterCurrencies(CATALOG, "  BtC "))).toEqual(["BTC", "BTCBSC", "WBTC"]);
  });

  it("finds coins by network", () => {
    expect(codes(filterCurrencies(CATALOG, "trc20"))).toEqual(["USDTTRC20", "TRX"]);
    // All match the network exactly, which beats a code substring: the input order decides.
    expect(codes(filterCurrencies(CATALOG, "erc20"))).toEqual(["WBTC", "USDTERC20", "USDC"]);
  });

  it("finds coins by name, including a network token of a named coin", () => {
    expect(codes(filterCurrencies(CATALOG, "bitcoin"))).toEqual(["BTC", "BCH"]);
    expect(codes(filterCurrencies(CATALOG, "Bitcoin Cash"))).toEqual(["BCH"]);
    expect(codes(filterCurrencies(CATALOG, "tether"))).toEqual(["USDTERC20", "USDTTRC20"]);
    expect(codes(filterCurrencies(CATALOG, "ripple"))).toEqual(["XRP"]);
  });

  it("requires every word to match", () => {
    expect(codes(filterCurrencies(CATALOG, "usdt trc20"))).toEqual(["USDTTRC20"]);
    expect(codes(filterCurrencies(CATALOG, "usd coin"))).toEqual(["USDC"]);
    expect(filterCurrencies(CATALOG, "btc nothing")).toEqual([]);
  });

  it("uses the name map given, and none when it is empty", () => {
    expect(codes(filterCurrencies(CATALOG, "gram", { TON: "Gram" }))).toEqual(["TON"]);
    expect(filterCurrencies(CATALOG, "bitcoin", {})).toEqual([]);
  });

  it("keeps the input order among equal matches", () => {
    const reversed = [...CATALOG].reverse();
    expect(codes(filterCurrencies(reversed, "usdt"))).toEqual(["USDTTRC20", "USDTERC20"]);
  });

  it("returns the whole list for an empty query, and nothing when nothing matches", () => {
    expect(filterCurrencies(CATALOG, "   ")).toEqual(CATALOG);
    expect(filterCurrencies(CATALOG, "   ")).not.toBe(CATALOG);
    expect(filterCurrencies(CATALOG, "zzz")).toEqual([]);
  });

  it("has the names the bot promises", () => {
    expect(DEFAULT_COIN_NAMES).toMatchObject({ BTC: "Bitcoin", USDC: "USD Coin", BCH: "Bitcoin Cash", TON: "Toncoin" });
    expect(Object.keys(DEFAULT_COIN_NAMES)).toHaveLength(16);
  });
});

describe("orderByPopularity", () => {
  it("puts popular coins first in POPULAR_CODES order, then the rest alphabetically", () => {
    const ordered = codes(orderByPopularity(CATALOG));
    expect(ordered).toEqual(["BTC", "ETH", "USDTERC20", "USDTTRC20", "USDC", "XRP", "TON", "TRX", "BCH", "BTCBSC", "WBTC"]);
  });

  it("does not change its input", () => {
    const copy = [...CATALOG];
    orderByPopularity(CATALOG);
    expect(CATALOG).toEqual(copy);
  });

  it("starts with BTC, ETH, USDT and has no duplicates", () => {
    expect(POPULAR_CODES.slice(0, 3)).toEqual(["BTC", "ETH", "USDT"]);
    expect(new Set(POPULAR_CODES).size).toBe(POPULAR_CODES.length);
  });
});
