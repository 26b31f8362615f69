/**
 * Rates anywhere: inline mode ("@bot 0.1 btc eth" in any chat) and /rate in a chat, both answered
 * by the same builder (src/bot/ui/rate-answer.ts) from short-lived cached quotes.
 *
 * The deep link those answers carry ("/start x_BTC_ETH_0d1") is read by the exchange feature,
 * which owns /start payloads that open the flow.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { BotDeps } from "../../deps.js";
import { createQuoteCache } from "../../../partner/quote-cache.js";
import type { RateAnswerEnv } from "../../ui/rate-answer.js";
import { handleInlineQuery } from "./inline.js";
import { handleRateCommand } from "./rate-command.js";

/** Builds the feature. One quote cache for every chat and inline query of the bot. */
export function ratesFeature(deps: Pick<BotDeps, "partner" | "catalog" | "logger" | "now" | "config">): Composer<BotContext> {
  // deps.now is the bot's clock: tests that move it also move the quotes' expiry.
  const quotes = createQuoteCache(deps.partner, { now: () => deps.now().getTime() });
  const env = (ctx: BotContext): RateAnswerEnv => ({
    catalog: deps.catalog,
    quotes,
    t: (key, vars) => ctx.t(key, vars),
    logger: deps.logger,
    // "btc =100 usdt" only when the service offers "receive exactly" (read per question).
    ...(deps.config.partnerFeatures.has("receive") && deps.partner.paymentRate
      ? { receive: deps.partner.paymentRate.bind(deps.partner) }
      : {}),
  });

  const feature = new Composer<BotContext>();
  feature.on("inline_query", (ctx) => handleInlineQuery(ctx, env(ctx)));
  feature.command("rate", (ctx) => handleRateCommand(ctx, env(ctx)));
  return feature;
}
