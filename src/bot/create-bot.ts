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
import { inOrder, inOrderWatched } from "./middleware/in-order.js";
import type { PressAnswers } from "./press-answers.js";
import { htmlByDefault } from "../messages/html-by-default.js";
import { noEmptyKeyboardRows } from "../messages/no-empty-rows.js";
import type { BotContext } from "./context.js";
import type { BotDeps } from "./deps.js";
import { trackUser } from "./middleware/track-user.js";
import { markUpdateFailed, markUpdateFeature, type InFlightUpdates } from "./middleware/in-flight.js";
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
import { lateRefundAddressFeature, lateRefundQuestion } from "./features/late-refund-address.js";
import { exportFeature } from "./features/export.js";
import { adminFeature } from "./features/admin/index.js";
import { addressesFeature, renameQuestion } from "./features/addresses.js";
import { questionsFeature } from "./questions.js";
import { thresholdQuestion } from "./features/rate-alerts.js";
import { unhandledFeature } from "./features/unhandled.js";

export interface CreateBotOptions {
  token: string;
  /** Bot API client options: the emulator's apiRoot in sandbox mode and in tests. */
  client?: ApiClientOptions;
  /** Known bot info skips the getMe call at init (tests). */
  botInfo?: UserFromGetMe;
  /** Told of each Bot API attempt that failed in a way the client retries (telegram-fetch.ts): the metrics. */
  onFailedAttempt?: (reason: "429" | "5xx" | "network") => void;
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
  /** The per-person limits, when another part (the Mini App) counts in the same budgets; made here otherwise. */
  limits?: PersonLimits;
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
    client: {
      ...options.client,
      fetch: options.pressAnswers.fetch(options.client?.fetch ?? retryingTelegramFetch({ onFailedAttempt: options.onFailedAttempt })),
    },
    botInfo: options.botInfo,
  });
  // Every text and caption is HTML unless a call says otherwise, and no keyboard carries an empty
  // row (the short questions install the same on their conversation's own Api).
  bot.api.config.use(htmlByDefault());
  bot.api.config.use(noEmptyKeyboardRows());
  return bot;
}

/**
 * A feature: a factory that takes the dependencies it uses (a part of {@link BotDeps}, or none)
 * and returns its composer. Every feature is built the same way, by {@link FEATURES} below.
 */
type Feature = (deps: BotDeps, limits: PersonLimits) => Composer<BotContext>;

/** The short questions (bot/questions.ts), each registered once. */
function shortQuestionsFeature(deps: BotDeps): Composer<BotContext> {
  return questionsFeature(deps, [lateRefundQuestion, thresholdQuestion, renameQuestion]);
}

/**
 * Every feature, in the order updates reach them. First: the guard that refuses a group button
 * pressed by someone other than its owner; then the open question of the chat sees its updates
 * before any other feature: a short one (bot/questions.ts), or the exchange flow. Last:
 * `unhandled`, for whatever none took.
 */
const FEATURES: readonly Feature[] = [
  // Before any button is acted on: in a group, a button acts only for its message's owner.
  buttonOwnerFeature,
  // A chat has one open question at most (bot/questions.ts): a short one, or a step of the flow.
  shortQuestionsFeature,
  // Named by its factory (the metrics label its updates "exchange"): not wrapped in an arrow.
  exchangeFeature,
  startFeature,
  helpFeature,
  languageFeature,
  // After the flow, which lets /privacy, /forget and their buttons through while it waits.
  privacyFeature,
  ratesFeature,
  statusFeature,
  lateDepositFeature,
  lateRefundAddressFeature,
  rateAlertsFeature,
  historyFeature,
  exportFeature,
  addressesFeature,
  adminFeature,
  unhandledFeature,
];

/**
 * A feature's name for the metrics, from its factory's: `lateDepositFeature` is "late-deposit".
 * A bounded label: one value per entry of {@link FEATURES}.
 */
function featureName(feature: Feature): string {
  const name = feature.name.replace(/Feature$/, "");
  return name === "" ? "unnamed" : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The name of every feature, in order: what the metrics' `feature` label may be, besides "none". */
export const FEATURE_NAMES: readonly string[] = FEATURES.map(featureName);

/** Registers the middleware and every feature, in order, on a Bot from {@link createBot}. */
export function installFeatures(bot: Bot<BotContext>, deps: BotDeps, options: InstallOptions = {}): void {
  // Every update passes all of these: one chain, entered one frame per step (middleware/in-order.ts).
  const before: Array<Middleware<BotContext>> = [];
  if (options.inFlight) before.push(options.inFlight.middleware);
  if (options.dedupe) before.push(options.dedupe.middleware);
  if (options.inbox) before.push(options.inbox);
  if (options.notePresses) before.push(options.notePresses);
  // Before the per-chat queue, so an inline query waiting in it knows a newer one came.
  const limits = options.limits ?? createPersonLimits(deps);
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

  // In order, entering only the features an update reaches; the last one entered took it (metrics).
  const names = FEATURE_NAMES;
  bot
    .errorBoundary((err) => reportError(err, deps))
    .use(
      inOrderWatched(
        FEATURES.map((feature) => feature(deps, limits)),
        (ctx, index) => markUpdateFeature(ctx.update, names[index] ?? "unknown"),
      ),
    );

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
