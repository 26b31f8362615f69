/**
 * The emulator's world: users, chats, messages, the update queue, pending queries and bot settings.
 * No HTTP here. The Bot API methods (methods.ts) and the people acting in tests (people.ts) both
 * change this state, and a future control API for a playground page can read and drive it the same
 * way.
 */
import { forbidden, badRequest } from "./errors.js";
import type { ParsedEntity } from "./html.js";
import { flattenButtons, type InlineKeyboardMarkup } from "./markup.js";
import type { BotCommand, BotMessage, CallbackAnswer, ChatView, InlineAnswer, PhotoContent, TgChat, TgUser } from "./types.js";

/** A message as stored: mutable, deleted ones kept (flagged) so ids are never reused. */
export interface StoredMessage {
  message_id: number;
  chat: TgChat;
  from: TgUser;
  date: number;
  edit_date?: number;
  text?: string;
  caption?: string;
  parse_mode?: string;
  plain: string;
  entities: ParsedEntity[];
  reply_markup?: InlineKeyboardMarkup;
  photo?: PhotoContent & { width: number; height: number; size: number };
  reply_to_message_id?: number;
  link_preview_options?: unknown;
  /** Set for a message sent through an inline query result. */
  via_bot?: TgUser;
  /** For such a message with an inline keyboard: the id the bot edits it by. */
  inline_message_id?: string;
  history: string[];
  deleted: boolean;
}

/** Per-chat state. */
export interface ChatState {
  chat: TgChat;
  nextMessageId: number;
  messages: StoredMessage[];
  /** The reply keyboard the client shows, if any. */
  replyKeyboard?: Record<string, unknown>;
  /** For a private chat: the user on the other side. */
  userId?: number;
}

/** Per-user state. */
export interface UserState {
  user: TgUser;
  blocked: boolean;
  /** Whether the user ever wrote to the bot; before that, the bot may not message them. */
  started: boolean;
  lastInlineQueryId?: string;
  lastInlineAnswer?: InlineAnswer;
  lastCallbackAnswer?: CallbackAnswer;
}

/** An update waiting in the queue, with what the bot has done with it. */
export interface QueuedUpdate {
  update_id: number;
  type: string;
  payload: Record<string, unknown>;
  /** A getUpdates response carried it. */
  fetched: boolean;
}

/** A button press waiting for answerCallbackQuery. */
export interface PendingCallbackQuery {
  id: string;
  userId: number;
  data: string;
  answered: boolean;
}

/** An inline query waiting for answerInlineQuery. */
export interface PendingInlineQuery {
  id: string;
  userId: number;
  query: string;
  answered: boolean;
}

/** A file the bot uploaded, addressable by its file_id afterwards. */
export interface StoredFile {
  file_id: string;
  file_unique_id: string;
  bytes: Buffer;
  mime: string;
  width: number;
  height: number;
}

/** What setWebhook set: while it is there, updates are posted to `url` and getUpdates is refused. */
export interface WebhookSettings {
  url: string;
  secretToken?: string;
  /** Unix seconds and wording of the last failed delivery, as getWebhookInfo reports them. */
  lastErrorDate?: number;
  lastErrorMessage?: string;
}

/** Update types delivered when the bot does not say otherwise (Telegram's default). */
const DEFAULT_ALLOWED = new Set([
  "message",
  "edited_message",
  "channel_post",
  "edited_channel_post",
  "business_connection",
  "business_message",
  "edited_business_message",
  "deleted_business_messages",
  "inline_query",
  "chosen_inline_result",
  "callback_query",
  "shipping_query",
  "pre_checkout_query",
  "purchased_paid_media",
  "poll",
  "poll_answer",
  "my_chat_member",
  "chat_join_request",
  "chat_boost",
  "removed_chat_boost",
]);

/** Unix seconds, as Telegram dates are. */
export const unixNow = (): number => Math.floor(Date.now() / 1000);

/** The whole emulated world. */
export class EmulatorState {
  readonly users = new Map<number, UserState>();
  readonly chats = new Map<number, ChatState>();
  readonly updates: QueuedUpdate[] = [];
  readonly callbackQueries = new Map<string, PendingCallbackQuery>();
  readonly inlineQueries = new Map<string, PendingInlineQuery>();
  /** Messages created from chosen inline results, by inline_message_id. */
  readonly inlineMessages = new Map<string, StoredMessage>();
  readonly files = new Map<string, StoredFile>();
  /** setMyCommands, by scope+language key (see `commandsKey`). */
  readonly commands = new Map<string, BotCommand[]>();
  /** setMyDescription / setMyShortDescription / setChatMenuButton and friends, by method+key. */
  readonly settings = new Map<string, unknown>();
  allowedUpdates: Set<string> = DEFAULT_ALLOWED;
  webhook: WebhookSettings | undefined;
  private nextUpdateId = 1000;
  private nextQueryId = 1;
  private nextFileId = 1;
  private readonly listeners = new Set<() => void>();

  constructor(readonly bot: TgUser) {}

  /** Subscribes to every change (a call answered, a user action); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells subscribers something changed. */
  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  // --- people and chats ---

  /** Creates (or updates the profile of) a user, and their private chat with the bot. */
  ensureUser(spec: { id: number; first_name?: string; username?: string; language_code?: string }): UserState {
    if (!Number.isSafeInteger(spec.id) || spec.id <= 0) throw new Error(`a user id must be a positive integer, got ${spec.id}`);
    const user: TgUser = { id: spec.id, is_bot: false, first_name: spec.first_name ?? `User ${spec.id}` };
    if (spec.username !== undefined) user.username = spec.username;
    if (spec.language_code !== undefined) user.language_code = spec.language_code;
    const existing = this.users.get(spec.id);
    if (existing !== undefined) {
      existing.user = user;
      return existing;
    }
    const state: UserState = { user, blocked: false, started: false };
    this.users.set(spec.id, state);
    const chat: TgChat = { id: user.id, type: "private", first_name: user.first_name };
    if (user.username !== undefined) chat.username = user.username;
    this.chats.set(user.id, { chat, nextMessageId: 1, messages: [], userId: user.id });
    return state;
  }

  /** Creates a group chat (a supergroup when the id has the -100… form). */
  ensureGroup(spec: { id: number; title: string }): ChatState {
    if (!Number.isSafeInteger(spec.id) || spec.id >= 0) throw new Error(`a group id must be a negative integer, got ${spec.id}`);
    const existing = this.chats.get(spec.id);
    if (existing !== undefined) return existing;
    const type = spec.id <= -1_000_000_000_000 ? "supergroup" : "group";
    const state: ChatState = { chat: { id: spec.id, type, title: spec.title }, nextMessageId: 1, messages: [] };
    this.chats.set(spec.id, state);
    return state;
  }

  /** The user, or an Error for a test that forgot to create them. */
  userState(userId: number): UserState {
    const user = this.users.get(userId);
    if (user === undefined) throw new Error(`unknown user ${userId}`);
    return user;
  }

  /** Finds the chat a Bot API call names, or fails like Telegram. */
  resolveChat(chatId: number | string): ChatState {
    if (typeof chatId === "string") {
      const name = chatId.slice(1).toLowerCase();
      for (const chat of this.chats.values()) {
        if (chat.chat.username?.toLowerCase() === name && chat.chat.type !== "private") return chat;
      }
      throw badRequest("chat not found");
    }
    const chat = this.chats.get(chatId);
    if (chat === undefined) throw badRequest("chat not found");
    return chat;
  }

  /** Fails like Telegram when the bot may not write to this chat. */
  assertCanWrite(chat: ChatState): void {
    if (chat.userId === undefined) return;
    const user = this.userState(chat.userId);
    if (user.blocked) throw forbidden("bot was blocked by the user");
    if (!user.started) throw forbidden("bot can't initiate conversation with a user");
  }

  // --- messages ---

  /** Appends a message to a chat with the chat's next id. */
  addMessage(chat: ChatState, fields: Omit<StoredMessage, "message_id" | "chat" | "date" | "history" | "deleted">): StoredMessage {
    const message: StoredMessage = {
      ...fields,
      message_id: chat.nextMessageId++,
      chat: chat.chat,
      date: unixNow(),
      history: [],
      deleted: false,
    };
    chat.messages.push(message);
    return message;
  }

  /** A visible (not deleted) message of a chat. */
  findMessage(chat: ChatState, messageId: number): StoredMessage | undefined {
    return chat.messages.find((m) => m.message_id === messageId && !m.deleted);
  }

  /** The Bot API `Message` object for a stored message. */
  toApiMessage(m: StoredMessage): Record<string, unknown> {
    const out: Record<string, unknown> = { message_id: m.message_id, from: m.from, chat: m.chat, date: m.date };
    if (m.edit_date !== undefined) out.edit_date = m.edit_date;
    if (m.via_bot !== undefined) out.via_bot = m.via_bot;
    if (m.reply_to_message_id !== undefined) {
      const chat = this.chats.get(m.chat.id);
      const replied = chat === undefined ? undefined : this.findMessage(chat, m.reply_to_message_id);
      if (replied !== undefined) out.reply_to_message = { ...this.toApiMessage({ ...replied, reply_to_message_id: undefined }) };
    }
    if (m.photo !== undefined) {
      const id = "file_id" in m.photo ? m.photo.file_id : `url:${m.photo.url}`;
      out.photo = [{ file_id: id, file_unique_id: `u${id}`, width: m.photo.width, height: m.photo.height, file_size: m.photo.size }];
      if (m.caption !== undefined) {
        out.caption = m.plain;
        if (m.entities.length > 0) out.caption_entities = m.entities;
      }
    } else if (m.text !== undefined) {
      out.text = m.plain;
      if (m.entities.length > 0) out.entities = m.entities;
    }
    if (m.link_preview_options !== undefined) out.link_preview_options = m.link_preview_options;
    if (m.reply_markup !== undefined) out.reply_markup = m.reply_markup;
    return out;
  }

  /** A frozen, test-friendly snapshot of a stored message. */
  snapshot(m: StoredMessage): BotMessage {
    const markup = m.reply_markup;
    const view: BotMessage = {
      message_id: m.message_id,
      chat_id: m.chat.id,
      from_bot: m.from.is_bot,
      date: m.date,
      plain: m.plain,
      entities: m.entities.map((e) => ({ ...e })),
      buttons: () => flattenButtons(markup).map((b) => ({ ...b })),
      edited: m.edit_date !== undefined,
      history: [...m.history],
    };
    if (!m.from.is_bot) view.from_user_id = m.from.id;
    if (m.text !== undefined) view.text = m.text;
    if (m.caption !== undefined) view.caption = m.caption;
    if (m.parse_mode !== undefined) view.parse_mode = m.parse_mode;
    if (markup !== undefined) view.reply_markup = structuredClone(markup);
    if (m.photo !== undefined) {
      view.photo = "url" in m.photo ? { url: m.photo.url } : { bytes: m.photo.bytes, mime: m.photo.mime, file_id: m.photo.file_id };
    }
    if (m.reply_to_message_id !== undefined) view.reply_to_message_id = m.reply_to_message_id;
    return view;
  }

  /** A live view of a chat: every call reads the current state. */
  chatView(chatId: number): ChatView {
    const visible = (): StoredMessage[] => (this.chats.get(chatId)?.messages ?? []).filter((m) => !m.deleted);
    const fromBot = (): StoredMessage[] => visible().filter((m) => m.from.is_bot || m.via_bot !== undefined);
    return {
      chatId,
      messages: () => fromBot().map((m) => this.snapshot(m)),
      messagesFrom: (index) =>
        fromBot()
          .slice(index)
          .map((m) => this.snapshot(m)),
      count: () => fromBot().length,
      all: () => visible().map((m) => this.snapshot(m)),
      last: () => {
        const list = fromBot();
        const m = list[list.length - 1];
        return m === undefined ? undefined : this.snapshot(m);
      },
      byId: (id) => {
        const m = visible().find((x) => x.message_id === id);
        return m === undefined ? undefined : this.snapshot(m);
      },
      replyKeyboard: () => {
        const k = this.chats.get(chatId)?.replyKeyboard;
        return k === undefined ? undefined : structuredClone(k);
      },
    };
  }

  // --- updates ---

  /** Queues an update for getUpdates; returns its id. */
  enqueue(type: string, payload: Record<string, unknown>): number {
    const update_id = this.nextUpdateId++;
    this.updates.push({ update_id, type, payload, fetched: false });
    this.changed();
    return update_id;
  }

  /** Forgets updates the bot confirmed with `offset` (negative: keep only the last -offset). */
  confirm(offset: number | undefined): void {
    if (offset === undefined || offset === 0) return;
    if (offset > 0) {
      const firstKept = this.updates.findIndex((u) => u.update_id >= offset);
      this.updates.splice(0, firstKept === -1 ? this.updates.length : firstKept);
    } else {
      const keep = -offset;
      if (this.updates.length > keep) this.updates.splice(0, this.updates.length - keep);
    }
  }

  /** Drops everything still queued (deleteWebhook with drop_pending_updates). */
  dropPending(): void {
    this.updates.splice(0, this.updates.length);
  }

  /**
   * The updates a getUpdates call receives now, at most `limit`. Updates of types the bot did not
   * ask for are dropped, as Telegram does not deliver them later either.
   */
  deliverable(limit: number): QueuedUpdate[] {
    for (let i = this.updates.length - 1; i >= 0; i--) {
      const u = this.updates[i];
      if (u !== undefined && !this.allowedUpdates.has(u.type)) this.updates.splice(i, 1);
    }
    return this.updates.slice(0, limit);
  }

  /** Whether an update id is still waiting (not confirmed by an offset). */
  isQueued(updateId: number): boolean {
    return this.updates.some((u) => u.update_id === updateId);
  }

  /** Sets the update types later getUpdates calls receive (`undefined` keeps the current set). */
  setAllowedUpdates(types: string[] | undefined): void {
    if (types === undefined) return;
    this.allowedUpdates = types.length === 0 ? DEFAULT_ALLOWED : new Set(types);
  }

  // --- ids ---

  /** A fresh callback/inline query id (Telegram uses long numeric strings). */
  newQueryId(): string {
    return `${Date.now()}${String(this.nextQueryId++).padStart(6, "0")}`;
  }

  /** A fresh file id. */
  newFileId(): string {
    return `EMU-FILE-${this.nextFileId++}`;
  }

  // --- settings ---

  /** The key under which setMyCommands stores a scope + language. */
  static commandsKey(scope: unknown, languageCode: string | undefined): string {
    const s = (scope ?? { type: "default" }) as Record<string, unknown>;
    const ordered = Object.fromEntries(Object.entries(s).sort(([a], [b]) => a.localeCompare(b)));
    return `${JSON.stringify(ordered)}|${languageCode ?? ""}`;
  }
}
