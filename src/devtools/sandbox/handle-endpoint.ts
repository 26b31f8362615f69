/** Picks the endpoint a request names (endpoints.ts, receive-exactly.ts) and turns its refusals into answers. */
import {
  currencies,
  exchangeCreate,
  exchangeHistory,
  exchangesStatus,
  exchangeStatus,
  pairs,
  ParamError,
  paymentEmergency,
  rate,
  Refusal,
  refusal,
  validateAddress,
  type EndpointAnswer,
  type EndpointContext,
  type Params,
} from "./endpoints.js";
import type { EndpointName } from "./faults.js";
import { paymentExchangeCreate, paymentRate } from "./receive-exactly.js";

/** Answers one request to a known endpoint. `params` excludes nothing; `key` was already checked. */
export function handleEndpoint(endpoint: EndpointName, params: Params, ctx: EndpointContext): EndpointAnswer {
  try {
    switch (endpoint) {
      case "validate-address":
        return validateAddress(params, ctx);
      case "rate":
        return rate(params, ctx);
      case "currencies":
        return currencies(ctx);
      case "pairs":
        return pairs(ctx);
      case "exchange-create":
        return exchangeCreate(params, ctx);
      case "exchange-status":
        return exchangeStatus(params, ctx);
      case "payment/rate":
        return paymentRate(params, ctx);
      case "payment/exchange-create":
        return paymentExchangeCreate(params, ctx);
      case "payment/emergency":
        return paymentEmergency(params, ctx);
      case "exchanges-status":
        return exchangesStatus(ctx);
      case "exchange-history":
        return exchangeHistory(params, ctx);
    }
  } catch (err) {
    if (err instanceof ParamError) return { status: 400, body: { result: false, error: err.message } };
    if (err instanceof Refusal) return refusal(err.message);
    throw err;
  }
}
