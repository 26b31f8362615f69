/** Step "to": the coin to receive, among the open pairs of the coin sent; its ticker first. */
import { coinLabel } from "../../../../domain/coin-label.js";
import { sendCoin } from "./from-network.js";
import { coinListStep } from "./pick-coin.js";
import { defineStep } from "./step.js";

export const toStep = defineStep(
  coinListStep({
    id: "to",
    code: "t",
    // Not cleared when the coin sent changes: it is only ever asked after it (Back, Edit), and a
    // coin picked again as it was keeps the receiving address.
    after: [],
    offered: (index, draft) => {
      const from = sendCoin(draft);
      return from === undefined ? [] : index.targetCurrencies(from.code);
    },
    heading: (io, draft) => io.t("flow-pick-to", { from: labelOfSent(draft) }),
    picked: (io, label) => io.t("flow-picked-to", { coin: label }),
    // Nothing to exchange this coin for: back to the coin to send.
    none: (io, draft) => ({ kind: "back", say: io.t("flow-no-targets", { from: labelOfSent(draft) }) }),
  }),
);

function labelOfSent(draft: Parameters<typeof sendCoin>[0]): string {
  const from = sendCoin(draft);
  return from === undefined ? "" : coinLabel(from);
}
