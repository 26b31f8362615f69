/**
 * The coins a face offers: every coin that can be sent, or the targets of the coin sent; a ticker's
 * networks, each with what differs between them (the minimum to send; the fee of the coins
 * received, quoted by the service).
 */
import type { CatalogIndex } from "../domain/catalog-index.js";
import { coinLabel } from "../domain/coin-label.js";
import type { Currency } from "../domain/types.js";
import { callPartner } from "./partner-call.js";
import type { CheckScope } from "./checks.js";

/** Which side a coin is picked for. */
export type CoinRole = "from" | "to";

/** The coins that may be picked for `role`: every sendable one, or the open targets of `from`. */
export function offeredCoins(index: CatalogIndex, role: CoinRole, from: Currency | undefined): readonly Currency[] {
  if (role === "from") return index.sendable;
  return from === undefined ? [] : index.targetCurrencies(from.code);
}

/** One network offered, with what is said of it. */
export interface NetworkChoice {
  code: string;
  network: string;
  /** The minimum to send (a coin sent). */
  min?: string;
  /** The withdrawal fee, in `feeCoin` (a coin received), when the service said. */
  fee?: string;
  feeCoin?: string;
}

/** The fees are asked for this many networks at most: a question never waits on dozens of quotes. */
const MAX_FEE_QUOTES = 8;

/** The network's name as shown: the catalog's, or the coin's code when it names none. */
function networkOf(coin: Currency): string {
  return coin.network ?? coin.code;
}

/**
 * The networks as the prompt shows them: the minimum of each for the coin sent; for the coin
 * received, the withdrawal fee the service quotes at the coin sent's minimum (a failed quote
 * leaves that network's fee out rather than the whole step waiting).
 */
export async function networkChoices(
  scope: CheckScope,
  role: CoinRole,
  coins: readonly Currency[],
  from: Currency | undefined,
): Promise<NetworkChoice[]> {
  const base = (coin: Currency): NetworkChoice => ({ code: coin.code, network: networkOf(coin) });
  if (role === "from") return coins.map((coin) => ({ ...base(coin), min: coin.minAmount }));
  if (from === undefined) return coins.map(base);
  return Promise.all(
    coins.map(async (coin, i) => {
      const choice = base(coin);
      if (i >= MAX_FEE_QUOTES) return choice;
      const quoted = await callPartner(scope.deps, scope.chatId, "rate:network-fee", (deps) =>
        deps.partner.rate(from.code, choice.code, from.minAmount),
      );
      const fee = quoted.ok ? quoted.value.withdrawalFee : undefined;
      // The fee is in the coin received, as a rule: it is then named by its ticker, like the prompt's coin.
      return fee
        ? { ...choice, fee: fee.amount, feeCoin: fee.currency === coin.code ? coinLabel({ ...coin, network: undefined }) : fee.currency }
        : choice;
    }),
  );
}
