/**
 * The start payload of an "exchange this pair" deep link (`t.me/<bot>?start=<payload>`), used by
 * inline results and shared links to open the exchange flow with the pair (and amount) filled in.
 *
 * Telegram allows at most 64 characters of `A-Za-z0-9_-` in a start payload, so the format is
 *
 *   x_<FROM>_<TO>[_<amount>]      e.g. "x_BTC_ETH", "x_BTC_ETH_0d1" (0.1), "x_USDT_XMR_1500"
 *
 * with the amount's dot written as "d". The "x_" prefix leaves room for other payload kinds.
 * A payload comes from whoever made the link, so decoding validates everything again.
 */
import { parseAmount } from "./amount.js";

/** Telegram's limit on a start payload. */
export const MAX_START_PAYLOAD_LENGTH = 64;
/** What every exchange payload starts with. */
const EXCHANGE_PAYLOAD_PREFIX = "x_";

/** A currency code as payloads carry it: letters and digits, 1 to 20 of them. */
const CODE = /^[A-Z0-9]{1,20}$/;
const PAYLOAD = /^x_([A-Za-z0-9]{1,20})_([A-Za-z0-9]{1,20})(?:_(\d+(?:d\d+)?))?$/;

/** The pair (and amount) an exchange deep link carries. Codes upper case; amount canonical. */
export interface ExchangePayload {
  from: string;
  to: string;
  amount?: string;
}

/**
 * Builds the start payload for a pair and an optional amount.
 *
 * Returns undefined — rather than throwing — when the input cannot be carried: a code that is not
 * 1–20 letters/digits, the same coin twice, an amount `parseAmount` refuses, or a payload longer
 * than 64 characters (long codes with an 18-decimal amount). The caller then leaves the link out,
 * or tries again without the amount; a missing button is better than a broken one.
 */
export function encodeExchangePayload(input: ExchangePayload): string | undefined {
  const from = input.from.trim().toUpperCase();
  const to = input.to.trim().toUpperCase();
  if (!CODE.test(from) || !CODE.test(to) || from === to) return undefined;
  let payload = `${EXCHANGE_PAYLOAD_PREFIX}${from}_${to}`;
  if (input.amount !== undefined) {
    const parsed = parseAmount(input.amount);
    if (!parsed.ok) return undefined;
    payload += `_${parsed.value.replace(".", "d")}`;
  }
  return payload.length <= MAX_START_PAYLOAD_LENGTH ? payload : undefined;
}

/**
 * Reads a start payload made by `encodeExchangePayload`. Returns undefined for anything else —
 * another payload kind, a mangled or hand-made one, a bad amount — and never throws.
 * Whether the coins exist and pair is for the caller to check against the catalog.
 */
export function decodeExchangePayload(payload: string): ExchangePayload | undefined {
  if (payload.length > MAX_START_PAYLOAD_LENGTH) return undefined;
  const m = PAYLOAD.exec(payload);
  if (!m?.[1] || !m[2]) return undefined;
  const from = m[1].toUpperCase();
  const to = m[2].toUpperCase();
  if (from === to) return undefined;
  if (m[3] === undefined) return { from, to };
  const parsed = parseAmount(m[3].replace("d", "."));
  if (!parsed.ok) return undefined;
  return { from, to, amount: parsed.value };
}
