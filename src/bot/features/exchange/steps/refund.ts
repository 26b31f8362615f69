/** Step "refund": the address the sent coins go back to if the exchange fails. */
import { addressStep } from "./address.js";
import { coinLabel } from "../../../../domain/coin-label.js";
import { fromNetworkStep, sendCoin } from "./from-network.js";
import { defineStep } from "./step.js";

export const refundStep = defineStep(
  addressStep({
    id: "refund",
    code: "r",
    after: [fromNetworkStep],
    edit: "refund",
    coin: sendCoin,
    question: (io, coin) => io.t("flow-refund-ask", { from: coinLabel(coin) }),
    known: (known, coin) => (known.from === coin.code ? known.refundAddress : undefined),
  }),
);
