import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildCatalogIndex, buildCatalogIndexInSlices, INDEX_STEP_ENTRIES, type CatalogIndex } from "../../src/domain/catalog-index.js";
import type { Currency, PairMap } from "../../src/domain/types.js";

function coin(code: string, network?: string, extra: Partial<Currency> = {}): Currency {
  return { code, minAmount: "1", tagName: "", network, ...extra };
}

const CURRENCIES: Currency[] = [
  coin("XRP", "XRP", { tagName: "Destination tag", minAmount: "20" }),
  coin("USDTTRC20", "TRC20"),
  coin("DOGE", "DOGE"),
  coin("BTC", "BTC", { minAmount: "0.0005" }),
  coin("USDTERC20", "ERC20"),
  coin("ETH", "ETH"),
  coin("DASH", "DASH", { available: false }),
  coin("TRX", "TRX"),
  coin("WBTC", "ERC20"),
  coin("AAA", "SOL"),
];

const PAIRS: PairMap = {
  BTC: ["ETH", "XRP", "USDTTRC20", "ZEC", "DASH", "BTC", "ETH", "AAA"],
  ETH: ["BTC", "USDTERC20"],
  XRP: ["BTC"],
  USDTTRC20: ["BTC", "ETH", "TRX"],
  DASH: ["BTC"],
  ZEC: ["BTC"],
  DOGE: ["DOGE"],
  TRX: [],
};

const codes = (list: readonly Currency[]) => list.map((c) => c.code);
const index = buildCatalogIndex(CURRENCIES, PAIRS);

describe("buildCatalogIndex: lookups", () => {
  it("finds a visible currency by code in any case and with spaces, and nothing else", () => {
    expect(index.get("xrp")).toEqual({ ...CURRENCIES[0], ticker: "XRP" });
    expect(index.get(" btc ")?.minAmount).toBe("0.0005");
    expect(index.get("ZEC")).toBeUndefined();
    expect(index.get("")).toBeUndefined();
  });

  it("hides unavailable currencies everywhere", () => {
    expect(index.get("DASH")).toBeUndefined();
    expect(codes(index.all)).not.toContain("DASH");
    expect(index.targets("DASH").size).toBe(0);
    expect(index.canExchange("BTC", "DASH")).toBe(false);
    expect(index.targets("BTC").has("DASH")).toBe(false);
    expect(index.pairMap()).not.toHaveProperty("DASH");
  });

  it("drops targets and keys missing from the currency list, self-pairs and duplicates", () => {
    expect([...index.targets("BTC")].sort()).toEqual(["AAA", "ETH", "USDTTRC20", "XRP"]);
    expect(index.targets("BTC").size).toBe(4);
    expect(index.canExchange("BTC", "ZEC")).toBe(false);
    expect(index.targets("ZEC").size).toBe(0);
    expect(index.canExchange("BTC", "BTC")).toBe(false);
    expect(index.canExchange("DOGE", "DOGE")).toBe(false);
    // BTC 4, ETH 2, XRP 1, USDTTRC20 3 (TRX included); DOGE only to itself and TRX to nothing.
    expect(index.size).toEqual({ currencies: 9, pairs: 10 });
  });

  it("answers pair questions in any case, one direction at a time", () => {
    expect(index.canExchange("btc", " eth ")).toBe(true);
    expect(index.canExchange("ETH", "XRP")).toBe(false);
    expect(index.canExchange("XRP", "BTC")).toBe(true);
    expect(index.canExchange("NOPE", "BTC")).toBe(false);
    expect(index.targets("nope").size).toBe(0);
  });

  it("offers as sendable only coins with a target, popular ones first", () => {
    expect(codes(index.sendable)).toEqual(["BTC", "ETH", "USDTTRC20", "XRP"]);
  });

  it("orders every list by popularity, the rest by code", () => {
    expect(codes(index.all)).toEqual(["BTC", "ETH", "USDTERC20", "USDTTRC20", "XRP", "TRX", "DOGE", "AAA", "WBTC"]);
    expect(codes(index.targetCurrencies("btc"))).toEqual(["ETH", "USDTTRC20", "XRP", "AAA"]);
    expect([...index.targets("BTC")]).toEqual(["ETH", "USDTTRC20", "XRP", "AAA"]);
    expect(index.targetCurrencies("ZEC")).toEqual([]);
  });

  it("gives the pairs back as a plain sorted map of visible coins", () => {
    expect(index.pairMap()).toEqual({
      BTC: ["AAA", "ETH", "USDTTRC20", "XRP"],
      ETH: ["BTC", "USDTERC20"],
      XRP: ["BTC"],
      USDTTRC20: ["BTC", "ETH", "TRX"],
    });
  });

  it("targets() behaves as a read-only set: forEach, keys, values, entries", () => {
    const set = index.targets("ETH");
    const seen: string[] = [];
    set.forEach((v, v2, s) => {
      expect(v2).toBe(v);
      expect(s).toBe(set);
      seen.push(v);
    });
    expect(seen).toEqual(["BTC", "USDTERC20"]);
    expect([...set.keys()]).toEqual(seen);
    expect([...set.values()]).toEqual(seen);
    expect([...set.entries()]).toEqual([
      ["BTC", "BTC"],
      ["USDTERC20", "USDTERC20"],
    ]);
    // has() is exact, like a Set's.
    expect(set.has("btc")).toBe(false);
    expect(index.targets("ETH")).toBe(set);
  });

  it("keeps the first of two entries with the same code", () => {
    const twice = buildCatalogIndex([coin("BTC", "BTC", { minAmount: "1" }), coin("BTC", "BTC", { minAmount: "2" }), coin("ETH", "ETH")], {
      BTC: ["ETH"],
    });
    expect(twice.get("BTC")?.minAmount).toBe("1");
    expect(twice.size.currencies).toBe(2);
  });

  it("copes with an empty catalog and with junk in the pair map", () => {
    const empty = buildCatalogIndex([], {});
    expect(empty.all).toEqual([]);
    expect(empty.search("btc")).toEqual([]);
    const junk = buildCatalogIndex([coin("BTC"), coin("ETH")], { BTC: "ETH" as unknown as string[], ETH: ["BTC"] });
    expect(junk.canExchange("BTC", "ETH")).toBe(false);
    expect(junk.canExchange("ETH", "BTC")).toBe(true);
  });
});

describe("buildCatalogIndex: search", () => {
  const search = (q: string, among?: readonly Currency[]) => codes(index.search(q, among));

  it("finds by ticker: the exact code first, then prefixes, then substrings", () => {
    expect(search("btc")).toEqual(["BTC", "WBTC"]);
    expect(search("USDT")).toEqual(["USDTERC20", "USDTTRC20"]);
  });

  it("finds by name, for tokens through their base ticker", () => {
    expect(search("tether")).toEqual(["USDTERC20", "USDTTRC20"]);
    expect(search("bitcoin")).toEqual(["BTC"]);
    expect(search("ripple")).toEqual(["XRP"]);
  });

  it("finds by network, and several words must all match", () => {
    expect(search("usdt trc20")).toEqual(["USDTTRC20"]);
    expect(search("trc20 usdt")).toEqual(["USDTTRC20"]);
    expect(search("erc20")).toEqual(["USDTERC20", "WBTC"]);
    expect(search("usdt sol")).toEqual([]);
  });

  it("searches within a given list, and an empty query returns the list", () => {
    expect(search("usdt", index.targetCurrencies("ETH"))).toEqual(["USDTERC20"]);
    expect(search("  ")).toEqual(codes(index.all));
    expect(search("", index.sendable)).toEqual(codes(index.sendable));
    expect(search("zzz")).toEqual([]);
  });

  it("never finds a hidden coin, even among a list that has it", () => {
    expect(search("dash", CURRENCIES)).toEqual([]);
  });
});

describe("buildCatalogIndexInSlices", () => {
  it("builds the same index, pausing between slices of pair entries", async () => {
    const many: Currency[] = Array.from({ length: 300 }, (_, i) => coin(`C${i}`, "ERC20"));
    const pairs: PairMap = Object.fromEntries(many.map((c) => [c.code, many.filter((t) => t !== c).map((t) => t.code)]));
    let pauses = 0;
    const sliced = await buildCatalogIndexInSlices(many, pairs, () => {
      pauses++;
      return Promise.resolve();
    });
    const whole = buildCatalogIndex(many, pairs);
    const entries = 300 * 299;
    expect(pauses).toBe(Math.floor(entries / INDEX_STEP_ENTRIES));
    expect(sliced.size).toEqual({ currencies: 300, pairs: entries });
    expect(sliced.pairMap()).toEqual(whole.pairMap());
  });
});

describe("buildCatalogIndex agrees with a plain model", () => {
  const code = fc.constantFrom("BTC", "ETH", "XRP", "LTC", "TRX", "A1", "B2", "C3", "D4", "E5");

  function model(currencies: Currency[], pairs: PairMap): Map<string, Set<string>> {
    const visible = new Set(currencies.filter((c) => c.available !== false).map((c) => c.code));
    const out = new Map<string, Set<string>>();
    for (const [from, list] of Object.entries(pairs)) {
      if (!visible.has(from)) continue;
      const set = new Set(list.filter((to) => to !== from && visible.has(to)));
      if (set.size > 0) out.set(from, set);
    }
    return out;
  }

  function check(idx: CatalogIndex, expected: Map<string, Set<string>>, all: string[]): void {
    for (const from of all) {
      const want = expected.get(from) ?? new Set<string>();
      expect(idx.targets(from).size).toBe(want.size);
      expect(new Set(idx.targets(from))).toEqual(want);
      for (const to of all) expect(idx.canExchange(from, to)).toBe(want.has(to));
    }
    expect(idx.size.pairs).toBe([...expected.values()].reduce((n, s) => n + s.size, 0));
  }

  it("for any catalog: targets, canExchange and the pair count match", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ code, available: fc.boolean() }), { selector: (c) => c.code }),
        fc.dictionary(code, fc.array(code, { maxLength: 12 })),
        (list, pairs) => {
          const currencies = list.map((c) => coin(c.code, undefined, c.available ? {} : { available: false }));
          const idx = buildCatalogIndex(currencies, pairs);
          check(idx, model(currencies, pairs), ["BTC", "ETH", "XRP", "LTC", "TRX", "A1", "B2", "C3", "D4", "E5"]);
        },
      ),
    );
  });
});
