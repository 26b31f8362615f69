/** Step "destinationTag": the tag (memo) of the receiving address, for coins that have one. */
import { tagStep } from "./address.js";
import { destinationStep } from "./destination.js";
import { defineStep } from "./step.js";
import { receiveCoin } from "./to-network.js";

export const destinationTagStep = defineStep(
  tagStep({
    id: "destinationTag",
    code: "g",
    edit: "destination",
    address: destinationStep,
    coin: receiveCoin,
    known: (k) => k.destinationTag,
  }),
);
