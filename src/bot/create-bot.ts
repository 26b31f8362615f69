/**
 * Builds the bot from injected dependencies, in two steps: {@link createBot} makes the Bot and its
 * Bot API client, so that app.ts can build the parts that send through `bot.api` (delivery,
 * support, the tracker) and hand them to the features as ordinary, always-present dependencies;
 * {@link installFeatures} then registers every feature. This file is the bot's whole surface:
 * every feature is registered here, explicitly and in order, with `unhandled` last.
 */
import { Bot, type ApiClientOptions, type BotError, type Composer, type Middleware } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import { sequentialize } from "@grammyjs/runner";
import { retryingTelegramFetch } from "./telegram-fetch.js";
import type { PressAnswers } from "./press-answers.js";
import { inOrder } from "./middleware/in-order.js";
import { htmlByDefault } from "../messages/html-by-default.js";
import type { BotContext } from "./context.js";
import type { BotDeps } from "./deps.js";
import { trackUser } from "./middleware/track-user.js";
import { markUpdateFailed, type InFlightUpdates } from "./middleware/in-flight.js";
import { createPersonLimits, type PersonLimits } from "./middleware/person-limits.js";
import type { RecentUpdates } from "../webhook/recent-updates.js";
import type { SharedUpdates } from "../webhook/shared-updates.js";
import { buttonOwnerFeature } from "./features/button-owner.js";
import { exchangeFeature } from "./features/exchange/index.js";
import { startFeature } from "./features/start.js";
import { helpFeature } from "./features/help.js";
import { languageFeature } from "./features/language.js";
import { privacyFeature } from "./features/privacy/index.js";
import { ratesFeature } from "./features/rates/index.js";
import { statusFeature } from "./features/status.js";
import { historyFeature } from "./features/history.js";
import { rateAlertsFeature } from "./features/rate-alerts.js";
import { lateDepositFeature } from "./features/late-deposit.js";
import { lateRefundAddressFeature, leaveLateRefundQuestion } from "./features/late-refund-address.js";
import { exportFeature } from "./features/export.js";
import { adminFeature } from "./features/admin/index.js";
import { addressesFeature, leaveRename } from "./features/addresses.js";
import { unhandledFeature } from "./features/unhandled.js";

export interface CreateBotOptions {
  token: string;
  /** Bot API client options: the emulator's apiRoot in sandbox mode and in tests. */
  client?: ApiClientOptions;
  /** Known bot info skips the getMe call at init (tests). */
  botInfo?: UserFromGetMe;
  /**
   * Every answer to a button press passes these rules (bot/press-answers.ts): at most once, only
   * soon after the press arrived, and never failing the update. {@link InstallOptions.notePresses}
   * tells it when each press arrived.
   */
  pressAnswers: PressAnswers;
}

/** Options of {@link installFeatures}: the middleware that runs before every feature. */
export interface InstallOptions {
  /** Tracks running handlers for a graceful stop. */
  inFlight?: InFlightUpdates;
  /**
   * Notes when each button press arrived (`PressAnswers.noteArrival`), so that one replayed long
   * after is handled without answering it. Installed after `inbox`, which knows the arrival, and
   * before the chat's queue, where a press may wait.
   */
  notePresses?: (ctx: BotContext, next: () => Promise<void>) => Promise<void>;
  /** Webhook mode: drops a redelivered update (see webhook/recent-updates.ts). */
  dedupe?: RecentUpdates;
  /**
   * Webhook mode with replicas: drops an update another replica handled or is handling (see
   * webhook/shared-updates.ts). Runs inside the chat's lock, after `dedupe` has dropped this
   * process's own repeats without waiting for it.
   */
  sharedDedupe?: SharedUpdates;
  /**
   * Keeps what Telegram sent on disk until it is handled (updates/inbox.ts): marks each update when
   * its handling ends and, in webhook mode, writes it before Telegram's request is answered.
   * Installed after `dedupe` (a repeat is neither kept again nor marked) and before the chat's queue.
   */
  inbox?: (ctx: BotContext, next: () => Promise<void>) => Promise<void>;
  /**
   * Replicas: runs a chat's update while no other process runs one of the same chat (the store's
   * coordination). `sequentialize` orders a chat's updates within this process only.
   */
  chatLock?: <T>(chatId: number, fn: () => Promise<T>) => Promise<T>;
  /**
   * Runs the rest of the update in one scope, inside the chat's lock: the store's users are read
   * once per update within it (store/users-per-update.ts).
   */
  updateScope?: (ctx: BotContext, next: () => Promise<void>) => Promise<void>;
}

/**
 * One update per chat at a time, so a chat's updates never race. `sequentialize` is a plain
 * middleware (a lock per key), so it holds for the runner and for webhook requests alike.
 */
function sequentialKey(ctx: BotContext): string | undefined {
  return ctx.chat?.id.toString() ?? ctx.from?.id.toString();
}

/** The id whose lock an update runs under across replicas: the same choice as {@link sequentialKey}. */
function chatLockId(ctx: BotContext): number | undefined {
  return ctx.chat?.id ?? ctx.from?.id;
}

/**
 * Builds the Bot and its Bot API client, with no handler yet: {@link installFeatures} adds them.
 * Call `bot.init()` (or let the runner do it) before handling updates.
 */
export function createBot(options: CreateBotOptions): Bot<BotContext> {
  const bot = new Bot<BotContext>(options.token, {
    // 429s wait for retry_after; 5xx and network errors are retried a few times. At the HTTP
    // level, so that the Api each conversation replay builds inherits it below its replay log; the
    // rules of answering a press sit there too, for the same reason.
    client: { ...options.client, fetch: options.pressAnswers.fetch(options.client?.fetch ?? retryingTelegramFetch()) },
    botInfo: options.botInfo,
  });
  // Every text and caption is HTML unless a call says otherwise (the exchange flow installs the
  // same on its conversation's own Api).
  bot.api.config.use(htmlByDefault());
  return bot;
}

/**
 * A feature: a factory that takes the dependencies it uses (a part of {@link BotDeps}, or none)
 * and returns its composer. Every feature is built the same way, by {@link FEATURES} below.
 */
type Feature = (deps: BotDeps, limits: PersonLimits) => Composer<BotContext>;

/**
 * Every feature, in the order updates reach them. First: the guard that refuses a group button
 * pressed by someone other than its owner; then an active exchange flow sees every update of its
 * chat before any other feature. Last: `unhandled`, for whatever none took.
 */
const FEATURES: readonly Feature[] = [
  // Before any button is acted on: in a group, a button acts only for its message's owner.
  buttonOwnerFeature,
  // Commands leave a late deposit's open refund-address question, before the flow answers /cancel.
  leaveLateRefundQuestion,
  // Commands leave an open "send a new name" of /addresses, before the flow sees them.
  leaveRename,
  exchangeFeature,
  startFeature,
  helpFeature,
  languageFeature,
  // After the flow, which lets /privacy, /forget and their buttons through while it waits.
  privacyFeature,
  ratesFeature,
  statusFeature,
  lateDepositFeature,
  // After the flow: only text the flow did not take can answer the refund-address question.
  lateRefundAddressFeature,
  // After the flow and the refund-address question: text answers its threshold question only when nothing before took it.
  rateAlertsFeature,
  historyFeature,
  exportFeature,
  // After the flow and the refund-address and alert questions: only text none of them took can be a new name.
  addressesFeature,
  adminFeature,
  unhandledFeature,
];

/** Registers the middleware and every feature, in order, on a Bot from {@link createBot}. */
export function installFeatures(bot: Bot<BotContext>, deps: BotDeps, options: InstallOptions = {}): void {
  // Every update passes all of these: one chain, entered one frame per step (middleware/in-order.ts).
  const before: Array<Middleware<BotContext>> = [];
  if (options.inFlight) before.push(options.inFlight.middleware);
  if (options.dedupe) before.push(options.dedupe.middleware);
  if (options.inbox) before.push(options.inbox);
  if (options.notePresses) before.push(options.notePresses);
  // Before the per-chat queue, so an inline query waiting in it knows a newer one came.
  const limits = createPersonLimits(deps);
  before.push(limits.noteArrival);
  before.push(sequentialize(sequentialKey));
  const chatLock = options.chatLock;
  if (chatLock) {
    before.push((ctx, next) => {
      const id = chatLockId(ctx);
      return id === undefined ? next() : chatLock(id, next);
    });
  }
  const shared = options.sharedDedupe;
  if (shared) {
    before.push((ctx, next) => shared.once(ctx.update.update_id, chatLock !== undefined && chatLockId(ctx) !== undefined, next));
  }
  if (options.updateScope) before.push(options.updateScope);
  before.push((ctx, next) => {
    ctx.deps = deps;
    return next();
  });
  before.push(trackUser);
  before.push(deps.i18n);
  before.push(limits.limitUpdates);
  bot.use(inOrder(...before));

  // In order, entering only the features an update reaches.
  bot.errorBoundary((err) => reportError(err, deps)).use(inOrder(...FEATURES.map((feature) => feature(deps, limits))));

  bot.catch((err) => reportError(err, deps));
}

/** Logs a failed update once, with context, and tells the person something went wrong. */
async function reportError(err: BotError<BotContext>, deps: BotDeps): Promise<void> {
  const ctx = err.ctx;
  markUpdateFailed(ctx.update);
  deps.logger.error({ err: err.error, updateId: ctx.update.update_id, chatId: ctx.chat?.id, userId: ctx.from?.id }, "update failed");
  try {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
    if (ctx.chat?.type === "private") await ctx.reply(ctx.t("error-generic"));
  } catch (replyError) {
    deps.logger.warn({ err: replyError, chatId: ctx.chat?.id }, "could not tell the user about the failure");
  }
}
