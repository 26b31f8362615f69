import type { NextFunction } from "grammy";
import type { BotContext } from "../context.js";

/**
 * Remembers everyone who talks to the bot (first and last seen, username, Telegram language) and
 * clears the "blocked" mark: a person who writes to the bot has evidently unblocked it.
 */
export async function trackUser(ctx: BotContext, next: NextFunction): Promise<void> {
  const from = ctx.from;
  if (from && !from.is_bot) {
    const users = ctx.deps.store.users;
    const user = users.upsertSeen(from, ctx.deps.now());
    if (user.blocked && ctx.chat?.type === "private") users.setBlocked(from.id, false);
  }
  await next();
}
