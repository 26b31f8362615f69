/** /rate <amount> <from> <to>: the inline answers, as one message in the chat. */
import { InlineKeyboard } from "grammy";
import { encodeCallback } from "../../../messages/callback-data.js";
import { html, joinHtml, plainOf, type HtmlText } from "../../../messages/html.js";
import type { BotContext } from "../../context.js";
import { replyToAsker } from "../button-owner.js";
import { answerRateQuery, exchangeLink, type RateAnswer, type RateAnswerEnv } from "../../ui/rate-answer.js";

/** Buttons per row under a list of quotes. */
const BUTTONS_PER_ROW = 2;

/** Answers /rate with the text after the command (grammY's `ctx.match`). */
export async function handleRateCommand(ctx: BotContext, env: RateAnswerEnv): Promise<void> {
  const text = typeof ctx.match === "string" ? ctx.match : "";
  const answer = await answerRateQuery(text, env);
  const { html, keyboard } = rateMessage(ctx, answer);
  // In a group, a reply to the asker: the quote's buttons (an alert for it) are theirs.
  await ctx.reply(html, {
    link_preview_options: { is_disabled: true },
    ...(keyboard ? { reply_markup: keyboard } : {}),
    ...replyToAsker(ctx),
  });
}

/**
 * The message for an answer: a single item as inline mode would send it; several quotes as one
 * list under the heading, with a button per quote.
 */
function rateMessage(ctx: BotContext, answer: RateAnswer): { html: HtmlText; keyboard: InlineKeyboard | undefined } {
  const items = answer.items;
  const single = items.length === 1 || answer.heading === undefined;
  const message =
    single || answer.heading === undefined
      ? joinHtml(
          items.map((i) => i.html),
          "\n\n",
        )
      : joinHtml([answer.heading, ...items.map((i) => i.line ?? i.html), html``, ctx.t("rates-list-footer")]);

  const keyboard = new InlineKeyboard();
  let buttons = 0;
  for (const item of items) {
    if (!item.exchange) continue;
    const link = exchangeLink(ctx.me.username, item.exchange);
    if (!link) continue;
    if (buttons > 0 && buttons % BUTTONS_PER_ROW === 0) keyboard.row();
    const shown = item.labels ?? { from: item.exchange.from, to: item.exchange.to };
    // A button's label is plain text: the coins as the catalog names them, not escaped.
    const label = single ? plainOf(ctx.t("rates-button-exchange", shown)) : `→ ${shown.to}`;
    keyboard.url(label, link);
    buttons++;
  }
  // Under a single quote: "Alert me" for its pair (asks the threshold; rate-alerts.ts).
  const quoted = single ? items[0]?.exchange : undefined;
  if (quoted && buttons > 0)
    keyboard.text(ctx.t("rate-alert-button-set"), encodeCallback({ kind: "alert-pair", from: quoted.from, to: quoted.to }));
  return { html: message, keyboard: buttons > 0 ? keyboard : undefined };
}
