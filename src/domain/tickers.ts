/**
 * Coins by ticker: a catalog lists a token once per network (USDT on ERC20, TRC20, BEP20, SOL,
 * TON…), and a person picks the ticker first, then the network. The ticker is the one the catalog
 * index reads from the catalog as a whole (coin-label.ts); a coin that did not come through the
 * index is its own ticker.
 */
import type { Currency } from "./types.js";

/** The ticker a person is shown for `coin` ("USDT" for USDTBSC). */
export function tickerOf(coin: Pick<Currency, "code" | "ticker">): string {
  return coin.ticker ?? coin.code;
}

/** One ticker of a list, with its coins (one per network) in the list's order. */
export interface TickerGroup {
  ticker: string;
  coins: Currency[];
}

/**
 * `coins` grouped by ticker, each group where its first coin stands (a list ordered by popularity
 * stays so). Linear in the list's length.
 */
export function groupByTicker(coins: readonly Currency[]): TickerGroup[] {
  const groups = new Map<string, TickerGroup>();
  for (const coin of coins) {
    const ticker = tickerOf(coin);
    const group = groups.get(ticker);
    if (group) group.coins.push(coin);
    else groups.set(ticker, { ticker, coins: [coin] });
  }
  return [...groups.values()];
}

/** The coins of `ticker` (any case) among `coins`, in their order. */
export function coinsOfTicker(coins: readonly Currency[], ticker: string): Currency[] {
  const wanted = ticker.trim().toUpperCase();
  return coins.filter((coin) => tickerOf(coin).toUpperCase() === wanted);
}
