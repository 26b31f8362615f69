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
 * - **Exports.** Each /export reads all the person's exchanges and uploads them again: a few in a
 *   row pass ({@link EXPORT_BURST}), then one every few minutes. Support's exports are not counted.
 *
 * The three budgets are counted where the store says (person-buckets.ts): with PostgreSQL in the
 * database, so that replicas share one count (a person's updates spread over three replicas get
 * one budget, not three); with files in this process's memory. Which inline query is a person's
 * latest is known in this process only: a query overtaken on another replica is still answered,
 * from the shared quote budget.
 */
import type { MiddlewareFn } from "grammy";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import type { BucketKind } from "../../store/data-store.js";
import { memoryPersonBuckets, sharedPersonBuckets, type PersonBuckets } from "./person-buckets.js";

/** Messages and presses one person may send at once before the per-minute pace applies. */
const UPDATE_BURST = 10;
/** Quotes one person may cost at once: two amounts of one coin (six targets each). */
const QUOTE_BURST = 12;
/** Exports a person may ask for in a row, and how fast that allowance comes back (one per 5 minutes). */
const EXPORT_BURST = 3;
const EXPORTS_PER_MINUTE = 0.2;
/** An inline query this soon after the same person's previous one is typing. */
const TYPING_GAP_MS = 700;
/** How long a typing query waits for the next keystroke before it is answered. */
const TYPING_PAUSE_MS = 400;
/** People remembered at once (the least recently seen are forgotten first). */
const MAX_PEOPLE = 10_000;

/** The kinds of buckets the config asks for (a pace of 0 turns a kind off); housekeeping prunes the full ones. */
export function personBucketKinds(config: Pick<BotDeps["config"], "personUpdatesPerMinute" | "personQuotesPerMinute">): {
  updates: BucketKind | undefined;
  quotes: BucketKind | undefined;
  exports: BucketKind;
} {
  const { personUpdatesPerMinute, personQuotesPerMinute } = config;
  return {
    updates: personUpdatesPerMinute > 0 ? { name: "updates", capacity: UPDATE_BURST, perMinute: personUpdatesPerMinute } : undefined,
    quotes: personQuotesPerMinute > 0 ? { name: "quotes", capacity: QUOTE_BURST, perMinute: personQuotesPerMinute } : undefined,
    exports: { name: "exports", capacity: EXPORT_BURST, perMinute: EXPORTS_PER_MINUTE },
  };
}

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
  /**
   * Takes one quote from the person's budget: true when they had it (always, with no limit). Never
   * rejects: a database that cannot count leaves this process's count to decide (person-buckets.ts).
   */
  admitQuote(personId: number | undefined): Promise<boolean>;
  /** Takes one export from the person's allowance: true when they had it. Never rejects, as `admitQuote`. */
  admitExport(personId: number): Promise<boolean>;
  /**
   * Takes one update from the person's allowance for a request that is not a Telegram update (the
   * Mini App's): the same budget as their messages and presses. Never rejects, as `admitQuote`.
   */
  admitRequest(personId: number): Promise<boolean>;
}

/**
 * Builds the limits from the config (`personUpdatesPerMinute`, `personQuotesPerMinute`: 0 is off),
 * counted in the store's shared buckets when it has them (PostgreSQL), in memory otherwise.
 */
export function createPersonLimits(deps: Pick<BotDeps, "config" | "logger" | "now" | "store">): PersonLimits {
  const now = () => deps.now().getTime();
  const shared = deps.store.buckets;
  const bucketsOf = (kind: BucketKind): PersonBuckets =>
    shared
      ? sharedPersonBuckets(kind, shared, { now, maxPeople: MAX_PEOPLE, logger: deps.logger })
      : memoryPersonBuckets(kind, { now, maxPeople: MAX_PEOPLE });
  const kinds = personBucketKinds(deps.config);
  const updates = kinds.updates && bucketsOf(kinds.updates);
  const quotes = kinds.quotes && bucketsOf(kinds.quotes);
  const exports = bucketsOf(kinds.exports);
  /** Per person: the update id of their latest inline query and when it arrived (real time). */
  const latestInline = new Map<number, { updateId: number; at: number }>();
  /** Inline queries that came while their sender was typing. */
  const typing = new WeakSet<BotContext>();

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
      // A press is answered with its toast every time; a message only once a flood.
      const taken = await updates.take(from.id, ctx.callbackQuery === undefined);
      if (taken.ok) return next();
      if (ctx.callbackQuery) {
        await ctx.answerCallbackQuery({ text: ctx.t("limit-too-fast-button") }).catch(() => undefined);
        return;
      }
      if (!taken.firstRefusal) return;
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

    async admitQuote(personId) {
      return !quotes || personId === undefined || (await quotes.take(personId, false)).ok;
    },

    async admitExport(personId) {
      return (await exports.take(personId, false)).ok;
    },

    async admitRequest(personId) {
      return !updates || (await updates.take(personId, false)).ok;
    },
  };
}
