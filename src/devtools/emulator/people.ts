/**
 * What people do: write text, press buttons, use inline mode, block the bot. Each action changes
 * the state and queues the update the bot will fetch. Functions take and return plain ids, so the
 * test facade (server.ts) and a future playground control API can both call them.
 */
import { formatText } from "./methods.js";
import type { ParsedEntity } from "./html.js";
import { flattenButtons } from "./markup.js";
import { asRecord } from "./params.js";
import { unixNow, type ChatState, type EmulatorState, type StoredMessage } from "./state.js";

/** `/cmd` or `/cmd@botname` at the very start of a text: Telegram marks it as a bot_command. */
const COMMAND_AT_START = /^\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?/;
const MAX_TEXT = 4096;

function chatFor(state: EmulatorState, userId: number, chatId: number | undefined): ChatState {
  const id = chatId ?? userId;
  const chat = state.chats.get(id);
  if (chat === undefined) throw new Error(`unknown chat ${id}`);
  return chat;
}

function assertNotBlocked(state: EmulatorState, userId: number, chat: ChatState): void {
  if (chat.userId === userId && state.userState(userId).blocked) {
    throw new Error(`user ${userId} has blocked the bot; call unblockBot() first (the client shows "Restart" instead of an input)`);
  }
}

/** The user writes `text` (to their private chat with the bot unless `chatId` names a group). */
export function userSendsText(
  state: EmulatorState,
  userId: number,
  text: string,
  chatId?: number,
): { update_id: number; message_id: number } {
  const user = state.userState(userId);
  const chat = chatFor(state, userId, chatId);
  assertNotBlocked(state, userId, chat);
  if (text.trim() === "") throw new Error("a Telegram client does not send an empty message");
  if (text.length > MAX_TEXT) throw new Error(`a Telegram client splits texts over ${MAX_TEXT} characters; send shorter ones`);
  const entities: ParsedEntity[] = [];
  const command = COMMAND_AT_START.exec(text);
  if (command !== null) entities.push({ type: "bot_command", offset: 0, length: command[0].length });
  if (chat.userId === userId) user.started = true;
  const message = state.addMessage(chat, { from: user.user, text, plain: text, entities });
  const update_id = state.enqueue("message", state.toApiMessage(message));
  return { update_id, message_id: message.message_id };
}

/** The user presses the inline button carrying `data` under a visible message. */
export function userPressesButton(
  state: EmulatorState,
  userId: number,
  messageId: number,
  data: string,
  chatId?: number,
): { update_id: number; callback_query_id: string } {
  const user = state.userState(userId);
  const chat = chatFor(state, userId, chatId);
  assertNotBlocked(state, userId, chat);
  const message = state.findMessage(chat, messageId);
  if (message === undefined) throw new Error(`message ${messageId} is not visible in chat ${chat.chat.id}`);
  const buttons = flattenButtons(message.reply_markup);
  if (!buttons.some((b) => b.callback_data === data)) {
    const offered = buttons.map((b) => `${JSON.stringify(b.text)}→${b.callback_data ?? b.url ?? "?"}`).join(", ");
    throw new Error(`message ${messageId} has no button with callback_data ${JSON.stringify(data)} (buttons: ${offered || "none"})`);
  }
  const id = state.newQueryId();
  state.callbackQueries.set(id, { id, userId, data, answered: false });
  const query: Record<string, unknown> = { id, from: user.user, chat_instance: `ci${chat.chat.id}`, data };
  if (message.inline_message_id !== undefined) query.inline_message_id = message.inline_message_id;
  else query.message = state.toApiMessage(message);
  return { update_id: state.enqueue("callback_query", query), callback_query_id: id };
}

/** The user types `@bot query` somewhere. */
export function userInlineQuery(
  state: EmulatorState,
  userId: number,
  query: string,
  opts: { chatType?: string; offset?: string } = {},
): { update_id: number; inline_query_id: string } {
  const user = state.userState(userId);
  const id = state.newQueryId();
  state.inlineQueries.set(id, { id, userId, query, answered: false });
  user.lastInlineQueryId = id;
  delete user.lastInlineAnswer;
  const payload: Record<string, unknown> = { id, from: user.user, query, offset: opts.offset ?? "" };
  if (opts.chatType !== undefined) payload.chat_type = opts.chatType;
  return { update_id: state.enqueue("inline_query", payload), inline_query_id: id };
}

/**
 * The user picks a result of the bot's last inline answer. Its message lands in the chosen chat as
 * "via @bot"; with an inline keyboard it gets an inline_message_id the bot can edit it by.
 */
export function userChoosesInlineResult(
  state: EmulatorState,
  userId: number,
  resultId: string,
  chatId?: number,
): { update_id: number; inline_message_id?: string } {
  const user = state.userState(userId);
  const answer = user.lastInlineAnswer;
  if (answer === undefined) throw new Error(`the bot has not answered user ${userId}'s last inline query`);
  const result = answer.results.find((r) => r.id === resultId);
  if (result === undefined) throw new Error(`no inline result ${JSON.stringify(resultId)} in the last answer`);
  const chat = chatFor(state, userId, chatId);
  const content = asRecord(result.input_message_content);
  const formatted =
    typeof content?.message_text === "string"
      ? formatText(content.message_text, typeof content.parse_mode === "string" ? content.parse_mode : undefined, content.entities, "text")
      : undefined;
  const fields: Omit<StoredMessage, "message_id" | "chat" | "date" | "history" | "deleted"> = {
    from: user.user,
    via_bot: state.bot,
    plain: formatted?.plain ?? "",
    entities: formatted?.entities ?? [],
  };
  if (formatted !== undefined) fields.text = formatted.source;
  if (formatted?.parseMode !== undefined) fields.parse_mode = formatted.parseMode;
  const markup = asRecord(result.reply_markup);
  let inline_message_id: string | undefined;
  if (markup !== undefined) {
    fields.reply_markup = markup as unknown as NonNullable<StoredMessage["reply_markup"]>;
    inline_message_id = `EMU-INLINE-${state.newQueryId()}`;
    fields.inline_message_id = inline_message_id;
  }
  const message = state.addMessage(chat, fields);
  if (inline_message_id !== undefined) state.inlineMessages.set(inline_message_id, message);
  const payload: Record<string, unknown> = { result_id: resultId, from: user.user, query: answer.query };
  if (inline_message_id !== undefined) payload.inline_message_id = inline_message_id;
  const update_id = state.enqueue("chosen_inline_result", payload);
  return inline_message_id === undefined ? { update_id } : { update_id, inline_message_id };
}

/** The user blocks or unblocks the bot; Telegram tells the bot with a my_chat_member update. */
export function userSetsBlocked(state: EmulatorState, userId: number, blocked: boolean): { update_id: number } | undefined {
  const user = state.userState(userId);
  if (user.blocked === blocked) return undefined;
  user.blocked = blocked;
  const chat = chatFor(state, userId, undefined);
  const member = (status: string): Record<string, unknown> =>
    status === "kicked" ? { user: state.bot, status, until_date: 0 } : { user: state.bot, status };
  const update_id = state.enqueue("my_chat_member", {
    chat: chat.chat,
    from: user.user,
    date: unixNow(),
    old_chat_member: member(blocked ? "member" : "kicked"),
    new_chat_member: member(blocked ? "kicked" : "member"),
  });
  return { update_id };
}
