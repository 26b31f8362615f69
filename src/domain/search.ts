/**
 * Finding a coin in the catalog by what a person types, and the order coins are offered in.
 *
 * The spec's currency entries carry a code and a network but no name, so a small built-in map of
 * names for well-known coins lets "bitcoin" find BTC; callers may pass their own map.
 */
import type { Currency } from "./types.js";

/** Names of common coins by code, for searching ("bitcoin" → BTC). Not shown as authoritative. */
export const DEFAULT_COIN_NAMES: Readonly<Record<string, string>> = {
  BTC: "Bitcoin",
  ETH: "Ethereum",
  XRP: "Ripple",
  XLM: "Stellar",
  LTC: "Litecoin",
  DOGE: "Dogecoin",
  USDT: "Tether",
  USDC: "USD Coin",
  TRX: "Tron",
  SOL: "Solana",
  ADA: "Cardano",
  DOT: "Polkadot",
  XMR: "Monero",
  TON: "Toncoin",
  BCH: "Bitcoin Cash",
  BNB: "BNB",
};

/**
 * Codes offered first, most asked-for first. Token variants of a coin ("USDTERC20", "USDTTRC20")
 * follow the plain code, because services list stablecoins per network.
 */
export const POPULAR_CODES: readonly string[] = [
  "BTC",
  "ETH",
  "USDT",
  "USDTERC20",
  "USDTTRC20",
  "USDTBSC",
  "USDC",
  "USDCERC20",
  "BNB",
  "SOL",
  "XRP",
  "TON",
  "TRX",
  "LTC",
  "DOGE",
  "ADA",
  "XMR",
  "BCH",
  "DOT",
  "XLM",
];

const POPULARITY_RANK: ReadonlyMap<string, number> = new Map(POPULAR_CODES.map((code, i) => [code, i]));

/**
 * The catalog ordered for a keyboard: popular coins first in `POPULAR_CODES` order, then the rest
 * alphabetically by code. Returns a new array; the input is not changed.
 */
export function orderByPopularity(currencies: readonly Currency[]): Currency[] {
  return [...currencies].sort((a, b) => {
    const ra = POPULARITY_RANK.get(a.code.toUpperCase()) ?? Number.POSITIVE_INFINITY;
    const rb = POPULARITY_RANK.get(b.code.toUpperCase()) ?? Number.POSITIVE_INFINITY;
    if (ra !== rb) return ra < rb ? -1 : 1;
    return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
  });
}

/** How well one term matches one field; lower is better, undefined is no match. */
function matchKind(field: string, term: string): number | undefined {
  if (field === "") return undefined;
  if (field === term) return 0;
  if (field.startsWith(term)) return 1;
  if (field.includes(term)) return 2;
  return undefined;
}

/** Fields in the order they win ties: the code, then the name, then the network. */
const FIELD_COUNT = 3;

/**
 * The coins matching what was typed, best first.
 *
 * Matching is case-insensitive against the code, the coin's name (from `names`, looked up by code
 * or, for a token such as USDTERC20 on network ERC20, by the code without the network) and the
 * network. An exact match beats a prefix, a prefix beats a substring; at the same strength the
 * code beats the name and the name beats the network; otherwise the input order is kept (so a
 * list already ordered by popularity stays so). Several words must all match ("usdt trc20").
 * An empty query returns the whole list.
 */
export function filterCurrencies(
  currencies: readonly Currency[],
  query: string,
  names: Readonly<Record<string, string>> = DEFAULT_COIN_NAMES,
): Currency[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [...currencies];
  const scored: { currency: Currency; score: number; index: number }[] = [];
  currencies.forEach((currency, index) => {
    const fields = [currency.code.toLowerCase(), nameOf(currency, names).toLowerCase(), (currency.network ?? "").toLowerCase()];
    const score = scoreCurrency(fields, terms);
    if (score !== undefined) scored.push({ currency, score, index });
  });
  scored.sort((a, b) => a.score - b.score || a.index - b.index);
  return scored.map((s) => s.currency);
}

/** The lower-cased words of a query; empty for a blank one. */
export function searchTerms(query: string): string[] {
  return query
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t !== "");
}

/**
 * How well a coin's lower-cased fields (code, name, network) match the terms; lower is better,
 * undefined is no match. Every term must match; the whole phrase is scored too.
 */
export function scoreCurrency(fields: readonly string[], terms: readonly string[]): number | undefined {
  return bestOf(scoreTerms(fields, terms), terms.length > 1 ? scoreTerm(fields, terms.join(" ")) : undefined);
}

/** The sum of the terms' scores; undefined when one term matches nothing (all words must match). */
function scoreTerms(fields: readonly string[], terms: readonly string[]): number | undefined {
  let total = 0;
  for (const term of terms) {
    const s = scoreTerm(fields, term);
    if (s === undefined) return undefined;
    total += s;
  }
  return total;
}

/**
 * The better of two scores. The whole phrase is scored too, so "bitcoin cash" matching a name
 * exactly is as good as an exact match, not the sum of two partial ones.
 */
function bestOf(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

/** The best score of a term over the fields: 3 × match strength + field position. */
function scoreTerm(fields: readonly string[], term: string): number | undefined {
  let best: number | undefined;
  fields.forEach((field, i) => {
    const kind = matchKind(field, term);
    if (kind === undefined) return;
    const s = kind * FIELD_COUNT + i;
    if (best === undefined || s < best) best = s;
  });
  return best;
}

/** The name of a coin, or "" when the map has none. */
function nameOf(currency: Currency, names: Readonly<Record<string, string>>): string {
  const code = currency.code.toUpperCase();
  const direct = names[code];
  if (direct !== undefined) return direct;
  const network = currency.network?.toUpperCase();
  if (network && code.endsWith(network) && code.length > network.length) {
    return names[code.slice(0, -network.length)] ?? "";
  }
  return "";
}
