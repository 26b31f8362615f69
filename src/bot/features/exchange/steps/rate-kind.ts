/**
 * Step "rateKind" (capability `fixed`): fixed or floating, each with the service's figure for the
 * amount. Fixed: the amount shown is what arrives if the deposit arrives in time; floating: an
 * estimate that may change until the deposit is exchanged. The SDK publishes no quote id or
 * lifetime, so none is shown: the card asks again, and the create is preceded by a fresh quote.
 */
import { InlineKeyboard } from "grammy";
import { formatAmount } from "../../../../domain/amount.js";
import type { RateKind } from "../../../../domain/order.js";
import { isPartnerError } from "../../../../partner/errors.js";
import { failureText } from "../../../../exchange/partner-call.js";
import { amountStep } from "./amount.js";
import { coinLabel } from "../../../../domain/coin-label.js";
import { plainOf } from "../../../../messages/html.js";
import { fetchFlowQuote } from "../../../../exchange/quote.js";
import { sendCoin } from "./from-network.js";
import { receiveCoin } from "./to-network.js";
import { defineStep, type Draft } from "./step.js";

/** The service's figure of each kind (with no fixed one, the step answers itself as floating). */
interface RateKindView {
  floating: string;
  fixed: string;
}

/** The pair and amount the quotes are asked for. */
function requestOf(draft: Draft) {
  const from = sendCoin(draft);
  const to = receiveCoin(draft);
  const amount = amountStep.value(draft)?.amount;
  if (from === undefined || to === undefined || amount === undefined) throw new Error("internal error: the rate step without its amount");
  return { from, to, amount, ...(draft.offers ? { offers: draft.offers } : {}) };
}

export const rateKindStep = defineStep<RateKind, RateKindView>({
  id: "rateKind",
  code: "k",
  after: [amountStep],
  edit: "amount",
  // A "receive exactly" order has no `fix` (the SDK sends none): there is nothing to choose.
  applies: (draft) => draft.offers?.fixed === true && amountStep.value(draft)?.amountTo === undefined,
  recall: (known, draft) => (known.fix === undefined || !draft.offers?.fixed ? undefined : known.fix ? "fixed" : "floating"),
  async enter(io, draft) {
    const request = requestOf(draft);
    const quotes = await io.call("rate:kinds", async (deps) => {
      const floating = await fetchFlowQuote(deps, { ...request, rateKind: "floating" });
      // A refusal of the fixed quote alone (the pair has none now) leaves the floating one to take.
      const fixed = await fetchFlowQuote(deps, { ...request, rateKind: "fixed" }).catch((err: unknown) => {
        if (isPartnerError(err, "rejected")) return undefined;
        throw err;
      });
      return { floating: floating.quote.amountTo, fixed: fixed?.kind === "fixed" ? fixed.quote.amountTo : null };
    });
    if (!quotes.ok) {
      if (quotes.failure.kind !== "rejected") return { kind: "retry", failure: quotes.failure };
      // The amount no longer fits: say why, and ask for it again.
      return { kind: "clear", steps: [amountStep], say: failureText(io.t, quotes.failure) };
    }
    const { floating, fixed } = quotes.value;
    const to = coinLabel(request.to);
    if (fixed === null) {
      return { kind: "answer", value: "floating", say: io.t("flow-rate-kind-no-fixed", { amountTo: formatAmount(floating), to }) };
    }
    return { kind: "view", view: { floating, fixed }, quoted: true };
  },
  prompt(io, draft, view) {
    const to = coinLabel(requestOf(draft).to);
    const fixed = formatAmount(view.fixed);
    const floating = formatAmount(view.floating);
    return {
      text: io.t("flow-rate-kind-ask", { fixed, floating, to }),
      keyboard: new InlineKeyboard()
        .text(plainOf(io.t("flow-rate-kind-button-fixed", { amountTo: fixed, to })), io.buttons.fixed)
        .row()
        .text(plainOf(io.t("flow-rate-kind-button-floating", { amountTo: floating, to })), io.buttons.floating),
    };
  },
  onButton(io, draft, view, action) {
    if (action.kind !== "fixed" && action.kind !== "floating") return Promise.resolve({ kind: "stay" });
    const chosen = action.kind;
    const to = coinLabel(requestOf(draft).to);
    const amountTo = formatAmount(chosen === "fixed" ? view.fixed : view.floating);
    const key = chosen === "fixed" ? "flow-rate-kind-chosen-fixed" : "flow-rate-kind-chosen-floating";
    return Promise.resolve({ kind: "answer", value: chosen, ack: { edit: io.t(key, { amountTo, to }) } });
  },
  async onText(io) {
    await io.say(io.t("flow-use-buttons"));
    return { kind: "stay" };
  },
});
