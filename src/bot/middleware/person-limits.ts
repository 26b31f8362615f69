/**
 * What one person may make the bot do (issue 23: fifty inline queries in a second from one
 * account made 302 Partner API requests; fifty amounts typed in a second made fifty `rate` calls).
 *
 * - **Updates.** Messages and button presses are limited per person by a token bucket (a burst
 *   of {@link UPDATE_BURST}, then `PERSON_UPDATES_PER_MINUTE`): far above what a person does by
 *   hand, far below a script. One past the limit is skipped, and the person is told once per
 *   flood (a button gets its toast every time). Other updates (a chat member change, an inline
 *   query) are never skipped here: they change state or have their own limit below.
 * - **Inline queries.** Telegram sends one per keystroke. A query that comes soon after the
 *   person's previous one (they are typing) waits a moment, and is answered only if no newer
 *   query of theirs arrived meanwhile: the client shows the answer to the last text only. Every
 *   quote a person's inline queries and /rate cost the service comes from a budget of their own
 *   (a burst of {@link QUOTE_BURST}, then `PERSON_QUOTES_PER_MINUTE`); quotes from the shared
 *   cache are free.
 *
 * Kept in this process's memory: with replicas each has its own, which only loosens the limit.
 */
import type { MiddlewareFn } from "grammy";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import { createTokenBuckets } from "../../domain/token-bucket.js";

/** Messages and presses one person may send at once before the per-minute pace applies. */
const UPDATE_BURST = 10;
/** Quotes one person may cost at once: two amounts of one coin (six targets each). */
const QUOTE_BURST = 12;
/** An inline query this soon after the same person's previous one is typing. */
const TYPING_GAP_MS = 700;
/** How long a typing query waits for the next keystroke before it is answered. */
const TYPING_PAUSE_MS = 400;
/** People remembered at once (the least recently seen are forgotten first). */
const MAX_PEOPLE = 10_000;

/** The limits of one bot; see the module comment. */
export interface PersonLimits {
  /** Installed before updates are queued per chat: notes each person's latest inline query. */
  noteArrival: MiddlewareFn<BotContext>;
  /** Skips a message or press past the person's limit, saying so. */
  limitUpdates: MiddlewareFn<BotContext>;
  /**
   * For an inline query: waits while the person is typing, then says whether this query is still
   * their latest (false: a newer one will be answered instead, and this one is left unanswered).
   */
  stillLatestInline(ctx: BotContext): Promise<boolean>;
  /** Takes one quote from the person's budget: true when they had it (always, with no limit). */
  admitQuote(personId: number | undefined): boolean;
}

/** Builds the limits from the config (`personUpdatesPerMinute`, `personQuotesPerMinute`: 0 is off). */
export function createPersonLimits(deps: Pick<BotDeps, "config" | "logger" | "now">): PersonLimits {
  const now = () => deps.now().getTime();
  const { personUpdatesPerMinute, personQuotesPerMinute } = deps.config;
  const updates =
    personUpdatesPerMinute > 0
      ? createTokenBuckets({ capacity: UPDATE_BURST, perMinute: personUpdatesPerMinute, now, maxKeys: MAX_PEOPLE })
      : undefined;
  const quotes =
    personQuotesPerMinute > 0
      ? createTokenBuckets({ capacity: QUOTE_BURST, perMinute: personQuotesPerMinute, now, maxKeys: MAX_PEOPLE })
      : undefined;
  /** Per person: the update id of their latest inline query and when it arrived (real time). */
  const latestInline = new Map<number, { updateId: number; at: number }>();
  /** Inline queries that came while their sender was typing. */
  const typing = new WeakSet<BotContext>();
  /** People told about the limit in the current flood (forgotten once an update of theirs passes). */
  const told = new Set<number>();

  return {
    noteArrival: (ctx, next) => {
      const from = ctx.inlineQuery?.from;
      if (quotes && from) {
        const at = Date.now();
        const previous = latestInline.get(from.id);
        if (previous && at - previous.at < TYPING_GAP_MS) typing.add(ctx);
        latestInline.delete(from.id);
        latestInline.set(from.id, { updateId: ctx.update.update_id, at });
        const oldest = latestInline.size > MAX_PEOPLE ? latestInline.keys().next().value : undefined;
        if (oldest !== undefined) latestInline.delete(oldest);
      }
      return next();
    },

    limitUpdates: async (ctx, next) => {
      const from = ctx.from;
      if (!updates || !from || (ctx.message === undefined && ctx.callbackQuery === undefined)) return next();
      if (updates.take(String(from.id))) {
        told.delete(from.id);
        return next();
      }
      if (ctx.callbackQuery) {
        await ctx.answerCallbackQuery({ text: ctx.t("limit-too-fast-button") }).catch(() => undefined);
        return;
      }
      if (told.has(from.id)) return;
      if (told.size >= MAX_PEOPLE) told.clear();
      told.add(from.id);
      deps.logger.info({ userId: from.id, chatId: ctx.chat?.id }, "a person is over the update limit: skipping their updates");
      await ctx.reply(ctx.t("limit-too-fast"));
    },

    async stillLatestInline(ctx) {
      const from = ctx.inlineQuery?.from;
      if (!quotes || !from) return true;
      const isLatest = () => {
        const latest = latestInline.get(from.id);
        return latest === undefined || latest.updateId === ctx.update.update_id;
      };
      // One already overtaken goes at once: the queries queued behind it do not wait for it.
      if (!isLatest()) return false;
      if (typing.has(ctx)) await new Promise((resolve) => setTimeout(resolve, TYPING_PAUSE_MS));
      return isLatest();
    },

    admitQuote(personId) {
      return !quotes || personId === undefined || quotes.take(String(personId));
    },
  };
}
