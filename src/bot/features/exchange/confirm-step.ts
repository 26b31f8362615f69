/** The confirmation card: a fresh quote and every value, with Confirm, Edit and Cancel. */
import { InlineKeyboard } from "grammy";
import type { Draft, EditTarget } from "../../../domain/exchange-draft.js";
import { confirmCardText, toShownQuote, type ShownQuote } from "../../ui/exchange-messages.js";
import { EDIT_CALLBACK, FLOW } from "./callbacks.js";
import { retirePrompt, sendPrompt, waitForInput } from "./input.js";
import { callPartnerWithRetry, failureText } from "./partner-call.js";
import type { FlowContext, FlowConversation } from "./types.js";

export type CompleteDraft = Draft & Required<Pick<Draft, "from" | "to" | "amount" | "destinationAddress" | "refundAddress">>;

export type ConfirmResult = { kind: "confirmed"; quote: ShownQuote } | { kind: "edit"; target: EditTarget } | { kind: "rejected" };

/** Shows the card (one fresh `rate`) and waits for the decision. */
export async function confirmExchange(conversation: FlowConversation, ctx: FlowContext, draft: CompleteDraft): Promise<ConfirmResult> {
  const t = ctx.t.bind(ctx);
  const rate = await callPartnerWithRetry(conversation, ctx, "rate", (deps) => deps.partner.rate(draft.from.code, draft.to.code, draft.amount));
  if (!rate.ok) {
    // The amount no longer fits (e.g. the maximum changed): say why and go back to the amount.
    await ctx.reply(failureText(ctx, rate.failure), { parse_mode: "HTML" });
    return { kind: "rejected" };
  }
  const quote = toShownQuote(draft.amount, draft.from.code, draft.to.code, rate.value);
  const card = confirmCardText(t, draft, quote);
  const mainKeyboard = new InlineKeyboard()
    .text(t("flow-button-confirm"), FLOW.confirm)
    .row()
    .text(t("flow-button-edit"), FLOW.edit)
    .row()
    .text(t("flow-button-back"), FLOW.back)
    .text(t("flow-button-cancel"), FLOW.cancel);
  const prompt = await sendPrompt(ctx, card, mainKeyboard);
  for (;;) {
    const input = await waitForInput(conversation, prompt);
    if (input.kind === "text") {
      await input.ctx.reply(t("flow-use-buttons"));
      continue;
    }
    if (input.data === FLOW.confirm) {
      await retirePrompt(ctx, prompt);
      return { kind: "confirmed", quote };
    }
    if (input.data === FLOW.edit) {
      await input.ctx.editMessageText(`${card}\n\n${t("flow-edit-which")}`, {
        parse_mode: "HTML",
        reply_markup: new InlineKeyboard()
          .text(t("flow-edit-pair"), FLOW.editTarget("pair"))
          .text(t("flow-edit-amount"), FLOW.editTarget("amount"))
          .row()
          .text(t("flow-edit-destination"), FLOW.editTarget("destination"))
          .text(t("flow-edit-refund"), FLOW.editTarget("refund"))
          .row()
          .text(t("flow-button-cancel"), FLOW.cancel),
      });
      continue;
    }
    const edit = EDIT_CALLBACK.exec(input.data);
    if (edit) {
      await retirePrompt(ctx, prompt, card);
      return { kind: "edit", target: edit[1] as EditTarget };
    }
  }
}
