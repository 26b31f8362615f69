import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Decimal } from "decimal.js";
import {
  AMOUNT_ERRORS,
  GROUP_SEPARATOR,
  compareAmounts,
  formatAmount,
  isBelow,
  parseAmount,
  toPlainString,
  type AmountError,
} from "../../src/domain/amount.js";

const NNBSP = GROUP_SEPARATOR;

describe("parseAmount: accepted forms", () => {
  it.each([
    ["0.5", "0.5"],
    ["0,5", "0.5"],
    [" 1 000.25 ", "1000.25"],
    ["1\u00A0000.25", "1000.25"], // no-break space
    ["1\u2009000\u2009000,5", "1000000.5"], // thin spaces, decimal comma
    ["1\u202F000", "1000"], // narrow no-break space
    ["1,000.25", "1000.25"],
    ["12,345,678.9", "12345678.9"],
    ["1,000,000", "1000000"], // two commas cannot both be decimal: thousands
    ["0,500", "0.5"], // "0,500" cannot be a thousands group
    ["1,0000", "1"], // four digits after the comma: decimal
    ["1 000,500", "1000.5"], // spaces group thousands, so the comma is decimal
    [".5", "0.5"],
    [",5", "0.5"],
    ["5.", "5"],
    ["+5", "5"],
    ["007", "7"],
    ["1.50000", "1.5"],
    ["100", "100"],
    ["0.000000000000000001", "0.000000000000000001"], // 18 decimals
    ["999999999999999", "999999999999999"], // 15 integer digits
    ["0.10000000000000000000000", "0.1"], // trailing zeros do not count as decimals
    ["\t 42 \n", "42"],
  ])("%j → %s", (input, value) => {
    expect(parseAmount(input)).toEqual({ ok: true, value });
  });
});

describe("parseAmount: refused forms", () => {
  it.each<[string, AmountError]>([
    ["", "empty"],
    ["   ", "empty"],
    ["abc", "not-a-number"],
    ["12abc", "not-a-number"],
    ["0x1f", "not-a-number"],
    ["NaN", "not-a-number"],
    ["Infinity", "not-a-number"],
    ["-Infinity", "not-a-number"],
    ["+", "not-a-number"],
    ["-", "not-a-number"],
    [".", "not-a-number"],
    [",", "not-a-number"],
    ["--5", "not-a-number"],
    ["+-5", "not-a-number"],
    ["10 00", "not-a-number"], // spaces only between groups of three
    ["1 0000", "not-a-number"],
    ["0.123 456", "not-a-number"], // no spaces in the fraction
    ["1_000", "not-a-number"],
    ["-5", "negative"],
    ["\u22125", "negative"], // the Unicode minus sign
    ["-0.001", "negative"],
    ["0", "zero"],
    ["0.000", "zero"],
    ["-0", "zero"],
    ["0,0", "zero"],
    ["1e5", "exponent"],
    ["1E5", "exponent"],
    ["1.5e-7", "exponent"],
    ["2e+3", "exponent"],
    ["0.1234567890123456789", "too-many-decimals"], // 19 decimals
    ["1234567890123456", "too-large"], // 16 integer digits
    ["1 234 567 890 123 456", "too-large"],
    ["1.2.3", "multiple-separators"],
    ["1,2,3", "multiple-separators"],
    ["1.000,25", "multiple-separators"], // a dot before a comma
    ["1,00.5", "multiple-separators"], // a comma not followed by three digits
    ["1234,567.8", "multiple-separators"], // the first group has four digits
    ["1, 000.5", "multiple-separators"],
  ])("%j → %s", (input, reason) => {
    expect(parseAmount(input)).toEqual({ ok: false, reason });
  });

  it("only ever answers with a reason from AMOUNT_ERRORS, and never throws", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789.,+- eE\u00A0\u2009x".split("")), maxLength: 24 }), (s) => {
        const r = parseAmount(s);
        if (r.ok) expect(r.value).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
        else expect(AMOUNT_ERRORS).toContain(r.reason);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parseAmount(s);
        expect(typeof r.ok).toBe("boolean");
      }),
    );
  });

  it("reads any plain decimal back to the same value, with either separator", () => {
    const decimal = fc
      .tuple(fc.stringMatching(/^\d{1,15}$/), fc.stringMatching(/^\d{0,18}$/), fc.constantFrom(".", ","))
      .filter(([i, f]) => /[1-9]/.test(i + f));
    fc.assert(
      fc.property(decimal, ([integer, fraction, sep]) => {
        const text = fraction === "" ? integer : `${integer}${sep}${fraction}`;
        const r = parseAmount(text);
        const expected = new Decimal(fraction === "" ? integer : `${integer}.${fraction}`).toFixed();
        // A comma after one to three digits (not starting with 0) and before exactly three is
        // written both ways ("1,000"): both readings are offered. Any other comma is decimal.
        if (sep === "," && fraction.length === 3 && /^[1-9]\d{0,2}$/.test(integer)) {
          expect(r).toEqual({ ok: false, reason: "ambiguous", readings: { thousands: integer + fraction, decimal: expected } });
        } else expect(r).toEqual({ ok: true, value: expected });
      }),
    );
  });

  it("the canonical value parses to itself", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{0,14}(\.\d{0,17}[1-9])?$/), (s) => {
        expect(parseAmount(s)).toEqual({ ok: true, value: s });
      }),
    );
  });
});

describe("compareAmounts and isBelow", () => {
  it("compares exactly, where floats would not", () => {
    expect(compareAmounts("0.3", "0.1")).toBe(1);
    expect(compareAmounts("0.1", "0.3")).toBe(-1);
    expect(compareAmounts("0.30", "0.3")).toBe(0);
    // 0.1 + 0.2 in floats is 0.30000000000000004; as decimals these differ only at the 18th place.
    expect(compareAmounts("0.300000000000000001", "0.3")).toBe(1);
    expect(compareAmounts("9007199254740993", "9007199254740992")).toBe(1); // beyond 2^53
  });

  it("isBelow allows the minimum itself", () => {
    expect(isBelow("0.001", "0.002")).toBe(true);
    expect(isBelow("0.002", "0.002")).toBe(false);
    expect(isBelow("0.0020", "0.002")).toBe(false);
    expect(isBelow("0.001999999999999999", "0.002")).toBe(true);
    expect(isBelow("1000", "999.99")).toBe(false);
  });

  it("throws on something that is not a number", () => {
    expect(() => compareAmounts("abc", "1")).toThrow();
  });

  it("agrees with decimal.js on random decimals", () => {
    const dec = fc.stringMatching(/^\d{1,10}(\.\d{1,12})?$/);
    fc.assert(
      fc.property(dec, dec, (a, b) => {
        expect(compareAmounts(a, b)).toBe(new Decimal(a).cmp(b));
        expect(isBelow(a, b)).toBe(new Decimal(a).lt(b));
      }),
    );
  });
});

describe("formatAmount", () => {
  it("groups thousands with a narrow no-break space and trims trailing zeros", () => {
    expect(formatAmount("1234567.891")).toBe(`1${NNBSP}234${NNBSP}567.891`);
    expect(formatAmount("1000")).toBe(`1${NNBSP}000`);
    expect(formatAmount("999")).toBe("999");
    expect(formatAmount("1.50000000")).toBe("1.5");
    expect(formatAmount("0")).toBe("0");
  });

  it("rounds down, never up: the display never promises more than the value", () => {
    expect(formatAmount("0.999999999")).toBe("0.99999999");
    expect(formatAmount("1.123456789")).toBe("1.12345678");
    expect(formatAmount("0.000000009")).toBe("0");
    expect(formatAmount("2.5", { maxDecimals: 0 })).toBe("2");
    expect(formatAmount("2.59", { maxDecimals: 1 })).toBe("2.5");
  });

  it("never writes an exponent", () => {
    expect(formatAmount("1e-7")).toBe("0.0000001");
    expect(formatAmount("1e21")).toBe(["1", ...Array<string>(7).fill("000")].join(NNBSP));
    expect(formatAmount("0.00000001")).toBe("0.00000001");
  });

  it("takes the decimal symbol from the locale, and keeps space grouping", () => {
    expect(formatAmount("1234.5", { locale: "ru" })).toBe(`1${NNBSP}234,5`);
    expect(formatAmount("1234.5", { locale: "en" })).toBe(`1${NNBSP}234.5`);
    expect(formatAmount("1234.5", { locale: "not a locale!" })).toBe(`1${NNBSP}234.5`);
  });

  it("keeps the sign of a negative value", () => {
    expect(formatAmount("-1234.5")).toBe(`-1${NNBSP}234.5`);
  });

  it("is never more than the value and never an exponent, for random values", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,15}(\.\d{1,18})?$/), fc.integer({ min: 0, max: 18 }), (v, maxDecimals) => {
        const shown = formatAmount(v, { maxDecimals });
        expect(shown).not.toMatch(/e/i);
        const back = new Decimal(shown.replaceAll(NNBSP, ""));
        expect(back.lte(v)).toBe(true);
        // …and it is less than one unit of the last shown decimal below it.
        expect(new Decimal(v).minus(back).lt(new Decimal(10).pow(-maxDecimals))).toBe(true);
      }),
    );
  });
});

describe("toPlainString", () => {
  it("writes numbers without exponent", () => {
    expect(toPlainString(1e-7)).toBe("0.0000001");
    expect(toPlainString(1e21)).toBe("1000000000000000000000");
    expect(toPlainString(0.1)).toBe("0.1");
    expect(toPlainString(-0)).toBe("0");
    expect(toPlainString(12.5)).toBe("12.5");
  });

  it("normalises numeric strings", () => {
    expect(toPlainString("1.50")).toBe("1.5");
    expect(toPlainString(" 2.5e-3 ")).toBe("0.0025");
    expect(toPlainString("0003")).toBe("3");
  });

  it("refuses what is not a finite number", () => {
    expect(() => toPlainString(Number.NaN)).toThrow(RangeError);
    expect(() => toPlainString(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toPlainString("Infinity")).toThrow(RangeError);
    expect(() => toPlainString("abc")).toThrow(RangeError);
    expect(() => toPlainString("")).toThrow(RangeError);
  });
});

describe("parseAmount: a comma that could be either", () => {
  it.each([
    ["1,000", "1000", "1"],
    ["12,345", "12345", "12.345"],
    ["999,999", "999999", "999.999"],
    [" +1,500 ", "1500", "1.5"],
  ])("%j is asked about: %s or %s", (input, thousands, decimal) => {
    expect(parseAmount(input)).toEqual({ ok: false, reason: "ambiguous", readings: { thousands, decimal } });
  });

  it("says negative before ambiguous", () => {
    expect(parseAmount("-1,000")).toEqual({ ok: false, reason: "negative" });
  });

  it("takes the unambiguous reading wherever there is one", () => {
    expect(parseAmount("1,000.5")).toEqual({ ok: true, value: "1000.5" });
    expect(parseAmount("1234,567")).toEqual({ ok: true, value: "1234.567" });
    expect(parseAmount("1,00")).toEqual({ ok: true, value: "1" });
    expect(parseAmount("1,000,00")).toEqual({ ok: false, reason: "multiple-separators" });
  });
});
