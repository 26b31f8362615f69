/**
 * The exchange conversation: one run asks one step, from "which coin do you send" to deposit
 * instructions.
 *
 * The builder is replayed from the start on every update (conversations 2.x), so everything
 * non-deterministic (service calls, the store, ids, time) goes through `conversation.external`.
 * A run asks the step the draft is missing (domain/exchange-draft.ts, steps/index.ts) and ends
 * by writing the next step to the flow record; index.ts then enters the next run from the
 * record. So a saved replay log holds one step's updates, never the whole walk.
 *
 * Durable before visible: before anything tells the person a step is done or asks the next one,
 * the flow record (record.ts) has the new draft on disk (see docs/design.md).
 */
import { chooseFrom, chooseTo, goBack, nextStep, type Draft } from "../../../domain/exchange-draft.js";
import { isAbove, isBelow } from "../../../domain/amount.js";
import type { BotDeps } from "../../deps.js";
import type { PartnerFeatures } from "../../../partner/features.js";
import { recordStep } from "./input.js";
import { STEPS } from "./steps/index.js";
import {
  FlowExit,
  type FlowConversation,
  type FlowContext,
  type FlowPrefill,
  type FlowStart,
  type StepResult,
  type StepScope,
} from "./types.js";

/** The conversation's id. */
export const EXCHANGE_FLOW_ID = "exchange";

/** Entry point of one run; `start` is a new flow (maybe prefilled) or a step the record names. */
export async function exchangeFlow(conversation: FlowConversation, ctx: FlowContext, start: FlowStart): Promise<void> {
  const begun =
    start.kind === "new"
      ? await conversation.external(async (octx) => ({
          draftId: newDraftId(),
          draft: withOffers(await prefillDraft(octx.deps, start.prefill), octx.deps.config.partnerFeatures),
        }))
      : start;
  const { draftId, draft } = begun;
  if (start.kind === "step" && start.restarted) await ctx.reply(ctx.t("flow-restarted"));

  const step = nextStep(draft);
  // A run entered from the record shows what it says, except after a restart: the record may
  // say "creating", or that the prompt is not on screen, and the prompt shown now replaces that.
  const recorded = start.kind === "answer" || (start.kind === "step" && !start.restarted);
  const scope: StepScope = { conversation, ctx, draftId, draft, step, recorded, answering: start.kind === "answer" };
  let result: StepResult;
  try {
    result = await STEPS[step](scope);
    if (result === "finished") return;
  } catch (exit) {
    if (!(exit instanceof FlowExit)) throw exit;
    if (exit.kind === "cancel") {
      await recordStep(scope, "ended", draft);
      await ctx.reply(ctx.t("flow-cancelled"));
      return;
    }
    result = { draft: goBack(draft, step) };
  }
  // A quote shown in this run stays known to the flow, whichever way the step was left.
  const next = scope.draft.quoted && !result.draft.quoted ? { ...result.draft, quoted: true } : result.draft;
  // The next step goes on disk first; only then is this one shown as done.
  await recordStep(scope, nextStep(next), next);
  await result.ack?.();
}

/**
 * Fills the draft from a deep link or inline result, re-checked against the catalog now: a pair
 * that no longer exists or an amount outside the limits is dropped, and the flow asks for it. Only
 * the chosen coins are returned, never the catalog.
 */
export async function prefillDraft(deps: Pick<BotDeps, "catalog">, prefill: FlowPrefill | undefined): Promise<Draft> {
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

/**
 * What the service offers this flow beyond our contract, fixed when the flow begins so that its
 * steps do not change under the person; nothing when PARTNER_FEATURES names neither.
 */
export function withOffers(draft: Draft, features: PartnerFeatures): Draft {
  const offers: NonNullable<Draft["offers"]> = {};
  if (features.has("fixed")) offers.fixed = true;
  if (features.has("receive")) offers.receive = true;
  return Object.keys(offers).length === 0 ? draft : { ...draft, offers };
}

/** A short random id for the once-only marker of this flow's exchange-create. */
export function newDraftId(): string {
  return `d${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
