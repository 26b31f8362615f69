/**
 * Support tools in the chat, for the ids in ADMIN_IDS: /find, /user, /stats, /broadcast,
 * /maintenance, and the buttons under their answers and under alerts.
 *
 * Anyone else who calls one of these commands (or presses an "adm:" button) gets exactly what an
 * unknown command gets from `unhandled`, so the tools cannot be discovered, and the attempt is
 * logged at warn with the user id.
 *
 * Every answer goes to the admin's private chat with the bot, wherever the command was typed or
 * the button pressed: /find, /user and /stats show people's addresses, usernames and history,
 * which must not land in a group. In a group the admin is told there, briefly, that the answer
 * went to the private chat (or to open one first when Telegram will not deliver it there).
 */
import { type Composer, InlineKeyboard } from "grammy";
import { FeatureComposer } from "../../feature-composer.js";
import type { Message, User } from "grammy/types";
import type { BotContext } from "../../context.js";
import type { BotDeps } from "../../deps.js";
import type { ExchangeRecord, UserRecord } from "../../../domain/types.js";
import { isFinalStatus } from "../../../domain/status.js";
import { required } from "../../../domain/checked.js";
import { isPartnerError } from "../../../partner/errors.js";
import { withExchangeLock } from "../../../poller/notifier.js";
import { isForbidden, isNotModified, telegramErrorKind, telegramErrorText } from "../../../delivery/telegram-errors.js";
import { chatTranslator } from "../../../messages/i18n.js";
import { sendDepositInstructions } from "../../../messages/deposit-instructions.js";
import { decodeCallback, isAdminCallback, onCallback } from "../../../messages/callback-data.js";
import {
  renderBroadcastPreview,
  renderBroadcastProgress,
  renderExchangeRecord,
  renderStats,
  renderUserSummary,
} from "../../../messages/admin-messages.js";
import { MAX_MAINTENANCE_MESSAGE } from "../../../messages/fit.js";
import { plainOf } from "../../../messages/html.js";
import { exchangesSummary, exchangeStats, userStats, withArchivedTotals } from "../../../support/stats.js";
import { outboxBacklog, pollerLagSeconds } from "../../../ops/figures.js";
import { readFunnel } from "../../../support/funnel.js";
import { ADMIN_COMMANDS } from "./commands.js";

/** At most this many exchanges are shown for one /find; the rest are counted. */
const MAX_FOUND = 5;

/** An update from an admin (past the gate). */
type AdminContext = BotContext & { from: User };

/** The admin's private chat refuses the answer: they never opened it, or blocked the bot. */
class PrivateChatClosed extends Error {}

/**
 * Sends an admin's answer to their private chat with the bot (a person's private chat id is their
 * user id), never to the chat the update came from.
 */
async function say(ctx: AdminContext, text: string, other?: Parameters<BotContext["reply"]>[1]): Promise<Message.TextMessage> {
  try {
    return await ctx.api.sendMessage(ctx.from.id, text, other);
  } catch (err) {
    const kind = telegramErrorKind(err);
    if (kind === "forbidden" || kind === "chat-not-found") throw new PrivateChatClosed("the admin's private chat refuses messages");
    throw err;
  }
}

/** Builds the feature; register it before `unhandled`. */
export function adminFeature(deps: BotDeps): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  const isAdmin = (ctx: BotContext) => ctx.from !== undefined && deps.config.adminIds.includes(ctx.from.id);

  // The gate: exactly the unknown-command answer for everyone else (see unhandled.ts).
  feature.command([...ADMIN_COMMANDS], async (ctx, next) => {
    if (isAdmin(ctx)) return next();
    deps.logger.warn({ userId: ctx.from?.id, chatId: ctx.chat.id, command: ctx.msg.text.split(/\s/)[0] }, "admin command from a non-admin");
    if (ctx.chat.type === "private") await ctx.reply(ctx.t("unhandled-text"));
  });
  feature.on("callback_query:data", async (ctx, next) => {
    const pressed = decodeCallback(ctx.callbackQuery.data);
    if (pressed === undefined || !isAdminCallback(pressed) || isAdmin(ctx)) return next();
    deps.logger.warn({ userId: ctx.from.id, data: ctx.callbackQuery.data }, "admin button from a non-admin");
    await ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") });
  });

  // A type guard, so that past the gate every handler knows who the admin is.
  const admin = feature.filter((ctx): ctx is AdminContext => isAdmin(ctx));
  // Outside the private chat: the answers went there (see `say`); the group hears only that.
  admin.use(async (ctx, next) => {
    if (ctx.chat === undefined || ctx.chat.type === "private") return next();
    try {
      await next();
    } catch (err) {
      if (!(err instanceof PrivateChatClosed)) throw err;
      deps.logger.info({ adminId: ctx.from.id, chatId: ctx.chat.id }, "admin answer not delivered: the admin's private chat is closed");
      if (ctx.callbackQuery)
        await ctx.answerCallbackQuery({ text: ctx.t("admin-private-first-short"), show_alert: true }).catch(() => undefined);
      else {
        const open = new InlineKeyboard().url(ctx.t("admin-private-open"), `https://t.me/${ctx.me.username}`);
        await ctx.reply(ctx.t("admin-private-first"), { reply_markup: open });
      }
      return;
    }
    if (ctx.message) await ctx.reply(ctx.t("admin-sent-privately"));
  });
  // /find <exchange id | user id | @username | address | tag>
  admin.command("find", async (ctx) => {
    const query = ctx.match.trim().split(/\s+/)[0] ?? "";
    if (query === "") {
      await say(ctx, ctx.t("admin-find-usage"));
      return;
    }
    await showFound(ctx, query);
  });
  onCallback(admin, "admin-find", async (ctx, { query }) => {
    await ctx.answerCallbackQuery();
    await showFound(ctx, query);
  });

  // /user <id | @username>
  admin.command("user", async (ctx) => {
    const query = ctx.match.trim().split(/\s+/)[0] ?? "";
    if (query === "") {
      await say(ctx, ctx.t("admin-user-usage"));
      return;
    }
    await showUser(ctx, await findUser(query));
  });
  onCallback(admin, "admin-user", async (ctx, { userId }) => {
    await ctx.answerCallbackQuery();
    await showUser(ctx, await deps.store.users.get(userId), userId);
  });

  admin.command("stats", async (ctx) => {
    const at = deps.now();
    const s = deps.support;
    const { store } = deps;
    const text = renderStats(
      {
        users: await userStats(store.users.all(), at),
        // The hot exchanges plus the archive's counts (kept beside them: no archive read).
        exchanges: withArchivedTotals(await exchangeStats(store.exchanges.all(), at), await store.lookup.archivedTotals()),
        funnel: await readFunnel(store),
        health: s.health.snapshot(at),
        // The same figures /metrics reads (src/ops/figures.ts).
        pollerLagSeconds: pollerLagSeconds(s.poller, at),
        pollerBackoff: s.poller.backoffLevel,
        openExchanges: (await store.exchanges.open()).length,
        maintenance: (await store.settings.getMaintenance())?.on === true,
        ops: { ...(await deps.metrics.totals()), outboxBacklog: await outboxBacklog(deps.delivery) },
        rateAlerts: await deps.rateAlerts.figures(),
      },
      (key, vars) => ctx.t(key, vars),
    );
    await say(ctx, text);
  });

  // Re-check now: live status through the same store-then-notify path as the poller and /status.
  onCallback(admin, "admin-recheck", async (ctx, { exchangeId: id }) => {
    const { store, logger, tracker } = deps;
    const found = await store.exchanges.get(id);
    if (!found) {
      await ctx.answerCallbackQuery({ text: ctx.t(await notHereKey(id)) });
      return;
    }
    try {
      await tracker.check(id);
      // The person's card and milestone go out before support is told it is done.
      await deps.delivery.whenDrained(found.chatId, 5_000);
    } catch (err) {
      if (!isPartnerError(err)) throw err;
      logger.warn({ err, exchangeId: id }, "admin: live re-check failed");
      await ctx.answerCallbackQuery({ text: ctx.t("admin-recheck-failed") });
      return;
    }
    const current = (await store.exchanges.get(id)) as ExchangeRecord;
    // A press's answer is plain text: the service's status as it wrote it.
    await ctx.answerCallbackQuery({ text: plainOf(ctx.t("admin-recheck-done", { status: current.status })) });
    const view = renderExchangeRecord(current, await store.users.get(current.userId), (key, vars) => ctx.t(key, vars));
    try {
      await ctx.editMessageText(view.text, { reply_markup: view.reply_markup });
    } catch (err) {
      if (!isNotModified(err)) throw err;
    }
  });

  // Resend the deposit instructions to the person (open exchanges only).
  onCallback(admin, "admin-resend", async (ctx, { exchangeId: id }) => {
    const { store, catalog, logger, t } = deps;
    const record = await store.exchanges.get(id);
    if (!record) {
      await ctx.answerCallbackQuery({ text: ctx.t(await notHereKey(id)) });
      return;
    }
    if (isFinalStatus(record.status)) {
      await ctx.answerCallbackQuery({ text: ctx.t("admin-resend-final") });
      return;
    }
    // The shared index, not a copy of the coin list (900 coins at a real service's size).
    const index = await catalog.index().catch(() => undefined);
    const coin = (code: string) => {
      const c = index?.get(code);
      return { code, network: c?.network, tagName: c?.tagName ?? "" };
    };
    const translate = await chatTranslator(t, store, record.chatId);
    try {
      await withExchangeLock(store, id, async () =>
        sendDepositInstructions(
          ctx.api,
          (await store.exchanges.get(id)) ?? record,
          { from: coin(record.from), to: coin(record.to) },
          translate,
          store,
        ),
      );
    } catch (err) {
      if (isForbidden(err)) {
        await store.users.setBlocked(record.userId, true);
        await ctx.answerCallbackQuery({ text: ctx.t("admin-resend-blocked") });
        return;
      }
      if (telegramErrorKind(err) !== undefined) {
        logger.warn({ err: telegramErrorText(err), exchangeId: id }, "admin: resending the instructions failed");
        await ctx.answerCallbackQuery({ text: ctx.t("admin-resend-failed") });
        return;
      }
      throw err;
    }
    logger.info({ exchangeId: id, adminId: ctx.from.id }, "admin: deposit instructions resent");
    await ctx.answerCallbackQuery({ text: ctx.t("admin-resend-done") });
  });

  // /broadcast <text>: a preview with Send and Cancel; nothing goes out before Send.
  admin.command("broadcast", async (ctx) => {
    const text = ctx.match.trim();
    if (text === "") {
      await say(ctx, ctx.t("admin-bc-usage"));
      return;
    }
    const runner = deps.support.broadcasts;
    const job = await runner.createDraft(ctx.from.id, ctx.from.id, text);
    for (const view of renderBroadcastPreview(job, (await runner.audience()).length, (key, vars) => ctx.t(key, vars))) {
      await say(ctx, view.text, { reply_markup: view.reply_markup });
    }
  });
  onCallback(admin, "admin-broadcast-send", async (ctx, { jobId: id }) => {
    const runner = deps.support.broadcasts;
    if ((await runner.get(id))?.state !== "draft") {
      await ctx.answerCallbackQuery({ text: ctx.t("admin-bc-not-draft") });
      return;
    }
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
    const draft = required(await runner.get(id), "the broadcast draft just checked");
    const t = (key: string, vars?: Record<string, string | number>) => ctx.t(key, vars);
    const first = renderBroadcastProgress(
      draft,
      { total: (await runner.audience()).length, sent: 0, blocked: 0, failed: 0, unconfirmed: 0, remaining: 0 },
      false,
      t,
    );
    const progress = await say(ctx, first.text, { reply_markup: first.reply_markup });
    await runner.start(id, progress.message_id);
  });
  onCallback(admin, "admin-broadcast-drop", async (ctx, { jobId }) => {
    const state = await deps.support.broadcasts.cancel(jobId);
    await ctx.answerCallbackQuery();
    if (state === "cancelled") await ctx.editMessageText(ctx.t("admin-bc-dropped")).catch(() => undefined);
  });
  onCallback(admin, "admin-broadcast-cancel", async (ctx, { jobId }) => {
    const state = await deps.support.broadcasts.cancel(jobId);
    await ctx.answerCallbackQuery({ text: ctx.t(state === "running" ? "admin-bc-cancelling" : "admin-bc-not-running") });
  });

  // /maintenance on|off [message]
  admin.command("maintenance", async (ctx) => {
    const [mode] = ctx.match.trim().split(/\s+/);
    const message = ctx.match
      .trim()
      .slice((mode ?? "").length)
      .trim();
    const settings = deps.store.settings;
    if (mode === "on") {
      // Refused before anything changes: people would see it cut, and the admin must know what is on.
      const length = Array.from(message).length;
      if (length > MAX_MAINTENANCE_MESSAGE) {
        await say(ctx, ctx.t("admin-maint-too-long", { length: String(length), max: String(MAX_MAINTENANCE_MESSAGE) }));
        return;
      }
      await settings.setMaintenance(message ? { on: true, message } : { on: true });
      deps.logger.warn({ adminId: ctx.from.id }, "maintenance on: new exchanges paused");
      await say(ctx, ctx.t("admin-maint-on", { message: message || "—" }));
    } else if (mode === "off") {
      await settings.setMaintenance({ on: false });
      deps.logger.warn({ adminId: ctx.from.id }, "maintenance off: new exchanges open");
      await say(ctx, ctx.t("admin-maint-off"));
    } else {
      const on = (await settings.getMaintenance())?.on === true;
      await say(ctx, ctx.t(on ? "admin-maint-state-on" : "admin-maint-state-off") + "\n" + ctx.t("admin-maint-usage"));
    }
  });

  /** Shows what `query` matches: exchanges by id/address/tag, or a person's exchanges. */
  async function showFound(ctx: AdminContext, query: string): Promise<void> {
    const { store } = deps;
    const seen = new Map<string, ExchangeRecord>();
    // Archived exchanges included (read from the archive's month files).
    for (const e of await store.lookup.find(query)) seen.set(e.id, e);
    const user = /^@/.test(query) || /^\d+$/.test(query) ? await findUser(query) : undefined;
    if (user) for (const e of await store.lookup.byUser(user.id)) if (!seen.has(e.id)) seen.set(e.id, e);
    const found = [...seen.values()];
    if (found.length === 0) {
      await say(ctx, ctx.t("admin-find-none", { query: query.slice(0, 100) }));
      return;
    }
    await say(ctx, ctx.t("admin-find-count", { count: found.length, shown: Math.min(found.length, MAX_FOUND) }));
    for (const e of found.slice(0, MAX_FOUND)) {
      const view = renderExchangeRecord(e, await store.users.get(e.userId), (key, vars) => ctx.t(key, vars));
      await say(ctx, view.text, { reply_markup: view.reply_markup });
    }
  }

  async function showUser(ctx: AdminContext, user: UserRecord | undefined, asked?: number): Promise<void> {
    if (!user) {
      await say(ctx, ctx.t("admin-user-none", { query: String(asked ?? ctx.match ?? "").slice(0, 100) }));
      return;
    }
    const exchanges = await deps.store.lookup.byUser(user.id);
    const view = renderUserSummary(user, exchangesSummary(exchanges), (key, vars) => ctx.t(key, vars));
    await say(ctx, view.text, { reply_markup: view.reply_markup });
  }

  /**
   * Why a button's exchange is not among the hot ones: archived (final, nothing to do) or unknown.
   * The lookup covers both; called once the hot store answered that it has no such exchange.
   */
  async function notHereKey(id: string): Promise<string> {
    const found = await deps.store.lookup.find(id);
    return found.some((e) => e.id === id) ? "admin-archived" : "admin-not-found";
  }

  function findUser(query: string): Promise<UserRecord | undefined> {
    if (query.startsWith("@")) return deps.store.users.findByUsername(query);
    if (/^\d{1,20}$/.test(query)) return deps.store.users.get(Number(query));
    return deps.store.users.findByUsername(query);
  }

  return feature;
}
