/**
 * Inline answers kept for a moment, by the asker's language and the query as typed.
 *
 * A popular question ("0.1 btc eth") is asked by many people at once, and each answer used to be
 * built again from the same cached quote: the catalog's checks, the amounts formatted, four
 * messages translated, the articles assembled. In a flood of inline queries that was a tenth of
 * the bot's CPU (bench/throughput.results.md). An answer is kept for {@link DEFAULT_TTL_MS}, well
 * inside the quote cache's own freshness and Telegram's cache of the same answer (`cache_time`),
 * so nobody is shown an older rate than before; only answers that hold for anyone are kept (see
 * {@link KEPT_KINDS}).
 */
import type { InlineQueryResultArticle } from "grammy/types";
import type { RateAnswer } from "../../ui/rate-answer.js";

/** How long an answer is reused. */
const DEFAULT_TTL_MS = 1_000;
/** At most this many answers are kept; the oldest goes first. */
const DEFAULT_MAX_ENTRIES = 500;

/**
 * The kinds of answer that are the same for anyone asking the same thing in the same language.
 * Not kept: the asker's spent budget ("too-fast"), and the service failing or refusing right
 * now ("unavailable", "rejected"), which the next keystroke should ask about again.
 */
const KEPT_KINDS: ReadonlySet<RateAnswer["kind"]> = new Set<RateAnswer["kind"]>([
  "quote",
  "pair",
  "from-amount",
  "from-only",
  "empty",
  "invalid",
  "unknown-coin",
  "no-pair",
  "below-min",
  "above-max",
  "no-targets",
]);

/** Options of {@link RecentAnswers}. */
export interface RecentAnswersOptions {
  /** Milliseconds, the bot's clock (tests move it). */
  now: () => number;
  ttlMs?: number;
  maxEntries?: number;
}

/** An answer as built for one asker: its kind, and its articles. */
export interface BuiltAnswer {
  kind: RateAnswer["kind"];
  results: readonly InlineQueryResultArticle[];
}

/** The answers of the last moment; see the module comment. */
export class RecentAnswers {
  /**
   * By language and query: the articles, or undefined when the answer turned out to be one not to
   * share. A promise from the first ask on, so that the many who ask at the same moment (a burst
   * of the same question, each waiting on the same quote) share the one answer being built.
   */
  readonly #answers = new Map<string, { results: Promise<readonly InlineQueryResultArticle[] | undefined>; until: number }>();
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(opts: RecentAnswersOptions) {
    this.#now = opts.now;
    this.#ttlMs = opts.ttlMs ?? DEFAULT_TTL_MS;
    this.#maxEntries = Math.max(1, opts.maxEntries ?? DEFAULT_MAX_ENTRIES);
  }

  /**
   * The articles answering `query` in `locale`: the ones answered (or being built) within the last
   * moment, else those `build` makes for this asker, kept for the next when they hold for anyone.
   */
  async answer(locale: string, query: string, build: () => Promise<BuiltAnswer>): Promise<readonly InlineQueryResultArticle[]> {
    const key = keyOf(locale, query);
    const kept = this.#answers.get(key);
    if (kept !== undefined && kept.until > this.#now()) {
      const shared = await kept.results;
      // The first asker's answer was about them or the service's state right now: ask for this one.
      return shared ?? (await build()).results;
    }
    const built = build();
    const results = built.then(
      (answer) => (KEPT_KINDS.has(answer.kind) ? answer.results : undefined),
      () => undefined,
    );
    this.#keep(key, results);
    void results.then((shared) => {
      if (shared === undefined && this.#answers.get(key)?.results === results) this.#answers.delete(key);
    });
    return (await built).results;
  }

  #keep(key: string, results: Promise<readonly InlineQueryResultArticle[] | undefined>): void {
    // Re-inserted at the end, so the map's order stays oldest first for eviction.
    this.#answers.delete(key);
    this.#answers.set(key, { results, until: this.#now() + this.#ttlMs });
    while (this.#answers.size > this.#maxEntries) {
      const oldest = this.#answers.keys().next().value;
      if (oldest === undefined) break;
      this.#answers.delete(oldest);
    }
  }
}

/** The language and the query, which cannot hold a NUL (Telegram strips it from text). */
function keyOf(locale: string, query: string): string {
  return `${locale}\u0000${query}`;
}
