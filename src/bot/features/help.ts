import { type Composer } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
import type { BotContext } from "../context.js";
import { onCallback } from "../../messages/callback-data.js";
import type { BotDeps } from "../deps.js";

/**
 * /help and the "How it works" button. With the capability `receive` it also explains the
 * "receive exactly" form of a rate question. It ends with who support is and what support never
 * does (issue 24, trust): the first thing to know when a stranger writes "from support".
 */
export function helpFeature(deps: Pick<BotDeps, "config">): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  const text = (ctx: BotContext): string => {
    // The saved addresses' command (issue 24) in a line of its own under the command list.
    const base = `${ctx.t("help-text")}\n${ctx.t("help-addresses")}`;
    const body = deps.config.partnerFeatures.has("receive") ? `${base}\n\n${ctx.t("rates-receive-help")}` : base;
    return `${body}\n\n${ctx.t("help-export")}\n\n${ctx.t("trust-support")}`;
  };
  feature.command("help", (ctx) => ctx.reply(text(ctx)));
  onCallback(feature, "help", async (ctx) => {
    await ctx.answerCallbackQuery();
    await ctx.reply(text(ctx));
  });
  return feature;
}
