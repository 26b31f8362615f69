/**
 * /status <id> and the `st:<id>` button (deposit instructions, the card's refresh, /history
 * items): the status fetched live from the service, written through the same store-then-notify
 * path as the poller's (so the live card and milestone messages follow), then shown.
 *
 * Only the person's own exchanges: another person's id gets exactly the answer a wrong id gets,
 * so nobody can learn which ids exist. An archived exchange (finished long ago, see
 * store/archive.ts) is shown as stored: its status no longer changes, so nothing is fetched.
 */
import { type Composer } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import { onCallback } from "../../messages/callback-data.js";
import { plainOf } from "../../messages/html.js";
import type { ExchangeRecord } from "../../domain/types.js";
import { isPartnerError } from "../../partner/errors.js";
import { withExchangeLock } from "../../poller/notifier.js";
import { isNotFound } from "../../poller/poller.js";

/** How long a reply waits for the notices its check queued, so they come before it. */
const NOTICE_WAIT_MS = 5_000;

/** Longest id echoed back in "not found" (a real id is far shorter; this keeps the reply small). */
const MAX_ECHOED_ID = 64;

/** What the feature uses. */
type StatusDeps = Pick<BotDeps, "store" | "logger" | "tracker" | "delivery">;

/** /status and the status button. */
export function statusFeature(deps: StatusDeps): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  feature.command("status", async (ctx) => {
    const id = ctx.match.trim().split(/\s+/)[0] ?? "";
    if (id === "") {
      await ctx.reply(ctx.t("status-usage"));
      return;
    }
    await showStatus(ctx, deps, id, undefined);
  });
  onCallback(feature, "status", async (ctx, { exchangeId }) => {
    if (ctx.callbackQuery.message === undefined) {
      await answerInline(ctx, deps, exchangeId);
      return;
    }
    await showStatus(ctx, deps, exchangeId, ctx.callbackQuery.message.message_id);
  });
  return feature;
}

/**
 * Fetches, records and shows the status of exchange `id` for the person in `ctx`.
 * `pressedOn` is the message whose button was pressed: when it is the live card, the card is
 * updated in place; otherwise (a command, an older message, /history) the card is sent anew and
 * becomes the live one.
 */
async function showStatus(ctx: BotContext, deps: StatusDeps, id: string, pressedOn: number | undefined): Promise<void> {
  const { store, logger, tracker, delivery } = deps;
  const record = await store.exchanges.get(id);
  if (!record || record.userId !== ctx.from?.id) {
    const archived = !record && ctx.from ? await store.lookup.ofUser(ctx.from.id, id) : undefined;
    if (archived) {
      await showArchived(ctx, deps, archived, pressedOn);
      return;
    }
    const shown = id.length > MAX_ECHOED_ID ? `${id.slice(0, MAX_ECHOED_ID)}…` : id;
    if (ctx.callbackQuery) await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("status-not-found", { id: shown }));
    return;
  }

  // Why the live check failed: the service did not answer, or it answered that it does not know
  // this exchange. The two are told apart: "not answering" would be false for the second.
  let failure: "unavailable" | "unknown" | undefined;
  try {
    // The one status owner: fetch → record → notice queued, under the exchange's lock.
    await tracker.check(id);
  } catch (err) {
    if (!isPartnerError(err)) throw err;
    failure = isNotFound(err) ? "unknown" : "unavailable";
    logger.warn({ err, exchangeId: id, failure }, "status: live check failed; showing the stored status");
  }
  // The card edit and milestone messages just queued go out before this reply.
  await delivery.whenDrained(record.chatId, NOTICE_WAIT_MS);

  const current = (await store.exchanges.get(id)) ?? record;
  const liveCard = await delivery.cardMessageOf(current);
  if (ctx.callbackQuery && pressedOn !== undefined && pressedOn === liveCard) {
    // The card itself was pressed: it was edited in place above if anything changed.
    const toast = failure === "unknown" ? "status-unknown-at-service-short" : failure ? "status-unavailable" : "status-refreshed";
    await ctx.answerCallbackQuery({ text: ctx.t(toast) });
    // What to do next (write to support, with the id) does not fit a toast.
    if (failure === "unknown") await ctx.reply(ctx.t("status-unknown-at-service", { id }));
    return;
  }
  if (ctx.callbackQuery) await ctx.answerCallbackQuery();
  if (failure === "unknown") await ctx.reply(ctx.t("status-unknown-at-service", { id }));
  else if (failure) await ctx.reply(ctx.t("status-unavailable"));
  // Under the exchange's lock, so a notice being sent meanwhile never edits a card being replaced.
  await withExchangeLock(store, id, async () =>
    delivery.sendCard((await store.exchanges.get(id)) ?? current, (key, vars) => ctx.t(key, vars)),
  );
}

/**
 * A status button under an inline message (sent "via @bot" into some chat; the callback has no
 * chat to write to): the stored status in a toast, for the person's own exchange only. The card,
 * with its deposit address, is not put into a chat the person may share with others.
 */
async function answerInline(ctx: BotContext, deps: StatusDeps, id: string): Promise<void> {
  const from = ctx.from?.id;
  const hot = await deps.store.exchanges.get(id);
  const record = hot ?? (from === undefined ? undefined : await deps.store.lookup.ofUser(from, id));
  if (record === undefined || record.userId !== from) {
    await ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") });
    return;
  }
  // A press's answer is plain text: the service's status as it wrote it.
  await ctx.answerCallbackQuery({ text: plainOf(ctx.t("status-inline", { status: record.status })) });
}

/** Shows an archived exchange's card as stored (the card pressed is answered in place). */
async function showArchived(ctx: BotContext, deps: StatusDeps, record: ExchangeRecord, pressedOn: number | undefined): Promise<void> {
  const { delivery, store } = deps;
  if (ctx.callbackQuery) {
    if (pressedOn !== undefined && pressedOn === (await delivery.cardMessageOf(record))) {
      await ctx.answerCallbackQuery({ text: ctx.t("status-refreshed") });
      return;
    }
    await ctx.answerCallbackQuery();
  }
  await withExchangeLock(store, record.id, () => delivery.sendCard(record, (key, vars) => ctx.t(key, vars)));
}
