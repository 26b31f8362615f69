/**
 * Opening an exchange flow: from /exchange, the greeting's button, a deep link with a pair (and an
 * amount), or a create in doubt started again (start-again.ts). A new flow has a new once-only id
 * and what the service offers now; details known beforehand are taken where they still fit the
 * catalog (each step's own `recall`), and the flow asks for the rest.
 */
import { InlineKeyboard } from "grammy";
import type { PartnerFeatures } from "../../../partner/features.js";
import { maintenanceNotice } from "../../../support/maintenance.js";
import { countFunnel } from "../../../support/funnel.js";
import type { BotContext } from "../../context.js";
import type { BotDeps } from "../../deps.js";
import { leaveQuestions } from "../../questions.js";
import { begin } from "./engine.js";
import { readFlow } from "./flow-state.js";
import { surfaceOf } from "./in-flow.js";
import type { Draft, KnownOrder } from "./steps/step.js";
import { recallDraft } from "./steps/table.js";

/** Start payload that opens the flow from a group's "open a private chat" button. */
export const START_EXCHANGE_PAYLOAD = "exchange";

/** Opens a flow in a private chat; in a group, points to the private chat instead. */
export async function openFlow(ctx: BotContext, known?: KnownOrder): Promise<void> {
  if (ctx.chat?.type !== "private") {
    const link = `https://t.me/${ctx.me.username}?start=${START_EXCHANGE_PAYLOAD}`;
    await ctx.reply(ctx.t("flow-group-redirect"), { reply_markup: new InlineKeyboard().url(ctx.t("flow-group-button"), link) });
    return;
  }
  const { deps } = ctx;
  const paused = await maintenanceNotice(deps.store.settings, ctx.t);
  if (paused) {
    await ctx.reply(paused);
    return;
  }
  await countFunnel(deps.store, "flow_started");
  // A chat has one open question: a short one gives way to the flow.
  await leaveQuestions(ctx);
  const chatId = ctx.chat.id;
  const last = await readFlow(deps.store, chatId);
  await begin(surfaceOf(ctx, chatId), last, newDraftId(), await startingDraft(deps, known));
}

/**
 * The draft a flow starts from: what the service offers now (fixed so that the steps do not change
 * under the person), and the details known beforehand that still fit. Without the catalog the
 * details are dropped: the person picks the coins by hand (the list offers Retry if the service is
 * down).
 */
export async function startingDraft(deps: Pick<BotDeps, "catalog" | "config">, known: KnownOrder | undefined): Promise<Draft> {
  const draft: Draft = { answers: {}, ...offersOf(deps.config.partnerFeatures) };
  if (known === undefined) return draft;
  const index = await deps.catalog.index().catch(() => undefined);
  return index === undefined ? draft : recallDraft(known, draft, index);
}

/** What the service offers beyond our contract; nothing when PARTNER_FEATURES names neither. */
function offersOf(features: PartnerFeatures): Pick<Draft, "offers"> {
  const offers = {
    ...(features.has("fixed") ? { fixed: true as const } : {}),
    ...(features.has("receive") ? { receive: true as const } : {}),
  };
  return Object.keys(offers).length === 0 ? {} : { offers };
}

/** A short random id for the once-only marker of this flow's exchange-create. */
export function newDraftId(): string {
  return `d${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
