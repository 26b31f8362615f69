/**
 * "Receive exactly" (capability `receive`; the service's SDK, docs/partner-api.md): `payment/rate`
 * (`from`, `to`, `amountTo`) answers `rate` as the **total amount of `from` to send** for exactly
 * `amountTo` to arrive, with `minamount` and `maxamount` (of `from`, as the SDK's example shows);
 * `payment/exchange-create` creates the order with `amountTo` instead of `amount`, and no `fix`.
 */
import { z } from "zod";
import type { PaymentQuote } from "../domain/types.js";
import { decimalString, optionalLimit } from "./schema.js";

/** The `payment/rate` answer, tolerant like every schema of schema.ts. */
export const paymentRateSchema = z.looseObject({
  result: z.boolean().optional(),
  rate: decimalString,
  minamount: optionalLimit,
  maxamount: optionalLimit,
});

/** The answer as the bot keeps it. */
export function toPaymentQuote(amountTo: string, answer: z.output<typeof paymentRateSchema>): PaymentQuote {
  const quote: PaymentQuote = { amountTo, amountFrom: answer.rate };
  if (answer.minamount !== undefined) quote.minAmount = answer.minamount;
  if (answer.maxamount !== undefined) quote.maxAmount = answer.maxamount;
  return quote;
}
