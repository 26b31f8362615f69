/**
 * Step "confirm": the card (a fresh quote and every value, with Confirm, Edit and Cancel). Confirm
 * creates the exchange once, on the quote the person saw (create-flow.ts); a fixed quote, or the
 * figure to send of "receive exactly", is asked again right before (the service publishes no
 * lifetime for it), and a figure that moved is shown for the person to confirm again.
 */
import { InlineKeyboard } from "grammy";
import type { Order } from "../../../../domain/order.js";
import { confirmCardText } from "../../../ui/exchange-messages.js";
import { joinHtml, type HtmlText } from "../../../../messages/html.js";
import { type ShownQuote } from "../../../../domain/quote.js";
import { cardQuote, quoteToCreate } from "../../../../exchange/checks.js";
import type { QuoteKind } from "../../../../exchange/quote.js";
import { amountStep } from "./amount.js";
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
    const card = await cardQuote(io, orderIn(draft), !draft.quoted);
    if ("failure" in card) return { kind: "retry", failure: card.failure };
    // The amount no longer fits (the service refuses it now, or its maximum is lower): said, and asked again.
    if (!card.ok) return { kind: "clear", steps: [amountStep], say: card.said };
    return { kind: "view", view: { quote: card.value.quote, kind: card.value.kind }, quoted: true };
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
      return { text: joinHtml([card, io.t("flow-edit-which")], "\n\n"), keyboard: keyboard.row(), noBack: true };
    }
    return {
      text: view.moved ? joinHtml([io.t("flow-quote-moved"), card], "\n\n") : card,
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
function cardText(io: StepIO, draft: Draft, view: CardView): HtmlText {
  return confirmCardText(io.t, orderIn(draft), view.quote, view.kind);
}

/** Confirm pressed: created on the quote shown, or on a fresh one when it did not move; a moved one is shown. */
async function confirm(io: StepIO, draft: Draft, view: CardView) {
  const fresh = await quoteToCreate(io, orderIn(draft), view);
  if ("failure" in fresh) return { kind: "retry" as const, failure: fresh.failure };
  if (!fresh.ok) return { kind: "clear" as const, steps: [amountStep], say: fresh.said };
  const { quote, kind, moved } = fresh.value;
  if (!moved) return { kind: "create" as const, quote, quoteKind: kind };
  return { kind: "view" as const, view: { quote, kind, moved: true as const } };
}
