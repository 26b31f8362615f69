/**
 * The network steps ("fromNetwork", "toNetwork"): a ticker picked on several networks (USDT on
 * ERC20, TRC20, BEP20, SOL, TON…) is asked its network, each with what differs between them (the
 * minimum to send, the fee of the coins received) and a warning that coins sent on another network
 * are lost. A ticker on one network never asks: its coin was taken with the ticker.
 */
import { InlineKeyboard } from "grammy";
import type { CatalogIndex } from "../../../../domain/catalog-index.js";
import { coinLabel } from "../../../../domain/coin-label.js";
import { networkChoices, type NetworkChoice } from "../../../../exchange/coins.js";
import { coinsOfTicker } from "../../../../domain/tickers.js";
import type { Currency } from "../../../../domain/types.js";
import { formatAmount } from "../../../../domain/amount.js";
import { BLANK, joinHtml, type HtmlText } from "../../../../messages/html.js";
import type { BotDeps } from "../../../deps.js";
import type { CoinChoice } from "./pick-coin.js";
import type { Draft, Step, StepIO, StepSpec } from "./step.js";

/** The prompt's networks, fixed when the step is entered. */
export interface NetworkView {
  choices: NetworkChoice[];
}

export interface NetworkOptions {
  id: string;
  code: string;
  role: "from" | "to";
  /** The ticker step before this one. */
  ticker: Step<CoinChoice, unknown>;
  /** The coins that may be picked (the sendable ones, or the targets of the coin sent). */
  offered(index: CatalogIndex, draft: Draft): readonly Currency[];
  /** The coin sent (the fee of a coin received is quoted from it). */
  sendCoin(draft: Draft): Currency | undefined;
}

/** A network step (see the module comment). */
export function networkStep(o: NetworkOptions): StepSpec<Currency, NetworkView> {
  const tickerOf = (draft: Draft) => o.ticker.value(draft)?.ticker ?? "";
  /** The coins of the ticker that may be picked now. */
  const coinsNow = async (deps: BotDeps, draft: Draft) => coinsOfTicker(o.offered(await deps.catalog.index(), draft), tickerOf(draft));
  /** A network chosen by its coin's code, checked against the catalog of now. */
  const take = async (io: StepIO, draft: Draft, code: string) => {
    const found = await io.call(`catalog:${o.id}`, async (deps) => (await coinsNow(deps, draft)).find((c) => c.code === code) ?? null);
    if (!found.ok) return { kind: "retry" as const, failure: found.failure };
    if (found.value === null) {
      await io.say(io.t("flow-coin-gone", { coin: code }));
      // Entered again: the networks as the catalog has them now.
      return { kind: "clear" as const, steps: [] };
    }
    const picked = io.t(o.role === "from" ? "flow-picked-from" : "flow-picked-to", { coin: coinLabel(found.value) });
    return { kind: "answer" as const, value: found.value, ack: { edit: picked } };
  };
  return {
    id: o.id,
    code: o.code,
    after: [o.ticker],
    edit: "pair",
    sameAs: (a, b) => a.code === b.code,
    // Only a ticker picked without its coin (several networks) asks the network.
    applies: (draft) => {
      const choice = o.ticker.value(draft);
      return choice !== undefined && choice.coin === undefined;
    },
    async enter(io, draft) {
      const listed = await io.call(`catalog:${o.id}`, (deps) => coinsNow(deps, draft));
      if (!listed.ok) return { kind: "retry", failure: listed.failure };
      const coins = listed.value;
      const [only] = coins;
      if (only === undefined) {
        return { kind: "clear", steps: [o.ticker], say: io.t("flow-coin-gone", { coin: tickerOf(draft) }) };
      }
      if (coins.length === 1) return { kind: "answer", value: only };
      return { kind: "view", view: { choices: await networkChoices(io, o.role, coins, o.sendCoin(draft)) } };
    },
    prompt(io, draft, view) {
      const ticker = tickerOf(draft);
      const lines = [io.t(o.role === "from" ? "flow-network-ask-from" : "flow-network-ask-to", { ticker }), BLANK];
      const keyboard = new InlineKeyboard();
      for (const choice of view.choices) {
        lines.push(lineOf(io, o.role, ticker, choice));
        keyboard.text(choice.network, io.buttons.coin(choice.code)).row();
      }
      lines.push(BLANK, io.t(o.role === "from" ? "flow-network-warning-from" : "flow-network-warning-to", { ticker }));
      return { text: joinHtml(lines), keyboard };
    },
    onButton: async (io, draft, _view, action) => (action.kind === "coin" ? take(io, draft, action.code) : { kind: "stay" }),
    async onText(io, draft, view, text) {
      // A network typed by its name ("trc20") or its coin's code is a press of its button.
      const typed = text.trim().toUpperCase();
      const choice = view.choices.find((c) => c.network.toUpperCase() === typed || c.code === typed);
      if (choice) return take(io, draft, choice.code);
      await io.say(io.t("flow-network-use-buttons"));
      return { kind: "stay" };
    },
  };
}

/** One network's line in the prompt. */
function lineOf(io: StepIO, role: "from" | "to", ticker: string, choice: NetworkChoice): HtmlText {
  const network = choice.network;
  if (role === "from" && choice.min !== undefined) return io.t("flow-network-line-min", { network, min: formatAmount(choice.min), ticker });
  if (choice.fee !== undefined) {
    return io.t("flow-network-line-fee", { network, fee: formatAmount(choice.fee), feeCoin: choice.feeCoin ?? "" });
  }
  return io.t("flow-network-line", { network });
}
