/** Step "to": the coin to receive, among the open pairs of the coin to send. */
import { chooseTo } from "../../../../domain/exchange-draft.js";
import type { StepRun } from "../types.js";
import { pickCoin } from "./pick-coin.js";

export const toStep: StepRun = async (scope) => {
  const { coin, ack } = await pickCoin(scope, "to", scope.draft.from);
  return { draft: chooseTo(scope.draft, coin), ack };
};
