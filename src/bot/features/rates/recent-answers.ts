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

/** The answers of the last moment; see the module comment. */
export class RecentAnswers {
  readonly #answers = new Map<string, { results: readonly InlineQueryResultArticle[]; until: number }>();
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(opts: RecentAnswersOptions) {
    this.#now = opts.now;
    this.#ttlMs = opts.ttlMs ?? DEFAULT_TTL_MS;
    this.#maxEntries = Math.max(1, opts.maxEntries ?? DEFAULT_MAX_ENTRIES);
  }

  /** The articles answered to `query` in `locale` within the last moment, if any. */
  get(locale: string, query: string): readonly InlineQueryResultArticle[] | undefined {
    const key = keyOf(locale, query);
    const kept = this.#answers.get(key);
    if (kept === undefined) return undefined;
    if (kept.until > this.#now()) return kept.results;
    this.#answers.delete(key);
    return undefined;
  }

  /** Keeps `results`, the articles of `answer`, when its kind holds for anyone (see {@link KEPT_KINDS}). */
  keep(locale: string, query: string, answer: Pick<RateAnswer, "kind">, results: readonly InlineQueryResultArticle[]): void {
    if (!KEPT_KINDS.has(answer.kind)) return;
    const key = keyOf(locale, query);
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
