/** Step "amount": checked against the coin's minimum and maximum, with a live quote for it. */
import { encodeCallback } from "../../../../messages/callback-data.js";
import { InlineKeyboard } from "grammy";
import type { Currency } from "../../../../domain/types.js";
import { required } from "../../../../domain/checked.js";
import { coinLabel, editDraft, type Draft } from "../../../../domain/exchange-draft.js";
import { askAmountToReceive } from "./amount-to-receive.js";
import {
  AMOUNT_ERRORS,
  exceededMaximum,
  formatAmount,
  isAbove,
  isBelow,
  parseAmount,
  type AmountReadings,
} from "../../../../domain/amount.js";
import { escapeHtml } from "../../../../messages/html.js";
import { stepButtons } from "../callbacks.js";
import { owePrompt, retirePrompt, sendPrompt, waitForInput, type Input } from "../input.js";
import { callPartnerWithRetry, failureText, offerRetry } from "../partner-call.js";
import { labelsOf, quoteText, type ShownQuote, toShownQuote } from "../../../ui/exchange-messages.js";
import { markQuoted, type FlowContext, type Prompt, type StepRun, type StepScope } from "../types.js";
import { countFunnel } from "../../../../support/funnel.js";

export const amountStep: StepRun = async (scope) => {
  const { draft, ctx } = scope;
  const from = required(draft.from, "the coin to send");
  const to = required(draft.to, "the coin to receive");
  const pair = await currentPair(scope, from, to);
  if (!pair) {
    await ctx.reply(ctx.t("flow-pair-gone", { from: coinLabel(from), to: coinLabel(to) }));
    return { draft: editDraft(draft, "pair") };
  }
  const answer = await askAmount(scope, pair.from, pair.to);
  const { amount, ack } = answer;
  const { receiving: _receiving, ...asked } = scope.draft;
  const draftNow: Draft = { ...asked, from: pair.from, to: pair.to, amount };
  if (answer.amountTo !== undefined) draftNow.amountTo = answer.amountTo;
  return { draft: draftNow, ack };
};

/**
 * The two coins as the catalog has them now (a minimum may have changed since they were picked),
 * or undefined when the pair is no longer open.
 */
async function currentPair(scope: StepScope, from: Currency, to: Currency): Promise<{ from: Currency; to: Currency } | undefined> {
  for (;;) {
    const checked = await callPartnerWithRetry(scope, "catalog:pair", async (deps) => {
      const index = await deps.catalog.index();
      const f = index.get(from.code);
      const t = index.get(to.code);
      return f && t && index.canExchange(f.code, t.code) ? { from: f, to: t } : null;
    });
    if (checked.ok) return checked.value ?? undefined;
    await offerRetry(scope, failureText(scope.ctx, checked.failure));
  }
}

/** The accepted amount, and what to show once it is safely recorded. */
interface AmountAnswer {
  amount: string;
  /** Receive exactly (capability `receive`): the amount to receive; `amount` is then what to send. */
  amountTo?: string;
  ack: () => Promise<void>;
}

/**
 * Asks for the amount until it is a valid number between the minimum and the maximum (when the
 * service gives one), then shows the quote. Typing another amount at the quote re-quotes;
 * Continue accepts. One `rate` request per amount. An amount that reads two ways ("1,000": a
 * thousand, or one) is asked back with both readings as buttons. `from` is the coin as the catalog has it now
 * (its limits may have changed since it was picked); a maximum the service sends with the rate
 * counts as well.
 */
async function askAmount(scope: StepScope, from: Currency, to: Currency): Promise<AmountAnswer> {
  const { ctx } = scope;
  const t = ctx.t.bind(ctx);
  const buttons = stepButtons("amount");
  // "Receive exactly" is offered beside Back and Cancel when the service has it.
  const offersReceive = scope.draft.offers?.receive === true;
  const backCancel = () => {
    const k = new InlineKeyboard();
    if (offersReceive) k.text(t("flow-receive-button-receive", { to: coinLabel(to) }), buttons.receive).row();
    return k.text(t("flow-button-back"), buttons.back).text(t("flow-button-cancel"), buttons.cancel);
  };
  const ask = () =>
    sendPrompt(scope, t("flow-amount-ask", { from: coinLabel(from), min: from.minAmount, example: from.minAmount }), backCancel());
  // Entered again while asking for the amount to receive (a restart): go on asking that.
  if (offersReceive && scope.draft.receiving) {
    const exact = await askAmountToReceive(scope, from, to, undefined);
    if (exact !== "send") return exact;
  }
  let prompt: Prompt = await ask();
  let quoted: { amount: string; quote: ShownQuote } | undefined;
  /** The two readings of "1,000" as buttons, each with the coin, under Back and Cancel. */
  const readingButtons = (readings: AmountReadings) =>
    new InlineKeyboard()
      .text(
        t("flow-amount-reading", { amount: formatAmount(readings.thousands, { maxDecimals: 18 }), coin: coinLabel(from) }),
        buttons.amount(readings.thousands),
      )
      .text(
        t("flow-amount-reading", { amount: formatAmount(readings.decimal, { maxDecimals: 18 }), coin: coinLabel(from) }),
        buttons.amount(readings.decimal),
      )
      .row()
      .text(t("flow-button-back"), buttons.back)
      .text(t("flow-button-cancel"), buttons.cancel);
  for (;;) {
    const input: Input = await waitForInput(scope, prompt);
    let amount: string;
    /** Set when the person gave the amount (typed, or a reading of "1,000"): it is checked against the limits. */
    let givenBy: FlowContext | undefined;
    if (input.kind === "button") {
      if (input.action.kind === "receive" && offersReceive) {
        const exact = await askAmountToReceive(scope, from, to, prompt);
        if (exact !== "send") return exact;
        quoted = undefined;
        prompt = await ask();
        continue;
      }
      if (input.action.kind === "next" && quoted) {
        const accepted = quoted;
        const finalPrompt = prompt;
        return { ...accepted, ack: () => retirePrompt(ctx, finalPrompt) };
      }
      if (input.action.kind === "amount") {
        amount = input.action.value;
        givenBy = input.ctx;
      } else if (input.action.kind === "min") amount = from.minAmount;
      else continue;
    } else {
      const parsed = parseAmount(input.text);
      if (!parsed.ok && parsed.reason === "ambiguous") {
        // "1,000": a thousand or one? Asked with both readings as buttons; this is the live prompt now.
        await retirePrompt(ctx, prompt);
        quoted = undefined;
        prompt = await sendPrompt(
          scope,
          t("flow-amount-ambiguous", { typed: escapeHtml(input.text.trim()) }),
          readingButtons(parsed.readings),
        );
        continue;
      }
      if (!parsed.ok) {
        await input.ctx.reply(amountErrorText(ctx, parsed.reason));
        continue;
      }
      amount = parsed.value;
      givenBy = input.ctx;
    }
    if (givenBy !== undefined) {
      if (isBelow(amount, from.minAmount)) {
        // The answer carries a "use the minimum" button, so it becomes the live prompt.
        await owePrompt(scope);
        await retirePrompt(ctx, prompt);
        quoted = undefined;
        prompt = await sendPrompt(
          scope,
          t("flow-amount-below-min", { coin: coinLabel(from), min: from.minAmount }),
          new InlineKeyboard()
            .text(t("flow-amount-use-min", { min: from.minAmount, coin: coinLabel(from) }), buttons.min)
            .row()
            .text(t("flow-button-back"), buttons.back)
            .text(t("flow-button-cancel"), buttons.cancel),
        );
        continue;
      }
      const max = exceededMaximum(amount, from.maxAmount);
      if (max !== undefined) {
        await givenBy.reply(aboveMaxText(ctx, from, max));
        continue;
      }
    }
    const requested = amount;
    const countQuote = !scope.draft.quoted;
    // Counted inside the external call, which a replay never runs again, and once per flow: the
    // first quote shown (an amount over the service's maximum shows none).
    const rate = await callPartnerWithRetry(scope, "rate", async (deps) => {
      const result = await deps.partner.rate(from.code, to.code, requested);
      if (countQuote && !isAbove(requested, result.maxAmount)) await countFunnel(deps.store, "quoted");
      return result;
    });
    if (!rate.ok) {
      // e.g. "pair disabled": the person types another amount at the same prompt.
      await ctx.reply(failureText(ctx, rate.failure));
      continue;
    }
    // A service may quote any amount and send its maximum beside the rate: it still applies.
    const max = exceededMaximum(requested, rate.value.maxAmount);
    if (max !== undefined) {
      await ctx.reply(aboveMaxText(ctx, from, max));
      continue;
    }
    const quote = toShownQuote(requested, from.code, to.code, rate.value);
    quoted = { amount: requested, quote };
    markQuoted(scope);
    await owePrompt(scope);
    await retirePrompt(ctx, prompt);
    prompt = await sendPrompt(
      scope,
      `${quoteText(t, quote, labelsOf(from, to))}\n\n${t("flow-quote-change-hint")}`,
      new InlineKeyboard()
        .text(t("flow-button-continue"), buttons.next)
        .row()
        // Not a flow button: the flow lets it through to the rate alerts (features/rate-alerts.ts).
        .text(t("rate-alert-button-set"), encodeCallback({ kind: "alert-pair", from: from.code, to: to.code }))
        .row()
        .text(t("flow-button-back"), buttons.back)
        .text(t("flow-button-cancel"), buttons.cancel),
    );
  }
}

/** "The maximum for BTC is 12 BTC", the maximum grouped for reading. */
export function aboveMaxText(ctx: FlowContext, coin: Currency, max: string): string {
  return ctx.t("flow-amount-above-max", { coin: coinLabel(coin), max: formatAmount(max) });
}

/** The errors that have a message of their own (domain/amount.ts lists them). */
const KNOWN_AMOUNT_ERRORS: ReadonlySet<string> = new Set(AMOUNT_ERRORS);

/** The localized message for each way an amount can be wrong. */
export function amountErrorText(ctx: FlowContext, reason: string): string {
  return ctx.t(KNOWN_AMOUNT_ERRORS.has(reason) ? `flow-amount-error-${reason}` : "flow-amount-error-other");
}
