/** Step "refundTag": the tag (memo) of the refund address, for coins that have one. */
import { tagStep } from "./address.js";
import { sendCoin } from "./from-network.js";
import { refundStep } from "./refund.js";
import { defineStep } from "./step.js";

export const refundTagStep = defineStep(
  tagStep({ id: "refundTag", code: "h", edit: "refund", address: refundStep, coin: sendCoin, known: (k) => k.refundTag }),
);
