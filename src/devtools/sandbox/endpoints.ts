/**
 * The six endpoints of the Partner API spec, and those of the service's SDK, as functions from query
 * parameters to an HTTP answer (receive-exactly.ts has the two of "receive exactly";
 * handle-endpoint.ts picks one). No HTTP here: server.ts does routing, auth, faults and latency.
 *
 * Error conventions (the spec leaves them open; these are the sandbox's):
 * - a missing or malformed parameter → HTTP 400 `{ result: false, error: "<names the parameter>" }`;
 * - a business refusal (minimum, maximum, pair, address, tag, unknown id) → HTTP 200
 *   `{ result: false, error: "..." }`.
 */
import { Decimal } from "decimal.js";
import { ADDRESS_FORMATS, generateTag } from "./address-formats.js";
import { computeRate, isValidAddress, maxAmountAsServed, tagProblem, type SandboxCatalog, type SandboxCoin } from "./catalog.js";
import { formatSpecDate, type MutableOrderBook } from "./orders.js";
import { randomString, type Rng } from "./random.js";
import { ALL_PARTNER_FEATURES, type PartnerFeature, type PartnerFeatures } from "../../partner/features.js";

/** What an endpoint answers: a body to serialise, or one already serialised (the catalog answers). */
export type EndpointAnswer = { status: number; body: unknown } | { status: number; raw: Buffer };

/** What the endpoints need from the server. */
export interface EndpointContext {
  variant: "new" | "old";
  /** The coins served: the small catalog or the large one. */
  catalog: SandboxCatalog;
  orders: MutableOrderBook;
  /** Seeded randomness for ids, deposit addresses and tags. */
  rng: Rng;
  /**
   * false: amounts above a coin's maximum are quoted and created anyway, with the maximum sent
   * beside the rate, as the real service of issue 15 did. Default true (refused).
   */
  enforceMaximum?: boolean;
  /** Maximums changed at run time (`sandbox.setMaximum`), by coin code; the coin's own otherwise. */
  maximums?: ReadonlyMap<string, string>;
  /** What the sandbox offers beyond the contract (see server.ts `features`); all when absent. */
  features?: PartnerFeatures;
  /**
   * Every quote and order is multiplied by this (default 1): `sandbox.moveRates(percent)`, so a
   * test or the playground can move the market between a quote and a create.
   */
  rateFactor?: Decimal;
  /** A request header by its lower-case name (exchanges-status carries its ids in `ids`). */
  header?: (name: string) => string | undefined;
  /** Every deposit address this long (server.ts `depositAddressLength`); the coin's own when absent. */
  depositAddressLength?: number;
}

/** How much less a fixed quote buys than a floating one: the service carries the risk of the move. */
const FIXED_RATE_DISCOUNT = new Decimal("0.01");

/**
 * The amount of `to` that `amount` of `from` buys now, at the market's current move, fixed (a
 * little less) or floating.
 */
export function currentRate(ctx: EndpointContext, from: SandboxCoin, to: SandboxCoin, amount: Decimal.Value, fixed: boolean): Decimal {
  let rate = computeRate(from, to, amount).mul(ctx.rateFactor ?? 1);
  if (fixed) rate = rate.mul(new Decimal(1).minus(FIXED_RATE_DISCOUNT));
  return rate.toDecimalPlaces(to.decimals, Decimal.ROUND_DOWN);
}

/**
 * Whether this request asks for a fixed rate: `fix=1` while the sandbox offers `fixed`. Without
 * the capability `fix` is an unknown parameter and ignored, as a service of our contract would.
 */
function asksFixed(params: Params, ctx: EndpointContext): boolean {
  return offersFixed(ctx) && params.fix?.trim() === "1";
}

function offersFixed(ctx: EndpointContext): boolean {
  return (ctx.features ?? ALL_PARTNER_FEATURES).has("fixed");
}

/** The coin's maximum now: changed at run time, else its own; served in the JSON type of its minamount. */
export function maximumOf(ctx: EndpointContext, coin: SandboxCoin): string | number {
  const changed = ctx.maximums?.get(coin.code);
  return changed === undefined ? maxAmountAsServed(coin) : typeof coin.minamount === "number" ? Number(changed) : changed;
}

export type Params = Record<string, string>;

/** A bad or missing parameter: answered with HTTP 400. */
export class ParamError extends Error {}

/** A business refusal: answered with HTTP 200 and result false. */
export class Refusal extends Error {}

function required(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value.trim() === "") throw new ParamError(`missing parameter: ${name}`);
  return value.trim();
}

const AMOUNT = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function amountParam(params: Params, name: string): Decimal {
  const raw = required(params, name);
  if (!AMOUNT.test(raw)) throw new ParamError(`invalid parameter: ${name} must be a positive number`);
  const value = new Decimal(raw);
  if (value.lte(0)) throw new ParamError(`invalid parameter: ${name} must be a positive number`);
  return value;
}

function coinParam(params: Params, name: string, catalog: SandboxCatalog): SandboxCoin {
  const code = required(params, name).toUpperCase();
  const coin = catalog.find(code);
  if (!coin) throw new Refusal(`unknown currency: ${code}`);
  if (!coin.available) throw new Refusal(`currency ${code} is temporarily unavailable`);
  return coin;
}

export function checkLimits(ctx: EndpointContext, coin: SandboxCoin, amount: Decimal): void {
  const min = new Decimal(coin.minamount);
  if (amount.lt(min)) throw new Refusal(`amount below minimum ${min.toFixed()} ${coin.code}`);
  const max = new Decimal(maximumOf(ctx, coin));
  if (ctx.enforceMaximum !== false && amount.gt(max)) throw new Refusal(`amount exceeds maximum ${max.toFixed()} ${coin.code}`);
}

/** The coins a request names as `from` and `to`: each known and available, and the pair offered. */
export function pairParams(params: Params, catalog: SandboxCatalog): { from: SandboxCoin; to: SandboxCoin } {
  const from = coinParam(params, "from", catalog);
  const to = coinParam(params, "to", catalog);
  if (!catalog.hasPair(from.code, to.code)) throw new Refusal(`pair ${from.code}/${to.code} is not available`);
  return { from, to };
}

/** Plain JSON number for a decimal (the spec's rate is a float). */
export function toJsonNumber(value: Decimal): number {
  return Number(value.toFixed());
}

export function validateAddress(params: Params, ctx: EndpointContext): EndpointAnswer {
  const code = required(params, "currency").toUpperCase();
  const address = required(params, "address");
  const coin = ctx.catalog.find(code);
  if (!coin) return refusal(`unknown currency: ${code}`);
  return ok({ result: isValidAddress(coin, address) });
}

export function rate(params: Params, ctx: EndpointContext): EndpointAnswer {
  const amount = amountParam(params, "amount");
  const { from, to } = pairParams(params, ctx.catalog);
  checkLimits(ctx, from, amount);
  const fixed = asksFixed(params, ctx);
  const body: Record<string, unknown> = { result: true, rate: toJsonNumber(currentRate(ctx, from, to, amount, fixed)) };
  // The SDK's answer says which kind of rate it is; only a service that offers fixed rates knows `fix`.
  if (offersFixed(ctx) && params.fix !== undefined) body.fix = fixed;
  if (ctx.variant === "new") {
    body.withdrawalFee = `${to.withdrawalFee} ${to.code}`;
    // Beside the rate, as a real service sends them (the spec lists neither here).
    body.minamount = from.minamount;
    body.maxamount = maximumOf(ctx, from);
  }
  return ok(body);
}

export function currencies(ctx: EndpointContext): EndpointAnswer {
  return { status: 200, raw: ctx.catalog.currenciesBody(ctx.variant) };
}

export function pairs(ctx: EndpointContext): EndpointAnswer {
  return { status: 200, raw: ctx.catalog.pairsBody() };
}

/** Where a create pays out and refunds to, as asked: tags trimmed, empty where none was sent. */
export interface CreateAddresses {
  destinationAddress: string;
  destinationTag: string;
  refundAddress: string;
  refundTag: string;
}

/** A create's addresses and tags (both addresses required), read before anything is checked against the coins. */
export function createAddresses(params: Params): CreateAddresses {
  return {
    destinationAddress: required(params, "destinationAddress"),
    refundAddress: required(params, "refundAddress"),
    destinationTag: params.destinationTag?.trim() ?? "",
    refundTag: params.refundTag?.trim() ?? "",
  };
}

/** Refuses a create whose payout address (or tag) does not suit `to`, or whose refund address (or tag) does not suit `from`. */
export function checkAddresses(addresses: CreateAddresses, from: SandboxCoin, to: SandboxCoin): void {
  if (!isValidAddress(to, addresses.destinationAddress)) throw new Refusal(`invalid destination address for ${to.code}`);
  checkTag(to, addresses.destinationTag, "destinationTag");
  if (!isValidAddress(from, addresses.refundAddress)) throw new Refusal(`invalid refund address for ${from.code}`);
  checkTag(from, addresses.refundTag, "refundTag");
}

function checkTag(coin: SandboxCoin, tag: string, role: "destinationTag" | "refundTag"): void {
  if (coin.tagname === "") return; // a tag for a coin without tags is ignored, as services do
  if (tag === "") throw new Refusal(`${role} is required for ${coin.code} (${coin.tagname})`);
  const problem = tagProblem(coin, tag);
  if (problem !== undefined) throw new Refusal(`invalid ${role} for ${coin.code} (${coin.tagname}): ${problem}`);
}

const ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

export function exchangeCreate(params: Params, ctx: EndpointContext): EndpointAnswer {
  const amount = amountParam(params, "amount");
  const addresses = createAddresses(params);
  const { from, to } = pairParams(params, ctx.catalog);
  checkLimits(ctx, from, amount);
  checkAddresses(addresses, from, to);
  const expectedTo = currentRate(ctx, from, to, amount, asksFixed(params, ctx)).minus(to.withdrawalFee);
  if (expectedTo.lte(0)) throw new Refusal(`amount too small to cover the withdrawal fee ${to.withdrawalFee} ${to.code}`);
  return openOrder(ctx, { from, to, addresses, send: amount, receive: expectedTo });
}

/**
 * Opens the order of a create that passed every check, with a fresh id and deposit address (and
 * a deposit tag where `from` takes one), and answers with them. `send` is what the person is to
 * deposit, `receive` what the service expects to pay out; a tag of a coin without tags is dropped.
 */
export function openOrder(
  ctx: EndpointContext,
  order: { from: SandboxCoin; to: SandboxCoin; addresses: CreateAddresses; send: Decimal; receive: Decimal },
): EndpointAnswer {
  const { from, to, addresses, send, receive } = order;
  const opened = ctx.orders.create({
    id: newOrderId(ctx),
    from: from.code,
    to: to.code,
    depositAddress: ofLength(ADDRESS_FORMATS[from.address].generate(ctx.rng), ctx.depositAddressLength),
    depositTag: from.tagname === "" ? "" : generateTag(ctx.rng),
    destinationAddress: addresses.destinationAddress,
    destinationTag: to.tagname === "" ? "" : addresses.destinationTag,
    refundAddress: addresses.refundAddress,
    refundTag: from.tagname === "" ? "" : addresses.refundTag,
    expectedAmountFrom: send.toFixed(),
    expectedAmountTo: receive.toFixed(),
    amountFrom: send.toFixed(),
  });
  return ok({ id: opened.id, depositAddress: opened.depositAddress, depositTag: opened.depositTag });
}

/**
 * `address` repeated to `length` characters, or as it is without one. Repeated rather than drawn:
 * the seeded ids and tags that follow stay those of a sandbox without the option.
 */
function ofLength(address: string, length: number | undefined): string {
  return length === undefined ? address : address.repeat(Math.ceil(length / address.length)).slice(0, length);
}

/** A fresh order id, never one the book has. */
function newOrderId(ctx: EndpointContext): string {
  let id: string;
  do id = randomString(ctx.rng, ID_ALPHABET, 14);
  while (ctx.orders.get(id));
  return id;
}

export function exchangeStatus(params: Params, ctx: EndpointContext): EndpointAnswer {
  if (ctx.variant === "old") return notFound();
  const id = required(params, "id");
  const order = ctx.orders.get(id);
  if (!order) return refusal("exchange not found");
  return ok({
    result: true,
    status: order.status,
    from: order.from,
    to: order.to,
    depositAddress: order.depositAddress,
    depositTag: order.depositTag,
    destinationAddress: order.destinationAddress,
    destinationTag: order.destinationTag,
    refundAddress: order.refundAddress,
    refundTag: order.refundTag,
    expectedAmountFrom: order.expectedAmountFrom,
    expectedAmountTo: order.expectedAmountTo,
    amountFrom: order.amountFrom,
    date: formatSpecDate(order.createdAt),
    txId: order.txId,
    amountTo: order.amountTo,
    // Beyond the spec, as the service's SDK shows it; only while there is one.
    ...(order.emergency === undefined ? {} : { emergency: { status: order.emergency } }),
  });
}

/** Whether capability `feature` is offered now. */
function offers(ctx: EndpointContext, feature: PartnerFeature): boolean {
  return (ctx.features ?? ALL_PARTNER_FEATURES).has(feature);
}

/**
 * payment/emergency (the service's SDK): for an order in `payment_time_expired`, `needExchange` 1
 * continues at the current rate, 0 refunds to `refundAddress` (required then, validated like any
 * refund address). A second call, or a call for an order in any other status, is refused.
 */
export function paymentEmergency(params: Params, ctx: EndpointContext): EndpointAnswer {
  if (!offers(ctx, "emergency")) return notFound();
  const id = required(params, "id");
  const need = required(params, "needExchange");
  if (need !== "0" && need !== "1") throw new ParamError("invalid parameter: needExchange must be 0 or 1");
  const order = ctx.orders.get(id);
  if (!order) return refusal("exchange not found");
  if (order.status !== "payment_time_expired" || order.emergencyChoice !== undefined)
    return refusal(`exchange is ${order.status}: no emergency action is possible`);
  if (need === "1") {
    ctx.orders.resolveEmergency(id, { needExchange: true });
    return ok({ result: true });
  }
  const refundAddress = required(params, "refundAddress");
  const refundTag = params.refundTag?.trim() ?? "";
  const from = ctx.catalog.find(order.from);
  if (!from || !isValidAddress(from, refundAddress)) throw new Refusal(`invalid refund address for ${order.from}`);
  checkTag(from, refundTag, "refundTag");
  ctx.orders.resolveEmergency(id, { needExchange: false, refundAddress, refundTag: from.tagname === "" ? "" : refundTag });
  return ok({ result: true });
}

/**
 * exchanges-status (the service's SDK): the ids come as a JSON array in the `ids` header; the
 * answer is an object keyed "0", "1", … of `{ id, status, from, to }`, beside `result: true`.
 * Unknown ids are left out.
 */
export function exchangesStatus(ctx: EndpointContext): EndpointAnswer {
  if (!offers(ctx, "batch-status") || ctx.variant === "old") return notFound();
  const raw = ctx.header?.("ids");
  if (raw === undefined || raw.trim() === "") throw new ParamError("missing parameter: ids (a request header)");
  let ids: unknown;
  try {
    ids = JSON.parse(raw);
  } catch {
    throw new ParamError("invalid parameter: ids must be a JSON array of ids");
  }
  if (!Array.isArray(ids)) throw new ParamError("invalid parameter: ids must be a JSON array of ids");
  const body: Record<string, unknown> = {};
  let n = 0;
  for (const id of ids) {
    const order = typeof id === "string" ? ctx.orders.get(id) : undefined;
    if (order) body[String(n++)] = { id: order.id, status: order.status, from: order.from, to: order.to };
  }
  body.result = true;
  return ok(body);
}

/**
 * exchange-history (the service's SDK): `page` from 0 (default 0), `limit` 1-100 (default 100);
 * `{ exchanges: [{ id, status, from, to }], limit, page, result }`, newest first.
 */
export function exchangeHistory(params: Params, ctx: EndpointContext): EndpointAnswer {
  if (!offers(ctx, "history")) return notFound();
  const page = params.page === undefined ? 0 : Number(params.page);
  const limit = params.limit === undefined ? 100 : Number(params.limit);
  if (!Number.isInteger(page) || page < 0) throw new ParamError("invalid parameter: page must be a whole number from 0");
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new ParamError("invalid parameter: limit must be 1 to 100");
  const newest = ctx.orders.list().reverse();
  const exchanges = newest.slice(page * limit, (page + 1) * limit).map((o) => ({ id: o.id, status: o.status, from: o.from, to: o.to }));
  return ok({ exchanges, limit, page, result: true });
}

export function ok(body: unknown): EndpointAnswer {
  return { status: 200, body };
}

export function refusal(error: string): EndpointAnswer {
  return { status: 200, body: { result: false, error } };
}

/** The answer for an unknown route (and exchange-status in the old variant). */
export function notFound(): EndpointAnswer {
  return { status: 404, body: { result: false, error: "not found" } };
}
