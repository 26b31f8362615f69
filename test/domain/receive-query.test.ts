import { describe, expect, it } from "vitest";
import { parseReceiveQuery } from "../../src/domain/receive-query.js";

describe("parseReceiveQuery", () => {
  it("reads '<coin sent> =<amount> <coin received>', with or without spaces around the amount", () => {
    expect(parseReceiveQuery("btc =100 usdt")).toEqual({ from: "BTC", to: "USDT", amountTo: "100" });
    expect(parseReceiveQuery("  BTC = 1 000,5 eth ")).toEqual({ from: "BTC", to: "ETH", amountTo: "1000.5" });
  });

  it("leaves every other question to the ordinary grammar", () => {
    for (const text of ["0.1 btc eth", "btc = eth", "btc =abc eth", "btc =-1 eth", "btc =0 eth", "=5 btc eth", "btc =5", ""]) {
      expect(parseReceiveQuery(text), text).toBeUndefined();
    }
  });
});
