/**
 * The exchange feature: the flow's side of every update of a chat in a flow (in-flow.ts), and the
 * ways in (/exchange, the greeting's button, a /start deep link, a create in doubt started again)
 * and out (/cancel) for a chat that is not in one.
 */
import { type Composer } from "grammy";
import { FeatureComposer } from "../../feature-composer.js";
import { inOrder } from "../../middleware/in-order.js";
import type { BotContext } from "../../context.js";
import { onCallback } from "../../../messages/callback-data.js";
import { decodeExchangePayload } from "../../../domain/deep-link.js";
import { inFlow } from "./in-flow.js";
import { openFlow, START_EXCHANGE_PAYLOAD } from "./open-flow.js";
import { startAgain } from "./start-again.js";

/** Builds the feature. Install it before the other features: a flow sees its chat's updates first. */
export function exchangeFeature(): Composer<BotContext> {
  // The commands and buttons that open or settle a flow, for an update the flow did not take.
  const entries = new FeatureComposer<BotContext>();
  entries.command("exchange", (ctx) => openFlow(ctx));
  onCallback(entries, "start-exchange", async (ctx) => {
    await ctx.answerCallbackQuery();
    await openFlow(ctx);
  });
  entries.command("start", async (ctx, next) => {
    if (ctx.match === START_EXCHANGE_PAYLOAD) return openFlow(ctx);
    // "x_BTC_ETH_0d1" from an inline result or /rate: the flow re-checks pair and minimum.
    const prefill = decodeExchangePayload(ctx.match);
    if (prefill) return openFlow(ctx, prefill);
    return next();
  });
  // A create in doubt: a new flow with the same details, at the card (start-again.ts).
  onCallback(entries, "start-again", (ctx, { draftId }) => startAgain(ctx, draftId));
  // An open flow handles /cancel itself; reaching this handler means there was nothing to cancel.
  entries.command("cancel", (ctx) => ctx.reply(ctx.t("flow-nothing-to-cancel")));
  // A flow button pressed after its flow ended (finished, cancelled, expired).
  onCallback(entries, "flow", (ctx) => ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") }));

  // In order, entering only what an update reaches (middleware/in-order.ts).
  return new FeatureComposer<BotContext>(inOrder<BotContext>(inFlow, entries));
}
