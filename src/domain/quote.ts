/**
 * What the service's `rate` means — fixed here, and only here.
 *
 * The spec (§2.3 and §4.2; see docs/partner-api.md) says `rate` is the "current exchange rate for
 * the requested amount. The transaction fee is not included", and the request carries `amount`.
 * It does not say whether that is a price per unit or a total. This module reads it as:
 *
 *   **`rate` is the amount of `to` that `amount` of `from` buys, before the withdrawal fee.**
 *
 * Why: the rate is asked *for an amount* (a per-unit price would not need one), and
 * `withdrawalFee` is "a number followed by the code of the target currency" — a quantity of `to`
 * that is subtracted from a quantity of `to`, which only makes sense if `rate` is one too.
 * The README's notes on the Partner API repeat this assumption; if a service turns out to send a
 * per-unit price, this file is the one place to change (its tests pin the reading down).
 */
import type { RateResult, WithdrawalFee } from "./types.js";
import type { Decimal } from "decimal.js";
import { Dec, toPlainString } from "./amount.js";

/** What `computeQuote` needs: the amount sent and the service's answer to `rate`. */
export interface QuoteInput {
  /** The amount of `from` the rate was asked for, a decimal string greater than zero. */
  amountFrom: string;
  /** The service's `rate` field (a decimal string, or the float it sent). */
  rate: string | number;
  /** The service's withdrawal fee, when it sent one (newer variant of the interface). */
  withdrawalFee?: WithdrawalFee | undefined;
  /** The code of the target currency; decides whether the fee can be subtracted. */
  to: string;
}

/** A quote in plain decimal strings, ready for display or storage. */
export interface Quote {
  /** The amount sent, canonical. */
  amountFrom: string;
  /** How much `to` the amount buys before the withdrawal fee: the `rate` itself. */
  estimatedAmountTo: string;
  /** The fee as the service sent it (amount canonical, currency upper case). */
  withdrawalFee?: WithdrawalFee;
  /**
   * `estimatedAmountTo − fee`, never below zero; present only when the fee is in the target
   * currency (a fee in another currency cannot be subtracted without another rate).
   */
  estimatedAfterFee?: string;
  /** The price of one unit of `from` in `to` (estimatedAmountTo / amountFrom), rounded down. */
  unitPrice: string;
}

/** Significant digits kept for the unit price; it is for display, and never rounded up. */
const UNIT_PRICE_DIGITS = 20;

/**
 * Computes the quote shown to a person from the service's `rate` answer (see the module comment
 * for what `rate` is taken to mean). Throws a RangeError when `amountFrom` is not a positive
 * number or `rate` / the fee amount is not a non-negative number — the partner client validates
 * the answer before it gets here, so this is a programming error, not a user one.
 */
export function computeQuote(input: QuoteInput): Quote {
  const amountFrom = new Dec(toPlainString(input.amountFrom));
  if (!amountFrom.isPositive() || amountFrom.isZero()) throw new RangeError("amountFrom must be greater than zero");
  const rate = new Dec(toPlainString(input.rate));
  if (rate.isNegative() && !rate.isZero()) throw new RangeError("rate must not be negative");

  const quote: Quote = {
    amountFrom: plain(amountFrom),
    estimatedAmountTo: plain(rate),
    unitPrice: plain(rate.div(amountFrom).toSignificantDigits(UNIT_PRICE_DIGITS, Dec.ROUND_DOWN)),
  };

  if (input.withdrawalFee) {
    const fee = new Dec(toPlainString(input.withdrawalFee.amount));
    if (fee.isNegative() && !fee.isZero()) throw new RangeError("withdrawal fee must not be negative");
    const currency = input.withdrawalFee.currency.trim().toUpperCase();
    quote.withdrawalFee = { amount: plain(fee), currency };
    if (currency === input.to.trim().toUpperCase()) {
      quote.estimatedAfterFee = plain(Dec.max(0, rate.minus(fee)));
    }
  }
  return quote;
}

/** A decimal as a plain string; "0" rather than "-0". */
function plain(d: Decimal): string {
  return d.isZero() ? "0" : d.toFixed();
}

/** A quote as the flow shows and stores it: plain data, decimal strings. */
export interface ShownQuote {
  amountFrom: string;
  from: string;
  to: string;
  /** What the person gets, after the withdrawal fee when the fee is in the coin they get. */
  amountTo: string;
  fee?: { amount: string; currency: string };
}

/** Turns the service's rate answer into what the person is shown (see computeQuote above). */
export function toShownQuote(amountFrom: string, from: string, to: string, rate: RateResult): ShownQuote {
  const q = computeQuote({ amountFrom, rate: rate.rate, withdrawalFee: rate.withdrawalFee, to });
  return {
    amountFrom,
    from,
    to,
    amountTo: q.estimatedAfterFee ?? q.estimatedAmountTo,
    ...(rate.withdrawalFee ? { fee: { amount: rate.withdrawalFee.amount, currency: rate.withdrawalFee.currency } } : {}),
  };
}
