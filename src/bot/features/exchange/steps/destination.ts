/** Step "destination": the address that receives the coins. */
import { required } from "../../../../domain/checked.js";
import { coinLabel, type Draft } from "../../../../domain/exchange-draft.js";
import type { StepRun } from "../types.js";
import { askAddress } from "./address.js";

export const destinationStep: StepRun = async (scope) => {
  const to = required(scope.draft.to, "the coin to receive");
  const { value, ack, saved } = await askAddress(scope, to, scope.ctx.t("flow-destination-ask", { to: coinLabel(to) }));
  const draft: Draft = { ...scope.draft, destinationAddress: value };
  // A saved address brings its own tag; without one, the tag step asks (never a tag of another address).
  if (saved) {
    if (saved.tag !== undefined) draft.destinationTag = saved.tag;
    else delete draft.destinationTag;
  }
  return { draft, ack };
};
