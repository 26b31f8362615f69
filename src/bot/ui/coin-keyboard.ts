import { InlineKeyboard } from "grammy";

/** 4 rows of 3 fit a phone screen without scrolling. */
const COINS_PER_PAGE = 12;
const COINS_PER_ROW = 3;

/** One button of a coin list: a coin, or a ticker whose network is asked next. */
export interface CoinButton {
  label: string;
  data: string;
}

/** What a list needs of the flow's buttons: turning pages, and a page counter that does nothing. */
export interface PageButtons {
  page(page: number): string;
  noop: string;
}

/** Number of pages needed for `count` coins (at least 1). */
function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / COINS_PER_PAGE));
}

/** The page actually shown for a requested one (clamped to the pages there are). */
export function clampPage(page: number, count: number): number {
  return Math.min(Math.max(page, 0), pageCount(count) - 1);
}

/**
 * One page of coin buttons, with page navigation when there is more than one page. `t` is bound
 * to the person's language. The flow adds its Back and Cancel row below.
 *
 * With ~900 coins there are ~40 pages of tickers, so the navigation row jumps to the first and
 * last page as well as one page at a time; a direction that leads nowhere is left out rather than
 * shown as a blank button (whether Telegram accepts a whitespace-only label is undocumented).
 */
export function coinKeyboard(
  coins: readonly CoinButton[],
  page: number,
  t: (key: string, vars?: Record<string, string | number>) => string,
  buttons: PageButtons,
): InlineKeyboard {
  const pages = pageCount(coins.length);
  const current = clampPage(page, coins.length);
  const keyboard = new InlineKeyboard();
  const slice = coins.slice(current * COINS_PER_PAGE, (current + 1) * COINS_PER_PAGE);
  slice.forEach((coin, i) => {
    keyboard.text(coin.label, coin.data);
    if ((i + 1) % COINS_PER_ROW === 0 || i === slice.length - 1) keyboard.row();
  });
  if (pages > 1) {
    if (current > 1) keyboard.text("⏮ 1", buttons.page(0));
    if (current > 0) keyboard.text("◀", buttons.page(current - 1));
    keyboard.text(t("flow-page", { page: current + 1, pages }), buttons.noop);
    if (current < pages - 1) keyboard.text("▶", buttons.page(current + 1));
    if (current < pages - 2) keyboard.text(`${pages} ⏭`, buttons.page(pages - 1));
    keyboard.row();
  }
  return keyboard;
}
