/**
 * Tolerant schemas for every Partner API response (spec §2, §4). They accept what the spec allows
 * and what real services drift into, and normalise it to the shapes of src/domain/types.ts:
 * - extra fields pass (loose objects) and optional ones may be absent;
 * - amounts come as JSON numbers or numeric strings and leave as plain decimal strings
 *   (1e-7 → "0.0000001"), because money is decimal text everywhere in this project;
 * - `withdrawalFee` "0.0005 ETH" becomes { amount, currency };
 * - an unknown `status` passes as it is.
 */
import { Decimal } from "decimal.js";
import { z } from "zod";
import type { CreatedExchange, Currency, ExchangeStatusRecord, PairMap } from "../domain/types.js";
import { PartnerError } from "./errors.js";
import { fixFlagSchema } from "./fixed-rate.js";

const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A number or a numeric string → a plain decimal string (never exponent notation). */
export const decimalString = z
  .union([z.number(), z.string().trim().regex(DECIMAL_TEXT, "expected a decimal number")])
  .transform((v) => new Decimal(v).toFixed());

/**
 * An optional limit (`maxamount`, which real services send beside `minamount` though the spec
 * does not list it): a number or a numeric string → a plain decimal string. Absent, null, "",
 * zero, negative or not a number → undefined (no limit known): an odd value of a field the
 * spec does not promise must never cost the whole answer, and services send 0 for "no maximum".
 */
export const optionalLimit = z
  .unknown()
  .optional()
  .transform((v): string | undefined => {
    if (typeof v !== "number" && typeof v !== "string") return undefined;
    const text = typeof v === "string" ? v.trim() : v;
    if (typeof text === "string" && !DECIMAL_TEXT.test(text)) return undefined;
    if (typeof text === "number" && !Number.isFinite(text)) return undefined;
    const value = new Decimal(text);
    return value.gt(0) ? value.toFixed() : undefined;
  });

/** A tag or optional text: absent or null → "". */
const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? "");

/** An availability flag in whatever form the service uses; undefined when absent. */
const availabilityFlag = z
  .unknown()
  .optional()
  .transform((v): boolean | undefined => {
    if (v === undefined || v === null) return undefined;
    return !(v === false || v === "false" || v === 0 || v === "0");
  });

/** One entry of the currency list (2.1). Keeps `available` (and its aliases `enabled`, `isAvailable`). */
const currencyEntrySchema = z.looseObject({
  minamount: decimalString,
  maxamount: optionalLimit,
  tagname: optionalText,
  network: z
    .string()
    .nullish()
    .transform((v) => (v === null || v === undefined || v.trim() === "" ? undefined : v)),
  available: availabilityFlag,
  enabled: availabilityFlag,
  isAvailable: availabilityFlag,
});

/** The currency list (2.1) → Currency[] in the service's order; `available: false` when any flag says so. */
export const currenciesSchema = z.record(z.string(), currencyEntrySchema).transform((list): Currency[] =>
  Object.entries(list).map(([code, e]) => {
    const currency: Currency = { code: code.trim().toUpperCase(), minAmount: e.minamount, tagName: e.tagname, network: e.network };
    if (e.maxamount !== undefined) currency.maxAmount = e.maxamount;
    if (e.available === false || e.enabled === false || e.isAvailable === false) currency.available = false;
    return currency;
  }),
);

/** The pair list (2.2), with codes upper-cased. */
export const pairsSchema = z.record(z.string(), z.array(z.string())).transform((list): PairMap => {
  const out: PairMap = {};
  for (const [from, targets] of Object.entries(list)) out[from.trim().toUpperCase()] = targets.map((t) => t.trim().toUpperCase());
  return out;
});

/** Pair entries validated between two awaits of the pause in {@link parsePairs}. */
const PAIR_CHECK_EVERY = 5_000;

/**
 * The pair list (2.2) as {@link pairsSchema} reads it (codes trimmed and upper-cased; a key whose
 * value is not an array of strings fails naming the field), written by hand for size: a real
 * service sends about 800,000 entries, which the zod schema took 100-150 ms to walk in one go.
 *
 * - `pause` is awaited every few thousand entries (see slices.ts), so the walk runs in slices;
 * - each distinct code is normalised once and shared: the map holds ~900 strings, not 800,000.
 */
export async function parsePairs(endpoint: string, body: unknown, pause: () => Promise<void> = () => Promise.resolve()): Promise<PairMap> {
  if (!isObject(body)) throw invalidField(endpoint, "(body)", "expected an object of pair lists");
  const canonical = new Map<string, string>();
  const normalise = (raw: string): string => {
    let code = canonical.get(raw);
    if (code === undefined) {
      code = raw.trim().toUpperCase();
      canonical.set(raw, code);
    }
    return code;
  };
  const out: PairMap = {};
  let sincePause = 0;
  for (const key of Object.keys(body)) {
    const list = body[key];
    if (!Array.isArray(list)) throw invalidField(endpoint, key, "expected an array of currency codes");
    const targets = new Array<string>(list.length);
    for (let i = 0; i < list.length; i++) {
      const raw: unknown = list[i];
      if (typeof raw !== "string") throw invalidField(endpoint, `${key}.${i}`, "expected a currency code (a string)");
      targets[i] = normalise(raw);
    }
    out[normalise(key)] = targets;
    sincePause += list.length + 1;
    if (sincePause >= PAIR_CHECK_EVERY) {
      sincePause = 0;
      await pause();
    }
  }
  return out;
}

function invalidField(endpoint: string, field: string, detail: string): PartnerError {
  return new PartnerError({ kind: "invalid-response", endpoint, message: `invalid response: field "${field}": ${detail}` });
}

/** A parsed withdrawal fee; `currency` is undefined when the service sent a bare number. */
export interface ParsedFee {
  amount: string;
  currency: string | undefined;
}

const FEE_TEXT = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([A-Za-z][A-Za-z0-9_-]*)?$/;

/** `withdrawalFee`: "0.0005 ETH", a numeric string, or a bare number; "" or null → undefined. */
export const withdrawalFeeSchema = z.union([z.number(), z.string(), z.null()]).transform((v, ctx): ParsedFee | undefined => {
  if (v === null) return undefined;
  if (typeof v === "number") return { amount: new Decimal(v).toFixed(), currency: undefined };
  const text = v.trim();
  if (text === "") return undefined;
  const match = FEE_TEXT.exec(text);
  if (!match?.[1]) {
    ctx.issues.push({ code: "custom", message: "expected a number followed by a currency code", input: v });
    return z.NEVER;
  }
  return { amount: new Decimal(match[1]).toFixed(), currency: match[2]?.toUpperCase() };
});

/** The rate result (2.3), with the `maxamount` a real service sends beside it when it sends one. */
export const rateSchema = z.looseObject({
  result: z.boolean().optional(),
  rate: decimalString,
  withdrawalFee: withdrawalFeeSchema.optional(),
  maxamount: optionalLimit,
  fix: fixFlagSchema,
});

/** The validate-address answer (4.1). */
export const validateAddressSchema = z.looseObject({ result: z.boolean() });

/** The exchange as created (2.4). A numeric id is accepted and turned into a string. */
export const createdExchangeSchema = z
  .looseObject({
    id: z.union([z.string().trim().min(1), z.number()]).transform(String),
    depositAddress: z.string().trim().min(1),
    depositTag: optionalText,
  })
  .transform((v): CreatedExchange => ({ id: v.id, depositAddress: v.depositAddress, depositTag: v.depositTag }));

/** A filled-or-not text field: null, absent or "" → null; a number → its string. */
const nullableText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? null : String(v)));

/**
 * `emergency` (beyond our contract; the service's SDK shows `{"status": "EXPIRED"}`): its status
 * upper-cased, or undefined for anything else (absent, null, a bare string, an empty object), so
 * an odd value never costs the whole status answer.
 */
const emergencySchema = z
  .unknown()
  .optional()
  .transform((v): string | undefined => {
    if (typeof v !== "object" || v === null || !("status" in v)) return undefined;
    const status = v.status;
    return typeof status === "string" && status.trim() !== "" ? status.trim().toUpperCase() : undefined;
  });

/** The exchange status record (2.5). `status` is any non-empty string. */
export const exchangeStatusSchema = z
  .looseObject({
    status: z.string().trim().min(1),
    from: z.string(),
    to: z.string(),
    depositAddress: z.string(),
    depositTag: optionalText,
    destinationAddress: z.string(),
    destinationTag: optionalText,
    refundAddress: optionalText,
    refundTag: optionalText,
    expectedAmountFrom: decimalString,
    expectedAmountTo: decimalString,
    amountFrom: decimalString,
    date: z.string(),
    txId: nullableText,
    amountTo: z
      .union([decimalString, z.literal(""), z.null()])
      .optional()
      .transform((v) => (v === undefined || v === null || v === "" ? null : v)),
    emergency: emergencySchema,
  })
  .transform((v): ExchangeStatusRecord => ({
    status: v.status,
    from: v.from,
    to: v.to,
    depositAddress: v.depositAddress,
    depositTag: v.depositTag,
    destinationAddress: v.destinationAddress,
    destinationTag: v.destinationTag,
    refundAddress: v.refundAddress,
    refundTag: v.refundTag,
    expectedAmountFrom: v.expectedAmountFrom,
    expectedAmountTo: v.expectedAmountTo,
    amountFrom: v.amountFrom,
    date: v.date,
    txId: v.txId,
    amountTo: v.amountTo,
    ...(v.emergency === undefined ? {} : { emergency: v.emergency }),
  }));

function isObject(body: unknown): body is Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body);
}

/** The service's own error text in a body (`error` or `message`), if it is a non-empty string. */
export function serviceMessageOf(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  for (const field of ["error", "message"]) {
    const value = body[field];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return undefined;
}

/**
 * Throws PartnerError "rejected" when the body says `result: false`.
 * @param secrets values to scrub from the service's message (it might echo the key back).
 */
export function throwIfRejected(endpoint: string, body: unknown, scrub: (text: string) => string): void {
  if (!isObject(body) || body.result !== false) return;
  const serviceMessage = serviceMessageOf(body);
  const safe = serviceMessage === undefined ? undefined : scrub(serviceMessage);
  throw new PartnerError({ kind: "rejected", endpoint, message: safe ? `rejected: ${safe}` : "rejected", serviceMessage: safe });
}

/** A map body (currencies, pairs) may carry a `result: true` flag; it is not a currency code. */
export function withoutResultFlag(body: unknown): unknown {
  if (!isObject(body) || typeof body.result !== "boolean") return body;
  const { result: _flag, ...rest } = body;
  return rest;
}

/**
 * Parses a body with a schema; a mismatch → PartnerError "invalid-response" naming the first bad
 * field (never echoing the body: it could be large, or carry something private).
 */
export function parseBody<S extends z.ZodType>(endpoint: string, schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join(".") : "(body)";
  const detail = issue ? issue.message : "does not match the expected shape";
  throw new PartnerError({ kind: "invalid-response", endpoint, message: `invalid response: field "${field}": ${detail}` });
}
