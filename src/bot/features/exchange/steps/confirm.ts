/**
 * Step "confirm": the card (a fresh quote and every value, with Confirm, Edit and Cancel). Confirm
 * creates the exchange once, on the quote the person saw (create-flow.ts); a fixed quote, or the
 * figure to send of "receive exactly", is asked again right before (the service publishes no
 * lifetime for it), and a figure that moved is shown for the person to confirm again.
 */
import { InlineKeyboard } from "grammy";
import { exceededMaximum, isAbove } from "../../../../domain/amount.js";
import type { Order } from "../../../../domain/order.js";
import { countFunnel } from "../../../../support/funnel.js";
import { confirmCardText } from "../../../ui/exchange-messages.js";
import { type ShownQuote } from "../../../../domain/quote.js";
import { failureText } from "../../../../exchange/partner-call.js";
import { amountStep, aboveMaxText } from "./amount.js";
import { fetchFlowQuote, quoteMoved, type QuoteKind } from "../../../../exchange/quote.js";
import { orderOf } from "./order.js";
import { defineStep, type Draft, type StepIO } from "./step.js";

/** The quote on the card, and whether the card shows the Edit choices. */
export interface CardView {
  quote: ShownQuote;
  kind: QuoteKind;
  /** The figure changed when it was asked again before the create: said above the card. */
  moved?: true;
  editing?: true;
}

function orderIn(draft: Draft): Order {
  const order = orderOf(draft);
  if (order === undefined) throw new Error("internal error: the card without a whole order");
  return order;
}

/** The lower of the coin's maximum and the one sent with the quote; undefined when neither is known. */
function maxOf(order: Order, fromQuote: string | undefined): string | undefined {
  const fromCoin = order.from.maxAmount;
  if (fromCoin === undefined) return fromQuote;
  if (fromQuote === undefined) return fromCoin;
  return isAbove(fromCoin, fromQuote) ? fromQuote : fromCoin;
}

export const confirmStep = defineStep<never, CardView>({
  id: "confirm",
  code: "c",
  after: [],
  /**
   * The card's quote, asked once (and counted as the flow's "quoted" when none was shown before: a
   * flow opened from an inline result or a deep link with a pair and an amount comes straight here).
   * An amount over the maximum (the coin's, or the quote's) is never offered for Confirm.
   */
  async enter(io, draft) {
    const order = orderIn(draft);
    const countQuote = !draft.quoted;
    const rate = await io.call("rate", async (deps) => {
      const result = await fetchFlowQuote(deps, order);
      if (countQuote && !isAbove(result.quote.amountFrom, maxOf(order, result.maxAmount))) await countFunnel(deps.store, "quoted");
      return result;
    });
    if (!rate.ok) {
      if (rate.failure.kind !== "rejected") return { kind: "retry", failure: rate.failure };
      // The amount no longer fits (the service refuses it now): say why, and ask for it again.
      return { kind: "clear", steps: [amountStep], say: failureText(io.t, rate.failure) };
    }
    const max = exceededMaximum(rate.value.quote.amountFrom, maxOf(order, rate.value.maxAmount));
    if (max !== undefined) return { kind: "clear", steps: [amountStep], say: aboveMaxText(io.t, order.from, max) };
    return { kind: "view", view: { quote: rate.value.quote, kind: rate.value.kind }, quoted: true };
  },
  prompt(io, draft, view) {
    const card = cardText(io, draft, view);
    const b = io.buttons;
    if (view.editing) {
      const keyboard = new InlineKeyboard();
      io.editGroups.forEach((group, i) => {
        keyboard.text(io.t(`flow-edit-${group}`), b.editTarget(group));
        if (i % 2 === 1) keyboard.row();
      });
      return { text: `${card}\n\n${io.t("flow-edit-which")}`, keyboard: keyboard.row(), noBack: true };
    }
    return {
      text: view.moved ? `${io.t("flow-quote-moved")}\n\n${card}` : card,
      keyboard: new InlineKeyboard().text(io.t("flow-button-confirm"), b.confirm).row().text(io.t("flow-button-edit"), b.edit),
    };
  },
  async onButton(io, draft, view, action) {
    switch (action.kind) {
      case "edit":
        return { kind: "view", view: { ...view, editing: true }, inPlace: true };
      case "edit-target":
        if (!io.editGroups.includes(action.target)) return { kind: "stay" };
        return { kind: "edit", group: action.target, ack: { edit: cardText(io, draft, view) } };
      case "confirm":
        return confirm(io, draft, view);
      default:
        return { kind: "stay" };
    }
  },
  async onText(io) {
    await io.say(io.t("flow-use-buttons"));
    return { kind: "stay" };
  },
});

/** The card's text for the quote in `view`. */
function cardText(io: StepIO, draft: Draft, view: CardView): string {
  return confirmCardText(io.t, orderIn(draft), view.quote, view.kind);
}

/** Confirm pressed: a floating quote is created as shown; any other is asked again first. */
async function confirm(io: StepIO, draft: Draft, view: CardView) {
  if (view.kind === "floating") return { kind: "create" as const, quote: view.quote, quoteKind: view.kind };
  const fresh = await io.call("rate:before-create", (deps) => fetchFlowQuote(deps, orderIn(draft)));
  if (!fresh.ok) {
    if (fresh.failure.kind !== "rejected") return { kind: "retry" as const, failure: fresh.failure };
    return { kind: "clear" as const, steps: [amountStep], say: failureText(io.t, fresh.failure) };
  }
  if (!quoteMoved({ quote: view.quote, kind: view.kind }, fresh.value)) {
    return { kind: "create" as const, quote: fresh.value.quote, quoteKind: fresh.value.kind };
  }
  return { kind: "view" as const, view: { quote: fresh.value.quote, kind: fresh.value.kind, moved: true as const } };
}
