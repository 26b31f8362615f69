/** Step "from": the coin to send, its ticker first (steps/from-network.ts asks the network). */
import { coinListStep } from "./pick-coin.js";
import { defineStep } from "./step.js";

export const fromStep = defineStep(
  coinListStep({
    id: "from",
    code: "f",
    after: [],
    offered: (index) => index.sendable,
    heading: (io) => io.t("flow-pick-from"),
    picked: (io, label) => io.t("flow-picked-from", { coin: label }),
    // No coin at all: only a broken service answers with an empty catalog; Retry asks it again.
    none: () => ({ kind: "retry", failure: { kind: "internal" } }),
    openApp: true,
  }),
);
