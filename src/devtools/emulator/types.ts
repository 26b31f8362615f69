/**
 * Public types of the Telegram Bot API emulator: what tests and the playground see.
 *
 * Everything the emulator hands the bot is typed with grammY's own Bot API types (`grammy/types`),
 * so a missing or misspelled field fails `tsc` instead of surprising the bot in production. The
 * types below are the other side: test-friendly views of the emulated world (a message as a person
 * reads it, a person acting), which are not Bot API objects and never travel to the bot.
 */
import type { InlineKeyboardMarkup, InlineQueryResult, InlineQueryResultsButton, MessageEntity, User } from "grammy/types";
import type { Params } from "./params.js";

/** One Bot API call the bot made, successful or not, in arrival order. */
export interface RecordedCall {
  method: string;
  /** Decoded parameters; an uploaded file appears as `{ upload: { size, filename } }`. */
  params: Params;
  ok: boolean;
  result?: unknown;
  error?: { code: number; description: string };
  /** Unix milliseconds when the answer was sent. */
  at: number;
}

/** A photo in a message: uploaded bytes (or a re-sent file_id resolving to them), or a URL. */
export type PhotoContent = { bytes: Buffer; mime: string; file_id: string } | { url: string };

/** A document in a message: the uploaded file as the person downloads it. */
export interface DocumentContent {
  bytes: Buffer;
  file_name: string;
  mime_type: string;
  file_id: string;
}

/**
 * An inline keyboard button flattened for assertions: every action field is optional, so a test
 * can read `b.callback_data` or `b.url` of any button. Every grammY `InlineKeyboardButton` is one.
 */
export interface InlineButton {
  text: string;
  callback_data?: string;
  url?: string;
  switch_inline_query?: string;
  switch_inline_query_current_chat?: string;
  /** A copy button: pressing it copies `text` to the person's clipboard; the bot hears nothing. */
  copy_text?: { text: string };
  /** Opens the bot's Mini App at `url`. */
  web_app?: { url: string };
}

/** A message as a Telegram client would show it (edits applied). A snapshot: it does not change. */
export interface BotMessage {
  message_id: number;
  chat_id: number;
  /** true for messages the bot sent; false for what a test user sent. */
  from_bot: boolean;
  from_user_id?: number;
  /** Unix seconds. */
  date: number;
  /** The text as the bot sent it (HTML source when parse_mode is HTML). */
  text?: string;
  caption?: string;
  parse_mode?: string;
  /** The text (or caption) with tags stripped and entities decoded: what a person reads. */
  plain: string;
  entities: MessageEntity[];
  reply_markup?: InlineKeyboardMarkup;
  /** The inline buttons, row by row, flattened. */
  buttons(): InlineButton[];
  photo?: PhotoContent;
  document?: DocumentContent;
  reply_to_message_id?: number;
  /** Set for a message a person sent through the bot's inline mode. */
  via_bot: boolean;
  edited: boolean;
  /** Previous texts (or captions), oldest first. */
  history: string[];
}

/** Read access to one chat. */
export interface ChatView {
  readonly chatId: number;
  /** Messages the bot sent to this chat, in order, edits applied, deleted ones gone. */
  messages(): BotMessage[];
  /** The bot's messages from position `index` on (cheap: the earlier ones are not copied). */
  messagesFrom(index: number): BotMessage[];
  /** How many messages of the bot the chat shows. */
  count(): number;
  /** Every visible message of the chat, the users' own included. */
  all(): BotMessage[];
  /** The bot's latest visible message. */
  last(): BotMessage | undefined;
  /** Any visible message by id (bot's or user's). */
  byId(messageId: number): BotMessage | undefined;
  /** The reply keyboard the client currently shows (from the last reply_markup that set or removed one). */
  replyKeyboard(): Record<string, unknown> | undefined;
}

/** A group chat a test user can write in. */
export interface TestChat {
  readonly id: number;
  readonly title: string;
  readonly chat: ChatView;
}

/** What a user action produced; `handled` helps await the bot's reaction. */
export interface SentUpdate {
  /**
   * The update the bot receives, or undefined when Telegram would send it nothing: a group message
   * that privacy mode hides from the bot, or a chosen inline result without inline feedback.
   */
  readonly update_id: number | undefined;
  /** For a sent text: the id the user's message got in its chat. */
  readonly message_id?: number;
  /** For a button press: the callback query id. */
  readonly callback_query_id?: string;
  /** For an inline query: its id. */
  readonly inline_query_id?: string;
  /**
   * Resolves once the bot has fetched this update, confirmed it (a later getUpdates offset passed
   * it), has no call in flight and made no call for a short quiet period; at once when there is no
   * update. Rejects after the emulator's `handledTimeoutMs`. Created lazily, so an unused one never
   * rejects unobserved.
   */
  readonly handled: Promise<void>;
}

/** The bot's answer to an inline query. */
export interface InlineAnswer {
  inline_query_id: string;
  query: string;
  results: InlineQueryResult[];
  cache_time?: number;
  is_personal?: boolean;
  next_offset?: string;
  button?: InlineQueryResultsButton;
}

/** The bot's answer to a button press (the toast or alert a person sees). */
export interface CallbackAnswer {
  callback_query_id: string;
  data: string;
  text?: string;
  show_alert?: boolean;
  url?: string;
}

/**
 * A person's profile. On an existing person only the fields given change; the others keep their
 * values, so the `from` of their next message and their private chat keep agreeing.
 */
export interface PersonSpec {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

/** A person talking to the bot. */
export interface TestUser {
  readonly id: number;
  /** The person's Bot API `User`, as the bot sees it in `from`. */
  readonly info: User;
  /**
   * Sends text (private chat by default). Telegram's automatic entities are marked (commands,
   * mentions, links, hashtags, cashtags, e-mail addresses). In a group with privacy mode on the
   * message appears in the chat but the bot only gets it when it is meant for the bot.
   */
  sendText(text: string, opts?: { chat?: TestChat; replyTo?: BotMessage | number }): SentUpdate;
  /**
   * Presses an inline button. Throws when the message is not visible or has no button with that
   * callback_data: a person can only press what they see. `forged`: a modified client that sends
   * any data for a visible message (the bot must not trust it).
   */
  pressButton(message: BotMessage | number, callbackData: string, opts?: { chat?: TestChat; forged?: boolean }): SentUpdate;
  /**
   * Presses the copy button labelled `label` under a visible message and returns what it copies
   * (Telegram sends the bot no update for it). Throws when there is no such button.
   */
  pressCopyButton(message: BotMessage | number, label: string, opts?: { chat?: TestChat }): string;
  /** Types `@bot query` in some chat: an inline_query update. */
  inlineQuery(query: string, opts?: { chatType?: "sender" | "private" | "group" | "supergroup" | "channel"; offset?: string }): SentUpdate;
  /**
   * Picks a result from the last inline answer. The result's message appears in `opts.chat`
   * (default: this user's private chat with the bot) as sent via the bot; the bot gets a
   * chosen_inline_result update only when the emulator has inline feedback on.
   */
  chooseInlineResult(resultId: string, opts?: { chat?: TestChat }): SentUpdate;
  /** Blocks the bot: sends and edits to this user's private chat then fail with 403. */
  blockBot(): void;
  /** Unblocks the bot. */
  unblockBot(): void;
  readonly blocked: boolean;
  /** This user's private chat with the bot. */
  readonly chat: ChatView;
  /** The answer to this user's last inline query, if the bot gave one. */
  lastInlineAnswer(): InlineAnswer | undefined;
  /** The answer to this user's last answered button press, if any. */
  lastCallbackAnswer(): CallbackAnswer | undefined;
  /** The toast text of the last answered button press, if any. */
  lastToast(): string | undefined;
}

/** A fault to inject into the next call(s) of a method. */
export type Fault = { code: 429; retryAfter: number } | { code: 400 | 403 | 500; description: string };

/** A bot command as set with setMyCommands. */
export type { BotCommand } from "grammy/types";
