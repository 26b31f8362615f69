/**
 * How a coin is named to a person: its ticker and, where the coin lives on a network other than
 * its own chain, the network ("USDT · BEP20", "USDT · ERC20", "BTC"). One rule for every place a
 * coin is shown (keyboards, quotes, the order card, inline results, /rate).
 *
 * Services write tokens as ticker + network in one code, but not uniformly: USDTERC20 on network
 * ERC20, yet USDTBSC on network BEP20 (BSC being the chain's other name). The ticker is therefore
 * read from the catalog as a whole ({@link displayTickers}): a code that ends with its network
 * drops it; a code that ends with another name of its network drops that too, but only when what
 * is left is a ticker the catalog itself uses (USDT, known from USDTERC20), so that STETH on ERC20
 * never becomes "ST".
 */
import type { Currency } from "./types.js";

/**
 * Other names services put into codes for a network, by the network's name. Only used to strip a
 * suffix when the catalog knows the ticker that is left (see the module comment).
 */
const NETWORK_NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  BEP20: ["BSC"],
  BSC: ["BEP20"],
  ERC20: ["ETH"],
  TRC20: ["TRX", "TRON"],
  POLYGON: ["MATIC", "POL"],
  MATIC: ["POLYGON", "POL"],
  ARBITRUM: ["ARB"],
  SOL: ["SPL"],
  AVAXC: ["AVAX", "AVAXC20"],
  OP: ["OPTIMISM"],
};

/** The code without its network when it ends with it ("USDTERC20" on ERC20 → "USDT"), else undefined. */
function withoutNetwork(code: string, network: string): string | undefined {
  return code.endsWith(network) && code.length > network.length ? code.slice(0, -network.length) : undefined;
}

/**
 * The display ticker of every coin in `currencies`, by code (upper case). Pure; the catalog index
 * computes it once per refresh.
 */
export function displayTickers(currencies: readonly Pick<Currency, "code" | "network">[]): Map<string, string> {
  const tickers = new Map<string, string>();
  // Tickers the catalog itself uses: every code, and every code with its own network dropped.
  const known = new Set<string>();
  for (const c of currencies) {
    const code = c.code.toUpperCase();
    known.add(code);
    const stripped = c.network ? withoutNetwork(code, c.network.toUpperCase()) : undefined;
    if (stripped !== undefined) known.add(stripped);
  }
  for (const c of currencies) {
    const code = c.code.toUpperCase();
    tickers.set(code, tickerOf(code, c.network?.toUpperCase(), known));
  }
  return tickers;
}

function tickerOf(code: string, network: string | undefined, known: ReadonlySet<string>): string {
  if (!network || network === code) return code;
  const stripped = withoutNetwork(code, network);
  if (stripped !== undefined) return stripped;
  for (const nickname of NETWORK_NICKNAMES[network] ?? []) {
    const base = withoutNetwork(code, nickname);
    if (base !== undefined && known.has(base) && base !== code) return base;
  }
  return code;
}

/**
 * "USDT · ERC20" for a coin on a network other than its own chain; the ticker alone otherwise.
 * Uses the catalog's `ticker` when the coin came through the catalog index; without it (a coin
 * saved before, a test fixture), a code that ends with its network still drops it.
 */
export function coinLabel(coin: Pick<Currency, "code" | "network" | "ticker">): string {
  const network = coin.network?.toUpperCase();
  const ticker = coin.ticker ?? (network ? (withoutNetwork(coin.code, network) ?? coin.code) : coin.code);
  // A coin's own chain ("BTC" on "BTC") says nothing more than the ticker.
  if (!network || network === coin.code || network === ticker) return ticker;
  return `${ticker} · ${coin.network}`;
}
