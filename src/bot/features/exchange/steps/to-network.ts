/** Step "toNetwork": the network of the coin to receive, when its ticker is on several. */
import type { Currency } from "../../../../domain/types.js";
import type { Draft } from "./step.js";
import { defineStep } from "./step.js";
import { sendCoin } from "./from-network.js";
import { networkStep } from "./network.js";
import { toStep } from "./to.js";

export const toNetworkStep = defineStep(
  networkStep({
    id: "toNetwork",
    code: "m",
    role: "to",
    ticker: toStep,
    offered: (index, draft) => {
      const from = sendCoin(draft);
      return from === undefined ? [] : index.targetCurrencies(from.code);
    },
    sendCoin,
  }),
);

/** The coin to receive: the one of its network, or the one its ticker has. */
export function receiveCoin(draft: Draft): Currency | undefined {
  return toNetworkStep.value(draft) ?? toStep.value(draft)?.coin;
}
