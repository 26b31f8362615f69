/**
 * The checks of an exchange's answers, for every face that asks them (the chat's flow, the Mini
 * App): an amount (its reading and limits, its quote), an address (its characters, then the
 * service), a tag (the chain's rule), the card's quote and the one right before a create. Each
 * gives the value, or what to tell the person (HTML in their language, from locales/: the same
 * words whichever face asked), or a failure of the service (the face offers Retry).
 */
import { exceededMaximum, formatAmount, isAbove, isBelow, parseAmount, AMOUNT_ERRORS } from "../domain/amount.js";
import { checkAddressText, MAX_ADDRESS_LENGTH } from "../domain/address-text.js";
import { coinLabel } from "../domain/coin-label.js";
import type { Order, QuoteRequest } from "../domain/order.js";
import { toShownQuote, type ShownQuote } from "../domain/quote.js";
import { parseTag } from "../domain/tag.js";
import type { Currency } from "../domain/types.js";
import { htmlPart, joinHtml, type HtmlText } from "../messages/html.js";
import type { Translate } from "../messages/i18n.js";
import { shownTagName } from "../messages/tag-name.js";
import { countFunnel } from "../support/funnel.js";
import type { ExchangeDeps } from "./deps.js";
import { callPartner, failureText, type FlowFailure } from "./partner-call.js";
import { fetchFlowQuote, quoteMoved, type KindedQuote } from "./quote.js";

/** What a check concluded (see the module comment). */
export type Checked<T> = { ok: true; value: T } | { ok: false; said: HtmlText } | { ok: false; failure: FlowFailure };

/** Where a check runs: the deps, the person's language, and for the log, the chat. */
export interface CheckScope {
  deps: ExchangeDeps;
  t: Translate;
  chatId: number;
}

/** A refusal (told) or a failure of the service (Retry), from a settled call. */
function notOk(t: Translate, failure: FlowFailure): { ok: false; said: HtmlText } | { ok: false; failure: FlowFailure } {
  return failure.kind === "rejected" ? { ok: false, said: failureText(t, failure) } : { ok: false, failure };
}

/** The coin sent's limits, as the catalog has them when the amount is asked. */
export interface Limits {
  min: string;
  max?: string;
}

/** The errors that have a message of their own (domain/amount.ts lists them). */
const KNOWN_AMOUNT_ERRORS: ReadonlySet<string> = new Set(AMOUNT_ERRORS);

/** A typed amount read: the amount, both readings of "1,000", or why it is not one. */
export function readAmount(
  t: Translate,
  text: string,
): { ok: true; value: string } | { ok: false; said: HtmlText } | { ok: "readings"; thousands: string; decimal: string } {
  const parsed = parseAmount(text);
  if (parsed.ok) return { ok: true, value: parsed.value };
  if (parsed.reason === "ambiguous") return { ok: "readings", ...parsed.readings };
  return { ok: false, said: t(KNOWN_AMOUNT_ERRORS.has(parsed.reason) ? `flow-amount-error-${parsed.reason}` : "flow-amount-error-other") };
}

/** "The maximum for BTC is 12 BTC", the maximum grouped for reading. */
function aboveMaxText(t: Translate, coin: Currency, max: string): HtmlText {
  return t("flow-amount-above-max", { coin: coinLabel(coin), max: formatAmount(max) });
}

/** Whether `amount` of `from` is under its minimum (`below`) or over its maximum (told); undefined when it fits. */
export function outsideLimits(t: Translate, from: Currency, limits: Limits, amount: string): "below" | { said: HtmlText } | undefined {
  if (isBelow(amount, limits.min)) return "below";
  const over = exceededMaximum(amount, limits.max);
  return over === undefined ? undefined : { said: aboveMaxText(t, from, over) };
}

/**
 * The quote of `amount` of `from` in `to` (our contract's `rate`), counted as the flow's first
 * "quoted" when `count`; a maximum the service sends beside the rate still applies.
 */
export async function quoteToSend(
  scope: CheckScope,
  pair: { from: Currency; to: Currency },
  amount: string,
  count: boolean,
): Promise<Checked<ShownQuote>> {
  const { from, to } = pair;
  const rate = await callPartner(scope.deps, scope.chatId, "rate", async (deps) => {
    const result = await deps.partner.rate(from.code, to.code, amount);
    if (count && !isAbove(amount, result.maxAmount)) await countFunnel(deps.store, "quoted");
    return result;
  });
  if (!rate.ok) return notOk(scope.t, rate.failure);
  const max = exceededMaximum(amount, rate.value.maxAmount);
  if (max !== undefined) return { ok: false, said: aboveMaxText(scope.t, from, max) };
  return { ok: true, value: toShownQuote(amount, from.code, to.code, rate.value) };
}

/**
 * Receive exactly (capability `receive`): what to send of `from` for exactly `amountTo` of `to`
 * (the service's `payment/rate`), checked against the limits of the coin sent (the service's when
 * it gives them).
 */
export async function quoteToReceive(
  scope: CheckScope,
  pair: { from: Currency; to: Currency },
  limits: Limits,
  amountTo: string,
  count: boolean,
): Promise<Checked<{ amountTo: string; amount: string }>> {
  const { from, to } = pair;
  const { t } = scope;
  const answer = await callPartner(scope.deps, scope.chatId, "payment/rate", async (deps) => {
    if (!deps.partner.paymentRate) throw new Error("the partner client has no payment/rate");
    const quoted = await deps.partner.paymentRate(from.code, to.code, amountTo);
    if (count) await countFunnel(deps.store, "quoted");
    return quoted;
  });
  if (!answer.ok) return notOk(t, answer.failure);
  const send = answer.value.amountFrom;
  const min = answer.value.minAmount ?? limits.min;
  const max = answer.value.maxAmount ?? limits.max;
  const vars = receiveVars(amountTo, send, from, to);
  if (isBelow(send, min)) return { ok: false, said: t("flow-receive-below-min", { ...vars, min: formatAmount(min) }) };
  const over = exceededMaximum(send, max) ?? exceededMaximum(send, limits.max);
  if (over !== undefined) return { ok: false, said: t("flow-receive-above-max", { ...vars, max: formatAmount(over) }) };
  return { ok: true, value: { amountTo, amount: send } };
}

/** The variables of the messages of an amount to receive. */
export function receiveVars(amountTo: string, amount: string, from: Currency, to: Currency): Record<string, string> {
  return { amountTo: formatAmount(amountTo), to: coinLabel(to), amount: formatAmount(amount), from: coinLabel(from) };
}

/** An accepted address, read back to the person (HTML); with the tag a saved address brought. */
export interface AcceptedAddress {
  address: string;
  tag?: string;
  readBack: HtmlText;
}

/**
 * An address of `coin`, checked: an invisible or direction-changing character is refused before
 * the service sees it (naming the character: shown back, it would look right), then the service's
 * `validate-address`. An invalid one is shown back, escaped. `saved`: a saved address pressed, with
 * its label and tag (a saved tag is used only while the coin has tags and the chain's rule takes it).
 */
export async function checkAddress(
  scope: CheckScope,
  coin: Currency,
  typed: string,
  saved?: { tag: string | null; label: string },
): Promise<Checked<AcceptedAddress>> {
  const { t } = scope;
  const text = checkAddressText(typed);
  const address = text.ok ? text.value : typed.trim();
  const shown = address.slice(0, MAX_ADDRESS_LENGTH);
  const refused = (): { ok: false; said: HtmlText } => ({
    ok: false,
    said: saved
      ? t("saved-address-refused", { label: saved.label, address: shown, coin: coinLabel(coin) })
      : t("flow-address-invalid", { address: shown, coin: coinLabel(coin) }),
  });
  if (!text.ok && text.reason === "shape") return refused();
  if (!text.ok)
    return { ok: false, said: t("flow-address-invisible", { char: text.invisible.codePoint, position: text.invisible.position }) };
  const checked = await callPartner(scope.deps, scope.chatId, "validate-address", (deps) =>
    deps.partner.validateAddress(coin.code, address),
  );
  if (!checked.ok) return notOk(t, checked.failure);
  if (!checked.value) return refused();
  const tag = saved?.tag != null && coin.tagName ? parseTag(saved.tag, coin) : undefined;
  const savedTag = tag?.ok ? tag.value : undefined;
  const lines = [t("flow-address-accepted", { coin: coinLabel(coin), address: shown })];
  if (savedTag !== undefined) lines.push(t("flow-tag-accepted", { tagName: shownTagName(coin.tagName, t), tag: savedTag }));
  return { ok: true, value: { address, ...(savedTag === undefined ? {} : { tag: savedTag }), readBack: joinHtml(lines) } };
}

/** A tag of `coin`, by the chain's own rule (domain/tag.ts), said in the person's language; with its read-back. */
export function checkTag(t: Translate, coin: Currency, text: string): Checked<{ tag: string; readBack: HtmlText }> {
  const tagName = shownTagName(coin.tagName, t);
  const parsed = parseTag(text, coin);
  if (parsed.ok) return { ok: true, value: { tag: parsed.value, readBack: t("flow-tag-accepted", { tagName, tag: parsed.value }) } };
  const reason = t(`flow-tag-reason-${parsed.reason}`, {
    max: parsed.max ?? "",
    unit: parsed.unit ?? "characters",
    char: parsed.invisible?.codePoint ?? "",
    position: parsed.invisible?.position ?? 0,
  });
  return { ok: false, said: t("flow-tag-invalid", { tagName, reason: htmlPart(reason) }) };
}

/** The lower of the coin's maximum and the one sent with a quote; undefined when neither is known. */
function maxOf(order: QuoteRequest, fromQuote: string | undefined): string | undefined {
  const fromCoin = order.from.maxAmount;
  if (fromCoin === undefined) return fromQuote;
  if (fromQuote === undefined) return fromCoin;
  return isAbove(fromCoin, fromQuote) ? fromQuote : fromCoin;
}

/**
 * The card's quote: the draft's kind (floating, fixed, or the figure to send of "receive
 * exactly"), counted as the flow's "quoted" when none was shown before (a deep link with a pair and
 * an amount comes straight to the card). An amount over the maximum (the coin's, or the one sent
 * with the quote) is never offered for Confirm: told, as the service's refusal is.
 */
export async function cardQuote(scope: CheckScope, order: QuoteRequest, count: boolean): Promise<Checked<KindedQuote>> {
  const rate = await callPartner(scope.deps, scope.chatId, "rate", async (deps) => {
    const result = await fetchFlowQuote(deps, order);
    if (count && !isAbove(result.quote.amountFrom, maxOf(order, result.maxAmount))) await countFunnel(deps.store, "quoted");
    return result;
  });
  if (!rate.ok) return notOk(scope.t, rate.failure);
  const max = exceededMaximum(rate.value.quote.amountFrom, maxOf(order, rate.value.maxAmount));
  if (max !== undefined) return { ok: false, said: aboveMaxText(scope.t, order.from, max) };
  return { ok: true, value: rate.value };
}

/**
 * The quote a Confirm creates on: a floating one as shown; any other (a fixed rate, the figure to
 * send of "receive exactly") asked again right before, as the service publishes no lifetime for it.
 * `moved` when it differs from the one shown: the person sees the new figure and confirms again.
 */
export async function quoteToCreate(
  scope: CheckScope,
  order: Order,
  shown: Pick<KindedQuote, "kind" | "quote">,
): Promise<Checked<{ quote: ShownQuote; kind: KindedQuote["kind"]; moved: boolean }>> {
  if (shown.kind === "floating") return { ok: true, value: { ...shown, moved: false } };
  const fresh = await callPartner(scope.deps, scope.chatId, "rate:before-create", (deps) => fetchFlowQuote(deps, order));
  if (!fresh.ok) return notOk(scope.t, fresh.failure);
  return { ok: true, value: { quote: fresh.value.quote, kind: fresh.value.kind, moved: quoteMoved(shown, fresh.value) } };
}
