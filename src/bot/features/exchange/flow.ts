/**
 * The exchange conversation: from "which coin do you send" to deposit instructions.
 *
 * The builder is replayed from the start on every update (conversations 2.x), so everything
 * non-deterministic (service calls, the store, ids, time) goes through `conversation.external`.
 * The draft is rebuilt identically on each replay; the steps ask for whatever it is missing.
 */
import { coinLabel, chooseFrom, chooseTo, editDraft, goBack, nextStep, type Draft, type Step } from "../../../domain/exchange-draft.js";
import type { Currency } from "../../../domain/types.js";
import { isBelow } from "../../../domain/amount.js";
import { askAddress, askTag } from "./address-step.js";
import { askAmount } from "./amount-step.js";
import { confirmExchange, type CompleteDraft } from "./confirm-step.js";
import { createExchangeOnce } from "./create-exchange.js";
import { callPartnerWithRetry, failureText, offerRetry } from "./partner-call.js";
import { pickCoin } from "./pick-coin.js";
import { maintenanceNotice } from "../../../support/maintenance.js";
import { FlowExit, type FlowContext, type FlowConversation, type FlowPrefill } from "./types.js";

/** The conversation's id, also used in its storage keys. */
export const EXCHANGE_FLOW_ID = "exchange";

/** Entry point of the conversation; `prefill` comes from a deep link or an inline result. */
export async function exchangeFlow(conversation: FlowConversation, ctx: FlowContext, prefill?: FlowPrefill): Promise<void> {
  const draftId = await conversation.external(() => newDraftId());
  let draft: Draft = prefill ? await applyPrefill(conversation, ctx, prefill) : {};

  for (;;) {
    const step = nextStep(draft);
    try {
      if (step === "confirm") {
        const done = await confirmAndCreate(conversation, ctx, draftId, draft as CompleteDraft);
        if (done === "created") return;
        draft = done;
        continue;
      }
      draft = await askStep(conversation, ctx, step, draft);
    } catch (exit) {
      if (!(exit instanceof FlowExit)) throw exit;
      if (exit.kind === "cancel") {
        await ctx.reply(ctx.t("flow-cancelled"));
        return;
      }
      draft = goBack(draft, step);
    }
  }
}

/** Asks for one missing value and returns the draft with it. */
async function askStep(conversation: FlowConversation, ctx: FlowContext, step: Exclude<Step, "confirm">, draft: Draft): Promise<Draft> {
  switch (step) {
    case "from": {
      const { coin, targets } = await pickCoin(conversation, ctx, "from", undefined);
      return chooseFrom(draft, coin, targets);
    }
    case "to": {
      const { coin } = await pickCoin(conversation, ctx, "to", draft.from);
      return chooseTo(draft, coin);
    }
    case "amount": {
      const { amount } = await askAmount(conversation, ctx, draft.from!, draft.to!);
      return { ...draft, amount };
    }
    case "destination": {
      const question = ctx.t("flow-destination-ask", { to: coinLabel(draft.to!) });
      return { ...draft, destinationAddress: await askAddress(conversation, ctx, draft.to!, question) };
    }
    case "destinationTag":
      return { ...draft, destinationTag: await askTag(conversation, ctx, draft.to!) };
    case "refund": {
      const question = ctx.t("flow-refund-ask", { from: coinLabel(draft.from!) });
      return { ...draft, refundAddress: await askAddress(conversation, ctx, draft.from!, question) };
    }
    case "refundTag":
      return { ...draft, refundTag: await askTag(conversation, ctx, draft.from!) };
  }
}

/**
 * Shows the card; on Confirm creates the exchange once and sends the instructions. Returns
 * "created" when the flow is finished, or the draft to continue with (after Edit, or a failure).
 */
async function confirmAndCreate(conversation: FlowConversation, ctx: FlowContext, draftId: string, draft: CompleteDraft): Promise<Draft | "created"> {
  const decision = await confirmExchange(conversation, ctx, draft);
  if (decision.kind === "edit") return editDraft(draft, decision.target);
  if (decision.kind === "rejected") return editDraft(draft, "amount");

  const chatId = ctx.chat!.id;
  const userId = ctx.from!.id;
  const outcome = await conversation.external(async (octx) => {
    // Maintenance switched on while this flow was open: stop at the last step, create nothing.
    const paused = maintenanceNotice(octx.deps.store.settings, (key, vars) => octx.t(key, vars));
    if (paused) return { kind: "maintenance" as const, text: paused };
    await octx.reply(octx.t("flow-creating"));
    const result = await createExchangeOnce(octx.deps, {
      draftId,
      userId,
      chatId,
      from: draft.from.code,
      to: draft.to.code,
      amount: draft.amount,
      destinationAddress: draft.destinationAddress,
      destinationTag: draft.destinationTag ?? "",
      refundAddress: draft.refundAddress,
      refundTag: draft.refundTag ?? "",
      quote: decision.quote,
    });
    if (result.kind === "created") {
      // Through the outbox: on disk before the first message, retried until delivered, and found
      // again at start-up if a crash comes before this line (delivery.ts).
      await octx.deps.delivery!.depositInstructions(result.record, { from: draft.from, to: draft.to });
    }
    return result;
  });
  switch (outcome.kind) {
    case "maintenance":
      await ctx.reply(outcome.text);
      return "created";
    case "created":
      return "created";
    case "already":
      await ctx.reply(ctx.t("flow-already-created", { id: outcome.record.id }));
      // A way to pay, not just an id: the instructions if they never arrived, else the card.
      await conversation.external((octx) => octx.deps.delivery!.offerPayment(outcome.record, { from: draft.from, to: draft.to }));
      return "created";
    case "in-doubt":
      await ctx.reply(ctx.t("flow-create-in-doubt"));
      return "created";
    case "failed":
      if (outcome.failure.kind === "rejected") {
        await ctx.reply(failureText(ctx, outcome.failure), { parse_mode: "HTML" });
        return draft;
      }
      await offerRetry(conversation, ctx, failureText(ctx, outcome.failure));
      return draft;
  }
}

/**
 * Fills the draft from a deep link or inline result, re-checked against the catalog now: a pair
 * that no longer exists or an amount under the minimum is dropped, and the flow asks for it.
 */
async function applyPrefill(conversation: FlowConversation, ctx: FlowContext, prefill: FlowPrefill): Promise<Draft> {
  const loaded = await callPartnerWithRetry(conversation, ctx, "catalog:prefill", async (deps) => ({
    currencies: await deps.catalog.currencies(),
    pairs: await deps.catalog.pairs(),
  }));
  if (!loaded.ok) return {};
  const { currencies, pairs } = loaded.value;
  const find = (code: string | undefined): Currency | undefined => currencies.find((c) => c.code === code);
  const from = find(prefill.from);
  if (!from || !(pairs[from.code]?.length)) return {};
  let draft = chooseFrom({}, from, pairs[from.code] ?? []);
  const to = find(prefill.to);
  if (!to || !pairs[from.code]?.includes(to.code)) return draft;
  draft = chooseTo(draft, to);
  if (prefill.amount !== undefined && !isBelow(prefill.amount, from.minAmount)) draft.amount = prefill.amount;
  return draft;
}

/** A short random id for the once-only marker of this flow's exchange-create. */
function newDraftId(): string {
  return `d${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
