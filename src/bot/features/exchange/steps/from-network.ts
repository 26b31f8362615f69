/** Step "fromNetwork": the network of the coin to send, when its ticker is on several. */
import type { Currency } from "../../../../domain/types.js";
import type { Draft } from "./step.js";
import { defineStep } from "./step.js";
import { fromStep } from "./from.js";
import { networkStep } from "./network.js";

export const fromNetworkStep = defineStep(
  networkStep({
    id: "fromNetwork",
    code: "n",
    role: "from",
    ticker: fromStep,
    offered: (index) => index.sendable,
    sendCoin: () => undefined,
  }),
);

/** The coin to send: the one of its network, or the one its ticker has. */
export function sendCoin(draft: Draft): Currency | undefined {
  return fromNetworkStep.value(draft) ?? fromStep.value(draft)?.coin;
}
