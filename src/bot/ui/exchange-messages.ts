/** Texts of the exchange flow that combine several strings: the quote and the confirmation card. */
import type { Currency } from "../../domain/types.js";
import type { Order } from "../../domain/order.js";
import { coinLabel } from "../../domain/coin-label.js";
import type { ShownQuote } from "../../domain/quote.js";
import { formatAmount } from "../../domain/amount.js";
import { BLANK, joinHtml, type HtmlText } from "../../messages/html.js";
import { shownTagName } from "../../messages/tag-name.js";
import type { Translate } from "../../messages/i18n.js";

/**
 * How a coin code is shown to a person ("USDTBSC" → "USDT · BEP20"); the code itself when nothing
 * better is known. Outside text: the translator escapes it.
 */
export type CoinLabeller = (code: string) => string;

/** A labeller over the coins at hand (the pair of a flow or a quote), by domain/coin-label.ts's rule. */
export function labelsOf(...coins: Pick<Currency, "code" | "network" | "ticker">[]): CoinLabeller {
  return (code) => {
    const coin = coins.find((c) => c.code === code);
    return coin === undefined ? code : coinLabel(coin);
  };
}

/**
 * What a quote's amount received is (issue 22): a floating estimate (our contract), a fixed rate
 * the service guarantees if the deposit arrives in time, or the exact amount the person asked for.
 */
export type ShownQuoteKind = "floating" | "fixed" | "exact";

/** "You send X, you get ≈ Y, fee, the rate floats." Coins are shown through `label`. */
export function quoteText(t: Translate, quote: ShownQuote, label: CoinLabeller = (code) => code): HtmlText {
  const lines = [
    t("flow-quote", { amountFrom: quote.amountFrom, from: label(quote.from), amountTo: formatAmount(quote.amountTo), to: label(quote.to) }),
  ];
  if (quote.fee) lines.push(t("flow-quote-fee", { fee: formatAmount(quote.fee.amount), feeCoin: label(quote.fee.currency) }));
  lines.push(t("flow-quote-floating"));
  return joinHtml(lines);
}

/** The confirmation card: everything that will be sent to the service, addresses verbatim. */
export function confirmCardText(t: Translate, order: Order, quote: ShownQuote, kind: ShownQuoteKind = "floating"): HtmlText {
  const label = labelsOf(order.from, order.to);
  const from = label(order.from.code);
  const to = label(order.to.code);
  const amounts = { amountFrom: quote.amountFrom, from, amountTo: formatAmount(quote.amountTo), to };
  // Floating: "≈" and "the rate floats", as before; fixed and exact say what the service promises.
  const parts = [t(kind === "floating" ? "flow-confirm-card" : `flow-confirm-card-${kind}`, amounts)];
  if (quote.fee && kind !== "exact")
    parts.push(t("flow-quote-fee", { fee: formatAmount(quote.fee.amount), feeCoin: label(quote.fee.currency) }));
  parts.push(t(kind === "floating" ? "flow-quote-floating" : `flow-quote-${kind}`), BLANK);
  parts.push(t("flow-confirm-destination", { to, address: order.destinationAddress }));
  if (order.destinationTag !== "" && order.to.tagName) {
    parts.push(t("flow-confirm-destination-tag", { tagName: shownTagName(order.to.tagName, t), tag: order.destinationTag }));
  }
  parts.push(t("flow-confirm-refund", { from, address: order.refundAddress }));
  if (order.refundTag !== "" && order.from.tagName) {
    parts.push(t("flow-confirm-refund-tag", { tagName: shownTagName(order.from.tagName, t), tag: order.refundTag }));
  }
  parts.push(BLANK, t("flow-confirm-check"));
  return joinHtml(parts);
}
