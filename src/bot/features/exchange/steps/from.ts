/** Step "from": the coin to send. */
import { chooseFrom } from "../../../../domain/exchange-draft.js";
import type { StepRun } from "../types.js";
import { pickCoin } from "./pick-coin.js";

export const fromStep: StepRun = async (scope) => {
  const { draft } = scope;
  const { coin, ack } = await pickCoin(scope, "from", undefined);
  // Only whether the coin still goes to the one already chosen is kept, not its target list.
  const receiving = draft.to ?? draft.replacing?.to;
  const keepsReceiving =
    receiving !== undefined &&
    (await scope.conversation.external(async (octx) => (await octx.deps.catalog.index()).canExchange(coin.code, receiving.code)));
  return { draft: chooseFrom(draft, coin, keepsReceiving ? [receiving.code] : []), ack };
};
