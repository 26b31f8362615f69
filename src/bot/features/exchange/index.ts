/**
 * The exchange feature: the conversations plugin (state in the store), the flow, and the ways in
 * (/exchange, the greeting's button, a /start deep link) and out (/cancel).
 */
import { Composer, InlineKeyboard } from "grammy";
import { conversations, createConversation } from "@grammyjs/conversations";
import type { I18n } from "@grammyjs/i18n";
import { autoRetry } from "@grammyjs/auto-retry";
import type { BaseContext, BotContext } from "../../context.js";
import type { BotDeps } from "../../deps.js";
import { conversationAdapter } from "../../conversation-storage.js";
import { CALLBACK } from "../../ui/callbacks.js";
import { FLOW } from "./callbacks.js";
import { EXCHANGE_FLOW_ID, exchangeFlow } from "./flow.js";
import type { FlowPrefill } from "./types.js";
import { decodeExchangePayload } from "../../../domain/deep-link.js";
import { maintenanceNotice } from "../../../support/maintenance.js";
import { countFunnel } from "../../../support/funnel.js";

/**
 * Bumped whenever a change to the flow would make saved states replay differently ("Bad
 * replay"): a saved flow of another version is dropped and the person starts again.
 */
export const FLOW_VERSION = 2;

/** Start payload that opens the flow from a group's "open a private chat" button. */
export const START_EXCHANGE_PAYLOAD = "exchange";

/** Builds the feature. Install it before the other features: an active flow sees updates first. */
export function exchangeFeature(deps: BotDeps, i18n: I18n<BaseContext>): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.use(
    conversations<BotContext, BaseContext>({
      storage: { type: "key", version: FLOW_VERSION, adapter: conversationAdapter(deps.store, deps.now) },
    }),
  );
  feature.use(
    createConversation<BotContext, BaseContext>(exchangeFlow, {
      id: EXCHANGE_FLOW_ID,
      maxMillisecondsToWait: deps.config.flowTimeoutMs,
      // The inner context is built afresh for each replay: give it what the outer one has.
      plugins: [
        (ctx, next) => {
          ctx.deps = deps;
          ctx.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 }));
          return next();
        },
        i18n,
      ],
    }),
  );

  feature.command("exchange", (ctx) => openFlow(ctx));
  feature.callbackQuery(CALLBACK.startExchange, async (ctx) => {
    await ctx.answerCallbackQuery();
    await openFlow(ctx);
  });
  feature.command("start", async (ctx, next) => {
    if (ctx.match === START_EXCHANGE_PAYLOAD) return openFlow(ctx);
    // "x_BTC_ETH_0d1" from an inline result or /rate: the flow re-checks pair and minimum.
    const prefill = decodeExchangePayload(ctx.match);
    if (prefill) return openFlow(ctx, prefill);
    return next();
  });
  // An active flow handles /cancel itself; reaching this handler means there was nothing to cancel.
  feature.command("cancel", (ctx) => ctx.reply(ctx.t("flow-nothing-to-cancel")));
  // A flow button pressed after its flow ended (finished, cancelled, expired, or a restarted bot
  // with a new flow version).
  feature.callbackQuery(new RegExp(`^${FLOW.prefix}`), (ctx) => ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") }));
  return feature;
}

/** Enters the flow in a private chat; in a group, points to the private chat instead. */
export async function openFlow(ctx: BotContext, prefill?: FlowPrefill): Promise<void> {
  if (ctx.chat?.type !== "private") {
    const link = `https://t.me/${ctx.me.username}?start=${START_EXCHANGE_PAYLOAD}`;
    await ctx.reply(ctx.t("flow-group-redirect"), {
      reply_markup: new InlineKeyboard().url(ctx.t("flow-group-button"), link),
    });
    return;
  }
  const paused = maintenanceNotice(ctx.deps.store.settings, (key, vars) => ctx.t(key, vars));
  if (paused) {
    await ctx.reply(paused);
    return;
  }
  countFunnel(ctx.deps.store, "flow_started");
  // Entering while a flow is active would leave two; start over cleanly instead.
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(EXCHANGE_FLOW_ID, prefill);
}
