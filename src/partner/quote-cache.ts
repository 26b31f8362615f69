/**
 * Short-lived quotes for rate questions (inline mode and /rate).
 *
 * People type an inline query letter by letter and share the same popular pairs, so the same
 * (from, to, amount) is asked many times within seconds. This cache keeps each answer for a few
 * seconds (default 5 s) and lets concurrent identical requests share one partner call
 * (single flight). Failures are never cached: the next caller tries again.
 *
 * Not for the exchange flow: a quote shown before confirming must be live.
 */
import type { PartnerApi, RateResult } from "../domain/types.js";
import { parseAmount } from "../domain/amount.js";

/** Options of {@link createQuoteCache}. */
export interface QuoteCacheOptions {
  /** How long an answer is reused, ms. Default 5 000. */
  ttlMs?: number;
  /** The clock, epoch ms; tests pass their own. Default Date.now. */
  now?: () => number;
  /**
   * At most this many answers are kept; the oldest go first. Default 1 000 — enough for every
   * pair a burst can touch, small enough that a flood of distinct amounts cannot grow memory.
   */
  maxEntries?: number;
}

/** A cached, single-flight view of the partner's `rate`. */
export interface QuoteCache {
  /**
   * Like `PartnerApi.rate`, answered from the cache when a fresh answer exists (or shared with the
   * same request in flight). Only when the partner must be asked is `admit` called: false rejects
   * with {@link QuoteNotAdmitted} and asks nothing (a person's budget is spent). While it is asked
   * (a shared count answers over the network), the same request started by another caller is joined.
   */
  rate(from: string, to: string, amount: string, admit?: () => Promise<boolean>): Promise<RateResult>;
  /** Answers kept right now (fresh or not yet evicted). */
  readonly size: number;
  /** Forgets every answer (in-flight requests still complete for their callers). */
  clear(): void;
}

/** A quote the cache would have had to ask the partner for, refused by the caller's `admit`. */
export class QuoteNotAdmitted extends Error {
  constructor() {
    super("the quote was not admitted: the asker's budget is spent");
    this.name = "QuoteNotAdmitted";
  }
}

/** Creates a quote cache over the partner's `rate`. */
export function createQuoteCache(partner: Pick<PartnerApi, "rate">, opts: QuoteCacheOptions = {}): QuoteCache {
  const ttlMs = opts.ttlMs ?? 5_000;
  const now = opts.now ?? Date.now;
  const maxEntries = Math.max(1, opts.maxEntries ?? 1_000);
  const answers = new Map<string, { value: RateResult; at: number }>();
  const inflight = new Map<string, Promise<RateResult>>();

  function remember(key: string, value: RateResult): void {
    // Re-inserting moves the key to the end, so Map order stays oldest-first for eviction.
    answers.delete(key);
    answers.set(key, { value, at: now() });
    while (answers.size > maxEntries) {
      const oldest = answers.keys().next().value;
      if (oldest === undefined) break;
      answers.delete(oldest);
    }
  }

  /** A fresh answer, or the same request in flight; undefined when the partner must be asked. */
  function fresh(key: string): Promise<RateResult> | undefined {
    const hit = answers.get(key);
    if (hit && now() - hit.at < ttlMs) return Promise.resolve(hit.value);
    if (hit) answers.delete(key);
    return inflight.get(key);
  }

  /** Asks the partner, sharing the request with the callers that come while it runs. */
  function ask(key: string, from: string, to: string, amount: string): Promise<RateResult> {
    const request = partner.rate(from, to, amount).then((value) => {
      remember(key, value);
      return value;
    });
    inflight.set(key, request);
    // Settled either way, the next caller after this one starts fresh (or reads the answer).
    void request.then(
      () => inflight.delete(key),
      () => inflight.delete(key),
    );
    return request;
  }

  return {
    rate(fromRaw, toRaw, amountRaw, admit) {
      const from = fromRaw.trim().toUpperCase();
      const to = toRaw.trim().toUpperCase();
      // "0.10" and "0.1" are the same question; an amount that does not parse is passed through
      // as typed (the partner refuses it) but still keyed, so it is never confused with another.
      const parsed = parseAmount(amountRaw);
      const amount = parsed.ok ? parsed.value : amountRaw;
      const key = `${from}\u0000${to}\u0000${amount}`;

      const known = fresh(key);
      if (known) return known.then(copy);
      if (!admit) return ask(key, from, to, amount).then(copy);
      return admit().then((admitted) => {
        if (!admitted) throw new QuoteNotAdmitted();
        // Another caller may have asked, or been answered, while this one was admitted.
        return (fresh(key) ?? ask(key, from, to, amount)).then(copy);
      });
    },
    get size() {
      return answers.size;
    },
    clear() {
      answers.clear();
    },
  };
}

/** A copy, so a caller changing its answer cannot change what the next caller reads. */
function copy(r: RateResult): RateResult {
  const out: RateResult = { rate: r.rate, withdrawalFee: r.withdrawalFee ? { ...r.withdrawalFee } : undefined };
  if (r.maxAmount !== undefined) out.maxAmount = r.maxAmount;
  return out;
}
