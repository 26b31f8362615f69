import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Decimal } from "decimal.js";
import { parseAmount } from "../../src/domain/amount.js";
import { CONNECTORS, RATE_QUERY_KINDS, editDistance, parseRateQuery, suggestCodes } from "../../src/domain/rate-query.js";

const CODES = ["BTC", "ETH", "USDT", "USDTERC20", "USDTTRC20", "USDC", "XRP", "XMR", "LTC", "TON", "DOGE", "SOL", "BNB", "1INCH", "IN"];
const KNOWN = new Set(CODES);
/** A catalog without a plain USDT, only its network variants. */
const NO_PLAIN_USDT = CODES.filter((c) => c !== "USDT");

describe("parseRateQuery: quotes", () => {
  it.each([
    ["0.1 btc eth", "0.1", "BTC", "ETH"],
    ["btc eth 0.1", "0.1", "BTC", "ETH"],
    ["0.1 btc to eth", "0.1", "BTC", "ETH"],
    ["0.1 BTC → ETH", "0.1", "BTC", "ETH"],
    ["0.1 BTC→ETH", "0.1", "BTC", "ETH"],
    ["0.1 btc -> eth", "0.1", "BTC", "ETH"],
    ["0.1 btc=eth", "0.1", "BTC", "ETH"],
    ["0,1 btc in eth", "0.1", "BTC", "ETH"],
    ["0.1 btc into eth", "0.1", "BTC", "ETH"],
    ["0.1 btc в eth", "0.1", "BTC", "ETH"],
    ["0.1 btc НА eth", "0.1", "BTC", "ETH"],
    ["btc/eth 0.1", "0.1", "BTC", "ETH"],
    ["0.1btc eth", "0.1", "BTC", "ETH"],
    ["100usdt xmr", "100", "USDT", "XMR"],
    ["  1 000,5   usdt\u00A0 to  btc ", "1000.5", "USDT", "BTC"],
    ["1 000 000 doge btc", "1000000", "DOGE", "BTC"],
    ["+5 ltc btc", "5", "LTC", "BTC"],
    ["2 1inch eth", "2", "1INCH", "ETH"], // a code starting with a digit is not an amount
    ["5 btc in in", "5", "BTC", "IN"], // a coin called IN after the connector
    ["5 in to btc", "5", "IN", "BTC"],
    ["eth usdterc20 .5", "0.5", "ETH", "USDTERC20"],
  ])("%j", (text, amount, from, to) => {
    expect(parseRateQuery(text, KNOWN)).toEqual({ kind: "quote", amount, from, to });
  });

  it("accepts the known codes as an array, in any case", () => {
    expect(parseRateQuery("1 btc eth", ["btc", "Eth"])).toEqual({ kind: "quote", amount: "1", from: "BTC", to: "ETH" });
  });
});

describe("parseRateQuery: other kinds", () => {
  it("a pair without an amount", () => {
    expect(parseRateQuery("btc eth", KNOWN)).toEqual({ kind: "pair", from: "BTC", to: "ETH" });
    expect(parseRateQuery("BTC/ETH", KNOWN)).toEqual({ kind: "pair", from: "BTC", to: "ETH" });
    expect(parseRateQuery("btc to eth", KNOWN)).toEqual({ kind: "pair", from: "BTC", to: "ETH" });
  });

  it("an amount of one coin", () => {
    expect(parseRateQuery("100 usdt", KNOWN)).toEqual({ kind: "from-amount", amount: "100", from: "USDT" });
    expect(parseRateQuery("usdt 100", KNOWN)).toEqual({ kind: "from-amount", amount: "100", from: "USDT" });
    expect(parseRateQuery("0,5btc", KNOWN)).toEqual({ kind: "from-amount", amount: "0.5", from: "BTC" });
  });

  it("one coin alone", () => {
    expect(parseRateQuery("btc", KNOWN)).toEqual({ kind: "from-only", from: "BTC" });
    expect(parseRateQuery("  XmR ", KNOWN)).toEqual({ kind: "from-only", from: "XMR" });
    expect(parseRateQuery("in", KNOWN)).toEqual({ kind: "from-only", from: "IN" }); // a code beats a connector
  });

  it("nothing", () => {
    expect(parseRateQuery("", KNOWN)).toEqual({ kind: "empty" });
    expect(parseRateQuery(" \t\n\u00A0", KNOWN)).toEqual({ kind: "empty" });
  });

  it("an unknown coin, with close tickers", () => {
    expect(parseRateQuery("0.1 btc etj", KNOWN)).toEqual({ kind: "unknown-coin", token: "etj", suggestions: ["ETH"] });
    expect(parseRateQuery("bct", KNOWN)).toEqual({ kind: "unknown-coin", token: "bct", suggestions: ["BTC"] }); // a swap
    expect(parseRateQuery("1 dogge btc", KNOWN)).toEqual({ kind: "unknown-coin", token: "dogge", suggestions: ["DOGE"] });
    expect(parseRateQuery("hello", KNOWN)).toEqual({ kind: "unknown-coin", token: "hello", suggestions: [] });
  });

  it("usdt is USDT when the catalog has it, else an unknown coin suggesting its network variants", () => {
    expect(parseRateQuery("100 usdt", KNOWN)).toEqual({ kind: "from-amount", amount: "100", from: "USDT" });
    expect(parseRateQuery("100 usdt", NO_PLAIN_USDT)).toEqual({
      kind: "unknown-coin",
      token: "usdt",
      suggestions: ["USDTERC20", "USDTTRC20", "USDC"],
    });
  });

  it.each([
    ["0.1 0.2 btc eth", "multiple-amounts"],
    ["0.1 btc eth 5", "multiple-amounts"],
    ["btc 0.1 eth", "amount-position"],
    ["0.5", "missing-coin"],
    ["1 000", "missing-coin"],
    ["to eth", "misplaced-connector"],
    ["btc to", "misplaced-connector"],
    ["1 btc eth to", "too-many-words"],
    ["→ btc eth", "too-many-words"],
    ["btc eth ltc", "too-many-words"],
    ["1 btc to eth to ltc", "too-many-words"],
    ["btc btc", "same-coin"],
    ["1 BTC to btc", "same-coin"],
  ])("%j is invalid: %s", (text, reason) => {
    expect(parseRateQuery(text, KNOWN)).toEqual({ kind: "invalid", reason });
  });

  it.each([
    ["-1 btc eth", "negative"],
    ["0 btc eth", "zero"],
    ["1e5 btc eth", "exponent"],
    ["1.2.3 btc eth", "multiple-separators"],
    ["btc eth 0.1234567890123456789", "too-many-decimals"],
    ["-0.1btc eth", "negative"],
  ])("%j has a bad amount: %s", (text, detail) => {
    expect(parseRateQuery(text, KNOWN)).toEqual({ kind: "invalid", reason: "bad-amount", detail });
  });

  it("asks for a plain amount when a comma reads two ways, and takes 1,000.5 and 1,000,000 as thousands", () => {
    expect(parseRateQuery("1,000 btc eth", KNOWN)).toEqual({ kind: "invalid", reason: "ambiguous-amount" });
    expect(parseRateQuery("1,000.5 btc eth", KNOWN)).toEqual({ kind: "quote", amount: "1000.5", from: "BTC", to: "ETH" });
    expect(parseRateQuery("1,000,000 doge btc", KNOWN)).toEqual({ kind: "quote", amount: "1000000", from: "DOGE", to: "BTC" });
  });
});

describe("suggestCodes and editDistance", () => {
  it("puts prefixes first (shortest, then alphabetical), then the nearest codes", () => {
    expect(suggestCodes("usd", NO_PLAIN_USDT)).toEqual(["USDC", "USDTERC20", "USDTTRC20"]);
    expect(suggestCodes("usdte", NO_PLAIN_USDT)).toEqual(["USDTERC20", "USDC"]); // USDC: two edits away
    // "ETC" is one step from BTC, ETH and LTC: alphabetical at the same distance.
    expect(suggestCodes("etc", CODES)).toEqual(["BTC", "ETH", "LTC"]);
    // Nearer first: XMR is one step from "xmrr", XRP two.
    expect(suggestCodes("xmrr", ["XRP", "XMR"])).toEqual(["XMR", "XRP"]);
  });

  it("allows distance 2 only for words longer than three letters", () => {
    expect(suggestCodes("dgoe", CODES)).toEqual(["DOGE"]); // one swap
    expect(suggestCodes("dxgx", CODES)).toEqual(["DOGE"]); // two substitutions
    expect(suggestCodes("bxx", CODES)).toEqual([]); // would be two from BTC and BNB
  });

  it("returns at most three, never the word itself, nothing for absurd words", () => {
    expect(suggestCodes("x", ["XA", "XB", "XC", "XD"])).toEqual(["XA", "XB", "XC"]);
    expect(suggestCodes("btc", ["BTC", "BTCB"])).toEqual(["BTCB"]);
    expect(suggestCodes("a".repeat(100), CODES)).toEqual([]);
    expect(suggestCodes("", CODES)).toEqual([]);
  });

  it("computes the optimal string alignment distance", () => {
    expect(editDistance("BTC", "BTC")).toBe(0);
    expect(editDistance("BTC", "BCT")).toBe(1);
    expect(editDistance("BTC", "ETH")).toBe(2);
    expect(editDistance("", "ABC")).toBe(3);
    expect(editDistance("KITTEN", "SITTING")).toBe(3);
    expect(editDistance("ABCDEF", "UVWXYZ", 2)).toBe(3); // stops early once over the limit
  });

  it("agrees with a plain implementation on random words, with and without a limit", () => {
    const word = fc.string({ unit: fc.constantFrom("A", "B", "C"), maxLength: 7 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 4 }), (a, b, limit) => {
        const full = osa(a, b);
        expect(editDistance(a, b)).toBe(full);
        expect(editDistance(a, b, limit)).toBe(full <= limit ? full : limit + 1);
      }),
    );
  });
});

/** Reference OSA distance, written plainly, for the property above. */
function osa(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    d.push([]);
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) d[i]![j] = i + j;
      else {
        let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
        d[i]![j] = v;
      }
    }
  }
  return d[a.length]![b.length]!;
}

describe("parseRateQuery: properties", () => {
  /** Some case of a string: each letter upper or lower at random. */
  const randomCase = (s: string) =>
    fc
      .array(fc.boolean(), { minLength: s.length, maxLength: s.length })
      .map((flags) => flags.map((upper, i) => (upper ? s.charAt(i).toUpperCase() : s.charAt(i).toLowerCase())).join(""));
  const space = fc.constantFrom(" ", "  ", "\t", " \u00A0 ", "\u2009");
  const maybeSpace = fc.oneof(space, fc.constant(""));

  /** An amount as a person types it, and its canonical value. */
  const typedAmount = fc
    .record({
      integer: fc.stringMatching(/^\d{1,7}$/),
      fraction: fc.stringMatching(/^\d{0,8}$/),
      separator: fc.constantFrom(".", ","),
      grouped: fc.boolean(),
    })
    .filter(({ integer, fraction }) => /[1-9]/.test(integer + fraction))
    // "4,000" reads two ways and is its own case ("ambiguous-amount", below).
    .filter(({ integer, fraction, separator }) => !(separator === "," && fraction.length === 3 && /^[1-9]\d{0,2}$/.test(integer)))
    .map(({ integer, fraction, separator, grouped }) => {
      const int = grouped ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, " ") : integer;
      const text = fraction === "" ? int : `${int}${separator}${fraction}`;
      const canonical = new Decimal(fraction === "" ? integer : `${integer}.${fraction}`).toFixed();
      return { text, canonical };
    });

  const pair = fc.tuple(fc.constantFrom(...CODES), fc.constantFrom(...CODES)).filter(([a, b]) => a !== b && a !== "IN" && b !== "IN"); // "IN" as a coin is covered by examples

  const query = fc
    .record({
      amount: typedAmount,
      pair,
      connector: fc.option(fc.constantFrom(...CONNECTORS), { nil: undefined }),
      amountFirst: fc.boolean(),
      glue: fc.boolean(),
      seps: fc.tuple(space, space, maybeSpace, maybeSpace),
    })
    .chain((q) =>
      fc.record({
        q: fc.constant(q),
        from: randomCase(q.pair[0]),
        to: randomCase(q.pair[1]),
        connector: q.connector === undefined ? fc.constant(undefined) : randomCase(q.connector),
      }),
    )
    .map(({ q, from, to, connector }) => {
      const [s1, s2, lead, trail] = q.seps;
      const isWord = connector !== undefined && /^[\p{L}]+$/u.test(connector);
      // Symbols may touch the coins; words need a space on each side.
      const around = connector === undefined ? s2 : isWord ? s2 : "";
      const coins =
        connector === undefined ? `${from}${s2}${to}` : `${from}${isWord ? s2 : around}${connector}${isWord ? s2 : around}${to}`;
      // Gluing the amount to the coin works only for a code that starts with a letter.
      const glue = q.amountFirst && q.glue && /^[A-Za-z]/.test(from);
      const body = q.amountFirst ? `${q.amount.text}${glue ? "" : s1}${coins}` : `${coins}${s1}${q.amount.text}`;
      return { text: `${lead}${body}${trail}`, amount: q.amount.canonical, from: q.pair[0], to: q.pair[1] };
    });

  it("reads every well-formed question as the right quote", () => {
    fc.assert(
      fc.property(query, ({ text, amount, from, to }) => {
        expect(parseRateQuery(text, KNOWN)).toEqual({ kind: "quote", amount, from, to });
      }),
      { numRuns: 500 },
    );
  });

  const checkInvariants = (text: string) => {
    const r = parseRateQuery(text, KNOWN);
    expect(RATE_QUERY_KINDS).toContain(r.kind);
    if ("from" in r) expect(KNOWN.has(r.from)).toBe(true);
    if ("to" in r) {
      expect(KNOWN.has(r.to)).toBe(true);
      expect(r.to).not.toBe(r.from);
    }
    if ("amount" in r) expect(parseAmount(r.amount)).toEqual({ ok: true, value: r.amount });
    if (r.kind === "unknown-coin") {
      expect(r.suggestions.length).toBeLessThanOrEqual(3);
      expect(KNOWN.has(r.token.toUpperCase())).toBe(false);
    }
  };

  it("never throws on arbitrary text, and keeps its promises", () => {
    fc.assert(fc.property(fc.string({ maxLength: 80 }), checkInvariants), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), checkInvariants), { numRuns: 300 });
  });

  it("never throws on word salad made of its own vocabulary", () => {
    const word = fc.oneof(
      fc.constantFrom(...CODES, ...CONNECTORS, "0.1", "1,5", "1 000", "-2", "1e5", "0", "1.2.3", "btcc", "0.1btc", "", "/"),
      fc.string({ maxLength: 5 }),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 6 }), fc.array(space), (words, seps) => {
        checkInvariants(words.map((w, i) => w + (seps[i] ?? " ")).join(""));
      }),
      { numRuns: 500 },
    );
  });
});
