/** Step "destination": the address that receives the coins. */
import { required } from "../../../../domain/checked.js";
import { coinLabel } from "../../../../domain/exchange-draft.js";
import type { StepRun } from "../types.js";
import { askAddress } from "./address.js";

export const destinationStep: StepRun = async (scope) => {
  const to = required(scope.draft.to, "the coin to receive");
  const { value, ack } = await askAddress(scope, to, scope.ctx.t("flow-destination-ask", { to: coinLabel(to) }));
  return { draft: { ...scope.draft, destinationAddress: value }, ack };
};
