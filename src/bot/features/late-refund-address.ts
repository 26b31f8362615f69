/**
 * A late deposit refunded to another address than the one given at the start (issue 22, the third
 * button of the late-deposit message): the bot asks for the address in the coin that was sent
 * (and its tag, when that coin has one), checks it as every typed address is checked (domain/
 * address-text.ts, domain/tag.ts, the service's `validate-address`), shows it back with Confirm and
 * Cancel, and Confirm makes the choice through the same once-only claim as the other buttons
 * (late-deposit.ts), with that address.
 *
 * The open question ("awaiting another refund address for exchange X") is kept per chat in a
 * written-through namespace, written before each prompt is shown, so a kill right after a prompt
 * never loses it. It lasts as long as a flow step waits (FLOW_TIMEOUT_MS), counted from its last
 * prompt. It never takes what belongs to the exchange flow: the flow sees every update first (its
 * feature comes first in create-bot.ts), the question is not opened while a flow is under way, and
 * any command (/cancel, /exchange, /start…) or the greeting's Exchange button leaves it
 * ({@link leaveLateRefundQuestion}, registered before the flow).
 */
import { randomBytes } from "node:crypto";
import { Composer, InlineKeyboard, type MiddlewareFn } from "grammy";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import type { ExchangeRecord } from "../../domain/types.js";
import { awaitsLateDepositChoice } from "../../domain/status.js";
import { checkAddressText, MAX_ADDRESS_LENGTH } from "../../domain/address-text.js";
import { parseTag } from "../../domain/tag.js";
import { decodeCallback, encodeCallback, onCallback } from "../../messages/callback-data.js";
import { escapeHtml } from "../../messages/html.js";
import { lateChoiceWords, lateStateWords } from "../../messages/late-deposit.js";
import { shownTagName } from "../../messages/tag-name.js";
import { readCommand } from "../command-text.js";
import { inFlow } from "./exchange/flow-state.js";
import { chooseLateDeposit, type LateDepositDeps } from "./late-deposit.js";

/** What the feature uses. */
type RefundAddressDeps = LateDepositDeps & Pick<BotDeps, "catalog">;

/** The kv namespace of the open questions, keyed by chat; written through (store/durability.ts). */
const LATE_REFUND_QUESTIONS = "late-refund-question";

/** One chat's open question: which exchange, whose, and how far the answer has come. */
interface RefundQuestion {
  exchangeId: string;
  /** The exchange's owner: only their messages answer. */
  userId: number;
  /** The question's own short id, carried by its Cancel buttons. */
  id: string;
  /** What the next text answers: the address, its tag; at "confirm" a text is another address. */
  stage: "address" | "tag" | "confirm";
  /** The coin sent (a refund goes back in it): its code, network and tag name ("" for none). */
  coin: { code: string; network?: string; tagName: string };
  address?: string;
  tag?: string;
  /** The id carried by the Confirm button of the address shown last: an older Confirm does nothing. */
  confirm?: string;
  /** The late-deposit message whose button opened the question: its buttons go once the choice is made. */
  offerMessageId?: number;
  /** ISO-8601: when its last prompt was written; the question lapses a flow timeout later. */
  at: string;
}

/** A short random id for a question or a Confirm button (callback data stays far below 64 bytes). */
function shortId(): string {
  return randomBytes(6).toString("base64url");
}

function questions(deps: Pick<BotDeps, "store">) {
  return deps.store.kv<RefundQuestion>(LATE_REFUND_QUESTIONS);
}

/** The chat's open question, if there is one and it has not lapsed (a lapsed one is forgotten). */
async function openQuestion(deps: Pick<BotDeps, "store" | "config" | "now">, chatId: number): Promise<RefundQuestion | undefined> {
  const question = await questions(deps).get(String(chatId));
  if (question === undefined) return undefined;
  if (deps.now().getTime() - Date.parse(question.at) < deps.config.flowTimeoutMs) return question;
  await questions(deps).delete(String(chatId));
  return undefined;
}

/** Whether the chat is in the middle of an exchange flow. */
function inExchangeFlow(deps: Pick<BotDeps, "store" | "config" | "now">, chatId: number): Promise<boolean> {
  return inFlow(deps, chatId);
}

/** The coin a refund of `record` goes back in, with its tag's name from the catalog. */
async function refundCoin(deps: RefundAddressDeps, record: ExchangeRecord): Promise<RefundQuestion["coin"]> {
  const currency = await deps.catalog.currency(record.from).catch(() => undefined);
  if (currency !== undefined)
    return { code: currency.code, ...(currency.network ? { network: currency.network } : {}), tagName: currency.tagName };
  // Not in the catalog now: the coin had a tag if the order's own deposit or refund had one.
  return { code: record.from, tagName: record.depositTag !== "" || record.refundTag !== "" ? "MEMO" : "" };
}

/**
 * Whether `record` still waits for a choice by this person; if not, says why (already chosen, or
 * no longer waiting) and returns false.
 */
async function stillOpen(ctx: BotContext, record: ExchangeRecord): Promise<boolean> {
  const held = record.lateDeposit;
  if (held === undefined && awaitsLateDepositChoice(record)) return true;
  await ctx.reply(
    held
      ? ctx.t("late-deposit-already", { choice: lateChoiceWords(held, ctx.t), state: lateStateWords(held, ctx.t) })
      : ctx.t("late-deposit-not-waiting"),
  );
  return false;
}

/** The label of the coin a refund of `record` goes back in, escaped. */
const coinOf = (record: ExchangeRecord): string => escapeHtml(record.labels?.from ?? record.from);

/** A keyboard with the question's Cancel. */
function cancelOnly(ctx: BotContext, question: RefundQuestion): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t("late-other-button-cancel"), encodeCallback({ kind: "late-other-cancel", question: question.id }));
}

/**
 * Commands and the greeting's Exchange button leave an open question (so a later text is never
 * taken for an address the person has forgotten they were asked). Registered before the exchange
 * flow, whose /cancel would otherwise answer that there is nothing to cancel: a /cancel with no
 * flow under way is answered here; anything else goes on to its handler.
 */
export function leaveLateRefundQuestion(deps: BotDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const leave: MiddlewareFn<BotContext> = async (ctx, next) => {
    const chatId = ctx.chat?.id;
    const command = readCommand(ctx.message?.text, ctx.me.username);
    const data = ctx.callbackQuery?.data;
    const leaving = command?.forUs === true || (data !== undefined && decodeCallback(data)?.kind === "start-exchange");
    if (chatId === undefined || !leaving) return next();
    // Only the asked person's own command or press leaves it (someone else's, in a group, does not).
    if ((await questions(deps).get(String(chatId)))?.userId !== ctx.from?.id) return next();
    await questions(deps).delete(String(chatId));
    if (command?.name.toLowerCase() === "cancel" && !(await inExchangeFlow(deps, chatId))) {
      await ctx.reply(ctx.t("late-other-cancelled"));
      return;
    }
    await next();
  };
  feature.use(leave);
  return feature;
}

/** The third button of the late-deposit message, the answers to its question, Confirm and Cancel. */
export function lateRefundAddressFeature(deps: RefundAddressDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  onCallback(feature, "late-other", (ctx, { exchangeId }) => ask(ctx, deps, exchangeId));
  onCallback(feature, "late-other-confirm", (ctx, { question }) => confirm(ctx, deps, question));
  onCallback(feature, "late-other-cancel", (ctx, { question }) => cancel(ctx, deps, question));
  // Reached only by text the exchange flow did not take: no flow is under way in the chat.
  feature.on("message:text", async (ctx, next) => {
    // A command, or an inline result posted "via @bot", is not an answer.
    if (ctx.message.text.startsWith("/") || ctx.message.via_bot !== undefined) return next();
    const question = await openQuestion(deps, ctx.chat.id);
    if (question === undefined || question.userId !== ctx.from.id) return next();
    await answer(ctx, deps, question, ctx.message.text);
  });
  return feature;
}

/** "Refund to another address" pressed: opens the question (durably), then asks for the address. */
async function ask(ctx: BotContext, deps: RefundAddressDeps, exchangeId: string): Promise<void> {
  const record = await deps.store.exchanges.get(exchangeId);
  const chatId = ctx.chat?.id;
  // Another person's id gets nothing, as a wrong id does (late-deposit.ts).
  if (record === undefined || record.userId !== ctx.from?.id || chatId === undefined) {
    await ctx.answerCallbackQuery();
    return;
  }
  await ctx.answerCallbackQuery();
  if (!deps.config.partnerFeatures.has("emergency") || deps.partner.emergency === undefined) {
    await ctx.reply(ctx.t("late-deposit-unavailable"));
    return;
  }
  if (!(await stillOpen(ctx, record))) return;
  if (await inExchangeFlow(deps, chatId)) {
    await ctx.reply(ctx.t("late-other-in-flow"));
    return;
  }
  const messageId = ctx.callbackQuery?.message?.message_id;
  const question: RefundQuestion = {
    exchangeId,
    userId: record.userId,
    id: shortId(),
    stage: "address",
    coin: await refundCoin(deps, record),
    ...(messageId !== undefined ? { offerMessageId: messageId } : {}),
    at: deps.now().toISOString(),
  };
  // Durable before the prompt is visible (written through).
  await questions(deps).set(String(chatId), question);
  await ctx.reply(ctx.t("late-other-ask", { coin: coinOf(record), id: escapeHtml(exchangeId) }), {
    reply_markup: cancelOnly(ctx, question),
  });
}

/** A text while the question is open: the address (at "address" and "confirm") or its tag. */
async function answer(ctx: BotContext, deps: RefundAddressDeps, question: RefundQuestion, text: string): Promise<void> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return;
  const record = await deps.store.exchanges.get(question.exchangeId);
  if (record === undefined || !deps.config.partnerFeatures.has("emergency") || !(await stillOpen(ctx, record))) {
    await questions(deps).delete(String(chatId));
    return;
  }
  if (question.stage === "tag") {
    const tagName = shownTagName(question.coin.tagName, ctx.t.bind(ctx));
    const parsed = parseTag(text, question.coin);
    if (!parsed.ok) {
      const reason = ctx.t(`flow-tag-reason-${parsed.reason}`, {
        max: parsed.max ?? "",
        unit: parsed.unit ?? "characters",
        char: parsed.invisible?.codePoint ?? "",
        position: parsed.invisible?.position ?? 0,
      });
      await ctx.reply(ctx.t("flow-tag-invalid", { tagName, reason }), { reply_markup: cancelOnly(ctx, question) });
      return;
    }
    await showConfirm(ctx, deps, record, { ...question, tag: parsed.value });
    return;
  }
  const address = await checkAddress(ctx, deps, record, question, text);
  if (address === undefined) return;
  if (question.coin.tagName !== "") {
    const next: RefundQuestion = { ...question, stage: "tag", address, at: deps.now().toISOString() };
    delete next.tag;
    delete next.confirm;
    await questions(deps).set(String(chatId), next);
    const tagName = shownTagName(question.coin.tagName, ctx.t.bind(ctx));
    await ctx.reply(ctx.t("flow-tag-ask", { tagName, coin: coinOf(record) }), { reply_markup: cancelOnly(ctx, next) });
    return;
  }
  await showConfirm(ctx, deps, record, { ...question, address, tag: "" });
}

/**
 * The typed address, if it passes the same checks as the flow's address steps; otherwise says
 * why (and that another may be sent) and returns undefined.
 */
async function checkAddress(
  ctx: BotContext,
  deps: RefundAddressDeps,
  record: ExchangeRecord,
  question: RefundQuestion,
  text: string,
): Promise<string | undefined> {
  const typed = checkAddressText(text);
  const keyboard = { reply_markup: cancelOnly(ctx, question) };
  const invalid = (address: string) =>
    ctx.reply(
      `${ctx.t("flow-address-invalid", { address: escapeHtml(address.slice(0, MAX_ADDRESS_LENGTH)), coin: coinOf(record) })}\n${ctx.t("late-other-retry")}`,
      keyboard,
    );
  if (!typed.ok) {
    if (typed.reason === "shape") await invalid(text.trim());
    else
      await ctx.reply(ctx.t("flow-address-invisible", { char: typed.invisible.codePoint, position: typed.invisible.position }), keyboard);
    return undefined;
  }
  let valid: boolean;
  try {
    valid = await deps.partner.validateAddress(question.coin.code, typed.value);
  } catch (err) {
    deps.logger.warn({ err, exchangeId: question.exchangeId }, "late deposit: validate-address failed for another refund address");
    await ctx.reply(ctx.t("late-other-check-failed"), keyboard);
    return undefined;
  }
  if (!valid) {
    await invalid(typed.value);
    return undefined;
  }
  return typed.value;
}

/** Records the address (and tag) to confirm, durably, then shows it with Confirm and Cancel. */
async function showConfirm(ctx: BotContext, deps: RefundAddressDeps, record: ExchangeRecord, answered: RefundQuestion): Promise<void> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return;
  const question: RefundQuestion = { ...answered, stage: "confirm", confirm: shortId(), at: deps.now().toISOString() };
  await questions(deps).set(String(chatId), question);
  const address = question.address ?? "";
  const refund = escapeHtml(address) + (question.tag ? ` (${escapeHtml(question.tag)})` : "");
  const keyboard = new InlineKeyboard()
    .text(ctx.t("late-other-button-confirm"), encodeCallback({ kind: "late-other-confirm", question: question.confirm ?? "" }))
    .text(ctx.t("late-other-button-cancel"), encodeCallback({ kind: "late-other-cancel", question: question.id }));
  await ctx.reply(ctx.t("late-other-confirm", { id: escapeHtml(record.id), refund }), { reply_markup: keyboard });
}

/** Confirm: the once-only choice with the address shown on this very button's message. */
async function confirm(ctx: BotContext, deps: RefundAddressDeps, confirmId: string): Promise<void> {
  const chatId = ctx.chat?.id;
  const question = chatId === undefined ? undefined : await openQuestion(deps, chatId);
  if (
    chatId === undefined ||
    question === undefined ||
    question.userId !== ctx.from?.id ||
    question.stage !== "confirm" ||
    question.confirm !== confirmId ||
    question.address === undefined
  ) {
    // Already confirmed, cancelled, lapsed, or an older address's Confirm: nothing is sent.
    await ctx.answerCallbackQuery({ text: ctx.t("late-other-closed") });
    await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
    return;
  }
  const outcome = await chooseLateDeposit(ctx, deps, question.exchangeId, "refund", {
    refundAddress: question.address,
    refundTag: question.tag ?? "",
  });
  // The choice is stored (or was refused, and the offer's buttons choose again): the question is over.
  await questions(deps).delete(String(chatId));
  if ((outcome === "sent" || outcome === "in-doubt") && question.offerMessageId !== undefined) {
    await ctx.api.editMessageReplyMarkup(chatId, question.offerMessageId, { reply_markup: undefined }).catch(() => undefined);
  }
}

/** Cancel: the question is dropped, nothing is sent; the offer's buttons stay. */
async function cancel(ctx: BotContext, deps: RefundAddressDeps, questionId: string): Promise<void> {
  const chatId = ctx.chat?.id;
  const question = chatId === undefined ? undefined : await openQuestion(deps, chatId);
  await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
  if (chatId === undefined || question === undefined || question.id !== questionId || question.userId !== ctx.from?.id) {
    await ctx.answerCallbackQuery({ text: ctx.t("late-other-closed") });
    return;
  }
  await questions(deps).delete(String(chatId));
  await ctx.answerCallbackQuery();
  await ctx.reply(ctx.t("late-other-cancelled"));
}
