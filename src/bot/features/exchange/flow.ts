/**
 * The exchange conversation: from "which coin do you send" to deposit instructions, one step per
 * conversation run.
 *
 * The builder is replayed from the start on every update (conversations 2.x), so everything
 * non-deterministic (service calls, the store, ids, time) goes through `conversation.external`.
 * Each run asks one step (the first one the draft is missing, see domain/exchange-draft.ts) and
 * then hands the grown draft over to a fresh run (index.ts enters it within the same update).
 * So a saved replay log holds one step's updates, never the whole walk, and replays stay short.
 *
 * Durable before visible: before anything tells the person a step is done or asks the next one,
 * the flow journal (journal.ts) has the new draft on disk. A kill at any moment then leaves either
 * the state the person sees, or a journal ahead of the saved state, from which the step is asked
 * again with everything entered kept (index.ts) — never an answer read for another question.
 */
import { coinLabel, chooseFrom, chooseTo, editDraft, goBack, nextStep, type Draft, type Step } from "../../../domain/exchange-draft.js";
import type { Currency } from "../../../domain/types.js";
import { required } from "../../../domain/checked.js";
import { isAbove, isBelow } from "../../../domain/amount.js";
import type { BotDeps } from "../../deps.js";
import { maintenanceNotice } from "../../../support/maintenance.js";
import { escapeHtml } from "../../../messages/html.js";
import { askAddress, askTag } from "./address-step.js";
import { askAmount } from "./amount-step.js";
import { confirmExchange, type CompleteDraft } from "./confirm-step.js";
import { createExchangeOnce } from "./create-exchange.js";
import { writeJournal, type JournalStep } from "./journal.js";
import { callPartnerWithRetry, failureText, offerRetry } from "./partner-call.js";
import { pickCoin } from "./pick-coin.js";
import { retirePrompt } from "./input.js";
import { FlowExit, type FlowContext, type FlowConversation, type FlowPrefill, type FlowStart, type StepScope } from "./types.js";

/** The conversation's id, also used in its storage keys. */
export const EXCHANGE_FLOW_ID = "exchange";

/** The run to enter after this update, handed from a finished step to index.ts (by outer context). */
const handOvers = new WeakMap<object, FlowStart>();

/** Takes the hand-over a step left on this update's context, if any. */
export function takeHandOver(ctx: object): FlowStart | undefined {
  const start = handOvers.get(ctx);
  handOvers.delete(ctx);
  return start;
}

/** What one step produced: the grown draft, and what to show once that draft is on disk. */
interface StepResult {
  draft: Draft;
  ack?: () => Promise<void>;
}

/** Entry point of one run; `start` is a new flow (maybe prefilled) or the next step of one. */
export async function exchangeFlow(conversation: FlowConversation, ctx: FlowContext, start: FlowStart): Promise<void> {
  const chatId = required(ctx.chat, "the chat of the flow").id;
  const begun =
    start.kind === "step"
      ? start
      : await conversation.external(async (octx) => ({ draftId: newDraftId(), draft: await prefillDraft(octx.deps, start.prefill) }));
  const { draftId, draft } = begun;
  if (start.kind === "step" && start.notice === "restarted") await ctx.reply(ctx.t("flow-restarted"));

  const step = nextStep(draft);
  const scope: StepScope = { conversation, ctx, draftId, draft, step };
  let result: StepResult;
  try {
    if (step === "confirm") {
      const outcome = await confirmAndCreate(scope, draft as CompleteDraft);
      if (outcome === "finished") return;
      result = outcome;
    } else {
      result = await askStep(scope, step);
    }
  } catch (exit) {
    if (!(exit instanceof FlowExit)) throw exit;
    if (exit.kind === "cancel") {
      await journal(scope, "ended", draft);
      await ctx.reply(ctx.t("flow-cancelled"));
      return;
    }
    result = { draft: goBack(draft, step) };
  }
  // A quote shown in this run stays known to the flow, whichever way the step was left.
  if (scope.draft.quoted && !result.draft.quoted) result = { ...result, draft: { ...result.draft, quoted: true } };
  // The next step goes on disk first; only then is this one shown as done.
  await conversation.external(async (octx) => {
    const entry = { step: nextStep(result.draft), draftId, draft: result.draft, owner: octx.deps.processId };
    await writeJournal(octx.deps.store, chatId, entry, octx.deps.now());
    handOvers.set(octx, { kind: "step", draftId, draft: result.draft });
  });
  await result.ack?.();
}

/** Writes the journal entry `step` for this flow, on disk before the caller shows anything. */
async function journal(scope: StepScope, step: JournalStep, draft: Draft): Promise<void> {
  const chatId = required(scope.ctx.chat, "the chat of the flow").id;
  await scope.conversation.external((octx) =>
    writeJournal(octx.deps.store, chatId, { step, draftId: scope.draftId, draft, owner: octx.deps.processId }, octx.deps.now()),
  );
}

/** Asks for one missing value and returns the draft with it. */
async function askStep(scope: StepScope, step: Exclude<Step, "confirm">): Promise<StepResult> {
  const { conversation, ctx, draft } = scope;
  switch (step) {
    case "from": {
      const { coin, ack } = await pickCoin(scope, "from", undefined);
      // Only whether the coin still goes to the one already chosen is kept, not its target list.
      const receiving = draft.to ?? draft.replacing?.to;
      const keepsReceiving =
        receiving !== undefined &&
        (await conversation.external(async (octx) => (await octx.deps.catalog.index()).canExchange(coin.code, receiving.code)));
      return { draft: chooseFrom(draft, coin, keepsReceiving ? [receiving.code] : []), ack };
    }
    case "to": {
      const { coin, ack } = await pickCoin(scope, "to", draft.from);
      return { draft: chooseTo(draft, coin), ack };
    }
    case "amount": {
      const from = required(draft.from, "the coin to send");
      const to = required(draft.to, "the coin to receive");
      const pair = await currentPair(scope, from, to);
      if (!pair) {
        await ctx.reply(ctx.t("flow-pair-gone", { from: coinLabel(from), to: coinLabel(to) }));
        return { draft: editDraft(draft, "pair") };
      }
      const { amount, ack } = await askAmount(scope, pair.from, pair.to);
      return { draft: { ...draft, from: pair.from, to: pair.to, amount }, ack };
    }
    case "destination": {
      const to = required(draft.to, "the coin to receive");
      const question = ctx.t("flow-destination-ask", { to: coinLabel(to) });
      const { value, ack } = await askAddress(scope, to, question);
      return { draft: { ...draft, destinationAddress: value }, ack };
    }
    case "destinationTag": {
      const { value, ack } = await askTag(scope, required(draft.to, "the coin to receive"));
      return { draft: { ...draft, destinationTag: value }, ack };
    }
    case "refund": {
      const from = required(draft.from, "the coin to send");
      const question = ctx.t("flow-refund-ask", { from: coinLabel(from) });
      const { value, ack } = await askAddress(scope, from, question);
      return { draft: { ...draft, refundAddress: value }, ack };
    }
    case "refundTag": {
      const { value, ack } = await askTag(scope, required(draft.from, "the coin to send"));
      return { draft: { ...draft, refundTag: value }, ack };
    }
  }
}

/**
 * The two coins as the catalog has them now (a minimum may have changed since they were picked),
 * or undefined when the pair is no longer open.
 */
async function currentPair(scope: StepScope, from: Currency, to: Currency): Promise<{ from: Currency; to: Currency } | undefined> {
  for (;;) {
    const checked = await callPartnerWithRetry(scope, "catalog:pair", async (deps) => {
      const index = await deps.catalog.index();
      const f = index.get(from.code);
      const t = index.get(to.code);
      return f && t && index.canExchange(f.code, t.code) ? { from: f, to: t } : null;
    });
    if (checked.ok) return checked.value ?? undefined;
    await offerRetry(scope, failureText(scope.ctx, checked.failure));
  }
}

/**
 * Shows the card; on Confirm creates the exchange once and sends the instructions. Returns
 * "finished" when the flow is over, or the draft to continue with (after Edit, or a failure).
 */
async function confirmAndCreate(scope: StepScope, draft: CompleteDraft): Promise<StepResult | "finished"> {
  const { conversation, ctx, draftId } = scope;
  const decision = await confirmExchange(scope, draft);
  if (decision.kind === "edit") return { draft: editDraft(draft, decision.target), ack: decision.ack };
  if (decision.kind === "rejected") return { draft: editDraft(draft, "amount") };

  // Maintenance switched on while this flow was open: stop at the last step, create nothing.
  const paused = await conversation.external(
    async (octx) => (await maintenanceNotice(octx.deps.store.settings, (key, vars) => octx.t(key, vars))) ?? null,
  );
  if (paused !== null) {
    await journal(scope, "ended", draft);
    await retirePrompt(ctx, decision.prompt);
    await ctx.reply(paused);
    return "finished";
  }

  await journal(scope, "creating", draft);
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
      await octx.deps.delivery.depositInstructions(result.record, { from: draft.from, to: draft.to });
    }
    // Only what the flow reads is kept in its log.
    return result.kind === "created" || result.kind === "already"
      ? { kind: result.kind, exchangeId: result.record.id }
      : result.kind === "failed"
        ? { kind: result.kind, failure: result.failure }
        : { kind: result.kind };
  });
  switch (outcome.kind) {
    case "created":
      await journal(scope, "ended", draft);
      return "finished";
    case "already":
      await journal(scope, "ended", draft);
      await ctx.reply(ctx.t("flow-already-created", { id: escapeHtml(outcome.exchangeId) }));
      // A way to pay, not just an id: the instructions if they never arrived, else the card.
      await conversation.external(async (octx) => {
        const record = await octx.deps.store.exchanges.get(outcome.exchangeId);
        if (record) await octx.deps.delivery.offerPayment(record, { from: draft.from, to: draft.to });
      });
      return "finished";
    case "in-doubt":
      await journal(scope, "ended", draft);
      await ctx.reply(ctx.t("flow-create-in-doubt", { amount: draft.amount, from: coinLabel(draft.from), to: coinLabel(draft.to) }));
      return "finished";
    case "failed":
      if (outcome.failure.kind === "rejected") {
        await journal(scope, "confirm", draft);
        await ctx.reply(failureText(ctx, outcome.failure));
        return { draft };
      }
      await offerRetry({ ...scope, step: "confirm" }, failureText(ctx, outcome.failure));
      return { draft };
  }
}

/**
 * Fills the draft from a deep link or inline result, re-checked against the catalog now: a pair
 * that no longer exists or an amount outside the limits is dropped, and the flow asks for it. Only
 * the chosen coins are returned, never the catalog.
 */
async function prefillDraft(deps: BotDeps, prefill: FlowPrefill | undefined): Promise<Draft> {
  if (!prefill) return {};
  let index;
  try {
    index = await deps.catalog.index();
  } catch {
    // The person picks the coins by hand instead; the list step offers Retry if the service is down.
    return {};
  }
  const from = prefill.from === undefined ? undefined : index.get(prefill.from);
  if (!from || index.targets(from.code).size === 0) return {};
  let draft = chooseFrom({}, from, []);
  const to = prefill.to === undefined ? undefined : index.get(prefill.to);
  if (!to || !index.canExchange(from.code, to.code)) return draft;
  draft = chooseTo(draft, to);
  const amount = prefill.amount;
  if (amount !== undefined && !isBelow(amount, from.minAmount) && !isAbove(amount, from.maxAmount)) draft.amount = amount;
  return draft;
}

/** A short random id for the once-only marker of this flow's exchange-create. */
function newDraftId(): string {
  return `d${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
