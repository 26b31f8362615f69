/**
 * payment/emergency (beyond our contract; the service's SDK, `handleEmergency`): what to do with a
 * deposit the service holds for an order in `payment_time_expired`. `needExchange` 1 continues at
 * the market rate, 0 refunds minus the miner fee to `refundAddress` (required then), with an
 * optional `refundTag`. The answer is `{"result": true}`.
 *
 * Not a read: the client sends it again only when it provably never left, like exchange-create.
 */
import { z } from "zod";

/** The person's choice, as sent. */
export interface EmergencyRequest {
  id: string;
  choice: "continue" | "refund";
  /** Required for a refund. */
  refundAddress?: string;
  refundTag?: string;
}

/** The query parameters of a request (the key is the client's). */
export function emergencyParams(r: EmergencyRequest): Record<string, string | undefined> {
  if (r.choice === "refund" && !r.refundAddress) throw new RangeError("payment/emergency: a refund needs a refund address");
  return {
    id: r.id,
    needExchange: r.choice === "continue" ? "1" : "0",
    refundAddress: r.choice === "refund" ? r.refundAddress : undefined,
    refundTag: r.choice === "refund" ? r.refundTag : undefined,
  };
}

/** The answer: `result: true` (a `result: false` is a refusal, thrown before this is read). */
export const emergencyAnswerSchema = z.looseObject({ result: z.literal(true) });
