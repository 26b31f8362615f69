/**
 * The "receive exactly" form of a rate question (capability `receive`, issue 22), for inline mode
 * and /rate: `<coin sent> =<amount> <coin received>`, e.g. "btc =100 usdt" (what to send of BTC
 * for exactly 100 USDT to arrive). The "=" stands right before the amount, which belongs to the
 * coin after it; spaces around the amount are allowed ("btc = 1 000,5 usdt"). Only read when the
 * service offers the capability; otherwise the question goes to the ordinary grammar (rate-query.ts).
 */
import { parseAmount } from "./amount.js";

/** A receive-exactly question: codes upper case (not yet checked against the catalog), amount canonical. */
export interface ReceiveQuery {
  from: string;
  to: string;
  amountTo: string;
}

const FORM = /^\s*(\S+)\s+=\s*(.+?)\s+(\S+)\s*$/u;

/**
 * The question when the text has the form and its amount reads as a positive number; undefined
 * otherwise (the caller then reads it the ordinary way, which explains what is wrong).
 */
export function parseReceiveQuery(text: string): ReceiveQuery | undefined {
  const match = FORM.exec(text);
  if (!match) return undefined;
  const [, from, amount, to] = match;
  if (from === undefined || amount === undefined || to === undefined) return undefined;
  const parsed = parseAmount(amount);
  if (!parsed.ok) return undefined;
  return { from: from.toUpperCase(), to: to.toUpperCase(), amountTo: parsed.value };
}
