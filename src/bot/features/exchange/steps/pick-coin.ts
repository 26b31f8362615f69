/**
 * Steps 1 and 2: the coin to send and the coin to receive, from a catalog of any size.
 *
 * The lists come from the shared in-memory catalog index and are never kept in the flow's state:
 * what the flow keeps (its replay log) is only the person's choices and small decisions, such as
 * "this search found 12 coins" or "BTC is still offered". The keyboards are drawn again from the
 * index whenever the flow is replayed; their content is not part of the replay, so a catalog that
 * changed between two updates cannot derail the replay ("Bad replay"). A choice is checked
 * against the catalog of the moment it is made: a coin that has gone since the list was drawn gets
 * a clear message and the list again.
 */
import type { CatalogIndex } from "../../../../domain/catalog-index.js";
import type { Currency } from "../../../../domain/types.js";
import { required } from "../../../../domain/checked.js";
import { coinLabel } from "../../../../domain/exchange-draft.js";
import type { BotDeps } from "../../../deps.js";
import { escapeHtml } from "../../../../messages/html.js";
import { clampPage, coinKeyboard } from "../../../ui/coin-keyboard.js";
import { owePrompt, retirePrompt, sendPrompt, waitForInput } from "../input.js";
import { callPartner, callPartnerWithRetry, failureText, offerRetry } from "../partner-call.js";
import { FlowExit, type StepScope } from "../types.js";

export type CoinRole = "from" | "to";

/** A chosen coin, and what to show once the choice is safely recorded. */
export interface PickedCoin {
  coin: Currency;
  /** Retires the prompt and confirms the choice (sent after the flow record has the choice). */
  ack: () => Promise<void>;
}

/** The coins offered for `role`: every coin that can be sent, or the open targets of `from`. */
function offered(index: CatalogIndex, role: CoinRole, from: Currency | undefined): readonly Currency[] {
  return role === "from" ? index.sendable : index.targetCurrencies(required(from, "the coin to send").code);
}

/** The longest search text kept and echoed back. */
const MAX_QUERY = 40;

/**
 * Shows the coins as pages of buttons, popular ones first; typed text searches by ticker, name
 * and network (an exact ticker is taken at once). For the coin to receive, only the open pairs
 * of `from` are offered.
 */
export async function pickCoin(scope: StepScope, role: CoinRole, from: Currency | undefined): Promise<PickedCoin> {
  const { ctx } = scope;
  for (;;) {
    const counted = await callPartnerWithRetry(
      scope,
      `catalog:${role}`,
      async (deps) => offered(await deps.catalog.index(), role, from).length,
    );
    if (!counted.ok) {
      // A rejection of a catalog read is unexpected; say so and offer the same choice again.
      await offerRetry(scope, failureText(ctx, counted.failure));
      continue;
    }
    if (counted.value === 0) {
      if (role === "to") {
        await ctx.reply(ctx.t("flow-no-targets", { from: coinLabel(required(from, "the coin to send")) }));
        throw new FlowExit("back");
      }
      // No coin at all: the service's catalog is empty, which only a broken service answers.
      await offerRetry(scope, ctx.t("flow-partner-error"));
      continue;
    }
    const picked = await choose(scope, role, from);
    if (picked) return picked;
  }
}

/** What the person is looking at: the whole list or a search in it, and which page. */
interface View {
  query: string | undefined;
  page: number;
}

/** The coins of a view, from the index as it is now (drawing only: decisions go through externals). */
async function coinsOf(deps: BotDeps, role: CoinRole, from: Currency | undefined, view: View): Promise<readonly Currency[]> {
  try {
    const index = await deps.catalog.index();
    const all = offered(index, role, from);
    return view.query === undefined ? all : index.search(view.query, all);
  } catch {
    // Only a replay after a restart with the service down gets here; a replayed message is never
    // sent again, so its keyboard does not matter.
    return [];
  }
}

type Decision = { kind: "taken"; coin: Currency } | { kind: "gone"; code: string } | { kind: "results"; count: number } | { kind: "none" };

/** Whether `code` can still be chosen for `role` (checked when the button is pressed). */
async function check(deps: BotDeps, role: CoinRole, from: Currency | undefined, code: string): Promise<Decision> {
  const index = await deps.catalog.index();
  const coin = index.get(code);
  const open =
    coin !== undefined &&
    (role === "from" ? index.targets(code).size > 0 : index.canExchange(required(from, "the coin to send").code, code));
  return open ? { kind: "taken", coin } : { kind: "gone", code };
}

/** What typed text finds: an exact ticker is taken at once; otherwise how many coins match. */
async function search(deps: BotDeps, role: CoinRole, from: Currency | undefined, query: string): Promise<Decision> {
  const index = await deps.catalog.index();
  const matches = index.search(query, offered(index, role, from));
  const exact = matches.find((c) => c.code === query.trim().toUpperCase());
  if (exact) return { kind: "taken", coin: exact };
  return matches.length === 0 ? { kind: "none" } : { kind: "results", count: matches.length };
}

/** Runs a decision against the catalog once (never on replay); a failure is told and gives undefined. */
async function decide(scope: StepScope, role: CoinRole, task: (deps: BotDeps) => Promise<Decision>): Promise<Decision | undefined> {
  const decided = await callPartner(scope.conversation, `catalog:${role}`, task);
  if (decided.ok) return decided.value;
  await scope.ctx.reply(failureText(scope.ctx, decided.failure));
  return undefined;
}

/** One list prompt and its answers; undefined when the list must be drawn again from the start. */
async function choose(scope: StepScope, role: CoinRole, from: Currency | undefined): Promise<PickedCoin | undefined> {
  const { ctx } = scope;
  const t = ctx.t.bind(ctx);
  const heading = role === "from" ? t("flow-pick-from") : t("flow-pick-to", { from: coinLabel(required(from, "the coin to send")) });
  const picked = (coin: Currency) => t(role === "from" ? "flow-picked-from" : "flow-picked-to", { coin: coinLabel(coin) });
  let view: View = { query: undefined, page: 0 };
  const textOf = (v: View) =>
    v.query === undefined ? heading : `${heading}\n\n${t("flow-search-results", { query: escapeHtml(v.query) })}`;
  const keyboardOf = async (v: View) => coinKeyboard(await coinsOf(ctx.deps, role, from, v), v.page, t, { role });
  let prompt = await sendPrompt(scope, textOf(view), await keyboardOf(view));

  for (;;) {
    const input = await waitForInput(scope, prompt);
    if (input.kind === "button") {
      const action = input.action;
      if (action.kind === "page") {
        const coins = await coinsOf(ctx.deps, role, from, view);
        view = { ...view, page: clampPage(action.page, coins.length) };
        await input.ctx.editMessageText(textOf(view), { reply_markup: await keyboardOf(view) }).catch(() => undefined);
        continue;
      }
      if (action.kind !== "coin") continue;
      const decision = await decide(scope, role, (deps) => check(deps, role, from, action.code));
      if (!decision) continue;
      if (decision.kind === "taken") {
        const finalPrompt = prompt;
        return { coin: decision.coin, ack: () => retirePrompt(ctx, finalPrompt, picked(decision.coin)) };
      }
      // The coin went away (or its pair closed) since the list was drawn: say so, draw it again.
      await owePrompt(scope);
      await retirePrompt(ctx, prompt);
      await ctx.reply(t("flow-coin-gone", { coin: escapeHtml(action.code) }));
      return undefined;
    }

    const query = input.text.trim().slice(0, MAX_QUERY);
    const decision = await decide(scope, role, (deps) => search(deps, role, from, query));
    if (!decision) continue;
    if (decision.kind === "taken") {
      const finalPrompt = prompt;
      return {
        coin: decision.coin,
        ack: async () => {
          await retirePrompt(ctx, finalPrompt);
          await ctx.reply(picked(decision.coin));
        },
      };
    }
    if (decision.kind !== "results") {
      await ctx.reply(t("flow-search-none", { query: escapeHtml(query) }));
      continue;
    }
    // The results become the current prompt; the old keyboard is retired so only one is live.
    await owePrompt(scope);
    await retirePrompt(ctx, prompt);
    view = { query, page: 0 };
    prompt = await sendPrompt(scope, textOf(view), await keyboardOf(view));
  }
}
