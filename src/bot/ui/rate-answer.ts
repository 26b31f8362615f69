/**
 * Answers to rate questions ("0.1 btc eth", "100 usdttrc20", "btc"), shared by inline mode and
 * /rate so both say exactly the same thing. The answer is a list of items; inline mode turns each
 * into an article, /rate into one message (a single item as it is, several as a list).
 *
 * Titles and descriptions are plain text (Telegram shows them as typed), read back from the same
 * translated HTML; `html` is the message sent, with everything from outside escaped by the translator.
 */
import { parseRateQuery, type InvalidRateQueryReason, type RateQuery } from "../../domain/rate-query.js";
import { parseReceiveQuery, type ReceiveQuery } from "../../domain/receive-query.js";
import type { PaymentQuote } from "../../domain/types.js";
import { encodeExchangePayload, type ExchangePayload } from "../../domain/deep-link.js";
import { exceededMaximum, formatAmount, isBelow } from "../../domain/amount.js";
import type { CatalogIndex } from "../../domain/catalog-index.js";
import { required } from "../../domain/checked.js";
import type { Catalog } from "../../partner/catalog.js";
import { QuoteNotAdmitted, type QuoteCache } from "../../partner/quote-cache.js";
import { PartnerError } from "../../partner/errors.js";
import { quoteText, type CoinLabeller } from "./exchange-messages.js";
import { toShownQuote, type ShownQuote } from "../../domain/quote.js";
import { coinLabel } from "../../domain/coin-label.js";
import { BLANK, html, htmlPart, joinHtml, plainOf, type HtmlText } from "../../messages/html.js";
import { clip, MAX_SERVICE_MESSAGE } from "../../messages/fit.js";
import type { Translate } from "../../messages/i18n.js";

/** How many targets "100 usdttrc20" shows: a few, most popular first. */
const FROM_AMOUNT_TARGETS = 6;
/** How many targets "btc" shows (Telegram allows 50 results; ten quotes stay fast and readable). */
export const FROM_ONLY_TARGETS = 10;
/** A quote slower than this is left out rather than holding up the whole answer. */
const DEFAULT_QUOTE_DEADLINE_MS = 3_000;

/** What an answer needs from the bot. */
export interface RateAnswerEnv {
  /**
   * Read through its shared index only: at a real service's size (900 coins, 800k pairs) a copy
   * of the currencies and pairs per keystroke cost more than the whole answer.
   */
  catalog: Pick<Catalog, "index">;
  quotes: QuoteCache;
  /** Translator in the asker's language. */
  t: Translate;
  /** Default {@link DEFAULT_QUOTE_DEADLINE_MS}. */
  quoteDeadlineMs?: number;
  logger?: { warn: (fields: object, msg?: string) => void };
  /** Called before a quote is asked of the service (not for one from the cache): false leaves it out. */
  admitQuote?: () => Promise<boolean>;
  /**
   * The service's `payment/rate`, when it offers "receive exactly" (capability `receive`): the
   * form "btc =100 usdt" is then read (domain/receive-query.ts) and answered with it.
   */
  receive?: (from: string, to: string, amountTo: string) => Promise<PaymentQuote>;
}

/** One result: an inline article, or one line of a /rate list. */
export interface RateItem {
  /** Unique within the answer, at most 64 bytes (Telegram's limit on a result id). */
  id: string;
  /** Plain text. */
  title: string;
  /** Plain text. */
  description: string;
  /** The message, Telegram HTML. */
  html: HtmlText;
  /** One line for a list of several quotes (HTML); present on quote items. */
  line?: HtmlText;
  /** Where the "exchange" button leads: the pair (and amount) to prefill. */
  exchange?: ExchangePayload;
  /** The pair of `exchange` as the person is shown it ("USDT · BEP20"), for the button's text. */
  labels?: { from: string; to: string };
}

/** What kind of answer this is: the parser's kind, or what checking it against the catalog found. */
type RateAnswerKind = RateQuery["kind"] | "no-pair" | "below-min" | "above-max" | "no-targets" | "unavailable" | "rejected" | "too-fast";

/** The answer to one question. */
export interface RateAnswer {
  kind: RateAnswerKind;
  /** A heading (HTML) for /rate when several quotes are listed in one message. */
  heading?: HtmlText;
  items: RateItem[];
}

/** Reads the question and builds the answer. Never throws: failures become a helpful item. */
export async function answerRateQuery(text: string, env: RateAnswerEnv): Promise<RateAnswer> {
  let index: CatalogIndex;
  try {
    index = await env.catalog.index();
  } catch (err) {
    env.logger?.warn({ err: describe(err) }, "rate answer: catalog unavailable");
    return unavailable(env.t);
  }
  const ctx: Ctx = {
    env,
    index,
    label: (code) => {
      const coin = index.get(code);
      return coin === undefined ? code : coinLabel(coin);
    },
  };

  const exact = env.receive ? parseReceiveQuery(text) : undefined;
  if (exact && env.receive && index.get(exact.from) && index.get(exact.to)) return receiveAnswer(ctx, env.receive, exact);
  const query = parseRateQuery(text, index.codes);
  switch (query.kind) {
    case "empty":
      return { kind: "empty", items: [helpItem(env.t, env.receive !== undefined)] };
    case "invalid":
      return { kind: "invalid", items: [invalidItem(env.t, query.reason)] };
    case "unknown-coin":
      return { kind: "unknown-coin", items: [unknownItem(env.t, query.token, query.suggestions)] };
    case "quote":
      return single(ctx, "quote", query.from, query.to, query.amount);
    case "pair":
      return single(ctx, "pair", query.from, query.to, undefined);
    case "from-amount":
      return list(ctx, "from-amount", query.from, query.amount, FROM_AMOUNT_TARGETS);
    case "from-only":
      return list(ctx, "from-only", query.from, undefined, FROM_ONLY_TARGETS);
  }
}

/** The `t.me` link that opens the bot with this exchange prefilled; undefined if it cannot be carried. */
export function exchangeLink(botUsername: string, exchange: ExchangePayload): string | undefined {
  // An amount too long for the 64-character payload still leaves a link to the pair.
  const payload = encodeExchangePayload(exchange) ?? encodeExchangePayload({ from: exchange.from, to: exchange.to });
  return payload === undefined ? undefined : `https://t.me/${botUsername}?start=${payload}`;
}

interface Ctx {
  env: RateAnswerEnv;
  index: CatalogIndex;
  /** Every coin is named by the catalog's label ("USDT · BEP20"), never by its bare code. */
  label: CoinLabeller;
}

/** "0.1 btc eth" or "btc eth": one quote, after checking the pair, the minimum and the maximum. */
async function single(ctx: Ctx, kind: "quote" | "pair", from: string, to: string, amount: string | undefined): Promise<RateAnswer> {
  const fromCoin = required(ctx.index.get(from), `the parsed coin ${from} in the catalog`);
  if (!ctx.index.canExchange(from, to)) return { kind: "no-pair", items: [noPairItem(ctx, from, to)] };
  const sent = amount ?? fromCoin.minAmount;
  if (isBelow(sent, fromCoin.minAmount)) return { kind: "below-min", items: [belowMinItem(ctx, from, to, fromCoin.minAmount)] };
  const max = exceededMaximum(sent, fromCoin.maxAmount);
  if (max !== undefined) return { kind: "above-max", items: [aboveMaxItem(ctx, from, to, max)] };
  const result = await fetchQuote(ctx.env, from, to, sent);
  if (!result.ok) return result.notAdmitted ? tooFast(ctx.env.t) : failureAnswer(ctx, result.failure, from, to);
  // The maximum the service sent beside the rate applies too.
  const quotedMax = exceededMaximum(sent, result.maxAmount);
  if (quotedMax !== undefined) return { kind: "above-max", items: [aboveMaxItem(ctx, from, to, quotedMax)] };
  return { kind, items: [quoteItem(ctx, result.quote, 0)] };
}

/** "100 usdttrc20" or "btc": quotes to several targets, fetched concurrently. */
async function list(
  ctx: Ctx,
  kind: "from-amount" | "from-only",
  from: string,
  amount: string | undefined,
  limit: number,
): Promise<RateAnswer> {
  const { t } = ctx.env;
  const fromCoin = required(ctx.index.get(from), `the parsed coin ${from} in the catalog`);
  // Popular ones first, already so in the index.
  const targets = ctx.index.targetCurrencies(from).slice(0, limit);
  if (targets.length === 0) return { kind: "no-targets", items: [noTargetsItem(ctx, from)] };
  const sent = amount ?? fromCoin.minAmount;
  if (isBelow(sent, fromCoin.minAmount)) return { kind: "below-min", items: [belowMinItem(ctx, from, undefined, fromCoin.minAmount)] };
  const max = exceededMaximum(sent, fromCoin.maxAmount);
  if (max !== undefined) return { kind: "above-max", items: [aboveMaxItem(ctx, from, undefined, max)] };

  const results = await Promise.all(targets.map((to) => fetchQuote(ctx.env, from, to.code, sent)));
  const quotedMax = results.map((r) => (r.ok ? exceededMaximum(sent, r.maxAmount) : undefined)).find((m) => m !== undefined);
  if (quotedMax !== undefined) return { kind: "above-max", items: [aboveMaxItem(ctx, from, undefined, quotedMax)] };
  const quotes = results.flatMap((r) => (r.ok ? [r.quote] : []));
  if (quotes.length === 0) {
    if (results.some((r) => !r.ok && r.notAdmitted)) return tooFast(t);
    const failed = results.find((r): r is Extract<QuoteResult, { ok: false }> => !r.ok);
    return failureAnswer(ctx, failed?.failure, from, undefined);
  }
  const shown = ctx.label(from);
  const heading =
    amount === undefined
      ? t("rates-list-heading-min", { from: shown, min: formatAmount(fromCoin.minAmount) })
      : t("rates-list-heading-amount", { from: shown, amountFrom: formatAmount(amount) });
  return { kind, heading, items: quotes.map((q, i) => quoteItem(ctx, q, i)) };
}

/** A quote, with the maximum the service sent beside its rate (if it did). */
type QuoteResult =
  { ok: true; quote: ShownQuote; maxAmount: string | undefined } | { ok: false; failure: PartnerError | undefined; notAdmitted?: true };

/** One quote through the cache, with a deadline; a failure is returned, never thrown. */
async function fetchQuote(env: RateAnswerEnv, from: string, to: string, amount: string): Promise<QuoteResult> {
  const deadlineMs = env.quoteDeadlineMs ?? DEFAULT_QUOTE_DEADLINE_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), deadlineMs);
  });
  try {
    // A late answer still lands in the cache, so the person's next keystroke gets it at once.
    const rate = await Promise.race([env.quotes.rate(from, to, amount, env.admitQuote), deadline]);
    if (rate === "late") {
      env.logger?.warn({ from, to, deadlineMs }, "rate answer: quote too slow, left out");
      return { ok: false, failure: undefined };
    }
    return { ok: true, quote: toShownQuote(amount, from, to, rate), maxAmount: rate.maxAmount };
  } catch (err) {
    if (err instanceof QuoteNotAdmitted) return { ok: false, failure: undefined, notAdmitted: true };
    if (!(err instanceof PartnerError)) {
      // A bug or an answer computeQuote refuses: leave this quote out rather than fail the answer.
      env.logger?.warn({ err: describe(err), from, to }, "rate answer: quote could not be computed");
      return { ok: false, failure: undefined };
    }
    if (err.kind !== "rejected") env.logger?.warn({ err: err.toJSON(), from, to }, "rate answer: quote failed");
    return { ok: false, failure: err };
  } finally {
    clearTimeout(timer);
  }
}

function quoteItem(ctx: Ctx, quote: ShownQuote, index: number): RateItem {
  const { t } = ctx.env;
  const { label } = ctx;
  const amountFrom = formatAmount(quote.amountFrom);
  const amountTo = formatAmount(quote.amountTo);
  const [from, to] = [label(quote.from), label(quote.to)];
  const description = quote.fee
    ? t("rates-quote-description-fee", { fee: formatAmount(quote.fee.amount), feeCoin: label(quote.fee.currency) })
    : t("rates-quote-description");
  return {
    id: `q${index}_${quote.from}_${quote.to}`.slice(0, 64),
    title: plainOf(t("rates-quote-title", { amountFrom, from, amountTo, to })),
    description: plainOf(description),
    html: quoteText(t, quote, label),
    line: t("rates-list-line", { amountFrom, from, amountTo, to }),
    exchange: { from: quote.from, to: quote.to, amount: quote.amountFrom },
    labels: { from, to },
  };
}

/** An item whose message is its title in bold and its description; the title and description shown plain. */
function plainItem(id: string, title: HtmlText, description: HtmlText, extraHtml?: HtmlText): RateItem {
  const message = joinHtml([html`<b>${htmlPart(title)}</b>`, description, ...(extraHtml ? [BLANK, extraHtml] : [])]);
  return { id, title: plainOf(title), description: plainOf(description), html: message };
}

function helpItem(t: Translate, receive: boolean): RateItem {
  const message = receive ? joinHtml([t("rates-help-text"), t("rates-receive-help")]) : t("rates-help-text");
  return { id: "help", title: plainOf(t("rates-help-title")), description: plainOf(t("rates-help-description")), html: message };
}

/**
 * "btc =100 usdt": what to send for exactly 100 USDT, the service's `payment/rate` (its `rate` is
 * the total to send), within the same deadline as a quote and checked against the limits of the
 * coin sent. The button opens the pair: the amount to receive is typed again in the flow.
 */
async function receiveAnswer(ctx: Ctx, receive: NonNullable<RateAnswerEnv["receive"]>, q: ReceiveQuery): Promise<RateAnswer> {
  const { t } = ctx.env;
  const { from, to, amountTo } = q;
  const fromCoin = required(ctx.index.get(from), `the parsed coin ${from} in the catalog`);
  if (!ctx.index.canExchange(from, to)) return { kind: "no-pair", items: [noPairItem(ctx, from, to)] };
  // Never cached: every one of these asks the service, so each comes from the asker's budget.
  if (ctx.env.admitQuote && !(await ctx.env.admitQuote())) return tooFast(t);
  const deadlineMs = ctx.env.quoteDeadlineMs ?? DEFAULT_QUOTE_DEADLINE_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), deadlineMs);
  });
  let quote: PaymentQuote | "late";
  try {
    quote = await Promise.race([receive(from, to, amountTo), deadline]);
  } catch (err) {
    if (!(err instanceof PartnerError)) ctx.env.logger?.warn({ err: describe(err), from, to }, "rate answer: payment quote failed");
    return failureAnswer(ctx, err instanceof PartnerError ? err : undefined, from, to);
  } finally {
    clearTimeout(timer);
  }
  if (quote === "late") return failureAnswer(ctx, undefined, from, to);
  const min = quote.minAmount ?? fromCoin.minAmount;
  if (isBelow(quote.amountFrom, min)) return { kind: "below-min", items: [belowMinItem(ctx, from, to, min)] };
  const max = exceededMaximum(quote.amountFrom, quote.maxAmount ?? fromCoin.maxAmount);
  if (max !== undefined) return { kind: "above-max", items: [aboveMaxItem(ctx, from, to, max)] };
  const vars = { amountFrom: formatAmount(quote.amountFrom), from: ctx.label(from), amountTo: formatAmount(amountTo), to: ctx.label(to) };
  const message = t("flow-receive-quote", { amountTo: vars.amountTo, to: vars.to, amount: vars.amountFrom, from: vars.from });
  return {
    kind: "quote",
    items: [
      {
        id: `r_${from}_${to}`.slice(0, 64),
        title: plainOf(t("rates-receive-title", vars)),
        description: plainOf(t("rates-receive-description", vars)),
        html: message,
        exchange: { from, to },
        labels: { from: vars.from, to: vars.to },
      },
    ],
  };
}

const INVALID_KEYS: Record<InvalidRateQueryReason, string> = {
  "bad-amount": "rates-invalid-bad-amount",
  "ambiguous-amount": "rates-invalid-ambiguous-amount",
  "multiple-amounts": "rates-invalid-multiple-amounts",
  "amount-position": "rates-invalid-amount-position",
  "missing-coin": "rates-invalid-missing-coin",
  "misplaced-connector": "rates-invalid-misplaced-connector",
  "too-many-words": "rates-invalid-too-many-words",
  "same-coin": "rates-invalid-same-coin",
};

function invalidItem(t: Translate, reason: InvalidRateQueryReason): RateItem {
  return plainItem(`invalid_${reason}`, t("rates-invalid-title"), t(INVALID_KEYS[reason]), t("rates-help-text"));
}

function unknownItem(t: Translate, token: string, suggestions: string[]): RateItem {
  const description =
    suggestions.length > 0 ? t("rates-unknown-suggest", { suggestions: suggestions.join(", ") }) : t("rates-unknown-none");
  return plainItem("unknown", t("rates-unknown-title", { token }), description);
}

function noPairItem(ctx: Ctx, from: string, to: string): RateItem {
  const { t } = ctx.env;
  const shown = ctx.label(from);
  const targets = ctx.index.targetCurrencies(from).slice(0, FROM_ONLY_TARGETS).map(coinLabel);
  const description =
    targets.length > 0 ? t("rates-no-pair-targets", { from: shown, targets: targets.join(", ") }) : t("rates-no-targets", { from: shown });
  return plainItem(`nopair_${from}_${to}`.slice(0, 64), t("rates-no-pair-title", { from: shown, to: ctx.label(to) }), description);
}

function noTargetsItem(ctx: Ctx, from: string): RateItem {
  const { t } = ctx.env;
  return plainItem(`notargets_${from}`.slice(0, 64), t("rates-no-targets", { from: ctx.label(from) }), t("rates-help-description"));
}

/** The pair to prefill, with how the button names it. */
function exchangeOf(ctx: Ctx, from: string, to: string): Pick<RateItem, "exchange" | "labels"> {
  return { exchange: { from, to }, labels: { from: ctx.label(from), to: ctx.label(to) } };
}

function belowMinItem(ctx: Ctx, from: string, to: string | undefined, min: string): RateItem {
  const { t } = ctx.env;
  const shown = ctx.label(from);
  const item = plainItem(
    `min_${from}`.slice(0, 64),
    t("rates-below-min-title", { min: formatAmount(min), from: shown }),
    t("rates-below-min-description", { min: formatAmount(min), from: shown }),
  );
  // The flow asks for the amount again, with the minimum offered as a button.
  return to === undefined ? item : { ...item, ...exchangeOf(ctx, from, to) };
}

function aboveMaxItem(ctx: Ctx, from: string, to: string | undefined, max: string): RateItem {
  const { t } = ctx.env;
  const shown = ctx.label(from);
  const item = plainItem(
    `max_${from}`.slice(0, 64),
    t("rates-above-max-title", { max: formatAmount(max), from: shown }),
    t("rates-above-max-description", { max: formatAmount(max), from: shown }),
  );
  // The flow asks for the amount again, where the maximum is checked too.
  return to === undefined ? item : { ...item, ...exchangeOf(ctx, from, to) };
}

function failureAnswer(ctx: Ctx, failure: PartnerError | undefined, from: string, to: string | undefined): RateAnswer {
  const { t } = ctx.env;
  if (failure?.kind === "rejected") {
    const message =
      failure.serviceMessage === undefined ? t("rates-rejected-generic") : html`${clip(failure.serviceMessage, MAX_SERVICE_MESSAGE)}`.text;
    const item = plainItem("rejected", t("rates-rejected-title"), message);
    return { kind: "rejected", items: [to === undefined ? item : { ...item, ...exchangeOf(ctx, from, to) }] };
  }
  return unavailable(t);
}

/** The person's quote budget is spent (bot/middleware/person-limits.ts): wait, then ask again. */
function tooFast(t: Translate): RateAnswer {
  return { kind: "too-fast", items: [plainItem("too_fast", t("rates-too-fast-title"), t("rates-too-fast-description"))] };
}

function unavailable(t: Translate): RateAnswer {
  return { kind: "unavailable", items: [plainItem("unavailable", t("rates-unavailable-title"), t("rates-unavailable-description"))] };
}

/** Loggable summary of an error without anything secret (PartnerError messages carry none). */
function describe(err: unknown): Record<string, unknown> {
  if (err instanceof PartnerError) return err.toJSON();
  return { message: err instanceof Error ? err.message : String(err) };
}
