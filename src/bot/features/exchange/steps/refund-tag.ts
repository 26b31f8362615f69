/** Step "refundTag": the tag (memo) of the refund address, for coins that have one. */
import { required } from "../../../../domain/checked.js";
import type { StepRun } from "../types.js";
import { askTag } from "./address.js";

export const refundTagStep: StepRun = async (scope) => {
  const { value, ack } = await askTag(scope, required(scope.draft.from, "the coin to send"));
  return { draft: { ...scope.draft, refundTag: value }, ack };
};
