/**
 * An exchange as a person confirms it, whichever face asked for it (the chat's flow, or another):
 * what is sent to the service, and how its quote is asked for. Plain data, decimal strings.
 */
import type { Currency } from "./types.js";

/** A fixed rate (guaranteed if the deposit arrives in time) or a floating one (an estimate). */
export type RateKind = "fixed" | "floating";

/** What the service offered when the exchange was begun (PARTNER_FEATURES `fixed`, `receive`). */
interface Offers {
  fixed?: true;
  receive?: true;
}

/** What a quote is asked for: the pair, the amount, and the kind the person chose. */
export interface QuoteRequest {
  from: Currency;
  to: Currency;
  /** The amount of `from` to send (with "receive exactly", the service's figure for `amountTo`). */
  amount: string;
  /** Receive exactly: the amount of `to` the person fixed. */
  amountTo?: string;
  /** Fixed or floating, where the service offers fixed rates. */
  rateKind?: RateKind;
  offers?: Offers;
}

/** A whole exchange, ready to confirm. */
export interface Order extends QuoteRequest {
  destinationAddress: string;
  /** "" when the coin received needs none. */
  destinationTag: string;
  refundAddress: string;
  /** "" when the coin sent needs none. */
  refundTag: string;
}
