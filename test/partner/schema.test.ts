import { describe, expect, it } from "vitest";
import {
  createdExchangeSchema,
  currenciesSchema,
  decimalString,
  exchangeStatusSchema,
  pairsSchema,
  parseBody,
  parsePairs,
  rateSchema,
  withdrawalFeeSchema,
} from "../../src/partner/schema.js";
import { PartnerError } from "../../src/partner/errors.js";

const statusRecord = {
  status: "waiting_deposit",
  from: "BTC",
  to: "ETH",
  depositAddress: "bc1qdeposit",
  depositTag: "",
  destinationAddress: "0xabc",
  destinationTag: "",
  refundAddress: "bc1qrefund",
  refundTag: "",
  expectedAmountFrom: "0.1",
  expectedAmountTo: "2.02",
  amountFrom: "0.1",
  date: "04.03.2025 05:06:07",
  txId: null,
  amountTo: null,
};

describe("partner schemas", () => {
  it("decimalString turns numbers and numeric strings into plain decimals", () => {
    expect(decimalString.parse(1e-7)).toBe("0.0000001");
    expect(decimalString.parse("1e-7")).toBe("0.0000001");
    expect(decimalString.parse(" 0.5 ")).toBe("0.5");
    expect(decimalString.parse(20)).toBe("20");
    expect(decimalString.safeParse("abc").success).toBe(false);
    expect(decimalString.safeParse("").success).toBe(false);
  });

  it("currencies: string/number minamount, optional network, extra fields, availability flags", () => {
    const list = currenciesSchema.parse({
      BTC: { minamount: 0.0005, tagname: "", network: "BTC", extra: 1 },
      xrp: { minamount: "20", tagname: "Destination tag" },
      USDT: { minamount: "10", tagname: "", network: "" },
      DASH: { minamount: "0.5", tagname: "", available: false },
      ZEC: { minamount: "0.5", tagname: "", enabled: false },
      DOGE: { minamount: 100, tagname: null, isAvailable: "false" },
    });
    expect(list).toEqual([
      { code: "BTC", minAmount: "0.0005", tagName: "", network: "BTC" },
      { code: "XRP", minAmount: "20", tagName: "Destination tag", network: undefined },
      { code: "USDT", minAmount: "10", tagName: "", network: undefined },
      { code: "DASH", minAmount: "0.5", tagName: "", network: undefined, available: false },
      { code: "ZEC", minAmount: "0.5", tagName: "", network: undefined, available: false },
      { code: "DOGE", minAmount: "100", tagName: "", network: undefined, available: false },
    ]);
  });

  it("pairs: upper-cases codes; non-string targets fail", () => {
    expect(pairsSchema.parse({ btc: ["eth", "LTC"] })).toEqual({ BTC: ["ETH", "LTC"] });
    expect(pairsSchema.safeParse({ BTC: [1, 2] }).success).toBe(false);
  });

  it("parsePairs reads pairs as pairsSchema does, trimming and upper-casing codes", async () => {
    const body = { btc: ["eth", " LTC "], " xrp": [], ETH: ["btc"] };
    expect(await parsePairs("pairs", body)).toEqual(pairsSchema.parse(body));
    expect(await parsePairs("pairs", body)).toEqual({ BTC: ["ETH", "LTC"], XRP: [], ETH: ["BTC"] });
  });

  it("parsePairs refuses a bad answer naming the first bad field, as invalid-response", async () => {
    const cases: [unknown, string][] = [
      [[["BTC", "ETH"]], 'field "(body)"'],
      [null, 'field "(body)"'],
      [{ BTC: ["ETH"], ETH: "BTC" }, 'field "ETH": expected an array'],
      [{ BTC: ["ETH", 2] }, 'field "BTC.1": expected a currency code'],
      [{ BTC: ["ETH", null] }, 'field "BTC.1"'],
    ];
    for (const [body, message] of cases) {
      const err = await parsePairs("pairs", body).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, JSON.stringify(body)).toBeInstanceOf(PartnerError);
      expect(err).toMatchObject({ kind: "invalid-response", endpoint: "pairs" });
      expect((err as PartnerError).message).toContain(message);
    }
  });

  it("parsePairs pauses every few thousand entries", async () => {
    const codes = Array.from({ length: 200 }, (_, i) => `c${i}`);
    const body = Object.fromEntries(codes.map((c) => [c, codes.filter((t) => t !== c)]));
    let pauses = 0;
    const pairs = await parsePairs("pairs", body, () => {
      pauses++;
      return Promise.resolve();
    });
    // 200 × 200 entries (keys counted), a pause each 5,000.
    expect(pauses).toBe(8);
    expect(pairs.C0).toHaveLength(199);
    expect(pairs.C1![0]).toBe("C0");
  });

  it("withdrawalFee: text with code, bare number, numeric text, empty", () => {
    expect(withdrawalFeeSchema.parse("0.0005 ETH")).toEqual({ amount: "0.0005", currency: "ETH" });
    expect(withdrawalFeeSchema.parse("5 usdterc20")).toEqual({ amount: "5", currency: "USDTERC20" });
    expect(withdrawalFeeSchema.parse(0.25)).toEqual({ amount: "0.25", currency: undefined });
    expect(withdrawalFeeSchema.parse("1e-7")).toEqual({ amount: "0.0000001", currency: undefined });
    expect(withdrawalFeeSchema.parse("")).toBeUndefined();
    expect(withdrawalFeeSchema.safeParse("about five").success).toBe(false);
  });

  it("rate: number or numeric string; fee optional", () => {
    const bare = rateSchema.parse({ result: true, rate: 2.5 });
    expect(bare.rate).toBe("2.5");
    expect(bare.withdrawalFee).toBeUndefined();
    expect(rateSchema.parse({ rate: "2.5", withdrawalFee: "0.1 ETH", extra: true })).toMatchObject({
      rate: "2.5",
      withdrawalFee: { amount: "0.1", currency: "ETH" },
    });
    expect(rateSchema.safeParse({ result: true }).success).toBe(false);
  });

  it("created exchange: numeric id becomes a string, missing tag becomes empty", () => {
    expect(createdExchangeSchema.parse({ id: 42, depositAddress: "addr" })).toEqual({ id: "42", depositAddress: "addr", depositTag: "" });
    expect(createdExchangeSchema.safeParse({ id: "", depositAddress: "addr" }).success).toBe(false);
  });

  it("status record: nulls stay null, filled values become strings, unknown status passes", () => {
    expect(exchangeStatusSchema.parse(statusRecord)).toEqual(statusRecord);
    const done = exchangeStatusSchema.parse({ ...statusRecord, status: "kyc_hold", txId: 12345, amountTo: 2.019, extra: {} });
    expect(done).toMatchObject({ status: "kyc_hold", txId: "12345", amountTo: "2.019" });
    expect(done).not.toHaveProperty("extra");
    const missingTags = exchangeStatusSchema.parse({ ...statusRecord, depositTag: undefined, refundTag: null, txId: "", amountTo: "" });
    expect(missingTags).toMatchObject({ depositTag: "", refundTag: "", txId: null, amountTo: null });
  });

  it("parseBody names the first bad field without echoing the body", () => {
    try {
      parseBody("exchange-status", exchangeStatusSchema, { ...statusRecord, expectedAmountTo: "lots", secretish: "zzz-private" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(PartnerError);
      const e = err as PartnerError;
      expect(e.kind).toBe("invalid-response");
      expect(e.message).toContain('"expectedAmountTo"');
      expect(e.message).not.toContain("zzz-private");
    }
  });
});
