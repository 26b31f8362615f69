/**
 * Start-up: the updates an earlier process received and never finished handling (inbox.ts) are
 * handled now, before this process takes new ones: once, and in order within each chat.
 *
 * Once: an update's id is marked when its handling ends, and each id is replayed at most once per
 * start (inbox.ts lists one copy). An update whose handling went far enough to move the chat on
 * before the kill (its chat's exchange flow names it, or a later update, as the one that last
 * moved it) is marked and not handled again: the answer was taken, and reading it again would
 * answer the next question with it. That is a fact about the update, never a comparison of times:
 * a write for an earlier exchange that lands after a quick /exchange arrived does not hide it. With replicas, a replay goes through the same chat lock and shared claims as any update, so
 * one that a live replica is handling is not handled twice.
 */
import type { Update } from "grammy/types";
import type { Inbox } from "./inbox.js";

export interface ReplayOptions {
  inbox: Inbox;
  /** Handles one update as if it had just arrived (`bot.handleUpdate`). */
  handle: (update: Update) => Promise<void>;
  /** Whether update `updateId` of chat `chatId` was taken before the kill (see the module comment). Undefined: never. */
  handledAlready?: (chatId: number, updateId: number) => Promise<boolean>;
  logger: { info(fields: object, msg?: string): void; warn(fields: object, msg?: string): void };
}

/** What a replay did, for the log and tests. */
export interface ReplayReport {
  replayed: number;
  /** Found taken already (see `handledAlready`), or inline queries long expired: marked without handling. */
  skipped: number;
}

/** The chat (or, without one, the person) an update belongs to: the key of its order. */
function chatOf(update: Update): number | undefined {
  for (const [key, value] of Object.entries(update)) {
    if (key === "update_id" || value === null || typeof value !== "object") continue;
    const v = value as { chat?: { id?: unknown }; message?: { chat?: { id?: unknown } }; from?: { id?: unknown } };
    const id = v.chat?.id ?? v.message?.chat?.id ?? v.from?.id;
    if (typeof id === "number") return id;
  }
  return undefined;
}

/**
 * Replays what the inbox holds unhandled: chats side by side, each chat's updates one after the
 * other in update order. Resolves when every one has been handled (or skipped).
 */
export async function replayUnhandled(opts: ReplayOptions): Promise<ReplayReport> {
  const left = await opts.inbox.leftUnhandled();
  if (left.length === 0) return { replayed: 0, skipped: 0 };
  const byChat = new Map<number | undefined, typeof left>();
  for (const item of left) {
    const chat = chatOf(item.update);
    const list = byChat.get(chat);
    if (list) list.push(item);
    else byChat.set(chat, [item]);
  }
  const report: ReplayReport = { replayed: 0, skipped: 0 };
  opts.logger.info(
    { updates: left.length, chats: byChat.size },
    "updates: handling the updates the last process received and did not finish",
  );
  await Promise.all(
    [...byChat].map(async ([chatId, items]) => {
      for (const { update } of items) {
        try {
          // An inline query is answered within seconds or never: Telegram refuses a late answer.
          const stale = update.inline_query !== undefined || update.chosen_inline_result !== undefined;
          if (stale || (chatId !== undefined && (await opts.handledAlready?.(chatId, update.update_id)))) {
            opts.inbox.handled(update.update_id);
            report.skipped++;
            continue;
          }
          report.replayed++;
          await opts.handle(update);
        } catch (err) {
          // The bot's error handler has told the person; the update is marked like any other.
          opts.logger.warn({ err, updateId: update.update_id }, "updates: a replayed update failed");
          opts.inbox.handled(update.update_id);
        }
      }
    }),
  );
  await opts.inbox.flush();
  return report;
}
