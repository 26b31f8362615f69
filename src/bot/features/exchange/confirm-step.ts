/** The confirmation card: a fresh quote and every value, with Confirm, Edit and Cancel. */
import { InlineKeyboard } from "grammy";
import type { Draft, EditTarget } from "../../../domain/exchange-draft.js";
import { confirmCardText, toShownQuote, type ShownQuote } from "../../ui/exchange-messages.js";
import { stepButtons } from "./callbacks.js";
import { retirePrompt, sendPrompt, waitForInput } from "./input.js";
import { callPartnerWithRetry, failureText } from "./partner-call.js";
import { markQuoted, type Prompt, type StepScope } from "./types.js";
import { exceededMaximum, isAbove } from "../../../domain/amount.js";
import { countFunnel } from "../../../support/funnel.js";
import { aboveMaxText } from "./amount-step.js";

export type CompleteDraft = Draft & Required<Pick<Draft, "from" | "to" | "amount" | "destinationAddress" | "refundAddress">>;

export type ConfirmResult =
  | { kind: "confirmed"; quote: ShownQuote; prompt: Prompt }
  | { kind: "edit"; target: EditTarget; ack: () => Promise<void> }
  | { kind: "rejected" };

/**
 * Shows the card (one fresh `rate`) and waits for the decision. The card's quote counts as the
 * flow's "quoted" when none was shown before: a flow opened from an inline result or a deep link
 * with a pair and an amount comes straight here, and every confirmed exchange must have been quoted.
 */
export async function confirmExchange(scope: StepScope, draft: CompleteDraft): Promise<ConfirmResult> {
  const { ctx } = scope;
  const t = ctx.t.bind(ctx);
  const buttons = stepButtons("confirm");
  const countQuote = !scope.draft.quoted;
  const rate = await callPartnerWithRetry(scope, "rate", async (deps) => {
    const result = await deps.partner.rate(draft.from.code, draft.to.code, draft.amount);
    if (countQuote && !isAbove(draft.amount, maxOf(draft, result.maxAmount))) await countFunnel(deps.store, "quoted");
    return result;
  });
  if (!rate.ok) {
    // The amount no longer fits (e.g. the service refuses it now): say why and go back to the amount.
    await ctx.reply(failureText(ctx, rate.failure));
    return { kind: "rejected" };
  }
  // Over the maximum (the coin's, or the one the service sent with this rate): never offered for
  // Confirm, however the amount got here (a deep link, a maximum lowered since the amount step).
  const max = exceededMaximum(draft.amount, maxOf(draft, rate.value.maxAmount));
  if (max !== undefined) {
    await ctx.reply(aboveMaxText(ctx, draft.from, max));
    return { kind: "rejected" };
  }
  markQuoted(scope);
  const quote = toShownQuote(draft.amount, draft.from.code, draft.to.code, rate.value);
  const card = confirmCardText(t, draft, quote);
  const mainKeyboard = new InlineKeyboard()
    .text(t("flow-button-confirm"), buttons.confirm)
    .row()
    .text(t("flow-button-edit"), buttons.edit)
    .row()
    .text(t("flow-button-back"), buttons.back)
    .text(t("flow-button-cancel"), buttons.cancel);
  const prompt = await sendPrompt(scope, card, mainKeyboard);
  for (;;) {
    const input = await waitForInput(scope, prompt);
    if (input.kind === "text") {
      await input.ctx.reply(t("flow-use-buttons"));
      continue;
    }
    const action = input.action;
    if (action.kind === "confirm") return { kind: "confirmed", quote, prompt };
    if (action.kind === "edit") {
      await input.ctx
        .editMessageText(`${card}\n\n${t("flow-edit-which")}`, {
          reply_markup: new InlineKeyboard()
            .text(t("flow-edit-pair"), buttons.editTarget("pair"))
            .text(t("flow-edit-amount"), buttons.editTarget("amount"))
            .row()
            .text(t("flow-edit-destination"), buttons.editTarget("destination"))
            .text(t("flow-edit-refund"), buttons.editTarget("refund"))
            .row()
            .text(t("flow-button-cancel"), buttons.cancel),
        })
        .catch(() => undefined);
      continue;
    }
    if (action.kind === "edit-target") return { kind: "edit", target: action.target, ack: () => retirePrompt(ctx, prompt, card) };
  }
}

/** The lower of the coin's maximum and the one sent with the rate; undefined when neither is known. */
function maxOf(draft: CompleteDraft, fromRate: string | undefined): string | undefined {
  const fromCoin = draft.from.maxAmount;
  if (fromCoin === undefined) return fromRate;
  if (fromRate === undefined) return fromCoin;
  return isAbove(fromCoin, fromRate) ? fromRate : fromCoin;
}
