/**
 * The catalog as one in-memory index, built once per refresh and shared by the exchange flow,
 * inline queries and /rate.
 *
 * A real service lists about 900 coins with nearly every pair open (a 9 MB `pairs` answer), so
 * nothing on a person's path may scan or copy the catalog: lookups by code and pair are a map read
 * and a bit test, and search walks a precomputed list of lower-cased fields. The index is immutable;
 * a refresh builds a new one and swaps it in, so a reader never sees half of two catalogs.
 */
import { DEFAULT_COIN_NAMES, orderByPopularity, scoreCurrency, searchTerms } from "./search.js";
import { displayTickers } from "./coin-label.js";
import { elementAt } from "./checked.js";
import type { Currency, PairMap } from "./types.js";

/** One built catalog; see the module comment. */
export interface CatalogIndex {
  /** Available currencies that can be exchanged to something, popular ones first. */
  readonly sendable: readonly Currency[];
  /** Every available currency, popular ones first. */
  readonly all: readonly Currency[];
  /** An available currency by code (any case), or undefined. */
  get(code: string): Currency | undefined;
  /** The codes of every available currency (upper case), for parsers that only need the codes. */
  readonly codes: ReadonlySet<string>;
  /** The codes `from` can be exchanged to, popular ones first (empty for an unknown coin). */
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
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * Pair entries handled between two yields of {@link catalogIndexSteps}: about 5 ms of work on a
 * slow machine, so a sliced build never holds the event loop for long.
 */
export const INDEX_STEP_ENTRIES = 25_000;

/**
 * Builds the index from the service's answers. Unavailable currencies are hidden, and pair
 * targets (and keys) without a visible currency are dropped: without its entry we know neither
 * the coin's minimum nor whether it needs a tag, so it could not be offered safely.
 *
 * Synchronous: about 800,000 pairs take tens of milliseconds in one go. The bot builds through
 * {@link buildCatalogIndexInSlices} instead, which yields in between.
 */
export function buildCatalogIndex(
  currencies: readonly Currency[],
  pairs: PairMap,
  names: Readonly<Record<string, string>> = DEFAULT_COIN_NAMES,
): CatalogIndex {
  const steps = catalogIndexSteps(currencies, pairs, names);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same build, handing control back between steps: `pause` is awaited after every
 * {@link INDEX_STEP_ENTRIES} pair entries (the caller decides whether to let the event loop run
 * then; the domain does no I/O). The answers must not change while the build runs.
 */
export async function buildCatalogIndexInSlices(
  currencies: readonly Currency[],
  pairs: PairMap,
  pause: () => Promise<void>,
  names: Readonly<Record<string, string>> = DEFAULT_COIN_NAMES,
): Promise<CatalogIndex> {
  const steps = catalogIndexSteps(currencies, pairs, names);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

/**
 * The build as a generator that yields every {@link INDEX_STEP_ENTRIES} pair entries.
 *
 * Pairs are kept as one bit row per source coin over the coins' positions in `all`: 900 coins
 * need 900 × 29 32-bit words (about 100 KB), where a Set of codes per coin held 800,000 entries
 * (tens of MB) and took longer to fill. A row also lists its targets in popularity order for free.
 */
function* catalogIndexSteps(
  currencies: readonly Currency[],
  pairs: PairMap,
  names: Readonly<Record<string, string>> = DEFAULT_COIN_NAMES,
): Generator<void, CatalogIndex, void> {
  const visible = orderByPopularity(currencies.filter((c) => c.available !== false));
  // How each coin is named to people, read from the catalog as a whole (coin-label.ts).
  const tickers = displayTickers(visible);
  const entries: Entry[] = [];
  const ordinal = new Map<string, number>();
  for (const listed of visible) {
    if (ordinal.has(listed.code)) continue;
    const currency: Currency = { ...listed, ticker: tickers.get(listed.code.toUpperCase()) ?? listed.code };
    ordinal.set(currency.code, entries.length);
    entries.push({
      currency,
      fields: [currency.code.toLowerCase(), nameOf(currency, names).toLowerCase(), (currency.network ?? "").toLowerCase()],
    });
  }
  const all = entries.map((e) => e.currency);
  const n = all.length;
  const words = (n + 31) >>> 5;
  const rows = new Uint32Array(n * words);
  const counts = new Uint32Array(n);

  let pairCount = 0;
  let sinceYield = 0;
  for (const from in pairs) {
    const f = ordinal.get(from);
    const list = pairs[from];
    if (f === undefined || !Array.isArray(list)) continue;
    const base = f * words;
    for (const to of list) {
      const t = ordinal.get(to);
      if (t === undefined || t === f) continue;
      const word = base + (t >>> 5);
      const bit = 1 << (t & 31);
      const had = elementAt(rows, word);
      if ((had & bit) === 0) {
        rows[word] = had | bit;
        counts[f] = elementAt(counts, f) + 1;
        pairCount++;
      }
    }
    sinceYield += list.length;
    if (sinceYield >= INDEX_STEP_ENTRIES) {
      sinceYield = 0;
      yield;
    }
  }

  const has = (f: number, t: number) => (elementAt(rows, f * words + (t >>> 5)) & (1 << (t & 31))) !== 0;
  /** Target positions of `f`, ascending (= popularity order). */
  function* targetOrdinals(f: number): Generator<number, undefined, void> {
    const base = f * words;
    for (let w = 0; w < words; w++) {
      let bits = elementAt(rows, base + w);
      while (bits !== 0) {
        const low = bits & -bits;
        yield (w << 5) + (31 - Math.clz32(low));
        bits ^= low;
      }
    }
    return undefined;
  }
  const views: (TargetSet | undefined)[] = new Array<TargetSet | undefined>(n);
  const rowOf = (from: string) => ordinal.get(from.trim().toUpperCase());
  const sendable = all.filter((_, i) => elementAt(counts, i) > 0);

  return {
    sendable,
    all,
    codes: new Set(ordinal.keys()),
    size: { currencies: n, pairs: pairCount },
    get: (code) => {
      const i = ordinal.get(code.trim().toUpperCase());
      return i === undefined ? undefined : all[i];
    },
    targets(from) {
      const f = rowOf(from);
      if (f === undefined || elementAt(counts, f) === 0) return EMPTY;
      return (views[f] ??= new TargetSet(
        elementAt(counts, f),
        (code) => {
          const t = ordinal.get(code);
          return t !== undefined && has(f, t);
        },
        () => Array.from(targetOrdinals(f), (t) => elementAt(all, t).code),
      ));
    },
    canExchange(from, to) {
      const f = rowOf(from);
      const t = ordinal.get(to.trim().toUpperCase());
      return f !== undefined && t !== undefined && has(f, t);
    },
    targetCurrencies(from) {
      const f = rowOf(from);
      return f === undefined ? [] : Array.from(targetOrdinals(f), (t) => elementAt(all, t));
    },
    search(query, among = all) {
      const terms = searchTerms(query);
      if (terms.length === 0) return [...among];
      const scored: { currency: Currency; score: number; rank: number }[] = [];
      for (const currency of among) {
        const rank = ordinal.get(currency.code);
        if (rank === undefined) continue;
        const score = scoreCurrency(elementAt(entries, rank).fields, terms);
        if (score !== undefined) scored.push({ currency, score, rank });
      }
      scored.sort((a, b) => a.score - b.score || a.rank - b.rank);
      return scored.map((s) => s.currency);
    },
    pairMap() {
      const map: PairMap = {};
      all.forEach((c, f) => {
        if (elementAt(counts, f) > 0) map[c.code] = Array.from(targetOrdinals(f), (t) => elementAt(all, t).code).sort();
      });
      return map;
    },
  };
}

/**
 * The codes one coin can be exchanged to, read from its bit row: `has` and `size` without
 * allocating; iteration (rare: listing every target) builds a real Set once and reuses it.
 */
class TargetSet implements ReadonlySet<string> {
  #set: Set<string> | undefined;

  constructor(
    readonly size: number,
    readonly has: (code: string) => boolean,
    private readonly list: () => string[],
  ) {}

  #materialised(): Set<string> {
    return (this.#set ??= new Set(this.list()));
  }
  forEach(callback: (value: string, value2: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const code of this.#materialised()) callback.call(thisArg, code, code, this);
  }
  entries() {
    return this.#materialised().entries();
  }
  keys() {
    return this.#materialised().keys();
  }
  values() {
    return this.#materialised().values();
  }
  [Symbol.iterator]() {
    return this.#materialised()[Symbol.iterator]();
  }
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
