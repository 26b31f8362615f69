/** A raw HTTP helper for sandbox tests: calls an endpoint with Node's fetch and returns status and parsed body. */
import type { SandboxServer } from "../../../src/devtools/sandbox/server.js";

/** One coin as `currencies` lists it (the spec's fields; which are present depends on the variant). */
interface CurrencyEntry {
  name?: string;
  minamount?: string | number;
  tagname?: string;
  network?: string;
  available?: boolean;
}

/**
 * The fields of the sandbox's other answers (rate, validate-address, exchange-create,
 * exchange-status, and every refusal), all optional: the tests assert on the values, this only
 * names what they read. The body is parsed JSON, not checked against it.
 */
export interface Answer {
  result?: boolean;
  error?: string;
  rate?: number;
  withdrawalFee?: string;
  id?: string;
  status?: string;
  from?: string;
  to?: string;
  depositAddress?: string;
  depositTag?: string;
  txId?: string | null;
  amountTo?: string | null;
  amountFrom?: string;
  expectedAmountTo?: string;
}

/** What each endpoint answers, as the tests read it. */
export interface Answers {
  currencies: Record<string, CurrencyEntry>;
  pairs: Record<string, string[]>;
}

export interface RawAnswer<Body> {
  status: number;
  /** Parsed JSON; the raw text when it is not JSON (a malformed-answer fault). */
  body: Body;
}

/** GET {url}/{endpoint}?key=…&params; `key: null` leaves the key out. */
export async function call<E extends string>(
  sandbox: SandboxServer,
  endpoint: E,
  params: Record<string, string> = {},
  key: string | null = sandbox.apiKey,
): Promise<RawAnswer<E extends keyof Answers ? Answers[E] : Answer>> {
  const url = new URL(`${sandbox.url}/${endpoint}`);
  if (key !== null) url.searchParams.set("key", key);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // leave the raw text: some tests expect malformed bodies
  }
  // The shape is what the endpoint is meant to answer; the tests check the values themselves.
  return { status: res.status, body: body as E extends keyof Answers ? Answers[E] : Answer };
}
