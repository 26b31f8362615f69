/**
 * The emulator's world: users, chats, messages, the update queue, pending queries and bot settings.
 * No HTTP here. The Bot API methods (methods.ts) and the people acting in tests (people.ts) both
 * change this state, and a future control API for a playground page can read and drive it the same
 * way.
 */
import type {
  Chat,
  ChatFullInfo,
  InlineKeyboardMarkup,
  LinkPreviewOptions,
  Message,
  MessageEntity,
  Update,
  User,
  UserFromGetMe,
} from "grammy/types";
import { forbidden, badRequest } from "./errors.js";
import type { UserLookup } from "./entities.js";
import type { FloodControl } from "./flood.js";
import { flattenButtons } from "./markup.js";
import type { BotCommand, BotMessage, CallbackAnswer, ChatView, InlineAnswer, PersonSpec, PhotoContent, DocumentContent } from "./types.js";

/** The chats the emulator has: private chats with people, groups and supergroups (no channels). */
type EmulatedChat = Exclude<Chat, Chat.ChannelChat>;

/** The kinds of update (the field of `Update` that carries one). */
export type UpdateKind = Exclude<keyof Update, "update_id">;

/** A message as a group or private chat delivers it to the bot. */
export type ApiMessage = Message & Update.NonChannel;

/**
 * A message as stored: the emulator's own record, not a Bot API object (it keeps the HTML source,
 * edits and deletions), turned into one by {@link EmulatorState.toApiMessage}. Deleted messages are
 * kept (flagged) so ids are never reused.
 */
export interface StoredMessage {
  message_id: number;
  chat: EmulatedChat;
  from: User;
  date: number;
  edit_date?: number;
  text?: string;
  caption?: string;
  parse_mode?: string;
  plain: string;
  entities: MessageEntity[];
  reply_markup?: InlineKeyboardMarkup;
  photo?: PhotoContent & { width: number; height: number; size: number };
  document?: DocumentContent;
  reply_to_message_id?: number;
  link_preview_options?: LinkPreviewOptions;
  /** Set for a message sent through an inline query result. */
  via_bot?: User;
  /** For such a message with an inline keyboard: the id the bot edits it by. */
  inline_message_id?: string;
  history: string[];
  deleted: boolean;
}

/** What a new message needs; the state fills in the rest. */
export type NewMessage = Omit<StoredMessage, "message_id" | "chat" | "date" | "history" | "deleted">;

/** Per-chat state. */
export interface ChatState {
  chat: EmulatedChat;
  nextMessageId: number;
  messages: StoredMessage[];
  /** The reply keyboard the client shows, if any. */
  replyKeyboard?: Record<string, unknown>;
  /** For a private chat: the user on the other side. */
  userId?: number;
}

/** Per-user state. */
export interface UserState {
  user: User;
  blocked: boolean;
  /** Whether the user ever wrote to the bot; before that, the bot may not message them. */
  started: boolean;
  lastInlineQueryId?: string;
  lastInlineAnswer?: InlineAnswer;
  lastCallbackAnswer?: CallbackAnswer;
}

/** An update waiting in the queue, with what the bot has done with it. */
/** How many updates confirmed by webhook are kept for {@link EmulatorState.postAgain}. */
const FORGOTTEN_KEPT = 500;

export interface QueuedUpdate {
  update_id: number;
  type: UpdateKind;
  /** The Bot API update, exactly as getUpdates returns it and a webhook receives it. */
  update: Update;
  /** A getUpdates response carried it. */
  fetched: boolean;
}

/** A button press waiting for answerCallbackQuery. */
export interface PendingCallbackQuery {
  id: string;
  userId: number;
  data: string;
  answered: boolean;
  /** When it was pressed (ms since the epoch): its answer window starts here. */
  pressedAt: number;
}

/**
 * How long a press may wait for its answer, ms. The Bot API reference names no figure; Telegram
 * answers "query is too old" after about 10 to 15 s by every report, so the emulator takes the
 * strict end: a bot that copes here copes with Telegram.
 */
export const CALLBACK_ANSWER_WINDOW_MS = 10_000;

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
const DEFAULT_ALLOWED: ReadonlySet<UpdateKind> = new Set<UpdateKind>([
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

/** How the emulated Telegram treats the bot: what BotFather would have set, and the flood limits. */
export interface WorldOptions {
  /**
   * Privacy mode off (BotFather's /setprivacy → Disable). Default false, as for a new bot: in
   * groups the bot then gets only commands, replies to its own messages and messages mentioning it.
   */
  canReadAllGroupMessages: boolean;
  /** Inline feedback on (BotFather's /setinlinefeedback): chosen_inline_result updates are sent. Default false. */
  inlineFeedback: boolean;
  /** Telegram's flood limits on sends, when set. */
  flood: FloodControl | undefined;
  /** How long a button press may wait for answerCallbackQuery, ms; default {@link CALLBACK_ANSWER_WINDOW_MS}. */
  callbackAnswerWindowMs?: number;
}

/** A private chat as the Bot API shows it: the person's names and username. */
function privateChatOf(user: User): Chat.PrivateChat {
  const chat: Chat.PrivateChat = { id: user.id, type: "private", first_name: user.first_name };
  if (user.last_name !== undefined) chat.last_name = user.last_name;
  if (user.username !== undefined) chat.username = user.username;
  return chat;
}

/** The whole emulated world. */
export class EmulatorState {
  readonly users = new Map<number, UserState>();
  readonly chats = new Map<number, ChatState>();
  readonly updates: QueuedUpdate[] = [];
  /** Updates confirmed by a webhook's 200, the latest {@link FORGOTTEN_KEPT}: what {@link postAgain} takes. */
  readonly #forgotten = new Map<number, Update>();
  readonly callbackQueries = new Map<string, PendingCallbackQuery>();
  readonly inlineQueries = new Map<string, PendingInlineQuery>();
  /** Messages created from chosen inline results, by inline_message_id. */
  readonly inlineMessages = new Map<string, StoredMessage>();
  readonly files = new Map<string, StoredFile>();
  /** Documents uploaded by the bot, by file_id (sent again by id, or downloaded). */
  readonly documents = new Map<string, DocumentContent>();
  /** setMyCommands, by scope+language key (see `commandsKey`). */
  readonly commands = new Map<string, BotCommand[]>();
  /** setMyDescription / setMyShortDescription / setChatMenuButton and friends, by method+key. */
  readonly settings = new Map<string, unknown>();
  allowedUpdates: ReadonlySet<string> = DEFAULT_ALLOWED;
  webhook: WebhookSettings | undefined;
  private nextUpdateId = 1000;
  private nextQueryId = 1;
  private nextFileId = 1;
  private readonly listeners = new Set<() => void>();

  constructor(
    /** The bot as it appears in `from` and `via_bot`. */
    readonly bot: User & { username: string },
    readonly options: WorldOptions = { canReadAllGroupMessages: false, inlineFeedback: false, flood: undefined },
  ) {}

  /** Subscribes to every change (a call answered, a user action); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells subscribers something changed. */
  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  // --- the bot ---

  /** getMe's answer: the bot and what BotFather settings say about it. */
  botInfo(): UserFromGetMe {
    return {
      ...this.bot,
      is_bot: true,
      can_join_groups: true,
      can_read_all_group_messages: this.options.canReadAllGroupMessages,
      supports_inline_queries: true,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    };
  }

  // --- people and chats ---

  /**
   * Creates a user and their private chat with the bot, or updates the profile of an existing one
   * with the fields given (only those: a call with just the id changes nothing). The private chat's
   * names follow, so `from` and `chat` of the person's messages always agree.
   */
  ensureUser(spec: PersonSpec): UserState {
    if (!Number.isSafeInteger(spec.id) || spec.id <= 0) throw new Error(`a user id must be a positive integer, got ${spec.id}`);
    const existing = this.users.get(spec.id);
    const user: User = existing === undefined ? { id: spec.id, is_bot: false, first_name: `User ${spec.id}` } : { ...existing.user };
    if (spec.first_name !== undefined) user.first_name = spec.first_name;
    if (spec.last_name !== undefined) user.last_name = spec.last_name;
    if (spec.username !== undefined) user.username = spec.username;
    if (spec.language_code !== undefined) user.language_code = spec.language_code;
    if (existing !== undefined) {
      existing.user = user;
      const chat = this.chats.get(user.id);
      if (chat !== undefined) chat.chat = privateChatOf(user);
      return existing;
    }
    const state: UserState = { user, blocked: false, started: false };
    this.users.set(spec.id, state);
    this.chats.set(user.id, { chat: privateChatOf(user), nextMessageId: 1, messages: [], userId: user.id });
    return state;
  }

  /** Creates a group chat (a supergroup when the id has the -100… form; only those have usernames). */
  ensureGroup(spec: { id: number; title: string; username?: string }): ChatState {
    if (!Number.isSafeInteger(spec.id) || spec.id >= 0) throw new Error(`a group id must be a negative integer, got ${spec.id}`);
    const existing = this.chats.get(spec.id);
    if (existing !== undefined) return existing;
    let chat: EmulatedChat;
    if (spec.id <= -1_000_000_000_000) {
      chat = { id: spec.id, type: "supergroup", title: spec.title };
      if (spec.username !== undefined) chat.username = spec.username;
    } else {
      if (spec.username !== undefined) throw new Error("only a supergroup (an id of the -100… form) has a username");
      chat = { id: spec.id, type: "group", title: spec.title };
    }
    const state: ChatState = { chat, nextMessageId: 1, messages: [] };
    this.chats.set(spec.id, state);
    return state;
  }

  /** The user, or an Error for a test that forgot to create them. */
  userState(userId: number): UserState {
    const user = this.users.get(userId);
    if (user === undefined) throw new Error(`unknown user ${userId}`);
    return user;
  }

  /** A user the bot can know of (a person or the bot itself), for text mentions. */
  readonly knownUser: UserLookup = (userId) => {
    if (userId === this.bot.id) return { ...this.bot };
    const user = this.users.get(userId)?.user;
    return user === undefined ? undefined : { ...user };
  };

  /** Finds the chat a Bot API call names, or fails like Telegram. */
  resolveChat(chatId: number | string): ChatState {
    if (typeof chatId === "string") {
      const name = chatId.slice(1).toLowerCase();
      for (const chat of this.chats.values()) {
        if (chat.chat.type !== "private" && chat.chat.username?.toLowerCase() === name) return chat;
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

  /** Counts a message the bot sends into `chat` against the flood limits (429 past them), when on. */
  takeSendAllowance(chat: ChatState): void {
    this.options.flood?.take(chat.chat.id, chat.chat.type !== "private");
  }

  /** getChat's answer for a chat. */
  chatFullInfo(chat: ChatState): ChatFullInfo {
    const common = { accent_color_id: 0, max_reaction_count: 11 };
    const c = chat.chat;
    switch (c.type) {
      case "private":
        // A person accepts every kind of gift unless they changed their privacy settings.
        return {
          ...c,
          ...common,
          accepted_gift_types: {
            unlimited_gifts: true,
            limited_gifts: true,
            unique_gifts: true,
            premium_subscription: true,
            gifts_from_channels: true,
          },
        };
      case "group":
      case "supergroup":
        // Gifts go to people and channels, never to groups.
        return {
          ...c,
          ...common,
          accepted_gift_types: {
            unlimited_gifts: false,
            limited_gifts: false,
            unique_gifts: false,
            premium_subscription: false,
            gifts_from_channels: false,
          },
        };
    }
  }

  // --- messages ---

  /** Appends a message to a chat with the chat's next id. */
  addMessage(chat: ChatState, fields: NewMessage): StoredMessage {
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

  /** A visible message by id. */
  findMessage(chat: ChatState, messageId: number): StoredMessage | undefined {
    return chat.messages.find((m) => m.message_id === messageId && !m.deleted);
  }

  /** The Bot API `Message` for a stored message. */
  toApiMessage(m: StoredMessage): ApiMessage {
    const out: ApiMessage = { ...this.withoutReply(m) };
    if (m.reply_to_message_id !== undefined) {
      const chat = this.chats.get(m.chat.id);
      const replied = chat === undefined ? undefined : this.findMessage(chat, m.reply_to_message_id);
      // The replied-to message comes without its own reply_to_message, as in Telegram.
      if (replied !== undefined) out.reply_to_message = { ...this.withoutReply(replied), reply_to_message: undefined };
    }
    return out;
  }

  /** A stored message as a Bot API message, leaving out what it replies to. */
  private withoutReply(m: StoredMessage): ApiMessage {
    const out: ApiMessage = { message_id: m.message_id, from: m.from, chat: m.chat, date: m.date };
    if (m.edit_date !== undefined) out.edit_date = m.edit_date;
    if (m.via_bot !== undefined) out.via_bot = m.via_bot;
    if (m.document !== undefined) {
      const d = m.document;
      out.document = {
        file_id: d.file_id,
        file_unique_id: `u${d.file_id}`,
        file_name: d.file_name,
        mime_type: d.mime_type,
        file_size: d.bytes.length,
      };
    }
    if (m.photo !== undefined || m.document !== undefined) {
      if (m.photo !== undefined) {
        const id = "file_id" in m.photo ? m.photo.file_id : `url:${m.photo.url}`;
        out.photo = [{ file_id: id, file_unique_id: `u${id}`, width: m.photo.width, height: m.photo.height, file_size: m.photo.size }];
      }
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
      via_bot: m.via_bot !== undefined,
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
    if (m.document !== undefined) view.document = { ...m.document };
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

  /** Queues an update for getUpdates; the payload must be the Bot API object of its kind. Returns its id. */
  enqueue<K extends UpdateKind>(type: K, payload: NonNullable<Update[K]>): number {
    const update_id = this.nextUpdateId++;
    // `{ [type]: payload }` widens to an index signature; K ties the payload to its field.
    const update = { update_id, [type]: payload } as Update;
    this.updates.push({ update_id, type, update, fetched: false });
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

  /** Forgets one update the bot confirmed (a webhook POST answered 200): others before it may still be in flight. */
  forget(updateId: number): void {
    const at = this.updates.findIndex((u) => u.update_id === updateId);
    if (at === -1) return;
    const [gone] = this.updates.splice(at, 1);
    if (gone === undefined) return;
    this.#forgotten.set(updateId, gone.update);
    // The last few hundred are enough for a test to post one again.
    if (this.#forgotten.size > FORGOTTEN_KEPT) this.#forgotten.delete(this.#forgotten.keys().next().value as number);
  }

  /**
   * Queues again, with its own id, an update confirmed by a webhook's 200 that Telegram did not
   * hear (the bot killed just before its answer reached Telegram): Telegram posts it again.
   * Throws for an update not confirmed by webhook lately.
   */
  postAgain(updateId: number): void {
    const update = this.#forgotten.get(updateId);
    if (update === undefined) throw new Error(`update ${updateId} was not delivered by webhook lately`);
    this.#forgotten.delete(updateId);
    const type = Object.keys(update).find((key) => key !== "update_id") as UpdateKind;
    const at = this.updates.findIndex((u) => u.update_id > updateId);
    this.updates.splice(at === -1 ? this.updates.length : at, 0, { update_id: updateId, type, update, fetched: false });
    this.changed();
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
