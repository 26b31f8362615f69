/**
 * Rates anywhere: inline mode ("@bot 0.1 btc eth" in any chat) and /rate in a chat, both answered
 * by the same builder (src/bot/ui/rate-answer.ts) from short-lived cached quotes.
 *
 * The deep link those answers carry ("/start x_BTC_ETH_0d1") is read by the exchange feature,
 * which owns /start payloads that open the flow.
 */
import { type Composer } from "grammy";
import { FeatureComposer } from "../../feature-composer.js";
import type { BotContext } from "../../context.js";
import type { BotDeps } from "../../deps.js";
import { createQuoteCache } from "../../../partner/quote-cache.js";
import type { RateAnswerEnv } from "../../ui/rate-answer.js";
import { handleInlineQuery } from "./inline.js";
import { RecentAnswers } from "./recent-answers.js";
import { handleRateCommand } from "./rate-command.js";
import type { PersonLimits } from "../../middleware/person-limits.js";

/**
 * Builds the feature. One quote cache for every chat and inline query of the bot; the quotes it
 * asks the service for come from the asker's budget, and an inline query overtaken by the same
 * person's next keystroke is not answered (bot/middleware/person-limits.ts).
 */
export function ratesFeature(
  deps: Pick<BotDeps, "partner" | "catalog" | "logger" | "now" | "config">,
  limits?: PersonLimits,
): Composer<BotContext> {
  // deps.now is the bot's clock: tests that move it also move the quotes' expiry.
  const quotes = createQuoteCache(deps.partner, { now: () => deps.now().getTime() });
  const recent = new RecentAnswers({ now: () => deps.now().getTime() });
  const env = (ctx: BotContext): RateAnswerEnv => ({
    catalog: deps.catalog,
    quotes,
    t: (key, vars) => ctx.t(key, vars),
    logger: deps.logger,
    admitQuote: limits ? () => limits.admitQuote(ctx.from?.id) : undefined,
    // "btc =100 usdt" only when the service offers "receive exactly" (read per question).
    ...(deps.config.partnerFeatures.has("receive") && deps.partner.paymentRate
      ? { receive: deps.partner.paymentRate.bind(deps.partner) }
      : {}),
  });

  const feature = new FeatureComposer<BotContext>();
  feature.on("inline_query", async (ctx) => {
    if (limits && !(await limits.stillLatestInline(ctx))) return;
    await handleInlineQuery(ctx, env(ctx), recent);
  });
  feature.command("rate", (ctx) => handleRateCommand(ctx, env(ctx)));
  return feature;
}
