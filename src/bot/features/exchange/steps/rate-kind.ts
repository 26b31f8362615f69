/**
 * Step "rateKind" (capability `fixed`): fixed or floating, each with the service's figure for the
 * amount. Fixed: the amount shown is what arrives if the deposit arrives in time; floating: an
 * estimate that may change until the deposit is exchanged. The SDK publishes no quote id or
 * lifetime, so none is shown: the card asks again, and the create is preceded by a fresh quote.
 */
import { InlineKeyboard } from "grammy";
import { clearStep, coinLabel, type Draft, type RateKind } from "../../../../domain/exchange-draft.js";
import { formatAmount } from "../../../../domain/amount.js";
import { isPartnerError } from "../../../../partner/errors.js";
import { stepButtons } from "../callbacks.js";
import { retirePrompt, sendPrompt, waitForInput } from "../input.js";
import { callPartnerWithRetry, failureText } from "../partner-call.js";
import { markQuoted, type StepRun } from "../types.js";
import { fetchFlowQuote } from "./flow-quote.js";

type QuotedDraft = Draft & Required<Pick<Draft, "from" | "to" | "amount">>;

export const rateKindStep: StepRun = async (scope) => {
  const { ctx } = scope;
  const t = ctx.t.bind(ctx);
  const draft = scope.draft as QuotedDraft;
  const to = coinLabel(draft.to);
  const quotes = await callPartnerWithRetry(scope, "rate:kinds", async (deps) => {
    const floating = await fetchFlowQuote(deps, { ...draft, rateKind: "floating" });
    // A refusal of the fixed quote alone (the pair has none now) leaves the floating one to take.
    const fixed = await fetchFlowQuote(deps, { ...draft, rateKind: "fixed" }).catch((err: unknown) => {
      if (isPartnerError(err, "rejected")) return undefined;
      throw err;
    });
    return { floating: floating.quote.amountTo, fixed: fixed?.kind === "fixed" ? fixed.quote.amountTo : null };
  });
  if (!quotes.ok) {
    // The amount no longer fits: say why, and ask for it again.
    await ctx.reply(failureText(ctx, quotes.failure));
    return { draft: clearStep(draft, "amount") };
  }
  markQuoted(scope);
  const { floating, fixed } = quotes.value;
  if (fixed === null) {
    const accepted: Draft = { ...scope.draft, rateKind: "floating" };
    const ack = async (): Promise<void> => {
      await ctx.reply(t("flow-rate-kind-no-fixed", { amountTo: formatAmount(floating), to }));
    };
    return { draft: accepted, ack };
  }
  const buttons = stepButtons("rateKind");
  const prompt = await sendPrompt(
    scope,
    t("flow-rate-kind-ask", { fixed: formatAmount(fixed), floating: formatAmount(floating), to }),
    new InlineKeyboard()
      .text(t("flow-rate-kind-button-fixed", { amountTo: formatAmount(fixed), to }), buttons.fixed)
      .row()
      .text(t("flow-rate-kind-button-floating", { amountTo: formatAmount(floating), to }), buttons.floating)
      .row()
      .text(t("flow-button-back"), buttons.back)
      .text(t("flow-button-cancel"), buttons.cancel),
  );
  for (;;) {
    const input = await waitForInput(scope, prompt);
    if (input.kind === "button" && (input.action.kind === "fixed" || input.action.kind === "floating")) {
      const rateKind: RateKind = input.action.kind;
      return {
        draft: { ...scope.draft, rateKind },
        ack: () =>
          retirePrompt(
            ctx,
            prompt,
            t(rateKind === "fixed" ? "flow-rate-kind-chosen-fixed" : "flow-rate-kind-chosen-floating", {
              amountTo: formatAmount(rateKind === "fixed" ? fixed : floating),
              to,
            }),
          ),
      };
    }
    await input.ctx.reply(t("flow-use-buttons"));
  }
};
