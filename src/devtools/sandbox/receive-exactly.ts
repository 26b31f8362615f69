/**
 * The SDK's "payment" calls (docs/partner-api.md): the amount to *receive* is what the person
 * fixes, and the service says what to send. `payment/rate` answers `rate` as the total amount of
 * `from` to send (not a unit price), with `minamount` and `maxamount` of `from`;
 * `payment/exchange-create` creates the order that pays out exactly `amountTo`.
 */
import { Decimal } from "decimal.js";
import { ADDRESS_FORMATS, generateTag } from "./address-formats.js";
import { isValidAddress, type SandboxCoin } from "./catalog.js";
import {
  amountParam,
  checkLimits,
  checkPair,
  checkTag,
  coinParam,
  currentRate,
  maximumOf,
  newOrderId,
  ok,
  Refusal,
  required,
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
  const from = coinParam(params, "from", ctx.catalog);
  const to = coinParam(params, "to", ctx.catalog);
  checkPair(ctx.catalog, from, to);
  const send = amountToSend(ctx, from, to, amountTo);
  return ok({ result: true, rate: toJsonNumber(send), minamount: from.minamount, maxamount: maximumOf(ctx, from) });
}

/** `payment/exchange-create`: as exchange-create, with `amountTo` instead of `amount` and no `fix`. */
export function paymentExchangeCreate(params: Params, ctx: EndpointContext): EndpointAnswer {
  const amountTo = amountParam(params, "amountTo");
  const destinationAddress = required(params, "destinationAddress");
  const refundAddress = required(params, "refundAddress");
  const destinationTag = params.destinationTag?.trim() ?? "";
  const refundTag = params.refundTag?.trim() ?? "";
  const from = coinParam(params, "from", ctx.catalog);
  const to = coinParam(params, "to", ctx.catalog);
  checkPair(ctx.catalog, from, to);
  const send = amountToSend(ctx, from, to, amountTo);
  checkLimits(ctx, from, send);
  if (!isValidAddress(to, destinationAddress)) throw new Refusal(`invalid destination address for ${to.code}`);
  checkTag(to, destinationTag, "destinationTag");
  if (!isValidAddress(from, refundAddress)) throw new Refusal(`invalid refund address for ${from.code}`);
  checkTag(from, refundTag, "refundTag");
  const order = ctx.orders.create({
    id: newOrderId(ctx),
    from: from.code,
    to: to.code,
    depositAddress: ADDRESS_FORMATS[from.address].generate(ctx.rng),
    depositTag: from.tagname === "" ? "" : generateTag(ctx.rng),
    destinationAddress,
    destinationTag: to.tagname === "" ? "" : destinationTag,
    refundAddress,
    refundTag: from.tagname === "" ? "" : refundTag,
    expectedAmountFrom: send.toFixed(),
    expectedAmountTo: amountTo.toFixed(),
    amountFrom: send.toFixed(),
  });
  return ok({ id: order.id, depositAddress: order.depositAddress, depositTag: order.depositTag });
}
