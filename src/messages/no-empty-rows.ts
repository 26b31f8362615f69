/**
 * No inline keyboard leaves the bot with an empty row. grammY's `InlineKeyboard.row()` starts a
 * new row, so a keyboard built in a loop that ends each row with it (a list of exchanges, a page of
 * coins, the rate-alert choices) ends with an empty one. Telegram drops it silently today; a
 * client may draw a gap, and a stricter server refuses the message (the emulator does, so a test
 * sees one). This Bot API transformer drops empty rows from every outgoing
 * `reply_markup.inline_keyboard` and from inline results' markup: one place for every keyboard,
 * instead of care at each.
 *
 * Installed beside htmlByDefault (messages/html-by-default.ts), on `bot.api` and on each
 * conversation's own `ctx.api`, which bot.api's transformers do not reach.
 */
import type { Transformer } from "grammy";

type Payload = Record<string, unknown>;

const isObject = (value: unknown): value is Payload => typeof value === "object" && value !== null;

/** `holder` (a payload, an inline result) with the empty rows of its inline keyboard dropped; itself when it has none. */
function withoutEmptyRows<T>(holder: T): T {
  if (!isObject(holder)) return holder;
  const markup = holder.reply_markup;
  if (!isObject(markup) || !Array.isArray(markup.inline_keyboard)) return holder;
  const rows = markup.inline_keyboard as unknown[];
  const kept = rows.filter((row) => !Array.isArray(row) || row.length > 0);
  if (kept.length === rows.length) return holder;
  // A copy: the caller's keyboard (often an InlineKeyboard kept for later) is left as it was.
  return { ...holder, reply_markup: { ...markup, inline_keyboard: kept } };
}

/** The transformer: see the module comment. */
export function noEmptyKeyboardRows(): Transformer {
  return (prev, method, payload, signal) => {
    let p = withoutEmptyRows(payload as Payload);
    if (method === "answerInlineQuery" && Array.isArray(p.results)) {
      const results = p.results as unknown[];
      const cleaned = results.map(withoutEmptyRows);
      if (cleaned.some((r, i) => r !== results[i])) p = { ...p, results: cleaned };
    }
    return prev(method, p as typeof payload, signal);
  };
}
