/**
 * The SDK's "payment" calls (docs/partner-api.md): the amount to *receive* is what the person
 * fixes, and the service says what to send. `payment/rate` answers `rate` as the total amount of
 * `from` to send (not a unit price), with `minamount` and `maxamount` of `from`;
 * `payment/exchange-create` creates the order that pays out exactly `amountTo`.
 */
import { Decimal } from "decimal.js";
import type { SandboxCoin } from "./catalog.js";
import {
  amountParam,
  checkAddresses,
  checkLimits,
  createAddresses,
  currentRate,
  maximumOf,
  ok,
  openOrder,
  pairParams,
  Refusal,
  toJsonNumber,
  type EndpointAnswer,
  type EndpointContext,
  type Params,
} from "./endpoints.js";

/**
 * What must be sent of `from` for `amountTo` of `to` to arrive after the withdrawal fee: the
 * floating rate run backwards, rounded up to the coin's decimals (never a unit short).
 */
function amountToSend(ctx: EndpointContext, from: SandboxCoin, to: SandboxCoin, amountTo: Decimal): Decimal {
  const gross = amountTo.plus(to.withdrawalFee);
  const perUnit = currentRate(ctx, from, to, 1, false);
  if (perUnit.lte(0)) throw new Refusal(`pair ${from.code}/${to.code} has no rate`);
  return gross.div(perUnit).toDecimalPlaces(from.decimals, Decimal.ROUND_UP);
}

/** `payment/rate`: `rate` is the amount of `from` to send; the limits are `from`'s, for the person to check. */
export function paymentRate(params: Params, ctx: EndpointContext): EndpointAnswer {
  const amountTo = amountParam(params, "amountTo");
  const { from, to } = pairParams(params, ctx.catalog);
  const send = amountToSend(ctx, from, to, amountTo);
  return ok({ result: true, rate: toJsonNumber(send), minamount: from.minamount, maxamount: maximumOf(ctx, from) });
}

/** `payment/exchange-create`: as exchange-create, with `amountTo` instead of `amount` and no `fix`. */
export function paymentExchangeCreate(params: Params, ctx: EndpointContext): EndpointAnswer {
  const amountTo = amountParam(params, "amountTo");
  const addresses = createAddresses(params);
  const { from, to } = pairParams(params, ctx.catalog);
  const send = amountToSend(ctx, from, to, amountTo);
  checkLimits(ctx, from, send);
  checkAddresses(addresses, from, to);
  return openOrder(ctx, { from, to, addresses, send, receive: amountTo });
}
