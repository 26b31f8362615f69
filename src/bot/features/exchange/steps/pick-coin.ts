/**
 * The coin lists of the steps "from" and "to", from a catalog of any size: tickers first (USDT
 * once, however many networks it has; its network is the next step's), popular ones first, in
 * pages of buttons. Typed text searches by ticker, name and network: an exact ticker or code is
 * taken at once, anything else shows the coins it matches.
 *
 * The lists are drawn from the shared in-memory catalog index whenever a prompt is drawn; the
 * record keeps only the person's choice and where they are in the list (a search, a page). A
 * choice is checked against the catalog of the moment it is made: a coin gone since the list was
 * drawn gets a clear message and the list again.
 */
import type { CatalogIndex } from "../../../../domain/catalog-index.js";
import { coinLabel } from "../../../../domain/coin-label.js";
import { coinsOfTicker, groupByTicker, tickerOf } from "../../../../domain/tickers.js";
import type { Currency } from "../../../../domain/types.js";
import { joinHtml, plainOf, type HtmlText } from "../../../../messages/html.js";
import { clampPage, coinKeyboard, type CoinButton } from "../../../ui/coin-keyboard.js";
import type { AnyStep, Draft, StepIO, StepSpec, Turn } from "./step.js";

/** What the person picked: a ticker, and the coin when it is on one network (or was picked by code). */
export interface CoinChoice {
  ticker: string;
  coin?: Currency;
}

/** Where the person is in the list: a search (the text typed) or the whole list, and the page. */
export interface ListView {
  query?: string;
  page: number;
}

/** The longest search text kept and echoed back. */
const MAX_QUERY = 40;

/** How one coin list differs from the other. */
export interface CoinListOptions {
  id: string;
  code: string;
  after: readonly AnyStep[];
  /** The coins that may be picked here, popular ones first. */
  offered(index: CatalogIndex, draft: Draft): readonly Currency[];
  /** The question above the list. */
  heading(io: StepIO, draft: Draft): HtmlText;
  /** What a choice reads back as ("You send: USDT"), its label (outside text) escaped. */
  picked(io: StepIO, label: string): HtmlText;
  /** What happens when no coin is offered at all. */
  none(io: StepIO, draft: Draft): Turn;
  /** Offer the Mini App under the list (the first question of an exchange), where the bot has one. */
  openApp?: true;
}

/** The decision a choice comes to, taken against the catalog of the moment. */
type Choice = { kind: "taken"; choice: CoinChoice } | { kind: "gone" } | { kind: "results" } | { kind: "none" };

/** A coin list step (see the module comment). */
export function coinListStep(o: CoinListOptions): StepSpec<CoinChoice, ListView> {
  const label = (choice: CoinChoice) => (choice.coin ? coinLabel(choice.coin) : choice.ticker);
  /** Runs a decision against the catalog; a failure of the catalog's read becomes Retry. */
  const decide = async (io: StepIO, draft: Draft, decision: (offered: readonly Currency[]) => Choice) => {
    const decided = await io.call(`catalog:${o.id}`, async (deps) => decision(o.offered(await deps.catalog.index(), draft)));
    return decided;
  };
  return {
    id: o.id,
    code: o.code,
    after: o.after,
    edit: "pair",
    numbered: true,
    // The same ticker and coin, whatever the catalog says of it now (a minimum may have moved).
    sameAs: (a, b) => a.ticker === b.ticker && a.coin?.code === b.coin?.code,
    recall: (known, draft, index) => {
      const code = o.id === "from" ? known.from : known.to;
      const coin = code === undefined ? undefined : o.offered(index, draft).find((c) => c.code === code.toUpperCase());
      return coin ? { ticker: tickerOf(coin), coin } : undefined;
    },
    async enter(io, draft) {
      const counted = await io.call(`catalog:${o.id}`, async (deps) => o.offered(await deps.catalog.index(), draft).length);
      if (!counted.ok) return { kind: "retry", failure: counted.failure };
      if (counted.value === 0) return o.none(io, draft);
      return { kind: "view", view: { page: 0 } };
    },
    async prompt(io, draft, view) {
      const index = await io.deps.catalog.index();
      const offered = o.offered(index, draft);
      const heading = io.titled(o.heading(io, draft));
      const text = view.query === undefined ? heading : joinHtml([heading, io.t("flow-search-results", { query: view.query })], "\n\n");
      const keyboard = coinKeyboard(listButtons(io, offered, view.query, index), view.page, io.t, io.buttons);
      const app = io.deps.config.webAppUrl;
      if (o.openApp && app !== undefined) keyboard.row().webApp(io.t("flow-open-app"), app);
      return { text, keyboard };
    },
    async onButton(io, draft, view, action) {
      if (action.kind === "page") {
        const index = await io.deps.catalog.index().catch(() => undefined);
        const count = index === undefined ? 0 : listButtons(io, o.offered(index, draft), view.query, index).length;
        return { kind: "view", view: { ...view, page: clampPage(action.page, count) }, inPlace: true };
      }
      if (action.kind !== "coin" && action.kind !== "ticker") return { kind: "stay" };
      const decided = await decide(io, draft, (offered) =>
        action.kind === "coin" ? byCode(offered, action.code) : byTicker(offered, action.ticker),
      );
      if (!decided.ok) return { kind: "retry", failure: decided.failure };
      if (decided.value.kind === "taken") {
        const choice = decided.value.choice;
        return { kind: "answer", value: choice, ack: { edit: o.picked(io, label(choice)) } };
      }
      // The coin went away (or its pair closed) since the list was drawn: say so, draw it again.
      await io.say(io.t("flow-coin-gone", { coin: action.kind === "coin" ? action.code : action.ticker }));
      return { kind: "view", view: { page: 0 } };
    },
    async onText(io, draft, _view, text) {
      const query = text.trim().slice(0, MAX_QUERY);
      const decided = await io.call(`catalog:${o.id}`, async (deps) => {
        const index = await deps.catalog.index();
        return search(index, o.offered(index, draft), query);
      });
      if (!decided.ok) return { kind: "retry", failure: decided.failure };
      const found = decided.value;
      if (found.kind === "taken") {
        return { kind: "answer", value: found.choice, ack: { say: o.picked(io, label(found.choice)) } };
      }
      if (found.kind === "results") return { kind: "view", view: { query, page: 0 } };
      await io.say(io.t("flow-search-none", { query }));
      return { kind: "stay" };
    },
  };
}

/** The buttons of a list: the search's coins, or every ticker (a ticker on one network is its coin). */
function listButtons(io: StepIO, offered: readonly Currency[], query: string | undefined, index: CatalogIndex): CoinButton[] {
  if (query !== undefined)
    return index.search(query, offered).map((coin) => ({ label: coinLabel(coin), data: io.buttons.coin(coin.code) }));
  return groupByTicker(offered).map(({ ticker, coins }) => {
    const [only] = coins;
    return coins.length === 1 && only
      ? { label: coinLabel(only), data: io.buttons.coin(only.code) }
      : { label: plainOf(io.t("flow-ticker-button", { ticker })), data: io.buttons.ticker(ticker) };
  });
}

/** A coin pressed by its code: taken if still offered. */
function byCode(offered: readonly Currency[], code: string): Choice {
  const coin = offered.find((c) => c.code === code);
  return coin ? { kind: "taken", choice: { ticker: tickerOf(coin), coin } } : { kind: "gone" };
}

/** A ticker pressed: its coin when it has one network left, else the ticker (the network is asked next). */
function byTicker(offered: readonly Currency[], ticker: string): Choice {
  const coins = coinsOfTicker(offered, ticker);
  const [only] = coins;
  if (only === undefined) return { kind: "gone" };
  return { kind: "taken", choice: coins.length === 1 ? { ticker: tickerOf(only), coin: only } : { ticker: tickerOf(only) } };
}

/** What typed text finds: a ticker on several networks, else an exact code or ticker, else the matches. */
function search(index: CatalogIndex, offered: readonly Currency[], query: string): Choice {
  const byName = coinsOfTicker(offered, query);
  if (byName.length > 1) return byTicker(offered, query);
  const exact = offered.find((c) => c.code === query.toUpperCase()) ?? byName[0];
  if (exact) return { kind: "taken", choice: { ticker: tickerOf(exact), coin: exact } };
  return index.search(query, offered).length === 0 ? { kind: "none" } : { kind: "results" };
}
