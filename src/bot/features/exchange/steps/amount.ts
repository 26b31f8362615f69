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
import { formatAmount, isAbove, isBelow } from "../../../../domain/amount.js";
import { coinLabel } from "../../../../domain/coin-label.js";
import type { Currency } from "../../../../domain/types.js";
import { encodeCallback } from "../../../../messages/callback-data.js";
import { joinHtml, plainOf, type HtmlText } from "../../../../messages/html.js";
import { labelsOf, quoteText } from "../../../ui/exchange-messages.js";
import type { ShownQuote } from "../../../../domain/quote.js";
import type { FlowFailure } from "../../../../exchange/partner-call.js";
import { outsideLimits, quoteToReceive, quoteToSend, readAmount, receiveVars, type Limits } from "../../../../exchange/checks.js";
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
      return { kind: "clear", steps: [fromStep, toStep], say: io.t("flow-pair-gone", { from: coinLabel(from), to: coinLabel(to) }) };
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
        if (receive) keyboard.text(plainOf(t("flow-receive-button-receive", { to: coinLabel(to) })), b.receive);
        return { text: io.titled(t("flow-amount-ask", { from: coinLabel(from), min: view.min, example: view.min })), keyboard };
      }
      case "below":
        return {
          text: t("flow-amount-below-min", { coin: coinLabel(from), min: view.min }),
          keyboard: new InlineKeyboard().text(plainOf(t("flow-amount-use-min", { min: view.min, coin: coinLabel(from) })), b.min),
        };
      case "readings":
        return {
          text: t("flow-amount-ambiguous", { typed: view.typed }),
          keyboard: new InlineKeyboard()
            .text(
              plainOf(t("flow-amount-reading", { amount: formatAmount(view.thousands, { maxDecimals: 18 }), coin: coinLabel(from) })),
              b.amount(view.thousands),
            )
            .text(
              plainOf(t("flow-amount-reading", { amount: formatAmount(view.decimal, { maxDecimals: 18 }), coin: coinLabel(from) })),
              b.amount(view.decimal),
            ),
        };
      case "quote":
        return {
          text: joinHtml([quoteText(t, view.quote, labelsOf(from, to)), t("flow-quote-change-hint")], "\n\n"),
          keyboard: new InlineKeyboard()
            .text(t("flow-button-continue"), b.next)
            .row()
            // Not a flow button: the flow lets it through to the rate alerts (features/rate-alerts.ts).
            .text(t("rate-alert-button-set"), encodeCallback({ kind: "alert-pair", from: from.code, to: to.code })),
        };
      case "receive":
        return {
          text: t("flow-receive-ask", { from: coinLabel(from), to: coinLabel(to) }),
          keyboard: new InlineKeyboard().text(t("flow-receive-button-send"), b.send),
        };
      case "receive-quote":
        return {
          text: joinHtml([t("flow-receive-quote", receiveVars(view.amountTo, view.amount, from, to)), t("flow-quote-change-hint")], "\n\n"),
          keyboard: new InlineKeyboard().text(t("flow-button-continue"), b.next).row().text(t("flow-receive-button-send"), b.send),
        };
    }
  },
  async onText(io, draft, view, text) {
    if (view.mode === "receive" || view.mode === "receive-quote") return receive(io, draft, view, text);
    const read = readAmount(io.t, text);
    if (read.ok === "readings") {
      const { thousands, decimal } = read;
      return { kind: "view", view: { ...limitsOf(view), mode: "readings", typed: text.trim().slice(0, MAX_ECHO), thousands, decimal } };
    }
    if (!read.ok) {
      await io.say(read.said);
      return { kind: "stay" };
    }
    return quote(io, draft, view, read.value, true);
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
  const pair = coinsOf(draft);
  const limits = limitsOf(view);
  const outside = given ? outsideLimits(io.t, pair.from, limits, amount) : undefined;
  if (outside === "below") return { kind: "view", view: { ...limits, mode: "below" } };
  if (outside !== undefined) {
    await io.say(outside.said);
    return { kind: "stay" };
  }
  const quoted = await quoteToSend(io, pair, amount, !draft.quoted);
  if (!quoted.ok) return told(io, quoted);
  return { kind: "view", view: { ...limits, mode: "quote", amount, quote: quoted.value }, quoted: true };
}

/** An amount to receive typed: the service's figure to send, checked against the limits of the coin sent. */
async function receive(io: StepIO, draft: Draft, view: AmountView, text: string): Promise<AmountOutcome> {
  const read = readAmount(io.t, text);
  if (read.ok !== true) {
    // "1,000" to receive is asked to be written without a comma: there is no reading to press here.
    await io.say(read.ok === false ? read.said : io.t("flow-amount-error-ambiguous"));
    return { kind: "stay" };
  }
  const quoted = await quoteToReceive(io, coinsOf(draft), limitsOf(view), read.value, !draft.quoted);
  if (!quoted.ok) return told(io, quoted);
  return { kind: "view", view: { ...limitsOf(view), mode: "receive-quote", ...quoted.value }, quoted: true };
}

/** A check that did not pass: Retry for a failure of the service, else what to say, and the step stays. */
async function told(io: StepIO, checked: { ok: false; said: HtmlText } | { ok: false; failure: FlowFailure }): Promise<AmountOutcome> {
  if ("failure" in checked) return { kind: "retry", failure: checked.failure };
  await io.say(checked.said);
  return { kind: "stay" };
}
