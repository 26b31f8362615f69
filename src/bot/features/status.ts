/**
 * /status <id> and the `st:<id>` button (deposit instructions, the card's refresh, /history
 * items): the status fetched live from the service, written through the same store-then-notify
 * path as the poller's (so the live card and milestone messages follow), then shown.
 *
 * Only the person's own exchanges: another person's id gets exactly the answer a wrong id gets,
 * so nobody can learn which ids exist. An archived exchange (finished long ago, see
 * store/archive.ts) is shown as stored: its status no longer changes, so nothing is fetched.
 */
import { Composer } from "grammy";
import type { BotContext } from "../context.js";
import { CALLBACK } from "../ui/callbacks.js";
import { escapeHtml } from "../ui/html.js";
import { renderOrderCard } from "../ui/order-card.js";
import type { ExchangeRecord } from "../../domain/types.js";
import { isPartnerError } from "../../partner/errors.js";
import { sendOrderCard, withExchangeLock } from "../../poller/notifier.js";

/** How long a reply waits for the notices its check queued, so they come before it. */
const NOTICE_WAIT_MS = 5_000;

/** Longest id echoed back in "not found" (a real id is far shorter; this keeps the reply small). */
const MAX_ECHOED_ID = 64;

/** /status and the status button. */
export const statusFeature = new Composer<BotContext>();

statusFeature.command("status", async (ctx) => {
  const id = ctx.match.trim().split(/\s+/)[0] ?? "";
  if (id === "") {
    await ctx.reply(ctx.t("status-usage"), { parse_mode: "HTML" });
    return;
  }
  await showStatus(ctx, id, undefined);
});

statusFeature.callbackQuery(new RegExp(`^${CALLBACK.statusPrefix}(.+)$`), async (ctx) => {
  await showStatus(ctx, ctx.match[1] as string, ctx.callbackQuery.message?.message_id);
});

/**
 * Fetches, records and shows the status of exchange `id` for the person in `ctx`.
 * `pressedOn` is the message whose button was pressed: when it is the live card, the card is
 * updated in place; otherwise (a command, an older message, /history) the card is sent anew and
 * becomes the live one.
 */
async function showStatus(ctx: BotContext, id: string, pressedOn: number | undefined): Promise<void> {
  const { store, logger } = ctx.deps;
  const record = store.exchanges.get(id);
  if (!record || record.userId !== ctx.from?.id) {
    const archived = !record && ctx.from ? await store.lookup.ofUser(ctx.from.id, id) : undefined;
    if (archived) {
      await showArchived(ctx, archived, pressedOn);
      return;
    }
    const shown = id.length > MAX_ECHOED_ID ? `${id.slice(0, MAX_ECHOED_ID)}…` : id;
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("status-not-found", { id: escapeHtml(shown) }), { parse_mode: "HTML" });
    return;
  }

  const { tracker, delivery } = ctx.deps;
  if (!tracker) throw new Error("the exchange tracker is not wired (app.ts)");
  let unavailable = false;
  try {
    // The one status owner: fetch → record → notice queued, under the exchange's lock.
    await tracker.check(id, { waitForNotice: true });
  } catch (err) {
    if (!isPartnerError(err)) throw err;
    unavailable = true;
    logger.warn({ err, exchangeId: id }, "status: live check failed; showing the stored status");
  }
  // The card edit and milestone messages just queued go out before this reply.
  await delivery?.outbox.drained(record.chatId, NOTICE_WAIT_MS);

  const current = store.exchanges.get(id) ?? record;
  const liveCard = delivery ? delivery.cardMessageOf(current) : current.cardMessageId;
  if (ctx.callbackQuery && pressedOn !== undefined && pressedOn === liveCard) {
    // The card itself was pressed: it was edited in place above if anything changed.
    await ctx.answerCallbackQuery({ text: ctx.t(unavailable ? "status-unavailable" : "status-refreshed") });
    return;
  }
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  if (unavailable) await ctx.reply(ctx.t("status-unavailable"));
  // Under the exchange's lock, so a notice being sent meanwhile never edits a card being replaced.
  const send = (rec: typeof current) =>
    delivery
      ? delivery.sendCard(rec, (key, vars) => ctx.t(key, vars))
      : sendOrderCard(ctx.api, store, rec, (key, vars) => ctx.t(key, vars));
  await withExchangeLock(store, id, () => send(store.exchanges.get(id) ?? current));
}

/** Shows an archived exchange's card as stored (the card pressed is answered in place). */
async function showArchived(ctx: BotContext, record: ExchangeRecord, pressedOn: number | undefined): Promise<void> {
  const { delivery, store } = ctx.deps;
  const t = (key: string, vars?: Record<string, string | number>) => ctx.t(key, vars);
  if (ctx.callbackQuery) {
    const liveCard = delivery ? delivery.cardMessageOf(record) : record.cardMessageId;
    if (pressedOn !== undefined && pressedOn === liveCard) {
      await ctx.answerCallbackQuery({ text: ctx.t("status-refreshed") });
      return;
    }
    await ctx.answerCallbackQuery();
  }
  if (delivery) {
    await withExchangeLock(store, record.id, () => delivery.sendCard(record, t));
    return;
  }
  const card = renderOrderCard(record, t);
  await ctx.reply(card.text, { parse_mode: "HTML", reply_markup: card.reply_markup });
}
