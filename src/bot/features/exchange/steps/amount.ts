/**
 * Step "amount": how much is sent, checked against the coin's minimum and maximum, with a live
 * quote for it; Continue accepts. One `rate` request per amount. An amount that reads two ways
 * ("1,000": a thousand, or one) is asked back with both readings as buttons. Where the service
 * offers it (capability `receive`), the person may give the amount to *receive* instead: the
 * service's `payment/rate` says what to send, checked against the same limits, and the exchange is
 * later created with `payment/exchange-create`.
 *
 * The limits are the catalog's when the step is entered (a minimum may have changed since the
 * coins were picked); a maximum the service sends with a quote counts as well.
 */
import { InlineKeyboard } from "grammy";
import { AMOUNT_ERRORS, exceededMaximum, formatAmount, isAbove, isBelow, parseAmount } from "../../../../domain/amount.js";
import { coinLabel } from "../../../../domain/coin-label.js";
import type { Currency } from "../../../../domain/types.js";
import { encodeCallback } from "../../../../messages/callback-data.js";
import { escapeHtml } from "../../../../messages/html.js";
import type { Translate } from "../../../../messages/i18n.js";
import { countFunnel } from "../../../../support/funnel.js";
import { labelsOf, quoteText } from "../../../ui/exchange-messages.js";
import { toShownQuote, type ShownQuote } from "../../../../domain/quote.js";
import { failureText } from "../../../../exchange/partner-call.js";
import { coinHtml } from "./coin-text.js";
import { fromStep } from "./from.js";
import { fromNetworkStep, sendCoin } from "./from-network.js";
import { toStep } from "./to.js";
import { receiveCoin, toNetworkStep } from "./to-network.js";
import { defineStep, type Draft, type Outcome, type StepIO } from "./step.js";

/** The amount sent; with "receive exactly", the amount to receive it was the service's figure for. */
export interface AmountAnswer {
  amount: string;
  amountTo?: string;
}

/** The coin sent's limits when the step was entered. */
interface Limits {
  min: string;
  max?: string;
}

/** What the prompt on screen is. */
export type AmountView = Limits &
  (
    | { mode: "ask" }
    /** Below the minimum: with a "use the minimum" button. */
    | { mode: "below" }
    /** "1,000": both readings as buttons. */
    | { mode: "readings"; typed: string; thousands: string; decimal: string }
    | { mode: "quote"; amount: string; quote: ShownQuote }
    /** Receive exactly: asking the amount to receive, then the service's figure to send. */
    | { mode: "receive" }
    | { mode: "receive-quote"; amountTo: string; amount: string }
  );

type AmountOutcome = Outcome<AmountAnswer, AmountView>;

/** The longest typed amount echoed back with its readings. */
const MAX_ECHO = 40;

/** Both coins, as the draft has them (the steps before made sure they are there). */
function coinsOf(draft: Draft): { from: Currency; to: Currency } {
  const from = sendCoin(draft);
  const to = receiveCoin(draft);
  if (from === undefined || to === undefined) throw new Error("internal error: the amount step without its coins");
  return { from, to };
}

export const amountStep = defineStep<AmountAnswer, AmountView>({
  id: "amount",
  code: "a",
  after: [fromNetworkStep, toNetworkStep],
  // An amount sent is still the person's with another coin to receive; an amount to receive is not.
  survives: (answer, changed) => answer.amountTo === undefined && (changed === toStep || changed === toNetworkStep),
  edit: "amount",
  numbered: true,
  recall: (known, draft) => {
    const from = sendCoin(draft);
    const amount = known.amount;
    if (from === undefined || amount === undefined || isBelow(amount, from.minAmount) || isAbove(amount, from.maxAmount)) return undefined;
    // An amount that was the service's figure for an amount to receive is kept only as that.
    if (known.amountTo === undefined) return { amount };
    return draft.offers?.receive && receiveCoin(draft)?.code === known.to ? { amount, amountTo: known.amountTo } : undefined;
  },
  async enter(io, draft) {
    const { from, to } = coinsOf(draft);
    const checked = await io.call("catalog:pair", async (deps) => {
      const index = await deps.catalog.index();
      const f = index.get(from.code);
      return f && index.get(to.code) && index.canExchange(f.code, to.code)
        ? { min: f.minAmount, ...(f.maxAmount ? { max: f.maxAmount } : {}) }
        : null;
    });
    if (!checked.ok) return { kind: "retry", failure: checked.failure };
    if (checked.value === null) {
      // The pair closed since the coins were picked: they are asked again, the answers kept where they still fit.
      return { kind: "clear", steps: [fromStep, toStep], say: io.t("flow-pair-gone", { from: coinHtml(from), to: coinHtml(to) }) };
    }
    return { kind: "view", view: { ...checked.value, mode: "ask" } };
  },
  prompt(io, draft, view) {
    const { from, to } = coinsOf(draft);
    const t = io.t;
    const b = io.buttons;
    const receive = draft.offers?.receive === true;
    switch (view.mode) {
      case "ask": {
        const keyboard = new InlineKeyboard();
        if (receive) keyboard.text(t("flow-receive-button-receive", { to: coinLabel(to) }), b.receive);
        return { text: io.titled(t("flow-amount-ask", { from: coinHtml(from), min: view.min, example: view.min })), keyboard };
      }
      case "below":
        return {
          text: t("flow-amount-below-min", { coin: coinHtml(from), min: view.min }),
          keyboard: new InlineKeyboard().text(t("flow-amount-use-min", { min: view.min, coin: coinLabel(from) }), b.min),
        };
      case "readings":
        return {
          text: t("flow-amount-ambiguous", { typed: escapeHtml(view.typed) }),
          keyboard: new InlineKeyboard()
            .text(
              t("flow-amount-reading", { amount: formatAmount(view.thousands, { maxDecimals: 18 }), coin: coinLabel(from) }),
              b.amount(view.thousands),
            )
            .text(
              t("flow-amount-reading", { amount: formatAmount(view.decimal, { maxDecimals: 18 }), coin: coinLabel(from) }),
              b.amount(view.decimal),
            ),
        };
      case "quote":
        return {
          text: `${quoteText(t, view.quote, labelsOf(from, to))}\n\n${t("flow-quote-change-hint")}`,
          keyboard: new InlineKeyboard()
            .text(t("flow-button-continue"), b.next)
            .row()
            // Not a flow button: the flow lets it through to the rate alerts (features/rate-alerts.ts).
            .text(t("rate-alert-button-set"), encodeCallback({ kind: "alert-pair", from: from.code, to: to.code })),
        };
      case "receive":
        return {
          text: t("flow-receive-ask", { from: coinHtml(from), to: coinHtml(to) }),
          keyboard: new InlineKeyboard().text(t("flow-receive-button-send"), b.send),
        };
      case "receive-quote":
        return {
          text: `${t("flow-receive-quote", receiveVars(view.amountTo, view.amount, from, to))}\n\n${t("flow-quote-change-hint")}`,
          keyboard: new InlineKeyboard().text(t("flow-button-continue"), b.next).row().text(t("flow-receive-button-send"), b.send),
        };
    }
  },
  async onText(io, draft, view, text) {
    if (view.mode === "receive" || view.mode === "receive-quote") return quoteToReceive(io, draft, view, text);
    const parsed = parseAmount(text);
    if (!parsed.ok && parsed.reason === "ambiguous") {
      const { thousands, decimal } = parsed.readings;
      return { kind: "view", view: { ...limitsOf(view), mode: "readings", typed: text.trim().slice(0, MAX_ECHO), thousands, decimal } };
    }
    if (!parsed.ok) {
      await io.say(amountErrorText(io.t, parsed.reason));
      return { kind: "stay" };
    }
    return quote(io, draft, view, parsed.value, true);
  },
  async onButton(io, draft, view, action) {
    const receive = draft.offers?.receive === true;
    switch (action.kind) {
      case "receive":
        return receive ? { kind: "view", view: { ...limitsOf(view), mode: "receive" } } : { kind: "stay" };
      case "send":
        return { kind: "view", view: { ...limitsOf(view), mode: "ask" } };
      case "next":
        if (view.mode === "quote") return { kind: "answer", value: { amount: view.amount } };
        if (view.mode === "receive-quote") return { kind: "answer", value: { amount: view.amount, amountTo: view.amountTo } };
        return { kind: "stay" };
      case "amount":
        return quote(io, draft, view, action.value, true);
      case "min":
        return quote(io, draft, view, view.min, false);
      default:
        return { kind: "stay" };
    }
  },
});

/** The limits of a view, for the next one. */
function limitsOf(view: AmountView): Limits {
  return { min: view.min, ...(view.max ? { max: view.max } : {}) };
}

/**
 * Quotes `amount` (given by the person: checked against the limits first) and shows the quote.
 * Counted as the flow's "quoted" once, the first quote shown (an amount over the service's maximum
 * shows none).
 */
async function quote(io: StepIO, draft: Draft, view: AmountView, amount: string, given: boolean): Promise<AmountOutcome> {
  const { from, to } = coinsOf(draft);
  const limits = limitsOf(view);
  if (given && isBelow(amount, limits.min)) return { kind: "view", view: { ...limits, mode: "below" } };
  const over = given ? exceededMaximum(amount, limits.max) : undefined;
  if (over !== undefined) {
    await io.say(aboveMaxText(io.t, from, over));
    return { kind: "stay" };
  }
  const countQuote = !draft.quoted;
  const rate = await io.call("rate", async (deps) => {
    const result = await deps.partner.rate(from.code, to.code, amount);
    if (countQuote && !isAbove(amount, result.maxAmount)) await countFunnel(deps.store, "quoted");
    return result;
  });
  if (!rate.ok) {
    if (rate.failure.kind !== "rejected") return { kind: "retry", failure: rate.failure };
    // e.g. "pair disabled": the person types another amount at the same prompt.
    await io.say(failureText(io.t, rate.failure));
    return { kind: "stay" };
  }
  // A service may quote any amount and send its maximum beside the rate: it still applies.
  const max = exceededMaximum(amount, rate.value.maxAmount);
  if (max !== undefined) {
    await io.say(aboveMaxText(io.t, from, max));
    return { kind: "stay" };
  }
  return {
    kind: "view",
    view: { ...limits, mode: "quote", amount, quote: toShownQuote(amount, from.code, to.code, rate.value) },
    quoted: true,
  };
}

/** An amount to receive typed: the service's figure to send, checked against the limits of the coin sent. */
async function quoteToReceive(io: StepIO, draft: Draft, view: AmountView, text: string): Promise<AmountOutcome> {
  const { from, to } = coinsOf(draft);
  const parsed = parseAmount(text);
  if (!parsed.ok) {
    await io.say(amountErrorText(io.t, parsed.reason));
    return { kind: "stay" };
  }
  const amountTo = parsed.value;
  const countQuote = !draft.quoted;
  const answer = await io.call("payment/rate", async (deps) => {
    if (!deps.partner.paymentRate) throw new Error("the partner client has no payment/rate");
    const quoted = await deps.partner.paymentRate(from.code, to.code, amountTo);
    if (countQuote) await countFunnel(deps.store, "quoted");
    return quoted;
  });
  if (!answer.ok) {
    if (answer.failure.kind !== "rejected") return { kind: "retry", failure: answer.failure };
    await io.say(failureText(io.t, answer.failure));
    return { kind: "stay" };
  }
  const send = answer.value.amountFrom;
  // The limits are of the amount sent, in the coin sent: the service's when it gives them.
  const min = answer.value.minAmount ?? view.min;
  const max = answer.value.maxAmount ?? view.max;
  const vars = receiveVars(amountTo, send, from, to);
  if (isBelow(send, min)) {
    await io.say(io.t("flow-receive-below-min", { ...vars, min: formatAmount(min) }));
    return { kind: "stay" };
  }
  const over = exceededMaximum(send, max) ?? exceededMaximum(send, view.max);
  if (over !== undefined) {
    await io.say(io.t("flow-receive-above-max", { ...vars, max: formatAmount(over) }));
    return { kind: "stay" };
  }
  return { kind: "view", view: { ...limitsOf(view), mode: "receive-quote", amountTo, amount: send }, quoted: true };
}

/** The variables of the messages of an amount to receive. */
function receiveVars(amountTo: string, amount: string, from: Currency, to: Currency): Record<string, string> {
  return { amountTo: formatAmount(amountTo), to: coinHtml(to), amount: formatAmount(amount), from: coinHtml(from) };
}

/** "The maximum for BTC is 12 BTC", the maximum grouped for reading. */
export function aboveMaxText(t: Translate, coin: Currency, max: string): string {
  return t("flow-amount-above-max", { coin: coinHtml(coin), max: formatAmount(max) });
}

/** The errors that have a message of their own (domain/amount.ts lists them). */
const KNOWN_AMOUNT_ERRORS: ReadonlySet<string> = new Set(AMOUNT_ERRORS);

/** The localized message for each way an amount can be wrong. */
function amountErrorText(t: Translate, reason: string): string {
  return t(KNOWN_AMOUNT_ERRORS.has(reason) ? `flow-amount-error-${reason}` : "flow-amount-error-other");
}
