/**
 * The little language of rate questions, shared by inline mode and `/rate`:
 * "0.1 btc eth", "btc eth 0.1", "0.1 BTC → ETH", "0,1 btc in eth", "btc/eth 0.1", "0.1btc eth",
 * "100 usdt", "btc".
 *
 * Grammar (case-insensitive, any whitespace between words):
 *
 *   query     = [amount] coin [[connector] coin] | coin [[connector] coin] amount
 *   connector = to | in | into | -> | → | => | = | / | в | на
 *
 * The amount is read by `parseAmount` (so "1 000,5" and "0,1" work), may be glued to the first
 * coin ("0.1btc"), and is only ever at the start or at the end. Two coins without an amount give
 * the extra kind "pair" (the bot can quote the minimum). The caller passes the text after the
 * command: for `/rate 0.1 btc eth` that is grammY's `ctx.match`, not the whole message.
 */
import { parseAmount, type AmountError } from "./amount.js";
import { elementAt } from "./checked.js";

/** Words that may stand between the two coins. Compared in lower case. */
export const CONNECTORS: ReadonlySet<string> = new Set(["to", "in", "into", "->", "→", "=>", "=", "/", "в", "на"]);

/** Why a query could not be read (beyond an unknown coin, which has its own kind). */
export type InvalidRateQueryReason =
  /** The amount did not parse; `detail` carries parseAmount's reason. */
  | "bad-amount"
  /** "1,000": a thousand or one; inline mode cannot ask which, so it asks to write it plainly. */
  | "ambiguous-amount"
  /** Two amounts ("0.1 btc eth 5"). */
  | "multiple-amounts"
  /** An amount between the coins ("btc 0.1 eth"). */
  | "amount-position"
  /** An amount with no coin ("0.5"). */
  | "missing-coin"
  /** A connector that is not between two coins ("to eth", "btc to"). */
  | "misplaced-connector"
  /** More than two coins or stray words ("btc eth ltc"). */
  | "too-many-words"
  /** The same coin on both sides ("btc btc"). */
  | "same-coin";

/** What a rate question asks for. Codes are always upper case and known; amounts canonical. */
export type RateQuery =
  /** A full question: how much `to` does `amount` of `from` buy. */
  | { kind: "quote"; amount: string; from: string; to: string }
  /** Two coins without an amount: the bot quotes the minimum of `from`. */
  | { kind: "pair"; from: string; to: string }
  /** An amount of one coin: the bot shows a few popular targets. */
  | { kind: "from-amount"; amount: string; from: string }
  /** One coin alone: the bot lists what it pairs with, at its minimum. */
  | { kind: "from-only"; from: string }
  /** Nothing typed (yet). */
  | { kind: "empty" }
  /** A word that is not a known ticker, as typed, and up to 3 close tickers. */
  | { kind: "unknown-coin"; token: string; suggestions: string[] }
  /** A malformed question. `detail` is the AmountError for "bad-amount". */
  | { kind: "invalid"; reason: InvalidRateQueryReason; detail?: AmountError };

/** Every kind of RateQuery, for exhaustiveness checks and tests. */
export const RATE_QUERY_KINDS = ["quote", "pair", "from-amount", "from-only", "empty", "unknown-coin", "invalid"] as const;

/** At most this many suggestions for an unknown coin. */
const MAX_SUGGESTIONS = 3;
/** Longer words are not compared by edit distance: no ticker is that long, and it bounds the work. */
const MAX_SUGGEST_TOKEN = 24;

/** A word that can only be an amount: digits with separators, maybe a sign or an exponent. */
const AMOUNT_TOKEN = /^[+\-\u2212]?[\d.,]*\d[\d.,]*([eE][+-]?\d+)?$/;
/**
 * An amount glued to a coin: "0.1btc", "100usdt". The coin must start with a letter, so a glued
 * coin whose code starts with a digit ("0.11inch") cannot be told apart and is read as "INCH".
 */
const GLUED = /^([+\-\u2212]?[\d.,]*\d[\d.,]*)([A-Za-z][A-Za-z0-9]*)$/;

type Item = { type: "amount"; raw: string } | { type: "word"; raw: string };

/**
 * Reads a rate question. Never throws; see `RateQuery` for the possible answers.
 *
 * `knownCodes` are the catalog's codes (any case). A word is a coin only when it matches a known
 * code exactly (case-insensitively): "usdt" is USDT when the catalog has USDT, and otherwise an
 * unknown coin whose suggestions start with the codes it prefixes (USDTERC20, USDTTRC20).
 */
export function parseRateQuery(text: string, knownCodes: ReadonlySet<string> | readonly string[]): RateQuery {
  const known = new Set<string>();
  for (const code of knownCodes) known.add(code.toUpperCase());

  const tokens = tokenize(text);
  if (tokens.length === 0) return { kind: "empty" };

  const items = mergeAmountRuns(classify(tokens, known));
  if (!items.ok) return items.result;

  const amounts = items.list.filter((i) => i.type === "amount");
  if (amounts.length > 1) return invalid("multiple-amounts");
  const amountIndex = items.list.findIndex((i) => i.type === "amount");
  if (amountIndex > 0 && amountIndex < items.list.length - 1) return invalid("amount-position");

  const words = items.list.filter((i) => i.type === "word").map((i) => i.raw);
  if (words.length === 0) return invalid("missing-coin");
  const coins = pickCoins(words, known);
  if (!coins.ok) return coins.result;

  for (const word of coins.words) {
    if (!known.has(word.toUpperCase())) return { kind: "unknown-coin", token: word, suggestions: suggestCodes(word, known) };
  }
  const [from, to] = coins.words.map((w) => w.toUpperCase());
  if (from === undefined) return invalid("missing-coin");
  if (to !== undefined && to === from) return invalid("same-coin");

  let amount: string | undefined;
  const rawAmount = amounts[0]?.raw;
  if (rawAmount !== undefined) {
    const parsed = parseAmount(rawAmount);
    if (!parsed.ok && parsed.reason === "ambiguous") return invalid("ambiguous-amount");
    if (!parsed.ok) return { kind: "invalid", reason: "bad-amount", detail: parsed.reason };
    amount = parsed.value;
  }

  if (to === undefined) return amount === undefined ? { kind: "from-only", from } : { kind: "from-amount", amount, from };
  return amount === undefined ? { kind: "pair", from, to } : { kind: "quote", amount, from, to };
}

function invalid(reason: InvalidRateQueryReason): RateQuery {
  return { kind: "invalid", reason };
}

/** Splits on whitespace, and around arrows, "=" and "/" even when they touch the coins ("btc/eth"). */
function tokenize(text: string): string[] {
  return text
    .replace(/->|=>|→|=|\//g, " $& ")
    .split(/\s+/)
    .filter((t) => t !== "");
}

/** Marks each token as an amount or a word, splitting "0.1btc" into both. */
function classify(tokens: string[], known: ReadonlySet<string>): Item[] {
  const items: Item[] = [];
  for (const token of tokens) {
    // A known code wins over every other reading, so a coin such as "1INCH" is never split.
    if (known.has(token.toUpperCase())) items.push({ type: "word", raw: token });
    else if (AMOUNT_TOKEN.test(token)) items.push({ type: "amount", raw: token });
    else {
      const glued = GLUED.exec(token);
      if (glued?.[1] !== undefined && glued[2] !== undefined) {
        items.push({ type: "amount", raw: glued[1] }, { type: "word", raw: glued[2] });
      } else items.push({ type: "word", raw: token });
    }
  }
  return items;
}

/**
 * Joins adjacent amount tokens that together make one amount with space-separated thousands
 * ("1 000 000 usdt"); a run that does not ("0.1 0.2") stays apart and is reported as two amounts.
 */
function mergeAmountRuns(items: Item[]): { ok: true; list: Item[] } | { ok: false; result: RateQuery } {
  const list: Item[] = [];
  let i = 0;
  while (i < items.length) {
    const item = elementAt(items, i);
    if (item.type !== "amount") {
      list.push(item);
      i++;
      continue;
    }
    let j = i + 1;
    while (j < items.length && elementAt(items, j).type === "amount") j++;
    if (j - i === 1) list.push(item);
    else {
      const joined = items
        .slice(i, j)
        .map((x) => x.raw)
        .join(" ");
      if (!parseAmount(joined).ok) return { ok: false, result: invalid("multiple-amounts") };
      list.push({ type: "amount", raw: joined });
    }
    i = j;
  }
  return { ok: true, list };
}

/**
 * Finds the one or two coin words. A connector counts as one only between two coins; elsewhere a
 * word that is also a known code (a coin called "IN", say) is that coin.
 */
function pickCoins(words: string[], known: ReadonlySet<string>): { ok: true; words: string[] } | { ok: false; result: RateQuery } {
  const isConnector = (w: string) => CONNECTORS.has(w.toLowerCase());
  const isCode = (w: string) => known.has(w.toUpperCase());
  if (words.length === 3) {
    const [a, c, b] = words as [string, string, string];
    if (!isConnector(c)) return { ok: false, result: invalid("too-many-words") };
    if ((isConnector(a) && !isCode(a)) || (isConnector(b) && !isCode(b))) return { ok: false, result: invalid("misplaced-connector") };
    return { ok: true, words: [a, b] };
  }
  if (words.length > 3) return { ok: false, result: invalid("too-many-words") };
  if (words.some((w) => isConnector(w) && !isCode(w))) return { ok: false, result: invalid("misplaced-connector") };
  return { ok: true, words };
}

/**
 * Up to 3 known codes close to a word: codes it is a prefix of first (shortest, then
 * alphabetical), then codes within a small edit distance (nearest, then alphabetical).
 * The distance allowed is 2, or 1 for words of up to 3 letters — with 2, "abc" would be "close"
 * to nearly every three-letter ticker.
 */
export function suggestCodes(word: string, knownCodes: Iterable<string>): string[] {
  const w = word.toUpperCase();
  if (w === "" || w.length > MAX_SUGGEST_TOKEN) return [];
  const codes = [...new Set([...knownCodes].map((c) => c.toUpperCase()))].filter((c) => c !== w);

  const prefixed = codes.filter((c) => c.startsWith(w)).sort((a, b) => a.length - b.length || compareCodes(a, b));
  const out = prefixed.slice(0, MAX_SUGGESTIONS);
  if (out.length === MAX_SUGGESTIONS) return out;

  const maxDistance = w.length <= 3 ? 1 : 2;
  const near = codes
    .filter((c) => !c.startsWith(w) && Math.abs(c.length - w.length) <= maxDistance)
    .map((c) => ({ c, d: editDistance(w, c, maxDistance) }))
    .filter((x) => x.d <= maxDistance)
    .sort((a, b) => a.d - b.d || compareCodes(a.c, b.c))
    .map((x) => x.c);
  return [...out, ...near].slice(0, MAX_SUGGESTIONS);
}

function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Optimal-string-alignment distance (Levenshtein plus swapping two neighbours, the commonest
 * typo: "bct" for "btc"). Returns `limit + 1` as soon as the answer is known to exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    const row = elementAt(d, i);
    const above = elementAt(d, i - 1);
    let rowMin = elementAt(row, 0);
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(elementAt(above, j) + 1, elementAt(row, j - 1) + 1, elementAt(above, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, elementAt(elementAt(d, i - 2), j - 2) + 1);
      row[j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > limit) return limit + 1;
  }
  const distance = elementAt(elementAt(d, rows - 1), cols - 1);
  return distance > limit ? limit + 1 : distance;
}
