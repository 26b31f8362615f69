import { InlineKeyboard } from "grammy";
import type { Currency } from "../../domain/types.js";
import { coinLabel } from "../../domain/exchange-draft.js";
import { FLOW } from "../features/exchange/callbacks.js";

/** 4 rows of 3 fit a phone screen without scrolling. */
export const COINS_PER_PAGE = 12;
const COINS_PER_ROW = 3;

/** Number of pages needed for `count` coins (at least 1). */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / COINS_PER_PAGE));
}

/**
 * One page of coins as buttons, with page navigation when there is more than one page, and the
 * flow's Back/Cancel row. `t` is bound to the person's language.
 */
export function coinKeyboard(
  coins: readonly Currency[],
  page: number,
  t: (key: string, vars?: Record<string, string | number>) => string,
  options: { back: boolean },
): InlineKeyboard {
  const pages = pageCount(coins.length);
  const current = Math.min(Math.max(page, 0), pages - 1);
  const keyboard = new InlineKeyboard();
  const slice = coins.slice(current * COINS_PER_PAGE, (current + 1) * COINS_PER_PAGE);
  slice.forEach((coin, i) => {
    keyboard.text(coinLabel(coin), FLOW.coin(coin.code));
    if ((i + 1) % COINS_PER_ROW === 0 || i === slice.length - 1) keyboard.row();
  });
  if (pages > 1) {
    keyboard
      .text(current > 0 ? "◀" : " ", current > 0 ? FLOW.page(current - 1) : FLOW.noop)
      .text(t("flow-page", { page: current + 1, pages }), FLOW.noop)
      .text(current < pages - 1 ? "▶" : " ", current < pages - 1 ? FLOW.page(current + 1) : FLOW.noop)
      .row();
  }
  if (options.back) keyboard.text(t("flow-button-back"), FLOW.back);
  keyboard.text(t("flow-button-cancel"), FLOW.cancel);
  return keyboard;
}

