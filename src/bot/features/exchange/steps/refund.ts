/** Step "refund": the address the sent coins go back to if the exchange fails. */
import { required } from "../../../../domain/checked.js";
import { coinLabel } from "../../../../domain/exchange-draft.js";
import type { StepRun } from "../types.js";
import { askAddress } from "./address.js";

export const refundStep: StepRun = async (scope) => {
  const from = required(scope.draft.from, "the coin to send");
  const { value, ack } = await askAddress(scope, from, scope.ctx.t("flow-refund-ask", { from: coinLabel(from) }));
  return { draft: { ...scope.draft, refundAddress: value }, ack };
};
