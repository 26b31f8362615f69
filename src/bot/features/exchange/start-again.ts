/**
 * A create in doubt, settled without the service's history (issue 22, point 7): the person gets
 * one button to start again with the same details. It opens a new flow (a new draft id, so a new
 * once-only marker) at the confirmation card, with a fresh quote, for the person to confirm again.
 * The first attempt's order, if the service made one, is never shown to pay and simply expires
 * unpaid; the message says so, and support's alert about it stays.
 *
 * The details come from the attempt's create marker (create-exchange.ts), which is durable, so
 * the button works after a restart; its data names the attempt's draft id only, never an address.
 * Only the person who made the attempt can use it, and only once: the marker keeps the draft id
 * of the flow started from it (`restartedAs`).
 */
import { InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import type { BotDeps } from "../../deps.js";
import type { CreateAttempt } from "../../../domain/types.js";
import { nextStep, type Draft } from "../../../domain/exchange-draft.js";
import { isAbove, isBelow } from "../../../domain/amount.js";
import { encodeCallback } from "../../../messages/callback-data.js";
import type { Translate } from "../../../messages/i18n.js";
import { maintenanceNotice } from "../../../support/maintenance.js";
import { countFunnel } from "../../../support/funnel.js";
import { CREATE_MARKERS, canStartAgain, type CreateMarker } from "./create-exchange.js";
import { newDraftId, prefillDraft, withOffers } from "./flow.js";
import { clearRecord, readRecord, writeRecord } from "./record.js";

/**
 * What the person is told of a create in doubt: with the button when they may start again (its
 * text then says not to pay anything for the first attempt), else the word of before.
 */
export function inDoubtMessage(
  t: Translate,
  /** The attempt's `amount`, `from` and `to`, as the message shows them. */
  vars: Record<string, string>,
  startAgain: { draftId: string } | undefined,
): { text: string; keyboard?: InlineKeyboard } {
  const data = startAgain === undefined ? undefined : encodeCallback({ kind: "start-again", draftId: startAgain.draftId });
  if (data === undefined) return { text: t("flow-create-in-doubt", vars) };
  const keyboard = new InlineKeyboard().text(t("flow-start-again-button"), data);
  return { text: t("flow-create-in-doubt-start-again", vars), keyboard };
}

/**
 * The draft of a new flow with the attempt's details, re-checked against the catalog now as a
 * deep link's are (flow.ts): a coin gone or an amount outside the limits is dropped and asked
 * again, and an address or tag is kept only with its coin. What the service offers is this
 * flow's, as for any new one; the attempt's rate kind or amount to receive is kept where offered.
 */
async function draftOfAttempt(deps: Pick<BotDeps, "catalog" | "config">, attempt: CreateAttempt): Promise<Draft> {
  const prefilled = await prefillDraft(deps, { from: attempt.from, to: attempt.to, amount: attempt.amount });
  const draft = withOffers(prefilled, deps.config.partnerFeatures);
  if (draft.to?.code === attempt.to) {
    draft.destinationAddress = attempt.destinationAddress;
    if (draft.to.tagName && attempt.destinationTag !== "") draft.destinationTag = attempt.destinationTag;
  }
  if (draft.from?.code === attempt.from) {
    draft.refundAddress = attempt.refundAddress;
    if (draft.from.tagName && attempt.refundTag !== "") draft.refundTag = attempt.refundTag;
    // The coin to receive is gone: the amount sent is still the person's (not one for an amount to receive).
    const { minAmount, maxAmount } = draft.from;
    const fits = !isBelow(attempt.amount, minAmount) && !isAbove(attempt.amount, maxAmount);
    if (draft.amount === undefined && attempt.amountTo === undefined && fits) draft.amount = attempt.amount;
  }
  if (draft.amount === undefined) return draft;
  if (attempt.amountTo !== undefined) {
    // The amount sent was the service's figure for this amount to receive: without "receive
    // exactly" offered now it is not an amount the person chose, and is asked again.
    if (draft.offers?.receive && draft.to?.code === attempt.to) draft.amountTo = attempt.amountTo;
    else delete draft.amount;
  } else if (attempt.fix !== undefined && draft.offers?.fixed) {
    draft.rateKind = attempt.fix ? "fixed" : "floating";
  }
  return draft;
}

/**
 * The button pressed: opens the new flow at its first missing step (the card, when nothing was
 * dropped). `enter` enters the run the chat's record names (index.ts), given the record's
 * sequence number before this press.
 *
 * The new flow's record is written (durable, its prompt due) before the press is claimed in the
 * marker: a kill between the two still shows the card at start-up, and leaves the button usable
 * once more rather than used with nothing to show for it.
 */
export async function startAgain(
  ctx: BotContext,
  draftId: string,
  enter: (chatId: number, seq: number | undefined) => Promise<void>,
): Promise<void> {
  const { deps } = ctx;
  const chatId = ctx.chat?.type === "private" ? ctx.chat.id : undefined;
  const markers = deps.store.kv<CreateMarker>(CREATE_MARKERS);
  const marker = await markers.get(draftId);
  await ctx.answerCallbackQuery();
  // Another person's attempt (data a modified client made up), or no attempt by that id: nothing.
  if (
    chatId === undefined ||
    marker === undefined ||
    marker.state === "done" ||
    marker.userId !== ctx.from?.id ||
    marker.chatId !== chatId
  ) {
    deps.logger.warn({ chatId, draftId }, "start again: not this person's attempt; ignored");
    return;
  }
  if (!canStartAgain(marker)) {
    await ctx.reply(ctx.t("flow-start-again-used"));
    return;
  }
  const paused = await maintenanceNotice(deps.store.settings, (key, vars) => ctx.t(key, vars));
  if (paused) {
    await ctx.reply(paused);
    return;
  }
  // Without the catalog the details could not be checked: the button stays for a later press.
  if ((await deps.catalog.index().catch(() => undefined)) === undefined) {
    await ctx.reply(ctx.t("flow-start-again-later"));
    return;
  }
  const draft = await draftOfAttempt(deps, marker);
  const newId = newDraftId();
  const seq = (await readRecord(deps.store, chatId))?.seq;
  // Another flow of this chat (opened since) gives way, as /exchange does.
  await ctx.conversation.exitAll();
  await writeRecord(deps.store, chatId, { step: nextStep(draft), draftId: newId, draft, owner: deps.processId, due: true }, deps.now());
  // The claim, re-checked in the same step as the change (the kv's update is atomic).
  const after = await markers.update(draftId, (current) =>
    current?.state === "in-doubt" && canStartAgain(current) ? { ...current, restartedAs: newId } : current,
  );
  if (after?.state !== "in-doubt" || after.restartedAs !== newId) {
    // Only another process handling this chat at once could have taken it; its flow stands.
    const record = await readRecord(deps.store, chatId);
    if (record?.draftId === newId) await clearRecord(deps.store, chatId);
    await ctx.reply(ctx.t("flow-start-again-used"));
    return;
  }
  deps.logger.info({ chatId, draftId, newDraftId: newId }, "start again: a new flow with the details of a create in doubt");
  await countFunnel(deps.store, "flow_started");
  await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
  await ctx.reply(ctx.t("flow-start-again-started"));
  await enter(chatId, seq);
}
