/**
 * Support tools in the chat, for the ids in ADMIN_IDS: /find, /user, /stats, /broadcast,
 * /maintenance, and the buttons under their answers and under alerts.
 *
 * Anyone else who calls one of these commands (or presses an "adm:" button) gets exactly what an
 * unknown command gets from `unhandled`, so the tools cannot be discovered, and the attempt is
 * logged at warn with the user id.
 */
import { Composer, GrammyError } from "grammy";
import type { User } from "grammy/types";
import type { BotContext } from "../../context.js";
import type { BotDeps } from "../../deps.js";
import type { ExchangeRecord, UserRecord } from "../../../domain/types.js";
import { isFinalStatus } from "../../../domain/status.js";
import { required } from "../../../domain/checked.js";
import { isPartnerError } from "../../../partner/errors.js";
import { isBlockedError, isNotModifiedError, withExchangeLock } from "../../../poller/notifier.js";
import { localeOfChat } from "../../i18n.js";
import { sendDepositInstructions } from "../../ui/deposit-instructions.js";
import {
  ADMIN_CALLBACK,
  renderBroadcastPreview,
  renderBroadcastProgress,
  renderExchangeRecord,
  renderStats,
  renderUserSummary,
} from "../../ui/admin-messages.js";
import { escapeHtml } from "../../ui/html.js";
import { exchangesSummary, exchangeStats, userStats } from "../../../support/stats.js";
import { outboxBacklog, pollerLagSeconds } from "../../../ops/figures.js";
import { readFunnel } from "../../../support/funnel.js";
import type { SupportServices } from "../../../support/services.js";
import { ADMIN_COMMANDS } from "./commands.js";

/** At most this many exchanges are shown for one /find; the rest are counted. */
const MAX_FOUND = 5;

/** Builds the feature; register it before `unhandled`. */
export function adminFeature(deps: BotDeps & { support?: SupportServices }): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const isAdmin = (ctx: BotContext) => ctx.from !== undefined && deps.config.adminIds.includes(ctx.from.id);

  // The gate: exactly the unknown-command answer for everyone else (see unhandled.ts).
  feature.command([...ADMIN_COMMANDS], async (ctx, next) => {
    if (isAdmin(ctx)) return next();
    deps.logger.warn({ userId: ctx.from?.id, chatId: ctx.chat.id, command: ctx.msg.text.split(/\s/)[0] }, "admin command from a non-admin");
    if (ctx.chat.type === "private") await ctx.reply(ctx.t("unhandled-text"));
  });
  feature.callbackQuery(new RegExp(`^${ADMIN_CALLBACK.prefix}`), async (ctx, next) => {
    if (isAdmin(ctx)) return next();
    deps.logger.warn({ userId: ctx.from.id, data: ctx.callbackQuery.data }, "admin button from a non-admin");
    await ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") });
  });

  // A type guard, so that past the gate every handler knows who the admin is.
  const admin = feature.filter((ctx): ctx is BotContext & { from: User } => isAdmin(ctx));
  const support = () => {
    if (!deps.support) throw new Error("support services are not wired (app.ts)");
    return deps.support;
  };

  // /find <exchange id | user id | @username | address | tag>
  admin.command("find", async (ctx) => {
    const query = ctx.match.trim().split(/\s+/)[0] ?? "";
    if (query === "") {
      await ctx.reply(ctx.t("admin-find-usage"), { parse_mode: "HTML" });
      return;
    }
    await showFound(ctx, query);
  });
  admin.callbackQuery(new RegExp(`^${ADMIN_CALLBACK.find}(.+)$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    await showFound(ctx, ctx.match[1] as string);
  });

  // /user <id | @username>
  admin.command("user", async (ctx) => {
    const query = ctx.match.trim().split(/\s+/)[0] ?? "";
    if (query === "") {
      await ctx.reply(ctx.t("admin-user-usage"), { parse_mode: "HTML" });
      return;
    }
    await showUser(ctx, findUser(query));
  });
  admin.callbackQuery(new RegExp(`^${ADMIN_CALLBACK.user}(\\d+)$`), async (ctx) => {
    await ctx.answerCallbackQuery();
    const id = Number(ctx.match[1]);
    await showUser(ctx, deps.store.users.get(id), id);
  });

  admin.command("stats", async (ctx) => {
    const at = deps.now();
    const s = support();
    const text = renderStats(
      {
        users: userStats(deps.store.users.all(), at),
        exchanges: exchangeStats(deps.store.exchanges.all(), at),
        funnel: readFunnel(deps.store),
        health: s.health.snapshot(at),
        // The same figures /metrics reads (src/ops/figures.ts).
        pollerLagSeconds: pollerLagSeconds(s.poller, at),
        pollerBackoff: s.poller.backoffLevel,
        openExchanges: deps.store.exchanges.open().length,
        maintenance: deps.store.settings.get("maintenance")?.on === true,
        ops: deps.metrics && deps.delivery ? { ...(await deps.metrics.totals()), outboxBacklog: outboxBacklog(deps.delivery) } : undefined,
      },
      (key, vars) => ctx.t(key, vars),
    );
    await ctx.reply(text, { parse_mode: "HTML" });
  });

  // Re-check now: live status through the same store-then-notify path as the poller and /status.
  admin.callbackQuery(new RegExp(`^${ADMIN_CALLBACK.recheck}(.+)$`), async (ctx) => {
    const id = ctx.match[1] as string;
    const { store, logger, tracker } = deps;
    const found = store.exchanges.get(id);
    if (!found) {
      await ctx.answerCallbackQuery({ text: ctx.t("admin-not-found") });
      return;
    }
    if (!tracker) throw new Error("the exchange tracker is not wired (app.ts)");
    try {
      await tracker.check(id, { waitForNotice: true });
      // The person's card and milestone go out before support is told it is done.
      await deps.delivery?.outbox.drained(found.chatId, 5_000);
    } catch (err) {
      if (!isPartnerError(err)) throw err;
      logger.warn({ err, exchangeId: id }, "admin: live re-check failed");
      await ctx.answerCallbackQuery({ text: ctx.t("admin-recheck-failed") });
      return;
    }
    const current = store.exchanges.get(id) as ExchangeRecord;
    await ctx.answerCallbackQuery({ text: ctx.t("admin-recheck-done", { status: current.status }) });
    const view = renderExchangeRecord(current, store.users.get(current.userId), (key, vars) => ctx.t(key, vars));
    try {
      await ctx.editMessageText(view.text, { parse_mode: "HTML", reply_markup: view.reply_markup });
    } catch (err) {
      if (!isNotModifiedError(err)) throw err;
    }
  });

  // Resend the deposit instructions to the person (open exchanges only).
  admin.callbackQuery(new RegExp(`^${ADMIN_CALLBACK.resend}(.+)$`), async (ctx) => {
    const id = ctx.match[1] as string;
    const { store, catalog, logger, t } = deps;
    const record = store.exchanges.get(id);
    if (!record) {
      await ctx.answerCallbackQuery({ text: ctx.t("admin-not-found") });
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
    const locale = localeOfChat(store, record.chatId);
    try {
      await withExchangeLock(store, id, () =>
        sendDepositInstructions(
          ctx.api,
          store.exchanges.get(id) ?? record,
          { from: coin(record.from), to: coin(record.to) },
          (key, vars) => t(locale, key, vars),
          store,
        ),
      );
    } catch (err) {
      if (isBlockedError(err)) {
        store.users.setBlocked(record.userId, true);
        await ctx.answerCallbackQuery({ text: ctx.t("admin-resend-blocked") });
        return;
      }
      if (err instanceof GrammyError) {
        logger.warn({ err: err.description, exchangeId: id }, "admin: resending the instructions failed");
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
      await ctx.reply(ctx.t("admin-bc-usage"));
      return;
    }
    const runner = support().broadcasts;
    const job = runner.createDraft(ctx.from.id, ctx.chat.id, text);
    const view = renderBroadcastPreview(job, runner.audience().length, (key, vars) => ctx.t(key, vars));
    await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: view.reply_markup });
  });
  admin.callbackQuery(new RegExp(`^${ADMIN_CALLBACK.broadcastGo}(.+)$`), async (ctx) => {
    const runner = support().broadcasts;
    const id = ctx.match[1] as string;
    if (runner.get(id)?.state !== "draft") {
      await ctx.answerCallbackQuery({ text: ctx.t("admin-bc-not-draft") });
      return;
    }
    await ctx.answerCallbackQuery();
    await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
    const draft = required(runner.get(id), "the broadcast draft just checked");
    const t = (key: string, vars?: Record<string, string | number>) => ctx.t(key, vars);
    const first = renderBroadcastProgress(
      draft,
      { total: runner.audience().length, sent: 0, blocked: 0, failed: 0, unconfirmed: 0, remaining: 0 },
      false,
      t,
    );
    const progress = await ctx.reply(first.text, { reply_markup: first.reply_markup });
    await runner.start(id, progress.message_id);
  });
  admin.callbackQuery(new RegExp(`^${ADMIN_CALLBACK.broadcastDrop}(.+)$`), async (ctx) => {
    const state = support().broadcasts.cancel(ctx.match[1] as string);
    await ctx.answerCallbackQuery();
    if (state === "cancelled") await ctx.editMessageText(ctx.t("admin-bc-dropped")).catch(() => undefined);
  });
  admin.callbackQuery(new RegExp(`^${ADMIN_CALLBACK.broadcastCancel}(.+)$`), async (ctx) => {
    const state = support().broadcasts.cancel(ctx.match[1] as string);
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
      settings.set("maintenance", message ? { on: true, message } : { on: true });
      await deps.store.flush();
      deps.logger.warn({ adminId: ctx.from.id }, "maintenance on: new exchanges paused");
      await ctx.reply(ctx.t("admin-maint-on", { message: escapeHtml(message || "—") }), { parse_mode: "HTML" });
    } else if (mode === "off") {
      settings.set("maintenance", { on: false });
      await deps.store.flush();
      deps.logger.warn({ adminId: ctx.from.id }, "maintenance off: new exchanges open");
      await ctx.reply(ctx.t("admin-maint-off"));
    } else {
      const on = settings.get("maintenance")?.on === true;
      await ctx.reply(ctx.t(on ? "admin-maint-state-on" : "admin-maint-state-off") + "\n" + ctx.t("admin-maint-usage"), {
        parse_mode: "HTML",
      });
    }
  });

  /** Shows what `query` matches: exchanges by id/address/tag, or a person's exchanges. */
  async function showFound(ctx: BotContext, query: string): Promise<void> {
    const { store } = deps;
    const seen = new Map<string, ExchangeRecord>();
    for (const e of store.exchanges.find(query)) seen.set(e.id, e);
    const user = /^@/.test(query) || /^\d+$/.test(query) ? findUser(query) : undefined;
    if (user) for (const e of store.exchanges.byUser(user.id)) if (!seen.has(e.id)) seen.set(e.id, e);
    const found = [...seen.values()];
    if (found.length === 0) {
      await ctx.reply(ctx.t("admin-find-none", { query: escapeHtml(query.slice(0, 100)) }), { parse_mode: "HTML" });
      return;
    }
    await ctx.reply(ctx.t("admin-find-count", { count: found.length, shown: Math.min(found.length, MAX_FOUND) }));
    for (const e of found.slice(0, MAX_FOUND)) {
      const view = renderExchangeRecord(e, store.users.get(e.userId), (key, vars) => ctx.t(key, vars));
      await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: view.reply_markup });
    }
  }

  async function showUser(ctx: BotContext, user: UserRecord | undefined, asked?: number): Promise<void> {
    if (!user) {
      await ctx.reply(ctx.t("admin-user-none", { query: escapeHtml(String(asked ?? ctx.match ?? "").slice(0, 100)) }), {
        parse_mode: "HTML",
      });
      return;
    }
    const view = renderUserSummary(user, exchangesSummary(deps.store.exchanges.byUser(user.id)), (key, vars) => ctx.t(key, vars));
    await ctx.reply(view.text, { parse_mode: "HTML", reply_markup: view.reply_markup });
  }

  function findUser(query: string): UserRecord | undefined {
    if (query.startsWith("@")) return deps.store.users.findByUsername(query);
    if (/^\d{1,20}$/.test(query)) return deps.store.users.get(Number(query));
    return deps.store.users.findByUsername(query);
  }

  return feature;
}
