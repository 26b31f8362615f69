/** Steps 1 and 2: the coin to send and the coin to receive. */
import type { Currency } from "../../../domain/types.js";
import { coinLabel } from "../../../domain/exchange-draft.js";
import { filterCurrencies, orderByPopularity } from "../../../domain/search.js";
import { escapeHtml } from "../../ui/html.js";
import { coinKeyboard } from "../../ui/coin-keyboard.js";
import { COIN_CALLBACK, PAGE_CALLBACK } from "./callbacks.js";
import { retirePrompt, sendPrompt, waitForInput } from "./input.js";
import { callPartnerWithRetry, failureText, offerRetry } from "./partner-call.js";
import { FlowExit, type FlowContext, type FlowConversation } from "./types.js";

export type CoinRole = "from" | "to";

/**
 * Shows the coins as pages of buttons; typed text filters them (an exact ticker is taken at
 * once). For the coin to receive, only the targets that `pairs` allows for `from` are offered.
 * Returns the chosen coin and, for "from", the codes it can be exchanged to.
 */
export async function pickCoin(
  conversation: FlowConversation,
  ctx: FlowContext,
  role: CoinRole,
  from: Currency | undefined,
): Promise<{ coin: Currency; targets: string[] }> {
  for (;;) {
    const loaded = await callPartnerWithRetry(conversation, ctx, `catalog:${role}`, async (deps) => {
      const [currencies, pairs] = await Promise.all([deps.catalog.currencies(), deps.catalog.pairs()]);
      const list = role === "from" ? currencies.filter((c) => (pairs[c.code]?.length ?? 0) > 0) : currencies.filter((c) => pairs[from!.code]?.includes(c.code));
      return { coins: orderByPopularity(list), pairs };
    });
    if (!loaded.ok) {
      // A rejection of a catalog read is unexpected; say so and offer the same choice again.
      await offerRetry(conversation, ctx, failureText(ctx, loaded.failure));
      continue;
    }
    const { coins, pairs } = loaded.value;
    if (coins.length === 0) {
      if (role === "to") {
        await ctx.reply(ctx.t("flow-no-targets", { from: coinLabel(from!) }));
        throw new FlowExit("back");
      }
      // No coin at all: the service's catalog is empty, which only a broken service answers.
      await offerRetry(conversation, ctx, ctx.t("flow-partner-error"));
      continue;
    }
    const choice = await choose(conversation, ctx, role, coins, from);
    return { coin: choice, targets: role === "from" ? (pairs[choice.code] ?? []) : [] };
  }
}

async function choose(
  conversation: FlowConversation,
  ctx: FlowContext,
  role: CoinRole,
  all: Currency[],
  from: Currency | undefined,
): Promise<Currency> {
  const t = ctx.t.bind(ctx);
  const heading = role === "from" ? t("flow-pick-from") : t("flow-pick-to", { from: coinLabel(from!) });
  let shown = all;
  let page = 0;
  let text = heading;
  let prompt = await sendPrompt(ctx, text, coinKeyboard(shown, page, t, { back: role === "to" }));
  for (;;) {
    const input = await waitForInput(conversation, prompt);
    if (input.kind === "button") {
      const coinMatch = COIN_CALLBACK.exec(input.data);
      const chosen = coinMatch ? shown.find((c) => c.code === coinMatch[1]) : undefined;
      if (chosen) {
        await retirePrompt(ctx, prompt, t(role === "from" ? "flow-picked-from" : "flow-picked-to", { coin: coinLabel(chosen) }));
        return chosen;
      }
      const pageMatch = PAGE_CALLBACK.exec(input.data);
      if (pageMatch) {
        page = Number(pageMatch[1]);
        await input.ctx.editMessageText(text, { parse_mode: "HTML", reply_markup: coinKeyboard(shown, page, t, { back: role === "to" }) });
      }
      continue;
    }
    const query = input.text.trim();
    const matches = filterCurrencies(all, query);
    const exact = matches.find((c) => c.code === query.toUpperCase());
    if (exact) {
      await retirePrompt(ctx, prompt);
      await ctx.reply(t(role === "from" ? "flow-picked-from" : "flow-picked-to", { coin: coinLabel(exact) }), { parse_mode: "HTML" });
      return exact;
    }
    if (matches.length === 0) {
      await ctx.reply(t("flow-search-none", { query: escapeHtml(query.slice(0, 40)) }));
      continue;
    }
    // The results become the current prompt; the old keyboard is retired so only one is live.
    await retirePrompt(ctx, prompt);
    shown = matches;
    page = 0;
    text = `${heading}\n\n${t("flow-search-results", { query: escapeHtml(query.slice(0, 40)) })}`;
    prompt = await sendPrompt(ctx, text, coinKeyboard(shown, page, t, { back: role === "to" }));
  }
}
