/**
 * The exchange flow's part of /forget (privacy/person-data.ts): the answers of a flow not yet
 * confirmed (coins, amount, the addresses typed) are the person's, and go. An exchange being
 * created (the record says "creating") is in progress: its answers are what settles it after a
 * crash (interrupted.ts), so they are kept until it is settled.
 */
import type { BotContext } from "../../context.js";
import { EXCHANGE_FLOW_ID } from "./flow.js";
import { clearRecord, conversationKey, readRecord } from "./record.js";

/** Ends the private chat's open flow and deletes its answers, unless its exchange is being created. */
export async function forgetFlow(ctx: BotContext, chatId: number): Promise<void> {
  const store = ctx.deps.store;
  const record = await readRecord(store, chatId);
  if (record?.step === "creating") return;
  await ctx.conversation.exit(EXCHANGE_FLOW_ID);
  await store.conversations.delete(conversationKey(chatId));
  if (record) await clearRecord(store, chatId);
}
