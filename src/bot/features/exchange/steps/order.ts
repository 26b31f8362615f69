/** The whole exchange a draft describes, once every step before the card is answered. */
import type { Order } from "../../../../domain/order.js";
import { tagOf } from "./address.js";
import { amountStep } from "./amount.js";
import { destinationStep } from "./destination.js";
import { destinationTagStep } from "./destination-tag.js";
import { sendCoin } from "./from-network.js";
import { rateKindStep } from "./rate-kind.js";
import { refundStep } from "./refund.js";
import { refundTagStep } from "./refund-tag.js";
import type { Draft } from "./step.js";
import { receiveCoin } from "./to-network.js";

/** The order of `draft`; undefined while a value it needs is missing. */
export function orderOf(draft: Draft): Order | undefined {
  const from = sendCoin(draft);
  const to = receiveCoin(draft);
  const amount = amountStep.value(draft);
  const destination = destinationStep.value(draft);
  const refund = refundStep.value(draft);
  if (!from || !to || !amount || !destination || !refund) return undefined;
  const rateKind = rateKindStep.value(draft);
  return {
    from,
    to,
    amount: amount.amount,
    ...(amount.amountTo !== undefined ? { amountTo: amount.amountTo } : {}),
    ...(rateKind !== undefined ? { rateKind } : {}),
    ...(draft.offers ? { offers: draft.offers } : {}),
    destinationAddress: destination.address,
    destinationTag: to.tagName ? (tagOf(draft, destinationStep, destinationTagStep) ?? "") : "",
    refundAddress: refund.address,
    refundTag: from.tagName ? (tagOf(draft, refundStep, refundTagStep) ?? "") : "",
  };
}
