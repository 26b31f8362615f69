/**
 * The quote of a flow by its kind (issue 22): floating (our contract's `rate`, an estimate), fixed
 * (`rate` with `fix=1`, guaranteed by the service if the deposit arrives in time) or exact (the
 * person fixed the amount to receive; `payment/rate` says what to send). One place asks the
 * service for the draft's kind, so the card and the re-quote before a create ask the same thing.
 */
import { Decimal } from "decimal.js";
import type { ExchangeDeps } from "./deps.js";
import type { QuoteRequest } from "../domain/order.js";
import type { RateResult } from "../domain/types.js";
import { toShownQuote, type ShownQuote } from "../domain/quote.js";

/** What a shown quote is: "floating" is an estimate, as every quote of our contract. */
export type QuoteKind = "floating" | "fixed" | "exact";

/** A quote with its kind, and the service's maximum for the amount sent when it sent one. */
export interface KindedQuote {
  kind: QuoteKind;
  quote: ShownQuote;
  maxAmount?: string;
  /** The service's minimum of the amount sent, when it sent one with the quote. */
  minAmount?: string;
}

/** The kind this request asks for: exact when an amount to receive was given, fixed when chosen. */
function quoteKindOf(request: QuoteRequest): QuoteKind {
  if (request.amountTo !== undefined && request.offers?.receive) return "exact";
  if (request.rateKind === "fixed" && request.offers?.fixed) return "fixed";
  return "floating";
}

/**
 * Asks the service for the request's kind of quote. `fix` is
 * sent only when the flow was offered fixed rates; a fixed quote the service does not call fixed
 * (`fix` not true in its answer) is returned as floating, so nobody is told "guaranteed" on a
 * guess.
 */
export async function fetchFlowQuote(deps: Pick<ExchangeDeps, "partner">, request: QuoteRequest): Promise<KindedQuote> {
  const kind = quoteKindOf(request);
  if (kind === "exact" && request.amountTo !== undefined && deps.partner.paymentRate) {
    const p = await deps.partner.paymentRate(request.from.code, request.to.code, request.amountTo);
    const quote: ShownQuote = { amountFrom: p.amountFrom, from: request.from.code, to: request.to.code, amountTo: request.amountTo };
    return { kind, quote, ...(p.maxAmount ? { maxAmount: p.maxAmount } : {}), ...(p.minAmount ? { minAmount: p.minAmount } : {}) };
  }
  const fix = request.offers?.fixed ? kind === "fixed" : undefined;
  const rate: RateResult = await deps.partner.rate(
    request.from.code,
    request.to.code,
    request.amount,
    fix === undefined ? undefined : { fix },
  );
  const quote = toShownQuote(request.amount, request.from.code, request.to.code, rate);
  const shownKind: QuoteKind = kind === "fixed" && rate.fixed === true ? "fixed" : "floating";
  return { kind: shownKind, quote, ...(rate.maxAmount ? { maxAmount: rate.maxAmount } : {}) };
}

/**
 * Whether a fresh quote differs from the one the person confirmed in what they were promised:
 * its kind (a fixed rate the service no longer calls fixed), the amount received, or the amount
 * to send.
 */
export function quoteMoved(shown: Pick<KindedQuote, "kind" | "quote">, fresh: Pick<KindedQuote, "kind" | "quote">): boolean {
  return (
    shown.kind !== fresh.kind ||
    !new Decimal(shown.quote.amountTo).eq(fresh.quote.amountTo) ||
    !new Decimal(shown.quote.amountFrom).eq(fresh.quote.amountFrom)
  );
}
