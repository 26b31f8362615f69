/** Step "refund": the address the sent coins go back to if the exchange fails. */
import { required } from "../../../../domain/checked.js";
import { coinLabel, type Draft } from "../../../../domain/exchange-draft.js";
import type { StepRun } from "../types.js";
import { askAddress } from "./address.js";

export const refundStep: StepRun = async (scope) => {
  const from = required(scope.draft.from, "the coin to send");
  const { value, ack, saved } = await askAddress(scope, from, scope.ctx.t("flow-refund-ask", { from: coinLabel(from) }));
  const draft: Draft = { ...scope.draft, refundAddress: value };
  // A saved address brings its own tag; without one, the tag step asks (never a tag of another address).
  if (saved) {
    if (saved.tag !== undefined) draft.refundTag = saved.tag;
    else delete draft.refundTag;
  }
  return { draft, ack };
};
