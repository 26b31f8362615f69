import type { NextFunction } from "grammy";
import type { BotContext } from "../context.js";

/**
 * Remembers everyone who talks to the bot (first and last seen, username, Telegram language) and
 * clears the "blocked" mark: a person who writes to the bot has evidently unblocked it. Any update
 * from a chat also means the bot may write to it now: what the outbox kept for it (alerts to an
 * admin who had never opened the bot) goes out, in order.
 */
export async function trackUser(ctx: BotContext, next: NextFunction): Promise<void> {
  const from = ctx.from;
  if (from && !from.is_bot) {
    const users = ctx.deps.store.users;
    const user = await users.upsertSeen(from, ctx.deps.now());
    if (user.blocked && ctx.chat?.type === "private") await users.setBlocked(from.id, false);
  }
  // A private chat shows the person opened the bot; in a group, the bot is in it. An update that
  // is not in a chat (an inline query) says nothing about whether the bot may write to them, and
  // one saying the bot was blocked or removed says the opposite.
  const leaving = ctx.myChatMember !== undefined && ["kicked", "left"].includes(ctx.myChatMember.new_chat_member.status);
  if (ctx.chat && !leaving) await ctx.deps.delivery.wake(ctx.chat.id);
  await next();
}
