/**
 * The catalog: currencies and pairs from the Partner API, cached.
 *
 * - TTL: a copy younger than `ttlMs` is served without a request.
 * - Single flight: concurrent callers share one in-flight request per resource.
 * - Stale-while-revalidate: an expired copy is served at once while a refresh runs in the background.
 * - Stale-if-error: when a refresh fails the old copy keeps being served (with a warning), and the
 *   next refresh is tried only after `failureBackoffMs`, so an outage is not hammered.
 * - With no copy at all, the PartnerError propagates to the caller.
 *
 * What callers see is cleaned: currencies marked unavailable are hidden, and pair targets (and keys)
 * missing from the visible currency list are dropped — without a currency entry we know neither its
 * minimum nor whether it needs a tag, so we could not offer it safely. Currencies whose code is not
 * a code, or whose network or tag name could not be shown as it is, are refused as they are read
 * (refused-currencies.ts), with one warning line per answer counting them.
 */
import type { Currency, PairMap, PartnerApi } from "../domain/types.js";
import { buildCatalogIndexInSlices, type CatalogIndex } from "../domain/catalog-index.js";
import { slicePause } from "./slices.js";
import { refuseUnsafeCurrencies } from "./refused-currencies.js";

/** The least the catalog needs from a logger (a pino logger fits). */
interface CatalogLogger {
  warn: (fields: object, msg?: string) => void;
}

/** Options of {@link createCatalog}. */
export interface CatalogOptions {
  /** How long a copy is fresh, ms. Default 300 000 (5 min). */
  ttlMs?: number;
  /** After a failed refresh, wait this long before trying again while serving the stale copy. Default 30 000. */
  failureBackoffMs?: number;
  /** The clock, epoch ms; tests pass their own. Default Date.now. */
  now?: () => number;
  logger?: CatalogLogger;
}

/** Cached, cleaned view of the partner's currencies and pairs. */
export interface Catalog {
  /**
   * The catalog as one index (built once per refresh and shared by every caller): what the flow,
   * inline queries and /rate read. Served from the cache like the resources below.
   */
  index(): Promise<CatalogIndex>;
  /** Available currencies, sorted by code. */
  currencies(): Promise<Currency[]>;
  /** One available currency by code (any case), or undefined. */
  currency(code: string): Promise<Currency | undefined>;
  /** Pairs between available currencies only; targets sorted, no duplicates, no self-pairs. */
  pairs(): Promise<PairMap>;
  /** The currencies `from` can be exchanged to, sorted by code; [] for an unknown `from`. */
  targetsFor(from: string): Promise<Currency[]>;
  /** Fetches both resources now (sharing a request already in flight); rejects if either fails, keeping the old copies. */
  refresh(): Promise<void>;
  /** Resolves when no background refresh is running (for tests and graceful shutdown). */
  whenIdle(): Promise<void>;
}

interface CachedResource<T> {
  get(): Promise<T>;
  refresh(): Promise<T>;
  idle(): Promise<void>;
}

function cachedResource<T>(
  name: string,
  load: () => Promise<T>,
  ttlMs: number,
  failureBackoffMs: number,
  now: () => number,
  logger?: CatalogLogger,
): CachedResource<T> {
  let copy: { value: T; at: number } | undefined;
  let inflight: Promise<T> | undefined;
  let failedAt = -Infinity;

  function start(): Promise<T> {
    if (inflight) return inflight;
    const request = load().then(
      (value) => {
        copy = { value, at: now() };
        failedAt = -Infinity;
        return value;
      },
      (err: unknown) => {
        failedAt = now();
        throw err;
      },
    );
    inflight = request;
    void request.then(
      () => (inflight = undefined),
      () => (inflight = undefined),
    );
    return request;
  }

  return {
    async get() {
      if (!copy) return start();
      if (now() - copy.at < ttlMs) return copy.value;
      if (!inflight && now() - failedAt >= failureBackoffMs) {
        start().catch((err: unknown) => {
          logger?.warn({ resource: name, err: describe(err) }, "catalog refresh failed; serving the stale copy");
        });
      }
      return copy.value;
    },
    refresh: start,
    async idle() {
      await inflight?.catch(() => undefined);
    },
  };
}

/** Loggable summary of an error: kind and message only (PartnerError messages carry no secrets). */
function describe(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { name: err.name, message: err.message, kind: (err as { kind?: unknown }).kind };
  return { message: String(err) };
}

function byCode(a: Currency, b: Currency): number {
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}

/** Creates a catalog over a Partner API (usually the client of src/partner/client.ts). */
export function createCatalog(partner: PartnerApi, opts: CatalogOptions = {}): Catalog {
  const ttlMs = opts.ttlMs ?? 300_000;
  const backoff = opts.failureBackoffMs ?? 30_000;
  const now = opts.now ?? Date.now;
  const currencyRes = cachedResource("currencies", () => partner.currencies().then(offerable), ttlMs, backoff, now, opts.logger);

  /** The currencies of an answer that may be offered; the refused ones counted in one warning. */
  function offerable(list: Currency[]): Currency[] {
    const { kept, refused } = refuseUnsafeCurrencies(list);
    const count = list.length - kept.length;
    // Counts only: what was refused is outside text, of any length.
    if (count > 0)
      opts.logger?.warn(
        { refused: count, why: refused },
        `catalog: ${count} currencies refused (not a code, or a network or tag name that cannot be shown)`,
      );
    return kept;
  }
  const pairRes = cachedResource("pairs", () => partner.pairs(), ttlMs, backoff, now, opts.logger);

  async function visibleCurrencies(): Promise<Currency[]> {
    // Copies, so a caller mutating a result cannot corrupt the cache.
    return (await currencyRes.get())
      .filter((c) => c.available !== false)
      .map((c) => ({ ...c }))
      .sort(byCode);
  }

  // The index is rebuilt only when one of the two answers is a new one (a refresh), never per
  // call; concurrent callers share one build. It is built in slices (slices.ts): at a real
  // service's size a build in one go held the event loop for 25-100 ms.
  let built: { currencies: Currency[]; pairs: PairMap; index: Promise<CatalogIndex> } | undefined;
  async function index(): Promise<CatalogIndex> {
    const loading = [currencyRes.get(), pairRes.get()] as const;
    // Both are awaited before either failure is thrown, so the other never rejects unhandled.
    const [currencies, pairs] = await Promise.allSettled(loading).then(() => Promise.all(loading));
    if (built?.currencies !== currencies || built.pairs !== pairs) {
      built = { currencies, pairs, index: buildCatalogIndexInSlices(currencies, pairs, slicePause()) };
    }
    return built.index;
  }

  return {
    index,
    currencies: visibleCurrencies,
    async currency(code) {
      const wanted = code.trim().toUpperCase();
      return (await visibleCurrencies()).find((c) => c.code === wanted);
    },
    async pairs() {
      return (await index()).pairMap();
    },
    async targetsFor(from) {
      return (await index())
        .targetCurrencies(from)
        .map((c) => ({ ...c }))
        .sort(byCode);
    },
    async refresh() {
      await Promise.all([currencyRes.refresh(), pairRes.refresh()]);
    },
    async whenIdle() {
      await Promise.all([currencyRes.idle(), pairRes.idle()]);
    },
  };
}
