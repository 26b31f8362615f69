/**
 * The catalog as one in-memory index, built once per refresh and shared by the exchange flow,
 * inline queries and /rate.
 *
 * A real service lists about 900 coins with nearly every pair open (a 9 MB `pairs` answer), so
 * nothing on a person's path may scan or copy the catalog: lookups by code and pair are map and
 * set reads, and search walks a precomputed list of lower-cased fields. The index is immutable;
 * a refresh builds a new one and swaps it in, so a reader never sees half of two catalogs.
 */
import { DEFAULT_COIN_NAMES, orderByPopularity, scoreCurrency, searchTerms } from "./search.js";
import type { Currency, PairMap } from "./types.js";

/** One built catalog; see the module comment. */
export interface CatalogIndex {
  /** Available currencies that can be exchanged to something, popular ones first. */
  readonly sendable: readonly Currency[];
  /** Every available currency, popular ones first. */
  readonly all: readonly Currency[];
  /** An available currency by code (any case), or undefined. */
  get(code: string): Currency | undefined;
  /** The codes `from` can be exchanged to (empty for an unknown coin). */
  targets(from: string): ReadonlySet<string>;
  /** Whether `from` → `to` is open. */
  canExchange(from: string, to: string): boolean;
  /** The coins `from` can be exchanged to, popular ones first. */
  targetCurrencies(from: string): Currency[];
  /**
   * Coins matching what a person typed (ticker, name, network; several words must all match),
   * best first, among `among` (default: every available coin).
   */
  search(query: string, among?: readonly Currency[]): Currency[];
  /** The pairs as a plain map (for callers that still want one). */
  pairMap(): PairMap;
  /** Counts, for logs and benchmarks. */
  readonly size: { currencies: number; pairs: number };
}

interface Entry {
  currency: Currency;
  /** Lower-cased code, name and network, in the order they win ties. */
  fields: [string, string, string];
  /** Position in the popularity order: ties in search keep it. */
  rank: number;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * Builds the index from the service's answers. Unavailable currencies are hidden, and pair
 * targets (and keys) without a visible currency are dropped: without its entry we know neither
 * the coin's minimum nor whether it needs a tag, so it could not be offered safely.
 */
export function buildCatalogIndex(
  currencies: readonly Currency[],
  pairs: PairMap,
  names: Readonly<Record<string, string>> = DEFAULT_COIN_NAMES,
): CatalogIndex {
  const visible = orderByPopularity(currencies.filter((c) => c.available !== false));
  const byCode = new Map<string, Entry>();
  visible.forEach((currency, rank) => {
    if (byCode.has(currency.code)) return;
    byCode.set(currency.code, {
      currency,
      fields: [currency.code.toLowerCase(), nameOf(currency, names).toLowerCase(), (currency.network ?? "").toLowerCase()],
      rank,
    });
  });

  const targets = new Map<string, Set<string>>();
  let pairCount = 0;
  for (const from in pairs) {
    if (!byCode.has(from)) continue;
    const list = pairs[from];
    if (!Array.isArray(list)) continue;
    let set: Set<string> | undefined;
    for (const to of list) {
      if (to === from || !byCode.has(to)) continue;
      set ??= new Set();
      if (!set.has(to)) {
        set.add(to);
        pairCount++;
      }
    }
    if (set) targets.set(from, set);
  }

  const all = [...byCode.values()].map((e) => e.currency);
  const sendable = all.filter((c) => targets.has(c.code));
  const entryOf = (c: Currency) => byCode.get(c.code);

  return {
    sendable,
    all,
    size: { currencies: all.length, pairs: pairCount },
    get: (code) => byCode.get(code.trim().toUpperCase())?.currency,
    targets: (from) => targets.get(from.trim().toUpperCase()) ?? EMPTY,
    canExchange: (from, to) => targets.get(from.trim().toUpperCase())?.has(to.trim().toUpperCase()) ?? false,
    targetCurrencies(from) {
      const set = targets.get(from.trim().toUpperCase());
      return set ? all.filter((c) => set.has(c.code)) : [];
    },
    search(query, among = all) {
      const terms = searchTerms(query);
      if (terms.length === 0) return [...among];
      const scored: { currency: Currency; score: number; rank: number }[] = [];
      for (const currency of among) {
        const entry = entryOf(currency);
        if (!entry) continue;
        const score = scoreCurrency(entry.fields, terms);
        if (score !== undefined) scored.push({ currency, score, rank: entry.rank });
      }
      scored.sort((a, b) => a.score - b.score || a.rank - b.rank);
      return scored.map((s) => s.currency);
    },
    pairMap() {
      const map: PairMap = {};
      for (const [from, set] of targets) map[from] = [...set].sort();
      return map;
    },
  };
}

/** The name of a coin for search, or "" when the map has none (see search.ts). */
function nameOf(currency: Currency, names: Readonly<Record<string, string>>): string {
  const code = currency.code.toUpperCase();
  const direct = names[code];
  if (direct !== undefined) return direct;
  const network = currency.network?.toUpperCase();
  if (network && code.endsWith(network) && code.length > network.length) return names[code.slice(0, -network.length)] ?? "";
  return "";
}
