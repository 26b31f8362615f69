/** Step "destination": the address that receives the coins. */
import { addressStep } from "./address.js";
import { coinLabel } from "../../../../domain/coin-label.js";
import { defineStep } from "./step.js";
import { receiveCoin, toNetworkStep } from "./to-network.js";

export const destinationStep = defineStep(
  addressStep({
    id: "destination",
    code: "d",
    after: [toNetworkStep],
    edit: "destination",
    coin: receiveCoin,
    question: (io, coin) => io.t("flow-destination-ask", { to: coinLabel(coin) }),
    known: (known, coin) => (known.to === coin.code ? known.destinationAddress : undefined),
  }),
);
