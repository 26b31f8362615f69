/** Step "destinationTag": the tag (memo) of the receiving address, for coins that have one. */
import { required } from "../../../../domain/checked.js";
import type { StepRun } from "../types.js";
import { askTag } from "./address.js";

export const destinationTagStep: StepRun = async (scope) => {
  const { value, ack } = await askTag(scope, required(scope.draft.to, "the coin to receive"));
  return { draft: { ...scope.draft, destinationTag: value }, ack };
};
