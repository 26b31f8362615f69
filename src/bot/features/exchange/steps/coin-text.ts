/** How the flow names a coin in its HTML messages: by the one labelling rule, escaped. */
import { coinLabel } from "../../../../domain/coin-label.js";
import type { Currency } from "../../../../domain/types.js";
import { escapeHtml } from "../../../../messages/html.js";

/**
 * "USDT · TRC20", escaped for Telegram's HTML: a network name is the service's word, and an `&`
 * or a `<` in it would make Telegram refuse the message (or carry markup into it).
 */
export function coinHtml(coin: Pick<Currency, "code" | "network" | "ticker">): string {
  return escapeHtml(coinLabel(coin));
}
