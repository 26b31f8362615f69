/**
 * A late deposit refunded to another address than the one given at the start (issue 22, the third
 * button of the late-deposit message): the bot asks for the address in the coin that was sent
 * (and its tag, when that coin has one), checks it as every typed address is checked (domain/
 * address-text.ts, domain/tag.ts, the service's `validate-address`), shows it back with Confirm and
 * Cancel, and Confirm makes the choice through the same once-only claim as the other buttons
 * (late-deposit.ts), with that address.
 *
 * The asking is a short question (bot/questions.ts): not asked while an exchange flow is open,
 * left by any command, lapsing with FLOW_TIMEOUT_MINUTES. Only the exchange's owner can open it
 * and answer it; a Confirm under an address shown before the last one does nothing.
 */
import { type Composer, InlineKeyboard } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import type { ExchangeRecord } from "../../domain/types.js";
import { awaitsLateDepositChoice } from "../../domain/status.js";
import { checkAddressText, MAX_ADDRESS_LENGTH } from "../../domain/address-text.js";
import { parseTag } from "../../domain/tag.js";
import { encodeCallback, onCallback } from "../../messages/callback-data.js";
import { htmlPart, joinHtml } from "../../messages/html.js";
import type { Translate } from "../../messages/i18n.js";
import { lateChoiceWords, lateStateWords, refundHtml } from "../../messages/late-deposit.js";
import { shownTagName } from "../../messages/tag-name.js";
import { askQuestion, defineQuestion, nextAnswer, type QuestionContext } from "../questions.js";
import { chooseLateDeposit, type LateDepositDeps } from "./late-deposit.js";

/** What the feature uses. */
type RefundAddressDeps = LateDepositDeps & Pick<BotDeps, "catalog">;

/** The coin a refund goes back in: its code, network and tag name ("" for none), and its label as shown ("USDT · BEP20"). */
interface RefundCoin {
  code: string;
  network?: string;
  tagName: string;
  label: string;
}

/** The coin a refund of `record` goes back in, with its tag's name from the catalog. */
async function refundCoin(deps: RefundAddressDeps, record: ExchangeRecord): Promise<RefundCoin> {
  const label = record.labels?.from ?? record.from;
  const currency = await deps.catalog.currency(record.from).catch(() => undefined);
  if (currency !== undefined)
    return { code: currency.code, ...(currency.network ? { network: currency.network } : {}), tagName: currency.tagName, label };
  // Not in the catalog now: the coin had a tag if the order's own deposit or refund had one.
  return { code: record.from, tagName: record.depositTag !== "" || record.refundTag !== "" ? "MEMO" : "", label };
}

/** Why `record` no longer waits for this choice (already chosen, or not waiting), or undefined when it does. */
function notOpen(t: Translate, record: ExchangeRecord | undefined): string | undefined {
  if (record === undefined) return t("late-deposit-not-waiting");
  const held = record.lateDeposit;
  if (held === undefined && awaitsLateDepositChoice(record)) return undefined;
  return held
    ? t("late-deposit-already", { choice: lateChoiceWords(held, t), state: lateStateWords(held, t) })
    : t("late-deposit-not-waiting");
}

/** A keyboard with the question's Cancel; `id` is the question's own (its Cancel button carries it). */
function cancelOnly(t: Translate, id: string): InlineKeyboard {
  return new InlineKeyboard().text(t("late-other-button-cancel"), encodeCallback({ kind: "late-other-cancel", question: id }));
}

/**
 * The question: the address (and tag), shown back with Confirm and Cancel; another address typed
 * at that point replaces it. `offerMessageId` is the late-deposit message whose button opened it:
 * its buttons go once the choice is made.
 */
export const lateRefundQuestion = defineQuestion(
  "late-refund-address",
  "late-other-in-flow",
  async (conversation, ctx, exchangeId: string, offerMessageId: number | null) => {
    const asker = ctx.from?.id;
    if (asker === undefined) return;
    const t = ctx.t;
    // The question's own id and its Confirms' ids: random, so made once (never on a replay).
    const newId = () => conversation.external(() => Math.random().toString(36).slice(2, 10));
    const id = await newId();
    const coin = await conversation.external(async (octx) => {
      const record = await octx.deps.store.exchanges.get(exchangeId);
      return record === undefined ? null : refundCoin(octx.deps, record);
    });
    if (coin === null) return;
    await ctx.reply(t("late-other-ask", { coin: coin.label, id: exchangeId }), { reply_markup: cancelOnly(t, id) });

    let confirmId: string | undefined;
    let chosen: { address: string; tag: string } | undefined;
    for (;;) {
      const answer = await nextAnswer(conversation, asker, ["late-other-cancel", "late-other-confirm"], "late-other-cancelled");
      const actx = answer.ctx;
      if (answer.kind === "button") {
        const pressed = answer.button;
        if (pressed.kind === "late-other-cancel") {
          if (pressed.question !== id) {
            await actx.answerCallbackQuery({ text: actx.t("late-other-closed") });
            continue;
          }
          await actx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
          await actx.answerCallbackQuery();
          await actx.reply(actx.t("late-other-cancelled"));
          return;
        }
        if (pressed.question !== confirmId || chosen === undefined) {
          // An older address's Confirm: nothing is sent.
          await actx.answerCallbackQuery({ text: actx.t("late-other-closed") });
          await actx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
          continue;
        }
        const refund = chosen;
        // The choice is made (or refused, and the offer's buttons choose again): the question is over.
        await conversation.external(async (octx) => {
          const outcome = await chooseLateDeposit(octx, octx.deps, exchangeId, "refund", {
            refundAddress: refund.address,
            refundTag: refund.tag,
          });
          if ((outcome === "sent" || outcome === "in-doubt") && offerMessageId !== null && octx.chat !== undefined) {
            await octx.api.editMessageReplyMarkup(octx.chat.id, offerMessageId, { reply_markup: undefined }).catch(() => undefined);
          }
        });
        return;
      }
      const stillOpen = await conversation.external(
        async (octx) => notOpen(octx.t, await octx.deps.store.exchanges.get(exchangeId)) ?? null,
      );
      if (stillOpen !== null) {
        await actx.reply(stillOpen);
        return;
      }
      const address = await checkAddress(conversation, actx, coin, id, answer.text);
      if (address === undefined) continue;
      let tag = "";
      if (coin.tagName !== "") {
        const tagName = shownTagName(coin.tagName, actx.t);
        await actx.reply(actx.t("flow-tag-ask", { tagName, coin: coin.label }), { reply_markup: cancelOnly(actx.t, id) });
        const typed = await askTag(conversation, asker, coin, id);
        if (typed === undefined) return;
        tag = typed.value;
      }
      chosen = { address, tag };
      confirmId = await newId();
      const refund = refundHtml({ refundAddress: address, ...(tag ? { refundTag: tag } : {}) });
      const keyboard = new InlineKeyboard()
        .text(actx.t("late-other-button-confirm"), encodeCallback({ kind: "late-other-confirm", question: confirmId }))
        .text(actx.t("late-other-button-cancel"), encodeCallback({ kind: "late-other-cancel", question: id }));
      await actx.reply(actx.t("late-other-confirm", { id: exchangeId, refund }), { reply_markup: keyboard });
    }
  },
);

/** Asks the tag until it passes the chain's rule; undefined when the question was cancelled. */
async function askTag(
  conversation: Parameters<(typeof lateRefundQuestion)["run"]>[0],
  asker: number,
  coin: RefundCoin,
  id: string,
): Promise<{ value: string } | undefined> {
  for (;;) {
    const answer = await nextAnswer(conversation, asker, ["late-other-cancel"], "late-other-cancelled");
    const actx = answer.ctx;
    if (answer.kind === "button") {
      if (answer.button.question !== id) {
        await actx.answerCallbackQuery({ text: actx.t("late-other-closed") });
        continue;
      }
      await actx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
      await actx.answerCallbackQuery();
      await actx.reply(actx.t("late-other-cancelled"));
      return undefined;
    }
    const tagName = shownTagName(coin.tagName, actx.t);
    const parsed = parseTag(answer.text, coin);
    if (parsed.ok) return { value: parsed.value };
    const reason = actx.t(`flow-tag-reason-${parsed.reason}`, {
      max: parsed.max ?? "",
      unit: parsed.unit ?? "characters",
      char: parsed.invisible?.codePoint ?? "",
      position: parsed.invisible?.position ?? 0,
    });
    await actx.reply(actx.t("flow-tag-invalid", { tagName, reason: htmlPart(reason) }), { reply_markup: cancelOnly(actx.t, id) });
  }
}

/**
 * The typed address, if it passes the same checks as the flow's address steps; otherwise says
 * why (and that another may be sent) and returns undefined.
 */
async function checkAddress(
  conversation: Parameters<(typeof lateRefundQuestion)["run"]>[0],
  ctx: QuestionContext,
  coin: RefundCoin,
  id: string,
  text: string,
): Promise<string | undefined> {
  const typed = checkAddressText(text);
  const keyboard = { reply_markup: cancelOnly(ctx.t, id) };
  const invalid = (address: string) =>
    ctx.reply(
      joinHtml([
        ctx.t("flow-address-invalid", { address: address.slice(0, MAX_ADDRESS_LENGTH), coin: coin.label }),
        ctx.t("late-other-retry"),
      ]),
      keyboard,
    );
  if (!typed.ok) {
    if (typed.reason === "shape") await invalid(text.trim());
    else
      await ctx.reply(ctx.t("flow-address-invisible", { char: typed.invisible.codePoint, position: typed.invisible.position }), keyboard);
    return undefined;
  }
  const valid = await conversation.external(async (octx) => {
    try {
      return await octx.deps.partner.validateAddress(coin.code, typed.value);
    } catch (err) {
      octx.deps.logger.warn({ err }, "late deposit: validate-address failed for another refund address");
      return null;
    }
  });
  if (valid === null) {
    await ctx.reply(ctx.t("late-other-check-failed"), keyboard);
    return undefined;
  }
  if (!valid) {
    await invalid(typed.value);
    return undefined;
  }
  return typed.value;
}

/** The third button of the late-deposit message: opens the question for the exchange's owner. */
export function lateRefundAddressFeature(deps: RefundAddressDeps): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  onCallback(feature, "late-other", async (ctx, { exchangeId }) => {
    await ctx.answerCallbackQuery();
    const record = await deps.store.exchanges.get(exchangeId);
    // Another person's id gets nothing, as a wrong id does (late-deposit.ts).
    if (record === undefined || record.userId !== ctx.from.id || ctx.chat === undefined) return;
    if (!deps.config.partnerFeatures.has("emergency") || deps.partner.emergency === undefined) {
      await ctx.reply(ctx.t("late-deposit-unavailable"));
      return;
    }
    const closed = notOpen(ctx.t, record);
    if (closed !== undefined) {
      await ctx.reply(closed);
      return;
    }
    await askQuestion(ctx, lateRefundQuestion, exchangeId, ctx.callbackQuery.message?.message_id ?? null);
  });
  // Confirm or Cancel of a question that is over (confirmed, cancelled, lapsed, left by a command).
  for (const kind of ["late-other-confirm", "late-other-cancel"] as const) {
    onCallback(feature, kind, async (ctx) => {
      await ctx.answerCallbackQuery({ text: ctx.t("late-other-closed") });
      await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
    });
  }
  return feature;
}
