/**
 * What people do: write text, press buttons, use inline mode, block the bot. Each action changes
 * the state and queues the update the bot will fetch, when Telegram would send it one. Functions
 * take and return plain ids, so the test facade (server.ts) and the playground's control API can
 * both call them.
 */
import type { CallbackQuery, ChatMember, ChosenInlineResult, InlineQuery, InlineQueryResult } from "grammy/types";
import { detectEntities } from "./entities.js";
import { formatText } from "./methods.js";
import { flattenButtons } from "./markup.js";
import { asRecord } from "./params.js";
import { unixNow, type ChatState, type EmulatorState, type NewMessage, type StoredMessage } from "./state.js";

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

/**
 * Whether the bot receives a message a person wrote in `chat`. In private chats, always. In groups
 * with privacy mode on (can_read_all_group_messages false, the default) only what is meant for it:
 * a command (`/cmd`, or `/cmd@this_bot`, not one addressed to another bot), a reply to one of its
 * messages, a message mentioning it, and service messages (which carry no text).
 */
function botReceives(state: EmulatorState, chat: ChatState, message: StoredMessage): boolean {
  if (chat.chat.type === "private" || state.options.canReadAllGroupMessages) return true;
  const text = message.text ?? message.caption;
  if (text === undefined) return true;
  const botName = state.bot.username.toLowerCase();
  const meantForBot = message.entities.some((e) => {
    const part = message.plain.slice(e.offset, e.offset + e.length).toLowerCase();
    if (e.type === "bot_command") return !part.includes("@") || part.endsWith(`@${botName}`);
    if (e.type === "mention") return part === `@${botName}`;
    if (e.type === "text_mention") return e.user.id === state.bot.id;
    return false;
  });
  if (meantForBot) return true;
  if (message.reply_to_message_id === undefined) return false;
  const replied = state.findMessage(chat, message.reply_to_message_id);
  return replied !== undefined && (replied.from.id === state.bot.id || replied.via_bot?.id === state.bot.id);
}

/**
 * The user writes `text` (to their private chat with the bot unless `chatId` names a group),
 * optionally as a reply to a visible message. The text gets Telegram's automatic entities.
 */
export function userSendsText(
  state: EmulatorState,
  userId: number,
  text: string,
  opts: { chatId?: number; replyTo?: number } = {},
): { update_id: number | undefined; message_id: number } {
  const user = state.userState(userId);
  const chat = chatFor(state, userId, opts.chatId);
  assertNotBlocked(state, userId, chat);
  if (text.trim() === "") throw new Error("a Telegram client does not send an empty message");
  if (text.length > MAX_TEXT) throw new Error(`a Telegram client splits texts over ${MAX_TEXT} characters; send shorter ones`);
  if (opts.replyTo !== undefined && state.findMessage(chat, opts.replyTo) === undefined) {
    throw new Error(`message ${opts.replyTo} is not visible in chat ${chat.chat.id}: a person can only reply to what they see`);
  }
  if (chat.userId === userId) user.started = true;
  const fields: NewMessage = { from: user.user, text, plain: text, entities: detectEntities(text) };
  if (opts.replyTo !== undefined) fields.reply_to_message_id = opts.replyTo;
  const message = state.addMessage(chat, fields);
  const update_id = botReceives(state, chat, message) ? state.enqueue("message", state.toApiMessage(message)) : undefined;
  if (update_id === undefined) state.changed(); // the chat changed even though the bot hears nothing
  return { update_id, message_id: message.message_id };
}

/**
 * The user presses the inline button carrying `data` under a visible message. `forged`: a
 * modified client sends `data` for that message whether or not a button carries it (what a bot
 * must not trust), as Telegram would pass it on.
 */
export function userPressesButton(
  state: EmulatorState,
  userId: number,
  messageId: number,
  data: string,
  chatId?: number,
  forged = false,
): { update_id: number; callback_query_id: string } {
  const user = state.userState(userId);
  const chat = chatFor(state, userId, chatId);
  assertNotBlocked(state, userId, chat);
  const message = state.findMessage(chat, messageId);
  if (message === undefined) throw new Error(`message ${messageId} is not visible in chat ${chat.chat.id}`);
  const buttons = flattenButtons(message.reply_markup);
  if (!forged && !buttons.some((b) => "callback_data" in b && b.callback_data === data)) {
    const offered = buttons
      .map((b) => `${JSON.stringify(b.text)}→${"callback_data" in b ? b.callback_data : "url" in b ? b.url : "?"}`)
      .join(", ");
    throw new Error(`message ${messageId} has no button with callback_data ${JSON.stringify(data)} (buttons: ${offered || "none"})`);
  }
  const id = state.newQueryId();
  state.callbackQueries.set(id, { id, userId, data, answered: false, pressedAt: Date.now() });
  const query: CallbackQuery = { id, from: user.user, chat_instance: `ci${chat.chat.id}`, data };
  if (message.inline_message_id !== undefined) query.inline_message_id = message.inline_message_id;
  else query.message = state.toApiMessage(message);
  return { update_id: state.enqueue("callback_query", query), callback_query_id: id };
}

/**
 * The user presses the copy button labelled `label` under a visible message: the client copies its
 * text to the clipboard, and the bot hears nothing (Telegram sends no update for a copy_text
 * button). Returns the copied text.
 */
export function userPressesCopyButton(state: EmulatorState, userId: number, messageId: number, label: string, chatId?: number): string {
  const chat = chatFor(state, userId, chatId);
  assertNotBlocked(state, userId, chat);
  const message = state.findMessage(chat, messageId);
  if (message === undefined) throw new Error(`message ${messageId} is not visible in chat ${chat.chat.id}`);
  const buttons = flattenButtons(message.reply_markup);
  const button = buttons.find((b) => b.text === label && "copy_text" in b);
  if (button === undefined || !("copy_text" in button)) {
    const offered = buttons.flatMap((b) => ("copy_text" in b ? [JSON.stringify(b.text)] : [])).join(", ");
    throw new Error(`message ${messageId} has no copy button ${JSON.stringify(label)} (copy buttons: ${offered || "none"})`);
  }
  return button.copy_text.text;
}

/** The user types `@bot query` somewhere. */
export function userInlineQuery(
  state: EmulatorState,
  userId: number,
  query: string,
  opts: { chatType?: InlineQuery["chat_type"]; offset?: string } = {},
): { update_id: number; inline_query_id: string } {
  const user = state.userState(userId);
  const id = state.newQueryId();
  state.inlineQueries.set(id, { id, userId, query, answered: false });
  user.lastInlineQueryId = id;
  delete user.lastInlineAnswer;
  const payload: InlineQuery = { id, from: user.user, query, offset: opts.offset ?? "" };
  if (opts.chatType !== undefined) payload.chat_type = opts.chatType;
  return { update_id: state.enqueue("inline_query", payload), inline_query_id: id };
}

/** The message an inline result puts in the chat: `input_message_content` when it has text. */
function resultText(state: EmulatorState, result: InlineQueryResult): ReturnType<typeof formatText> {
  const content = "input_message_content" in result ? asRecord(result.input_message_content) : undefined;
  if (typeof content?.message_text !== "string") return undefined;
  const parseMode = typeof content.parse_mode === "string" ? content.parse_mode : undefined;
  return formatText(content.message_text, parseMode, content.entities, "text", state.knownUser);
}

/**
 * The user picks a result of the bot's last inline answer. Its message lands in the chosen chat as
 * "via @bot"; with an inline keyboard it gets an inline_message_id the bot can edit it by. The bot
 * hears of the choice (a chosen_inline_result update) only with inline feedback on, as in Telegram.
 */
export function userChoosesInlineResult(
  state: EmulatorState,
  userId: number,
  resultId: string,
  chatId?: number,
): { update_id: number | undefined; inline_message_id?: string } {
  const user = state.userState(userId);
  const answer = user.lastInlineAnswer;
  if (answer === undefined) throw new Error(`the bot has not answered user ${userId}'s last inline query`);
  const result = answer.results.find((r) => r.id === resultId);
  if (result === undefined) throw new Error(`no inline result ${JSON.stringify(resultId)} in the last answer`);
  const chat = chatFor(state, userId, chatId);
  const formatted = resultText(state, result);
  const fields: NewMessage = {
    from: user.user,
    via_bot: state.bot,
    plain: formatted?.plain ?? "",
    entities: formatted?.entities ?? [],
  };
  if (formatted !== undefined) fields.text = formatted.source;
  if (formatted?.parseMode !== undefined) fields.parse_mode = formatted.parseMode;
  let inline_message_id: string | undefined;
  if (result.reply_markup !== undefined) {
    fields.reply_markup = result.reply_markup;
    inline_message_id = `EMU-INLINE-${state.newQueryId()}`;
    fields.inline_message_id = inline_message_id;
  }
  const message = state.addMessage(chat, fields);
  if (inline_message_id !== undefined) state.inlineMessages.set(inline_message_id, message);
  if (!state.options.inlineFeedback) {
    state.changed();
    return inline_message_id === undefined ? { update_id: undefined } : { update_id: undefined, inline_message_id };
  }
  const payload: ChosenInlineResult = { result_id: resultId, from: user.user, query: answer.query };
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
  const member = (status: "member" | "kicked"): ChatMember =>
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
