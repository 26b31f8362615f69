/**
 * Amounts of money as decimal strings: reading what a person typed, comparing, and showing.
 *
 * Money never becomes a JS `number` here except through `toPlainString` (which turns a number the
 * service sent into a string) — a float cannot hold 0.1 exactly, and a minimum check done in floats
 * can let through an amount the service then refuses. All arithmetic goes through decimal.js.
 */
import { Decimal } from "decimal.js";

/**
 * A private decimal.js constructor, so no other module's global `Decimal.set(...)` can change how
 * amounts are rounded here. 40 significant digits hold 15 integer + 18 fraction digits exactly.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN, toExpNeg: -100, toExpPos: 100 });

/** At most this many digits after the decimal separator (trailing zeros do not count). */
const MAX_DECIMALS = 18;
/** At most this many digits before the separator (leading zeros do not count): 999 trillion. */
const MAX_INTEGER_DIGITS = 15;

/**
 * Why a typed amount was refused. The bot maps each one to a localized message
 * (`flow-amount-error-<reason>` in locales/*.ftl), so this list and the locale keys move together.
 */
export type AmountError =
  "empty" | "not-a-number" | "negative" | "zero" | "exponent" | "too-many-decimals" | "too-large" | "multiple-separators" | "ambiguous";

/** Every AmountError, for exhaustiveness checks and tests. */
export const AMOUNT_ERRORS: readonly AmountError[] = [
  "empty",
  "not-a-number",
  "negative",
  "zero",
  "exponent",
  "too-many-decimals",
  "too-large",
  "multiple-separators",
  "ambiguous",
];

/** The two ways to read "1,000": a thousand, or one with three decimals. Both canonical. */
interface AmountReadings {
  /** The comma as a thousands separator: "1000". */
  thousands: string;
  /** The comma as the decimal separator: "1". */
  decimal: string;
}

/**
 * The result of `parseAmount`: the canonical decimal string, or why the input is not an amount.
 * An "ambiguous" input carries both readings, so the caller can ask which one was meant.
 */
export type ParsedAmount =
  | { ok: true; value: string }
  | { ok: false; reason: Exclude<AmountError, "ambiguous"> }
  | { ok: false; reason: "ambiguous"; readings: AmountReadings };

/** Spaces people (and phone keyboards, and copy-paste from formatted pages) use between thousands. */
const GROUP_SPACES_ALL = /[ \u00A0\u2007\u2009\u202F]+/g;
/** "1e5", "1.5E-3", "1 000e2": something that is a number only in exponent notation. */
const EXPONENT = /^[\d., \u00A0\u2007\u2009\u202F]*\d[eE][+-]?\d+$/;

/**
 * Reads an amount typed by a person and returns it as a canonical decimal string
 * (no exponent, no leading or trailing zeros: "1000.25", "0.5").
 *
 * The rules, chosen so that what a person means is read the same way every time:
 * - Surrounding whitespace is ignored. A leading `+` is accepted ("+5" is 5); a leading `-` or `−`
 *   gives "negative" (unless the rest is zero, which gives "zero").
 * - The decimal separator is `.` or `,`. A lone comma is decimal when it cannot be a thousands
 *   separator: "0,5", "1,5", "0,125", "1,0000" are 0.5, 1.5, 0.125 and 1. A lone comma followed
 *   by exactly three digits after one to three digits that do not start with 0 ("1,000",
 *   "12,345") is written both ways, as a thousand in English and as one in Russian: that is
 *   "ambiguous", with both readings, and the person is asked which one they meant.
 *   Commas are thousands separators when they split the whole integer part into proper groups of
 *   three, either before a dot or as more than one comma: "1,000.25", "12,345,678.9",
 *   "1,000,000". Anything else with both kinds, two dots or two commas ("1.000,25", "1.2.3",
 *   "1,2,3") is "multiple-separators".
 * - Spaces (including NBSP, thin and figure spaces) may separate thousands in the integer part,
 *   in groups of three: "1 000.25", "1 000 000,5". "10 00" or a space in the fraction is
 *   "not-a-number".
 * - ".5" is 0.5 and "5." is 5.
 * - Exponents ("1e5") are refused with their own reason, so the message can say why. Letters, hex,
 *   "NaN", "Infinity" are "not-a-number".
 * - More than 18 significant decimals is "too-many-decimals" (trailing zeros are not counted);
 *   more than 15 integer digits is "too-large"; a zero amount is "zero".
 */
export function parseAmount(input: string): ParsedAmount {
  let s = input.trim();
  if (s === "") return { ok: false, reason: "empty" };

  let negative = false;
  if (s[0] === "+") s = s.slice(1);
  else if (s[0] === "-" || s[0] === "\u2212") {
    negative = true;
    s = s.slice(1);
  }
  if (s === "") return { ok: false, reason: "not-a-number" };
  if (EXPONENT.test(s)) return { ok: false, reason: "exponent" };
  // Only digits, separators and grouping spaces may remain; this also refuses "0x1f", "NaN", "--5".
  if (!/^[\d., \u00A0\u2007\u2009\u202F]+$/.test(s) || !/\d/.test(s)) return { ok: false, reason: "not-a-number" };

  const split = splitAtDecimalSeparator(s);
  if (!split.ok) return split;
  const { integerPart, fraction } = split;

  if (!/^\d*$/.test(fraction)) return { ok: false, reason: "not-a-number" };
  const integerDigits = joinGroups(integerPart, split.commaGroups);
  if (integerDigits === undefined) return { ok: false, reason: "not-a-number" };
  if (integerDigits === "" && fraction === "") return { ok: false, reason: "not-a-number" };

  const intCanonical = integerDigits.replace(/^0+/, "");
  const fracCanonical = fraction.replace(/0+$/, "");
  if (intCanonical.length > MAX_INTEGER_DIGITS) return { ok: false, reason: "too-large" };
  if (fracCanonical.length > MAX_DECIMALS) return { ok: false, reason: "too-many-decimals" };
  if (intCanonical === "" && fracCanonical === "") return { ok: false, reason: "zero" };
  if (negative) return { ok: false, reason: "negative" };

  const value = (intCanonical === "" ? "0" : intCanonical) + (fracCanonical === "" ? "" : `.${fracCanonical}`);
  // "1,000": the decimal reading is `value`; the thousands reading joins the digits.
  if (split.ambiguous) return { ok: false, reason: "ambiguous", readings: { thousands: integerDigits + fraction, decimal: value } };
  return { ok: true, value };
}

type Split =
  | { ok: true; integerPart: string; fraction: string; commaGroups: boolean; ambiguous?: boolean }
  | { ok: false; reason: Exclude<AmountError, "ambiguous"> };

/** Decides which character is the decimal separator (see the rules on `parseAmount`). */
function splitAtDecimalSeparator(s: string): Split {
  const dots = countOf(s, ".");
  const commas = countOf(s, ",");
  if (dots > 1) return { ok: false, reason: "multiple-separators" };
  if (dots === 1) {
    const dot = s.indexOf(".");
    if (commas > 0 && s.lastIndexOf(",") > dot) return { ok: false, reason: "multiple-separators" };
    if (commas > 0 && !isGroupedByCommas(s.slice(0, dot))) return { ok: false, reason: "multiple-separators" };
    return { ok: true, integerPart: s.slice(0, dot), fraction: s.slice(dot + 1), commaGroups: commas > 0 };
  }
  if (commas > 1) {
    // "1,000,000": two commas cannot both be decimal, so they group thousands, if properly.
    return isGroupedByCommas(s)
      ? { ok: true, integerPart: s, fraction: "", commaGroups: true }
      : { ok: false, reason: "multiple-separators" };
  }
  if (commas === 1) {
    const comma = s.indexOf(",");
    const integerPart = s.slice(0, comma);
    const fraction = s.slice(comma + 1);
    return { ok: true, integerPart, fraction, commaGroups: false, ambiguous: isGroupedByCommas(s) && !integerPart.startsWith("0") };
  }
  return { ok: true, integerPart: s, fraction: "", commaGroups: false };
}

/** "1,000" / "12,345,678": commas used as thousands separators, in proper groups of three. */
function isGroupedByCommas(integerPart: string): boolean {
  return /^\d{1,3}(,\d{3})+$/.test(integerPart);
}

/**
 * Removes thousands separators from the integer part; undefined when they are not in groups of
 * three ("10 00"), so a typo is not silently read as another number.
 */
function joinGroups(integerPart: string, commaGroups: boolean): string | undefined {
  if (commaGroups) return integerPart.replaceAll(",", ""); // already checked by isGroupedByCommas
  const groups = integerPart.split(GROUP_SPACES_ALL);
  if (groups.length === 1) return /^\d*$/.test(integerPart) ? integerPart : undefined;
  const ok = groups.every((g, i) => (i === 0 ? /^\d{1,3}$/.test(g) : /^\d{3}$/.test(g)));
  return ok ? groups.join("") : undefined;
}

function countOf(s: string, ch: string): number {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
}

/**
 * Compares two decimal strings exactly. Throws (decimal.js `DecimalError`) on a string that is
 * not a number — amounts reaching this point have been parsed or validated already.
 */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const c = new Dec(a).cmp(new Dec(b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

/** True when `amount` is strictly below `min`: the minimum itself is allowed. Exact, never floats. */
export function isBelow(amount: string, min: string): boolean {
  return compareAmounts(amount, min) < 0;
}

/**
 * True when `amount` is strictly above `max`: the maximum itself is allowed, and no maximum
 * (undefined: the service gave none) allows everything. Exact, never floats.
 */
export function isAbove(amount: string, max: string | undefined): boolean {
  return max !== undefined && compareAmounts(amount, max) > 0;
}

/** The maximum `amount` is above, or undefined when it is within it (or there is none): for messages naming it. */
export function exceededMaximum(amount: string, max: string | undefined): string | undefined {
  return isAbove(amount, max) ? max : undefined;
}

/** Options of `formatAmount`. */
export interface FormatAmountOptions {
  /** At most this many decimals are shown; the rest is cut off (rounded down). Default 8. */
  maxDecimals?: number;
  /**
   * A BCP 47 language tag; only its decimal symbol is used ("ru" → "0,5"). Without it the
   * decimal symbol is ".". Thousands are always grouped with a narrow no-break space, because a
   * grouping comma ("1,000") reads as a decimal comma in half of the bot's languages.
   */
  locale?: string;
}

/** Narrow no-break space: groups thousands without letting Telegram wrap a number across lines. */
export const GROUP_SEPARATOR = "\u202F";

/**
 * Formats a decimal string for people: "1234567.891" → "1 234 567.891".
 *
 * Extra decimals are cut off, never rounded up: a quote must never promise more than the value
 * (so 0.999999999 with 8 decimals is "0.99999999", and a value below the last shown decimal is
 * "0"). Trailing zeros are trimmed and there is never an exponent. Throws on a non-number.
 */
export function formatAmount(value: string, opts: FormatAmountOptions = {}): string {
  const maxDecimals = Math.max(0, Math.floor(opts.maxDecimals ?? 8));
  const rounded = new Dec(value).toDecimalPlaces(maxDecimals, Decimal.ROUND_DOWN);
  const plain = rounded.isZero() ? "0" : rounded.toFixed();
  const negative = plain.startsWith("-");
  const unsigned = negative ? plain.slice(1) : plain;
  const [integerPart = "0", fraction] = unsigned.split(".");
  const grouped = integerPart.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  const decimalSymbol = opts.locale ? localeDecimalSymbol(opts.locale) : ".";
  return (negative ? "-" : "") + grouped + (fraction ? decimalSymbol + fraction : "");
}

/** The decimal symbol of a locale; "." when the runtime does not know the locale. */
function localeDecimalSymbol(locale: string): string {
  try {
    // A Number is fine here: it only asks Intl which symbol the locale writes, never for a value.
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal");
    return part?.value === "," ? "," : ".";
  } catch {
    return ".";
  }
}

/**
 * Turns a number (or a numeric string) into a plain decimal string without exponent:
 * 1e-7 → "0.0000001", "1.50" → "1.5". Used where the service sends floats.
 * Throws a RangeError for NaN, ±Infinity and strings that are not numbers.
 */
export function toPlainString(x: string | number): string {
  if (typeof x === "number" && !Number.isFinite(x)) throw new RangeError(`not a finite number: ${String(x)}`);
  let d: Decimal;
  try {
    d = new Dec(typeof x === "string" ? x.trim() : x);
  } catch {
    throw new RangeError("not a number");
  }
  if (!d.isFinite()) throw new RangeError("not a finite number");
  return d.isZero() ? "0" : d.toFixed();
}
