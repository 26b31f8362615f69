/**
 * The amount step's other way (capability `receive`): the person types the amount to *receive*;
 * the service's `payment/rate` says the total to send (its `rate`), checked against the limits of
 * the coin sent (the service's `minamount`/`maxamount`, else the catalog's), and the exchange is
 * later created with `payment/exchange-create`.
 */
import { InlineKeyboard } from "grammy";
import type { Currency } from "../../../../domain/types.js";
import { coinLabel } from "../../../../domain/exchange-draft.js";
import { exceededMaximum, formatAmount, isAbove, isBelow, parseAmount } from "../../../../domain/amount.js";
import { countFunnel } from "../../../../support/funnel.js";
import { stepButtons } from "../callbacks.js";
import { retirePrompt, sendPrompt, waitForInput } from "../input.js";
import { callPartnerWithRetry, failureText } from "../partner-call.js";
import { markQuoted, type Prompt, type StepScope } from "../types.js";
import { amountErrorText } from "./amount.js";

/** What the person settled on: the amount to receive and the service's figure to send. */
export interface AmountToReceive {
  amountTo: string;
  amount: string;
  ack: () => Promise<void>;
}

/**
 * Asks for the amount to receive until the service quotes one the limits allow and the person
 * presses Continue. Returns "send" when the person goes back to giving the amount to send;
 * `previous` (that way's prompt, if on screen) is retired first.
 */
export async function askAmountToReceive(
  scope: StepScope,
  from: Currency,
  to: Currency,
  previous: Prompt | undefined,
): Promise<AmountToReceive | "send"> {
  const { ctx } = scope;
  const t = ctx.t.bind(ctx);
  const buttons = stepButtons("amount");
  const keyboard = (withContinue: boolean) => {
    const k = new InlineKeyboard();
    if (withContinue) k.text(t("flow-button-continue"), buttons.next).row();
    return k
      .text(t("flow-receive-button-send"), buttons.send)
      .row()
      .text(t("flow-button-back"), buttons.back)
      .text(t("flow-button-cancel"), buttons.cancel);
  };
  if (previous) await retirePrompt(ctx, previous);
  // On the record with the prompt: an answer read after a restart is an amount to receive.
  scope.draft = { ...scope.draft, receiving: true };
  let prompt = await sendPrompt(scope, t("flow-receive-ask", { from: coinLabel(from), to: coinLabel(to) }), keyboard(false));
  let quoted: { amountTo: string; amount: string } | undefined;
  for (;;) {
    const input = await waitForInput(scope, prompt);
    if (input.kind === "button") {
      if (input.action.kind === "send") {
        await retirePrompt(ctx, prompt);
        const { receiving: _receiving, ...sending } = scope.draft;
        scope.draft = sending;
        return "send";
      }
      if (input.action.kind === "next" && quoted) {
        const finalPrompt = prompt;
        return { ...quoted, ack: () => retirePrompt(ctx, finalPrompt) };
      }
      continue;
    }
    const parsed = parseAmount(input.text);
    if (!parsed.ok) {
      await input.ctx.reply(amountErrorText(ctx, parsed.reason));
      continue;
    }
    const amountTo = parsed.value;
    const countQuote = !scope.draft.quoted;
    const answer = await callPartnerWithRetry(scope, "payment/rate", async (deps) => {
      if (!deps.partner.paymentRate) throw new Error("the partner client has no payment/rate");
      const quote = await deps.partner.paymentRate(from.code, to.code, amountTo);
      if (countQuote) await countFunnel(deps.store, "quoted");
      return quote;
    });
    if (!answer.ok) {
      await ctx.reply(failureText(ctx, answer.failure));
      continue;
    }
    const send = answer.value.amountFrom;
    // The limits are of the amount sent, in the coin sent: the service's when it gives them.
    const min = answer.value.minAmount ?? from.minAmount;
    const max = answer.value.maxAmount ?? from.maxAmount;
    const vars = { amountTo: formatAmount(amountTo), to: coinLabel(to), amount: formatAmount(send), from: coinLabel(from) };
    if (isBelow(send, min)) {
      await ctx.reply(t("flow-receive-below-min", { ...vars, min: formatAmount(min) }));
      continue;
    }
    const over = exceededMaximum(send, max);
    if (over !== undefined || isAbove(send, from.maxAmount)) {
      await ctx.reply(t("flow-receive-above-max", { ...vars, max: formatAmount(over ?? from.maxAmount ?? send) }));
      continue;
    }
    quoted = { amountTo, amount: send };
    markQuoted(scope);
    await retirePrompt(ctx, prompt);
    prompt = await sendPrompt(scope, `${t("flow-receive-quote", vars)}\n\n${t("flow-quote-change-hint")}`, keyboard(true));
  }
}
