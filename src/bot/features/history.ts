/**
 * /history: the person's exchanges, newest first, a page at a time, each with its status icon.
 * Every item is a button that opens the exchange's card (the `st:<id>` button of status.ts, which
 * fetches the status live). The page buttons edit the list in place. Archived exchanges are listed
 * too (`store.lookup` reads the person's lines from the archive).
 */
import { isNotModified } from "../../delivery/telegram-errors.js";
import { type Composer, InlineKeyboard } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
import type { BotContext } from "../context.js";
import { replyToAsker } from "./button-owner.js";
import type { BotDeps } from "../deps.js";
import type { DataStore } from "../../store/data-store.js";
import type { ExchangeRecord } from "../../domain/types.js";
import { statusIcon } from "../../domain/status.js";
import { encodeCallback, onCallback } from "../../messages/callback-data.js";
import { BLANK, html, htmlPart, joinHtml, plainOf, type HtmlText } from "../../messages/html.js";
import { showAmount } from "../../messages/order-card.js";

/** Exchanges per page: short enough to read at a glance on a phone. */
const HISTORY_PAGE_SIZE = 8;

/** /history and its page buttons. */
export function historyFeature({ store }: Pick<BotDeps, "store">): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  feature.command("history", async (ctx) => {
    const page = await renderHistory(ctx, store, 0);
    await ctx.reply(page.text, { reply_markup: page.keyboard, ...replyToAsker(ctx) });
  });
  onCallback(feature, "history-page", async (ctx, value) => {
    const page = await renderHistory(ctx, store, value.page);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(page.text, { reply_markup: page.keyboard }).catch((err: unknown) => {
      // Pressing the button of the page already shown changes nothing; that is fine.
      if (!isNotModified(err)) throw err;
    });
  });
  return feature;
}

/**
 * The day and minute (UTC) an exchange was created: two exchanges of the same pair on one day
 * would otherwise be two identical buttons.
 */
function dayAndMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** One item's label (HTML): icon, amount and pair, date. A button shows it as plain text ({@link plainOf}). */
function itemLabel(ctx: BotContext, e: ExchangeRecord): HtmlText {
  return ctx.t("history-item", {
    icon: statusIcon(e.status),
    amount: showAmount(e.amountFrom),
    from: e.labels?.from ?? e.from,
    to: e.labels?.to ?? e.to,
    date: dayAndMinute(e.createdAt),
  });
}

/** The text and keyboard of page `page` (clamped to the pages there are) of the person's history. */
async function renderHistory(
  ctx: BotContext,
  store: Pick<DataStore, "lookup">,
  page: number,
): Promise<{ text: HtmlText; keyboard?: InlineKeyboard }> {
  const all = ctx.from ? await store.lookup.byUser(ctx.from.id) : [];
  if (all.length === 0) return { text: ctx.t("history-empty") };
  const pages = Math.ceil(all.length / HISTORY_PAGE_SIZE);
  const current = Math.min(Math.max(0, page), pages - 1);
  const items = all.slice(current * HISTORY_PAGE_SIZE, (current + 1) * HISTORY_PAGE_SIZE);

  const keyboard = new InlineKeyboard();
  const lines = [ctx.t("history-title", { page: current + 1, pages }), BLANK];
  for (const e of items) {
    const data = encodeCallback({ kind: "status", exchangeId: e.id });
    if (data) keyboard.text(plainOf(itemLabel(ctx, e)), data).row();
    // The id in the text too: it is what /status and support need, and it is the only way in
    // for an id too long for a button.
    lines.push(html`${htmlPart(itemLabel(ctx, e))} <code>${e.id}</code>`.text);
  }
  if (current > 0) keyboard.text(ctx.t("history-newer"), encodeCallback({ kind: "history-page", page: current - 1 }));
  if (current < pages - 1) keyboard.text(ctx.t("history-older"), encodeCallback({ kind: "history-page", page: current + 1 }));
  return { text: joinHtml(lines), keyboard };
}
