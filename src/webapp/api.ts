/**
 * The Mini App's questions to the bot, one function each: the same engine as the chat's flow
 * (src/exchange/: the catalog's coins, the checks of amounts, addresses and tags, the quotes, the
 * create once with its instructions in the chat), the same words (the chat's locale keys, as plain
 * text), the same per-person limits. Nothing the page sends is trusted: every coin is looked up in
 * the catalog of now, every amount, address and tag checked again, every quote asked again, and
 * the person is the one of the signed launch data (person.ts), never a field of the request.
 *
 * Each answer is a small JSON object; a refusal carries `error` (what to tell the person).
 */
import { randomBytes } from "node:crypto";
import type { CatalogIndex } from "../domain/catalog-index.js";
import { coinLabel } from "../domain/coin-label.js";
import { decodeExchangePayload } from "../domain/deep-link.js";
import { isFinalStatus } from "../domain/status.js";
import { addressTail, MAX_OFFERED, savedFor } from "../domain/saved-addresses.js";
import { coinsOfTicker, groupByTicker, tickerOf } from "../domain/tickers.js";
import type { Order, RateKind } from "../domain/order.js";
import type { ShownQuote } from "../domain/quote.js";
import type { Currency } from "../domain/types.js";
import type { Translate } from "../messages/i18n.js";
import { statusLabel } from "../messages/order-card.js";
import { maintenanceNotice } from "../support/maintenance.js";
import { countFunnel } from "../support/funnel.js";
import { readBook } from "../exchange/address-book.js";
import { plainOf } from "../messages/html.js";
import {
  cardQuote,
  checkAddress,
  checkTag,
  outsideLimits,
  quoteToCreate,
  quoteToReceive,
  quoteToSend,
  readAmount,
  type Checked,
} from "../exchange/checks.js";
import { networkChoices, offeredCoins, type CoinRole } from "../exchange/coins.js";
import { createOrder } from "../exchange/create.js";
import type { ExchangeDeps } from "../exchange/deps.js";
import { failureText } from "../exchange/partner-call.js";
import { fetchFlowQuote, type QuoteKind } from "../exchange/quote.js";
import { depositQrDataUrl } from "./deposit-qr.js";

/** What a request knows: the engine's deps, the person, and their language. */
export interface ApiScope {
  deps: ExchangeDeps;
  /** The person of the signed launch data; their private chat with the bot has their id. */
  userId: number;
  t: Translate;
  /** What the link that opened the page carried (`startapp`), from the signed launch data. */
  startParam?: string;
}

/** An answer: JSON, with `error` for a refusal the page shows. */
export type Answer = Record<string, unknown>;

/** The most coins one list answers with: a page of a phone's screen, searched further by typing. */
const MAX_LISTED = 60;
/** The longest search text read. */
const MAX_QUERY = 40;

/** A coin as the page shows it. */
function coinView(coin: Currency) {
  return {
    code: coin.code,
    ticker: tickerOf(coin),
    network: coin.network ?? null,
    label: coinLabel(coin),
    min: coin.minAmount,
    max: coin.maxAmount ?? null,
    tagName: coin.tagName,
  };
}

/** A field of the request as a string of at most `max` characters, or undefined. */
function str(body: Record<string, unknown>, name: string, max = 200): string | undefined {
  const value = body[name];
  return typeof value === "string" && value.length > 0 && value.length <= max ? value : undefined;
}

/** An answer that says what is wrong with the request itself (a page of ours never sends one). */
function bad(what: string): Answer {
  return { error: `bad request: ${what}` };
}

/** What a check's refusal or failure says, as text for the page. */
function refusal(scope: ApiScope, checked: Exclude<Checked<unknown>, { ok: true }>): Answer {
  return "failure" in checked ? { error: plainOf(failureText(scope.t, checked.failure)), retry: true } : { error: plainOf(checked.said) };
}

/** The catalog's index, or an answer that says the service is not answering. */
async function indexOf(scope: ApiScope): Promise<CatalogIndex | Answer> {
  try {
    return await scope.deps.catalog.index();
  } catch {
    return { error: plainOf(scope.t("flow-partner-error")), retry: true };
  }
}

const isIndex = (value: CatalogIndex | Answer): value is CatalogIndex => "sendable" in value;

/** The coin `code` as the catalog has it now, if it can be sent (or received from `from`). */
function coinOf(index: CatalogIndex, role: CoinRole, code: string | undefined, from?: Currency): Currency | undefined {
  if (code === undefined) return undefined;
  return offeredCoins(index, role, from).find((c) => c.code === code.toUpperCase());
}

/** The pair of a request, both coins open now; or the answer why not. */
function pairOf(scope: ApiScope, index: CatalogIndex, body: Record<string, unknown>): { from: Currency; to: Currency } | Answer {
  const from = coinOf(index, "from", str(body, "from", 20));
  const to = from === undefined ? undefined : coinOf(index, "to", str(body, "to", 20), from);
  if (from === undefined || to === undefined) return { error: plainOf(scope.t("webapp-pair-gone")) };
  return { from, to };
}

const isPair = (value: { from: Currency; to: Currency } | Answer): value is { from: Currency; to: Currency } =>
  "to" in value && "from" in value && typeof value.from === "object";

/**
 * The session: the person's language and the page's words, what the service offers, a new
 * once-only id for the exchange this page may create, and the pair (and amount) a link carried.
 */
async function session(scope: ApiScope): Promise<Answer> {
  const { deps, t, startParam } = scope;
  const paused = await maintenanceNotice(deps.store.settings, t);
  const features = deps.config.partnerFeatures;
  const link = startParam === undefined ? undefined : decodeExchangePayload(startParam);
  await countFunnel(deps.store, "flow_started");
  return {
    draftId: newWebDraftId(scope.userId),
    offers: { fixed: features.has("fixed"), receive: features.has("receive") },
    paused: paused === undefined ? null : plainOf(paused),
    prefill: link ?? null,
  };
}

/** The draft ids the page's creates carry: the person's own (`w<user>-…`), so no page can name another's. */
function newWebDraftId(userId: number): string {
  return `w${String(userId)}-${randomBytes(6).toString("hex")}`;
}

/** The coins of a list: tickers (a ticker on several networks once), or a search's coins. */
async function coins(scope: ApiScope, body: Record<string, unknown>): Promise<Answer> {
  const index = await indexOf(scope);
  if (!isIndex(index)) return index;
  const role: CoinRole = body.role === "to" ? "to" : "from";
  const from = role === "to" ? coinOf(index, "from", str(body, "from", 20)) : undefined;
  if (role === "to" && from === undefined) return { error: plainOf(scope.t("webapp-pair-gone")) };
  const offered = offeredCoins(index, role, from);
  const query = str(body, "query", 500)?.trim().slice(0, MAX_QUERY);
  if (query)
    return {
      items: index
        .search(query, offered)
        .slice(0, MAX_LISTED)
        .map((coin) => ({ kind: "coin", ...coinView(coin) })),
    };
  const items = groupByTicker(offered)
    .slice(0, MAX_LISTED)
    .map(({ ticker, coins: list }) => {
      const [only] = list;
      return list.length === 1 && only ? { kind: "coin", ...coinView(only) } : { kind: "ticker", ticker, networks: list.length };
    });
  return { items };
}

/** A ticker's networks, each with its minimum (sent) or fee (received), and the warning. */
async function networks(scope: ApiScope, body: Record<string, unknown>): Promise<Answer> {
  const index = await indexOf(scope);
  if (!isIndex(index)) return index;
  const role: CoinRole = body.role === "to" ? "to" : "from";
  const ticker = str(body, "ticker", 20);
  const from = role === "to" ? coinOf(index, "from", str(body, "from", 20)) : undefined;
  if (ticker === undefined || (role === "to" && from === undefined)) return bad("ticker");
  const list = coinsOfTicker(offeredCoins(index, role, from), ticker);
  if (list.length === 0) return { error: plainOf(scope.t("flow-coin-gone", { coin: ticker })) };
  const choices = await networkChoices({ deps: scope.deps, t: scope.t, chatId: scope.userId }, role, list, from);
  return {
    choices: choices.flatMap((c) => {
      const found = list.find((one) => one.code === c.code);
      return found === undefined ? [] : [{ ...c, coin: coinView(found) }];
    }),
    warning: plainOf(scope.t(role === "from" ? "flow-network-warning-from" : "flow-network-warning-to", { ticker: ticker })),
  };
}

/** One coin by its code (a link's prefill), if it can be sent, or received from `from`. */
async function coin(scope: ApiScope, body: Record<string, unknown>): Promise<Answer> {
  const index = await indexOf(scope);
  if (!isIndex(index)) return index;
  const role: CoinRole = body.role === "to" ? "to" : "from";
  const from = role === "to" ? coinOf(index, "from", str(body, "from", 20)) : undefined;
  const found = coinOf(index, role, str(body, "code", 20), from);
  return found === undefined
    ? { error: plainOf(scope.t("flow-coin-gone", { coin: str(body, "code", 20) ?? "" })) }
    : { coin: coinView(found) };
}

/**
 * A quote for the amount to send (`amount`, checked against the limits of now) or to receive
 * (`amountTo`, where the service offers it), and, where fixed rates are offered, both kinds. The
 * first quote of a draft counts as the funnel's "quoted" (the page says whether one was shown).
 */
async function quote(scope: ApiScope, body: Record<string, unknown>): Promise<Answer> {
  const index = await indexOf(scope);
  if (!isIndex(index)) return index;
  const pair = pairOf(scope, index, body);
  if (!isPair(pair)) return pair;
  const check = { deps: scope.deps, t: scope.t, chatId: scope.userId };
  const limits = { min: pair.from.minAmount, ...(pair.from.maxAmount ? { max: pair.from.maxAmount } : {}) };
  const count = body.quoted !== true;
  const offers = scope.deps.config.partnerFeatures;
  const typedTo = str(body, "amountTo", 60);
  if (typedTo !== undefined) {
    if (!offers.has("receive")) return bad("amountTo");
    const read = readAmount(scope.t, typedTo);
    if (read.ok !== true) return { error: plainOf(read.ok === false ? read.said : scope.t("flow-amount-error-ambiguous")) };
    const exact = await quoteToReceive(check, pair, limits, read.value, count);
    if (!exact.ok) return refusal(scope, exact);
    return { kind: "exact", amountFrom: exact.value.amount, amountTo: exact.value.amountTo };
  }
  const read = readAmount(scope.t, str(body, "amount", 60) ?? "");
  if (read.ok === "readings") return { readings: [read.thousands, read.decimal] };
  if (!read.ok) return { error: plainOf(read.said) };
  const outside = outsideLimits(scope.t, pair.from, limits, read.value);
  if (outside === "below")
    return { error: plainOf(scope.t("flow-amount-below-min", { coin: coinLabel(pair.from), min: limits.min })), min: limits.min };
  if (outside !== undefined) return { error: plainOf(outside.said) };
  const floating = await quoteToSend(check, pair, read.value, count);
  if (!floating.ok) return refusal(scope, floating);
  const answer: Answer = { kind: "floating", ...quoteFigures(floating.value) };
  if (offers.has("fixed")) {
    const fixed = await fetchFlowQuote(scope.deps, { ...pair, amount: read.value, rateKind: "fixed", offers: { fixed: true } }).catch(
      () => undefined,
    );
    if (fixed?.kind === "fixed") answer.fixed = quoteFigures(fixed.quote);
  }
  return answer;
}

/** A quote's figures for the page. */
function quoteFigures(q: ShownQuote) {
  return { amountFrom: q.amountFrom, amountTo: q.amountTo, fee: q.fee ? { amount: q.fee.amount, coin: q.fee.currency } : null };
}

/** An address of a coin, checked as the chat checks it: its characters, then the service. */
async function address(scope: ApiScope, body: Record<string, unknown>): Promise<Answer> {
  const index = await indexOf(scope);
  if (!isIndex(index)) return index;
  const code = str(body, "coin", 20);
  const found = code === undefined ? undefined : index.get(code);
  const typed = typeof body.address === "string" ? body.address.slice(0, 1000) : undefined;
  if (found === undefined || typed === undefined) return bad("coin or address");
  const checked = await checkAddress({ deps: scope.deps, t: scope.t, chatId: scope.userId }, found, typed);
  if (!checked.ok) return refusal(scope, checked);
  return { address: checked.value.address };
}

/** A tag of a coin, by the chain's rule. */
async function tag(scope: ApiScope, body: Record<string, unknown>): Promise<Answer> {
  const index = await indexOf(scope);
  if (!isIndex(index)) return index;
  const found = index.get(str(body, "coin", 20) ?? "");
  const typed = typeof body.tag === "string" ? body.tag.slice(0, 200) : undefined;
  if (found === undefined || typed === undefined) return bad("coin or tag");
  const checked = checkTag(scope.t, found, typed);
  if (!checked.ok) return refusal(scope, checked);
  return { tag: checked.value.tag };
}

/** The person's saved addresses of exactly this coin and network, with their addresses and tags. */
async function saved(scope: ApiScope, body: Record<string, unknown>): Promise<Answer> {
  const index = await indexOf(scope);
  if (!isIndex(index)) return index;
  const found = index.get(str(body, "coin", 20) ?? "");
  if (found === undefined) return bad("coin");
  const book = await readBook(scope.deps.store, scope.userId);
  const items = savedFor(book, found.code, found.network)
    .slice(0, MAX_OFFERED)
    .map((s) => ({ id: s.id, label: s.name ?? addressTail(s.address), uses: s.uses, address: s.address, tag: s.tag ?? null }));
  return { items };
}

/** What the page confirms: the pair, the amounts, the addresses, and the quote it showed. */
interface Confirmation {
  draftId: string;
  order: Order;
  shown: { quote: ShownQuote; kind: QuoteKind };
}

/** The order of a create request, every part checked again; or the answer why not. */
async function confirmationOf(scope: ApiScope, body: Record<string, unknown>): Promise<Confirmation | Answer> {
  const draftId = str(body, "draftId", 60);
  if (draftId === undefined || !draftId.startsWith(`w${String(scope.userId)}-`)) return bad("draftId");
  const index = await indexOf(scope);
  if (!isIndex(index)) return index;
  const pair = pairOf(scope, index, body);
  if (!isPair(pair)) return pair;
  const check = { deps: scope.deps, t: scope.t, chatId: scope.userId };
  const offers = scope.deps.config.partnerFeatures;
  const amountTo = str(body, "amountTo", 60);
  const amount = readAmount(scope.t, str(body, "amount", 60) ?? "");
  if (amount.ok !== true) return { error: plainOf(amount.ok === false ? amount.said : scope.t("flow-amount-error-ambiguous")) };
  const rateKind: RateKind | undefined = body.rateKind === "fixed" || body.rateKind === "floating" ? body.rateKind : undefined;
  const destination = await addressOf(scope, body, "destination", pair.to);
  if (!isAddress(destination)) return destination;
  const refund = await addressOf(scope, body, "refund", pair.from);
  if (!isAddress(refund)) return refund;
  const order: Order = {
    ...pair,
    amount: amount.value,
    ...(amountTo !== undefined && offers.has("receive") ? { amountTo } : {}),
    ...(rateKind !== undefined && offers.has("fixed") ? { rateKind } : {}),
    offers: { ...(offers.has("fixed") ? { fixed: true as const } : {}), ...(offers.has("receive") ? { receive: true as const } : {}) },
    destinationAddress: destination.address,
    destinationTag: destination.tag,
    refundAddress: refund.address,
    refundTag: refund.tag,
  };
  // The card's quote, asked now: what the page showed is only what the person saw.
  const card = await cardQuote(check, order, false);
  if (!card.ok) return refusal(scope, card);
  return { draftId, order, shown: { quote: card.value.quote, kind: card.value.kind } };
}

/** One address of a create request (`<role>Address`, `<role>Tag`), checked as the chat checks it. */
async function addressOf(
  scope: ApiScope,
  body: Record<string, unknown>,
  role: "destination" | "refund",
  coinOfRole: Currency,
): Promise<{ address: string; tag: string } | Answer> {
  const typed = str(body, `${role}Address`, 1000);
  if (typed === undefined) return bad(`${role}Address`);
  const checked = await checkAddress({ deps: scope.deps, t: scope.t, chatId: scope.userId }, coinOfRole, typed);
  if (!checked.ok) return refusal(scope, checked);
  if (!coinOfRole.tagName) return { address: checked.value.address, tag: "" };
  const typedTag = checkTag(scope.t, coinOfRole, str(body, `${role}Tag`, 200) ?? "");
  if (!typedTag.ok) return refusal(scope, typedTag);
  return { address: checked.value.address, tag: typedTag.value.tag };
}

const isAddress = (value: { address: string; tag: string } | Answer): value is { address: string; tag: string } =>
  !("error" in value) && typeof value.address === "string";

const isConfirmation = (value: Confirmation | Answer): value is Confirmation => "order" in value && "shown" in value;

/**
 * Confirm: the order checked again and created once, under the page's draft id (a second press
 * finds the first); its card and deposit instructions go to the person's chat, as for an exchange
 * made there. A fixed rate or "receive exactly" figure that moved since it was shown comes back
 * for the person to confirm again.
 */
async function create(scope: ApiScope, body: Record<string, unknown>): Promise<Answer> {
  const { deps, t } = scope;
  const paused = await maintenanceNotice(deps.store.settings, t);
  if (paused !== undefined) return { error: plainOf(paused) };
  const confirmation = await confirmationOf(scope, body);
  if (!isConfirmation(confirmation)) return confirmation;
  const { draftId, order } = confirmation;
  const shownKind: QuoteKind = order.amountTo !== undefined ? "exact" : order.rateKind === "fixed" ? "fixed" : "floating";
  const seen = body.shown as { amountFrom?: unknown; amountTo?: unknown } | undefined;
  const shown = {
    kind: shownKind,
    quote: {
      ...confirmation.shown.quote,
      ...(typeof seen?.amountFrom === "string" ? { amountFrom: seen.amountFrom } : {}),
      ...(typeof seen?.amountTo === "string" ? { amountTo: seen.amountTo } : {}),
    },
  };
  const fresh = await quoteToCreate({ deps, t, chatId: scope.userId }, order, shown);
  if (!fresh.ok) return refusal(scope, fresh);
  if (fresh.value.moved)
    return { moved: { kind: fresh.value.kind, ...quoteFigures(fresh.value.quote) }, error: plainOf(t("flow-quote-moved")) };
  const quoteNow = shown.kind === "floating" ? confirmation.shown.quote : fresh.value.quote;
  const outcome = await createOrder(deps, {
    draftId,
    userId: scope.userId,
    chatId: scope.userId,
    order,
    quote: quoteNow,
    quoteKind: fresh.value.kind,
  });
  switch (outcome.kind) {
    case "created":
    case "already":
      // The exchange exists: a QR code that cannot be drawn (an address too long for one) leaves the
      // page without it rather than failing every retry of an exchange already made.
      return {
        exchange: {
          ...exchangeView(t, outcome.record),
          depositQr: await depositQrDataUrl(outcome.record.depositAddress).catch(() => undefined),
        },
      };
    case "in-doubt":
      return {
        error: plainOf(t("flow-create-in-doubt", { amount: order.amount, from: coinLabel(order.from), to: coinLabel(order.to) })),
        inDoubt: true,
      };
    case "failed":
      return { error: plainOf(failureText(t, outcome.failure)), retry: outcome.failure.kind !== "rejected" };
  }
}

/** An exchange as the page's deposit view shows it. */
function exchangeView(
  t: Translate,
  record: {
    id: string;
    from: string;
    to: string;
    amountFrom: string;
    quotedAmountTo?: string;
    depositAddress: string;
    depositTag: string;
    status: string;
    labels?: { from: string; to: string };
  },
) {
  return {
    id: record.id,
    from: record.labels?.from ?? record.from,
    to: record.labels?.to ?? record.to,
    amountFrom: record.amountFrom,
    amountTo: record.quotedAmountTo ?? null,
    depositAddress: record.depositAddress,
    depositTag: record.depositTag,
    status: record.status,
    statusText: plainOf(statusLabel(record.status, t)),
    final: isFinalStatus(record.status),
  };
}

/** An exchange of the person's, as it stands (the poller keeps it current); never another person's. */
async function status(scope: ApiScope, body: Record<string, unknown>): Promise<Answer> {
  const id = str(body, "id", 100);
  const record = id === undefined ? undefined : await scope.deps.store.lookup.ofUser(scope.userId, id);
  if (record === undefined) return { error: plainOf(scope.t("status-not-found", { id: id ?? "" })) };
  return { exchange: exchangeView(scope.t, record) };
}

/** The questions the page may ask, by name. */
export const QUESTIONS: Readonly<Record<string, (scope: ApiScope, body: Record<string, unknown>) => Promise<Answer>>> = {
  session,
  coins,
  networks,
  coin,
  quote,
  address,
  tag,
  saved,
  create,
  status,
};
