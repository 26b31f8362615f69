/**
 * Step "confirm": the card (a fresh quote and every value, with Confirm, Edit and Cancel), then
 * the exchange created once and its deposit instructions handed to delivery.
 */
import { InlineKeyboard } from "grammy";
import { coinLabel, editDraft, type Draft, type EditTarget } from "../../../../domain/exchange-draft.js";
import { required } from "../../../../domain/checked.js";
import { escapeHtml } from "../../../../messages/html.js";
import { maintenanceNotice } from "../../../../support/maintenance.js";
import { confirmCardText, type ShownQuote } from "../../../ui/exchange-messages.js";
import { stepButtons } from "../callbacks.js";
import { createExchangeOnce } from "../create-exchange.js";
import { recordStep, retirePrompt, sendPrompt, waitForInput } from "../input.js";
import { callPartnerWithRetry, failureText, offerRetry } from "../partner-call.js";
import { markQuoted, type Prompt, type StepRun, type StepScope } from "../types.js";
import { exceededMaximum, isAbove } from "../../../../domain/amount.js";
import { countFunnel } from "../../../../support/funnel.js";
import { aboveMaxText } from "./amount.js";
import { fetchFlowQuote, quoteMoved, type QuoteKind } from "./flow-quote.js";
import { inDoubtMessage } from "../start-again.js";
import { rememberExchangeAddresses } from "../../address-book.js";
import type { BotDeps } from "../../../deps.js";

type CompleteDraft = Draft & Required<Pick<Draft, "from" | "to" | "amount" | "destinationAddress" | "refundAddress">>;

/**
 * Shows the card; on Confirm creates the exchange once and has the instructions delivered. The
 * flow is then over; after Edit, or a failure, it goes on with the draft returned.
 */
export const confirmStep: StepRun = async (scope) => {
  const { conversation, ctx, draftId } = scope;
  const draft = scope.draft as CompleteDraft;
  const decision = await confirmExchange(scope, draft);
  if (decision.kind === "edit") return { draft: editDraft(draft, decision.target), ack: decision.ack };
  if (decision.kind === "rejected") return { draft: editDraft(draft, "amount") };

  // Maintenance switched on while this flow was open: stop at the last step, create nothing.
  const paused = await conversation.external(
    async (octx) => (await maintenanceNotice(octx.deps.store.settings, (key, vars) => octx.t(key, vars))) ?? null,
  );
  if (paused !== null) {
    await recordStep(scope, "ended", draft);
    await retirePrompt(ctx, decision.prompt);
    await ctx.reply(paused);
    return "finished";
  }

  await recordStep(scope, "creating", draft);
  await retirePrompt(ctx, decision.prompt);
  await ctx.reply(ctx.t("flow-creating"));
  const chatId = required(ctx.chat, "the chat of the flow").id;
  const userId = required(ctx.from, "the person in the flow").id;
  const outcome = await conversation.external(async (octx) => {
    const result = await createExchangeOnce(octx.deps, {
      draftId,
      userId,
      chatId,
      from: draft.from.code,
      to: draft.to.code,
      // The amount the service quoted last (for "receive exactly", its figure to send).
      amount: decision.quote.amountFrom,
      destinationAddress: draft.destinationAddress,
      destinationTag: draft.destinationTag ?? "",
      refundAddress: draft.refundAddress,
      refundTag: draft.refundTag ?? "",
      quote: decision.quote,
      ...createKindOf(draft, decision.quoteKind),
    });
    if (result.kind === "created") {
      // Through the outbox: on disk before the first message, retried until delivered, and found
      // again at start-up if a crash comes before this line (delivery.ts).
      await octx.deps.delivery.depositInstructions(result.record, { from: draft.from, to: draft.to });
      await rememberAddresses(octx.deps, userId, draft);
    }
    // Only what the flow reads is kept in its log.
    if (result.kind === "in-doubt") return { kind: result.kind, startAgain: result.startAgain };
    if (result.kind === "failed") return { kind: result.kind, failure: result.failure };
    return { kind: result.kind, exchangeId: result.record.id };
  });
  switch (outcome.kind) {
    case "created":
      await recordStep(scope, "ended", draft);
      return "finished";
    case "already":
      await recordStep(scope, "ended", draft);
      await ctx.reply(ctx.t("flow-already-created", { id: escapeHtml(outcome.exchangeId) }));
      // A way to pay, not just an id: the instructions if they never arrived, else the card.
      await conversation.external(async (octx) => {
        const record = await octx.deps.store.exchanges.get(outcome.exchangeId);
        if (record) await octx.deps.delivery.offerPayment(record, { from: draft.from, to: draft.to });
      });
      return "finished";
    case "in-doubt": {
      await recordStep(scope, "ended", draft);
      const vars = { amount: draft.amount, from: coinLabel(draft.from), to: coinLabel(draft.to) };
      // Where the service's answer was lost, one button starts again with these details (start-again.ts).
      const told = inDoubtMessage(ctx.t.bind(ctx), vars, outcome.startAgain ? { draftId } : undefined);
      await ctx.reply(told.text, told.keyboard ? { reply_markup: told.keyboard } : {});
      return "finished";
    }
    case "failed":
      if (outcome.failure.kind === "rejected") {
        await recordStep(scope, "confirm", draft);
        await ctx.reply(failureText(ctx, outcome.failure));
        return { draft };
      }
      await offerRetry({ ...scope, step: "confirm" }, failureText(ctx, outcome.failure));
      return { draft };
  }
};

type ConfirmResult =
  | { kind: "confirmed"; quote: ShownQuote; prompt: Prompt; quoteKind: QuoteKind }
  | { kind: "edit"; target: EditTarget; ack: () => Promise<void> }
  | { kind: "rejected" };

/**
 * Shows the card (one fresh `rate`) and waits for the decision. The card's quote counts as the
 * flow's "quoted" when none was shown before: a flow opened from an inline result or a deep link
 * with a pair and an amount comes straight here, and every confirmed exchange must have been quoted.
 */
async function confirmExchange(scope: StepScope, draft: CompleteDraft): Promise<ConfirmResult> {
  const { ctx } = scope;
  const t = ctx.t.bind(ctx);
  const buttons = stepButtons("confirm");
  const countQuote = !scope.draft.quoted;
  // The draft's kind of quote: floating as in our contract, or fixed, or "receive exactly".
  const rate = await callPartnerWithRetry(scope, "rate", async (deps) => {
    const result = await fetchFlowQuote(deps, draft);
    if (countQuote && !isAbove(result.quote.amountFrom, maxOf(draft, result.maxAmount))) await countFunnel(deps.store, "quoted");
    return result;
  });
  if (!rate.ok) {
    // The amount no longer fits (e.g. the service refuses it now): say why and go back to the amount.
    await ctx.reply(failureText(ctx, rate.failure));
    return { kind: "rejected" };
  }
  // Over the maximum (the coin's, or the one the service sent with this rate): never offered for
  // Confirm, however the amount got here (a deep link, a maximum lowered since the amount step).
  const max = exceededMaximum(rate.value.quote.amountFrom, maxOf(draft, rate.value.maxAmount));
  if (max !== undefined) {
    await ctx.reply(aboveMaxText(ctx, draft.from, max));
    return { kind: "rejected" };
  }
  markQuoted(scope);
  let { quote, kind: quoteKind } = rate.value;
  let card = confirmCardText(t, draft, quote, quoteKind);
  const mainKeyboard = new InlineKeyboard()
    .text(t("flow-button-confirm"), buttons.confirm)
    .row()
    .text(t("flow-button-edit"), buttons.edit)
    .row()
    .text(t("flow-button-back"), buttons.back)
    .text(t("flow-button-cancel"), buttons.cancel);
  let prompt = await sendPrompt(scope, card, mainKeyboard);
  for (;;) {
    const input = await waitForInput(scope, prompt);
    if (input.kind === "text") {
      await input.ctx.reply(t("flow-use-buttons"));
      continue;
    }
    const action = input.action;
    if (action.kind === "confirm") {
      if (quoteKind === "floating") return { kind: "confirmed", quote, prompt, quoteKind };
      // A fixed quote (or a figure to send) is asked again right before the create: the service
      // publishes no lifetime for it. If it moved, the person sees the new figure and confirms again.
      const fresh = await callPartnerWithRetry(scope, "rate:before-create", (deps) => fetchFlowQuote(deps, draft));
      if (!fresh.ok) {
        await ctx.reply(failureText(ctx, fresh.failure));
        return { kind: "rejected" };
      }
      const moved = quoteMoved({ quote, kind: quoteKind }, fresh.value);
      if (!moved) return { kind: "confirmed", quote: fresh.value.quote, prompt, quoteKind: fresh.value.kind };
      ({ quote, kind: quoteKind } = fresh.value);
      card = confirmCardText(t, draft, quote, quoteKind);
      await retirePrompt(ctx, prompt);
      prompt = await sendPrompt(scope, `${t("flow-quote-moved")}\n\n${card}`, mainKeyboard);
      continue;
    }
    if (action.kind === "edit") {
      await input.ctx
        .editMessageText(`${card}\n\n${t("flow-edit-which")}`, {
          reply_markup: new InlineKeyboard()
            .text(t("flow-edit-pair"), buttons.editTarget("pair"))
            .text(t("flow-edit-amount"), buttons.editTarget("amount"))
            .row()
            .text(t("flow-edit-destination"), buttons.editTarget("destination"))
            .text(t("flow-edit-refund"), buttons.editTarget("refund"))
            .row()
            .text(t("flow-button-cancel"), buttons.cancel),
        })
        .catch(() => undefined);
      continue;
    }
    if (action.kind === "edit-target") return { kind: "edit", target: action.target, ack: () => retirePrompt(ctx, prompt, card) };
  }
}

/**
 * Saves the exchange's two addresses for the person's next exchange (issue 24). After the
 * instructions are queued: a store failure here costs a saved address, never the exchange.
 */
async function rememberAddresses(deps: BotDeps, userId: number, draft: CompleteDraft): Promise<void> {
  try {
    await rememberExchangeAddresses(
      deps.store,
      userId,
      [
        { coin: draft.to.code, network: draft.to.network, address: draft.destinationAddress, tag: draft.destinationTag },
        { coin: draft.from.code, network: draft.from.network, address: draft.refundAddress, tag: draft.refundTag },
      ],
      deps.now(),
    );
  } catch (err) {
    deps.logger.warn({ err, userId }, "could not remember the addresses of an exchange");
  }
}

/**
 * How the create is asked for, by the kind of quote confirmed: "receive exactly" by
 * `payment/exchange-create` with the amount to receive; a fixed or floating rate with `fix` only
 * when the flow was offered fixed rates (our contract has no `fix`).
 */
function createKindOf(draft: CompleteDraft, kind: QuoteKind): { fix?: boolean; amountTo?: string; quoteKind?: "fixed" | "exact" } {
  if (kind === "exact" && draft.amountTo !== undefined) return { amountTo: draft.amountTo, quoteKind: "exact" };
  if (!draft.offers?.fixed) return {};
  return kind === "fixed" ? { fix: true, quoteKind: "fixed" } : { fix: false };
}

/** The lower of the coin's maximum and the one sent with the rate; undefined when neither is known. */
function maxOf(draft: CompleteDraft, fromRate: string | undefined): string | undefined {
  const fromCoin = draft.from.maxAmount;
  if (fromCoin === undefined) return fromRate;
  if (fromRate === undefined) return fromCoin;
  return isAbove(fromCoin, fromRate) ? fromRate : fromCoin;
}
