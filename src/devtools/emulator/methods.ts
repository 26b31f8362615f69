/**
 * The Bot API methods, each a function of (state, params) that returns the `result` or throws an
 * ApiError with Telegram's code and wording. getUpdates lives in the server because it waits.
 *
 * The handler table is typed by grammY's `ApiMethods`: a handler's name must be a real Bot API
 * method and its result must be what grammY expects from that method, so a missing or misspelled
 * field of a returned object fails `tsc`.
 */
import type {
  ApiMethods,
  BotCommand,
  InlineKeyboardMarkup,
  InlineQueryResult,
  InlineQueryResultsButton,
  LinkPreviewOptions,
  Message,
  MessageEntity,
  Update,
  WebhookInfo,
} from "grammy/types";
import { resolveUserLinks, validateEntities, withDetectedEntities, type UserLookup } from "./entities.js";
import { ApiError, badRequest } from "./errors.js";
import { parseHtml, trimFormatted } from "./html.js";
import { validateInlineKeyboard, validateReplyMarkup } from "./markup.js";
import { asRecord, chatIdParam, optBool, optInt, optJson, optString, type Params } from "./params.js";
import type { DocumentContent } from "./types.js";
import {
  CALLBACK_ANSWER_WINDOW_MS,
  EmulatorState,
  unixNow,
  type ApiMessage,
  type ChatState,
  type NewMessage,
  type StoredMessage,
} from "./state.js";

/** A file part of a multipart request. */
export interface UploadedFile {
  bytes: Buffer;
  filename?: string;
}

/** What a method handler gets. */
interface MethodContext {
  state: EmulatorState;
  params: Params;
  /** Multipart file parts by field name (grammY names them with random ids, referenced as attach://id). */
  files: Map<string, UploadedFile>;
}

/** A Bot API method implementation. */
export type MethodHandler = (ctx: MethodContext) => unknown;

/** The implementations, each returning exactly what grammY's types say its method returns. */
export type BotApiHandlers = { [M in keyof ApiMethods]?: (ctx: MethodContext) => ReturnType<ApiMethods[M]> };

const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;
const MAX_CALLBACK_ANSWER = 200;
const MAX_INLINE_RESULTS = 50;
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** What a bot may upload as a document (Telegram's Bot API limit; files by id or URL differ). */
const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

const CHAT_ACTIONS = new Set([
  "typing",
  "upload_photo",
  "record_video",
  "upload_video",
  "record_voice",
  "upload_voice",
  "upload_document",
  "choose_sticker",
  "find_location",
  "record_video_note",
  "upload_video_note",
]);

const COMMAND_SCOPES = new Set([
  "default",
  "all_private_chats",
  "all_group_chats",
  "all_chat_administrators",
  "chat",
  "chat_administrators",
  "chat_member",
]);

/** Text after parse_mode, ready to store. */
interface Formatted {
  source: string;
  plain: string;
  entities: MessageEntity[];
  parseMode?: string;
}

/**
 * Applies parse_mode (HTML or none) or an explicit entity list, Telegram's length rules and its
 * automatic entities. `kind` decides the messages: an empty text is an error, an empty caption just
 * means "no caption". `users` resolves text mentions (an explicit one, or a tg://user?id= link).
 */
export function formatText(
  raw: string | undefined,
  parseModeRaw: string | undefined,
  explicitEntities: unknown,
  kind: "text" | "caption",
  users: UserLookup,
): Formatted | undefined {
  if (raw === undefined || raw === "") {
    if (kind === "text") throw badRequest("message text is empty");
    return undefined;
  }
  const parseMode = parseModeRaw === undefined || parseModeRaw === "" ? undefined : parseModeRaw;
  let text = raw;
  let entities: MessageEntity[] = [];
  if (parseMode === undefined) {
    entities = validateEntities(explicitEntities, raw, users);
  } else if (parseMode.toLowerCase() === "html") {
    // With a parse_mode, Telegram ignores an explicit entity list.
    const parsed = parseHtml(raw);
    if (!parsed.ok) throw badRequest(`can't parse entities: ${parsed.error}`);
    text = parsed.text;
    entities = resolveUserLinks(parsed.entities, users);
  } else if (parseMode.toLowerCase() === "markdown" || parseMode.toLowerCase() === "markdownv2") {
    // The bot is HTML-only by house rule; an emulator that silently accepted Markdown would hide that.
    throw badRequest(`unsupported parse_mode (the emulator implements only HTML): ${parseMode}`);
  } else {
    throw badRequest("unsupported parse_mode");
  }
  const trimmed = trimFormatted(text, entities);
  if (trimmed.text === "") {
    if (kind === "text") throw badRequest("message text is empty");
    return undefined;
  }
  if (kind === "text" && trimmed.text.length > MAX_TEXT) throw badRequest("message is too long");
  if (kind === "caption" && trimmed.text.length > MAX_CAPTION) throw badRequest("message caption is too long");
  const out: Formatted = { source: raw, plain: trimmed.text, entities: withDetectedEntities(trimmed.text, trimmed.entities) };
  if (parseMode !== undefined) out.parseMode = parseMode;
  return out;
}

/** The text (or caption) of a request, formatted; the entity list is `entities` or `caption_entities`. */
function formatParam(ctx: MethodContext, kind: "text" | "caption"): Formatted | undefined {
  const entitiesParam = kind === "text" ? "entities" : "caption_entities";
  return formatText(
    optString(ctx.params, kind),
    optString(ctx.params, "parse_mode"),
    optJson(ctx.params, entitiesParam),
    kind,
    ctx.state.knownUser,
  );
}

/** link_preview_options, which must be an object when given. */
function previewOptions(ctx: MethodContext): LinkPreviewOptions | undefined {
  const raw = optJson(ctx.params, "link_preview_options");
  if (raw === undefined) return undefined;
  const record = asRecord(raw);
  if (record === undefined) throw badRequest("can't parse link preview options JSON object");
  const out: LinkPreviewOptions = {};
  for (const key of ["is_disabled", "prefer_small_media", "prefer_large_media", "show_above_text"] as const) {
    if (typeof record[key] === "boolean") out[key] = record[key];
  }
  if (typeof record.url === "string") out.url = record.url;
  return out;
}

/** A stored message as the text message sendMessage and editMessageText answer with. */
function asTextMessage(m: ApiMessage): Message.TextMessage & Update.NonChannel {
  if (m.text === undefined) throw new Error("a text message without text");
  return { ...m, text: m.text };
}

/** A stored message as the document message sendDocument answers with. */
function asDocumentMessage(m: ApiMessage): Message.DocumentMessage & Update.NonChannel {
  if (m.document === undefined) throw new Error("a document message without a document");
  return { ...m, document: m.document };
}

/** MIME types by file extension, as Telegram guesses them for an upload. */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  csv: "text/csv",
  txt: "text/plain",
  json: "application/json",
  pdf: "application/pdf",
};

/**
 * The upload a file parameter stands for: the multipart part named `field` when the parameter is
 * absent, or the part its value references as attach://; undefined when the value is something
 * else (a file_id, a URL), for the caller to look up. Refused as Telegram does: no file at all, an
 * attach:// reference to no part, an empty file.
 */
function uploadOf(ctx: MethodContext, field: "photo" | "document", value: string | undefined): UploadedFile | undefined {
  let upload: UploadedFile | undefined;
  if (value === undefined) {
    upload = ctx.files.get(field);
    if (upload === undefined) throw badRequest(`there is no ${field} in the request`);
  } else if (value.startsWith("attach://")) {
    upload = ctx.files.get(value.slice("attach://".length));
    if (upload === undefined) throw badRequest("wrong file identifier/HTTP URL specified");
  }
  if (upload?.bytes.length === 0) throw badRequest("file must be non-empty");
  return upload;
}

/**
 * The document of a sendDocument: an upload (a multipart part named `document`, or referenced as
 * attach://) or the file_id of one uploaded before. Refused as Telegram does: none, an empty file,
 * one past {@link MAX_DOCUMENT_BYTES}, an unknown id.
 */
function resolveDocument(ctx: MethodContext): DocumentContent {
  const value = optString(ctx.params, "document");
  const upload = uploadOf(ctx, "document", value);
  if (upload !== undefined) {
    if (upload.bytes.length > MAX_DOCUMENT_BYTES) throw new ApiError(413, "Request Entity Too Large");
    const file_name = upload.filename ?? "document";
    const extension = /\.([A-Za-z0-9]+)$/.exec(file_name)?.[1]?.toLowerCase() ?? "";
    const mime_type = MIME_BY_EXTENSION[extension] ?? "application/octet-stream";
    const file_id = ctx.state.newFileId();
    ctx.state.documents.set(file_id, { file_id, file_name, mime_type, bytes: upload.bytes });
    return { file_id, file_name, mime_type, bytes: upload.bytes };
  }
  const known = ctx.state.documents.get(value ?? "");
  if (known !== undefined) return { ...known };
  throw badRequest("wrong file identifier/HTTP URL specified");
}

/** A stored message as the photo message sendPhoto answers with. */
function asPhotoMessage(m: ApiMessage): Message.PhotoMessage & Update.NonChannel {
  if (m.photo === undefined) throw new Error("a photo message without a photo");
  return { ...m, photo: m.photo };
}

/** Reads reply_markup and applies a reply keyboard to the chat; returns an inline keyboard for the message. */
function applyReplyMarkup(ctx: MethodContext, chat: ChatState): InlineKeyboardMarkup | undefined {
  const raw = optJson(ctx.params, "reply_markup");
  if (raw === undefined) return undefined;
  const markup = validateReplyMarkup(raw);
  switch (markup.kind) {
    case "inline":
      return markup.markup;
    case "keyboard":
      chat.replyKeyboard = markup.markup;
      return undefined;
    case "remove":
      delete chat.replyKeyboard;
      return undefined;
    case "force_reply":
      return undefined;
  }
}

/** reply_parameters (or the legacy reply_to_message_id): the message replied to must exist. */
function replyTarget(ctx: MethodContext, chat: ChatState): number | undefined {
  const params = asRecord(optJson(ctx.params, "reply_parameters"));
  const id = params !== undefined ? params.message_id : optInt(ctx.params, "reply_to_message_id");
  if (id === undefined || id === null) return undefined;
  if (typeof id !== "number") throw badRequest(`field "message_id" must be of type Integer`);
  const allowWithout = params?.allow_sending_without_reply === true || optBool(ctx.params, "allow_sending_without_reply") === true;
  if (ctx.state.findMessage(chat, id) === undefined) {
    if (allowWithout) return undefined;
    throw badRequest("message to be replied not found");
  }
  return id;
}

/** The chat a send/edit targets, checked for write access (blocked user → 403). */
function writableChat(ctx: MethodContext): ChatState {
  const chat = ctx.state.resolveChat(chatIdParam(ctx.params));
  ctx.state.assertCanWrite(chat);
  return chat;
}

/** Finds the bot message an edit targets: by chat_id + message_id, or by inline_message_id. */
function editTarget(ctx: MethodContext): { message: StoredMessage; inline: boolean } {
  const inlineId = optString(ctx.params, "inline_message_id");
  if (inlineId !== undefined) {
    const message = ctx.state.inlineMessages.get(inlineId);
    if (message === undefined || message.deleted) throw badRequest("MESSAGE_ID_INVALID");
    return { message, inline: true };
  }
  const chat = writableChat(ctx);
  const messageId = optInt(ctx.params, "message_id");
  if (messageId === undefined) throw badRequest("message identifier is not specified");
  const message = ctx.state.findMessage(chat, messageId);
  if (message === undefined) throw badRequest("message to edit not found");
  if (!message.from.is_bot) throw badRequest("message can't be edited");
  return { message, inline: false };
}

/** reply_markup of an edit: only an inline keyboard is allowed; absent means "remove it". */
function editMarkup(ctx: MethodContext): InlineKeyboardMarkup | undefined {
  const raw = optJson(ctx.params, "reply_markup");
  if (raw === undefined) return undefined;
  const record = asRecord(raw);
  if (record === undefined || record.inline_keyboard === undefined) throw badRequest("inline keyboard expected");
  return validateInlineKeyboard(record);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const NOT_MODIFIED =
  "message is not modified: specified new message content and reply markup are exactly the same as a specified old message content and reply markup";

/** Marks an edit; the edited message for a chat message, true for an inline one (as Telegram answers). */
function editResult(ctx: MethodContext, target: { message: StoredMessage; inline: boolean }): (ApiMessage & Update.Edited) | true {
  const editDate = unixNow();
  target.message.edit_date = editDate;
  return target.inline ? true : { ...ctx.state.toApiMessage(target.message), edit_date: editDate };
}

/** Sniffs an image type from its first bytes; Telegram refuses anything it cannot decode. */
function sniffImage(bytes: Buffer): { mime: string; width: number; height: number } | undefined {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: "image/png", width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: "image/jpeg", width: 0, height: 0 };
  if (bytes.length >= 6 && bytes.subarray(0, 4).toString("latin1") === "GIF8") return { mime: "image/gif", width: 0, height: 0 };
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") {
    return { mime: "image/webp", width: 0, height: 0 };
  }
  return undefined;
}

/**
 * sendPhoto and sendDocument: the media (`resolve` reads and checks it, so a bad file is refused
 * before the send counts against the chat's pace) with its caption, keyboard and reply.
 */
function sendCaptioned(ctx: MethodContext, resolve: (ctx: MethodContext) => Pick<NewMessage, "photo" | "document">): ApiMessage {
  const chat = writableChat(ctx);
  const caption = formatParam(ctx, "caption");
  const replyTo = replyTarget(ctx, chat);
  const media = resolve(ctx);
  ctx.state.takeSendAllowance(chat);
  const markup = applyReplyMarkup(ctx, chat);
  const fields: NewMessage = { from: ctx.state.bot, plain: caption?.plain ?? "", entities: caption?.entities ?? [], ...media };
  if (caption !== undefined) fields.caption = caption.source;
  if (caption?.parseMode !== undefined) fields.parse_mode = caption.parseMode;
  if (markup !== undefined) fields.reply_markup = markup;
  if (replyTo !== undefined) fields.reply_to_message_id = replyTo;
  return ctx.state.toApiMessage(ctx.state.addMessage(chat, fields));
}

/** Resolves the `photo` parameter: an upload, a known file_id, or an HTTP URL. */
function resolvePhoto(ctx: MethodContext): NonNullable<StoredMessage["photo"]> {
  const value = optString(ctx.params, "photo");
  const upload = uploadOf(ctx, "photo", value);
  if (upload !== undefined) {
    if (upload.bytes.length > MAX_PHOTO_BYTES) throw badRequest("PHOTO_INVALID_DIMENSIONS");
    const image = sniffImage(upload.bytes);
    if (image === undefined) throw badRequest("IMAGE_PROCESS_FAILED");
    const file_id = ctx.state.newFileId();
    ctx.state.files.set(file_id, { file_id, file_unique_id: `u${file_id}`, bytes: upload.bytes, ...image });
    return { file_id, bytes: upload.bytes, mime: image.mime, width: image.width, height: image.height, size: upload.bytes.length };
  }
  const known = ctx.state.files.get(value ?? "");
  if (known !== undefined) {
    return {
      file_id: known.file_id,
      bytes: known.bytes,
      mime: known.mime,
      width: known.width,
      height: known.height,
      size: known.bytes.length,
    };
  }
  if (value !== undefined && /^https?:\/\/[^\s]+$/.test(value)) return { url: value, width: 0, height: 0, size: 0 };
  throw badRequest("wrong file identifier/HTTP URL specified");
}

/** Validates one InlineQueryResult the way Telegram does for the fields the bot uses. */
function validateInlineResult(raw: unknown, seen: Set<string>, users: UserLookup): InlineQueryResult {
  const result = asRecord(raw);
  if (result === undefined) throw badRequest("can't parse inline query result: InlineQueryResult must be an Object");
  const id = result.id;
  if (typeof id !== "string") throw badRequest(`can't parse inline query result: Field "id" must be of type String`);
  const bytes = Buffer.byteLength(id, "utf8");
  if (bytes === 0 || bytes > 64) throw badRequest("RESULT_ID_INVALID");
  if (seen.has(id)) throw badRequest("RESULT_ID_DUPLICATE");
  seen.add(id);
  const type = result.type;
  if (typeof type !== "string") throw badRequest(`can't parse inline query result: Field "type" must be of type String`);
  if (type === "article") {
    if (typeof result.title !== "string" || result.title === "") {
      throw badRequest(`can't parse inline query result: Field "title" must be of type String`);
    }
    if (asRecord(result.input_message_content) === undefined) {
      throw badRequest(`can't parse inline query result: Field "input_message_content" must be of type Object`);
    }
  } else if (type === "photo") {
    if (typeof result.photo_url !== "string" && typeof result.photo_file_id !== "string") {
      throw badRequest(`can't parse inline query result: Field "photo_url" must be of type String`);
    }
  }
  const content = asRecord(result.input_message_content);
  if (content !== undefined && content.message_text !== undefined) {
    if (typeof content.message_text !== "string") throw badRequest("MESSAGE_EMPTY");
    formatText(
      content.message_text,
      typeof content.parse_mode === "string" ? content.parse_mode : undefined,
      content.entities,
      "text",
      users,
    );
  }
  if (result.reply_markup !== undefined) {
    const markup = asRecord(result.reply_markup);
    if (markup === undefined || markup.inline_keyboard === undefined) throw badRequest("inline keyboard expected");
    validateInlineKeyboard(markup);
  }
  // Checked above for what the emulator reads (id, type, title, content, keyboard); the other
  // fields are kept as the bot sent them, as Telegram keeps them.
  return result as unknown as InlineQueryResult;
}

function validateCommands(raw: unknown): BotCommand[] {
  if (!Array.isArray(raw)) throw badRequest("can't parse commands JSON object");
  if (raw.length > 100) throw badRequest("too many commands");
  return raw.map((item) => {
    const c = asRecord(item);
    const command = c?.command;
    const description = c?.description;
    if (typeof command !== "string" || !/^[a-z0-9_]{1,32}$/.test(command)) throw badRequest("BOT_COMMAND_INVALID");
    if (typeof description !== "string" || description.length === 0 || description.length > 256) {
      throw badRequest("BOT_COMMAND_DESCRIPTION_INVALID");
    }
    return { command, description };
  });
}

function commandScopeKey(ctx: MethodContext): string {
  const scope = optJson(ctx.params, "scope");
  if (scope !== undefined) {
    const type = asRecord(scope)?.type;
    if (typeof type !== "string" || !COMMAND_SCOPES.has(type)) throw badRequest("wrong scope type specified");
  }
  const lang = optString(ctx.params, "language_code");
  if (lang !== undefined && lang !== "" && !/^[a-z]{2}$/.test(lang)) throw badRequest("invalid language code specified");
  return EmulatorState.commandsKey(scope, lang === "" ? undefined : lang);
}

/** A setter that only stores its parameters, for methods whose effect is invisible in tests. */
const storeSetting =
  (method: string, lengthLimit?: { field: string; max: number }): ((ctx: MethodContext) => true) =>
  (ctx) => {
    if (lengthLimit !== undefined) {
      const v = optString(ctx.params, lengthLimit.field);
      if (v !== undefined && v.length > lengthLimit.max) throw badRequest(`${lengthLimit.field.toUpperCase()}_TOO_LONG`);
    }
    const lang = optString(ctx.params, "language_code") ?? "";
    ctx.state.settings.set(`${method}|${lang}`, { ...ctx.params });
    return true;
  };

/** The method implementations, under their Bot API names. */
const HANDLERS: BotApiHandlers = {
  getMe: (ctx) => ctx.state.botInfo(),

  setWebhook: (ctx) => {
    const url = optString(ctx.params, "url") ?? "";
    if (optBool(ctx.params, "drop_pending_updates") === true) ctx.state.dropPending();
    // An empty url removes the webhook, as deleteWebhook does.
    if (url === "") {
      ctx.state.webhook = undefined;
      ctx.state.changed();
      return true;
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw badRequest("bad webhook: Failed to resolve host: Name or service not known");
    }
    if (parsed.protocol !== "https:") throw badRequest("bad webhook: An HTTPS URL must be provided for webhook");
    const secret = optString(ctx.params, "secret_token");
    if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) {
      throw badRequest("bad webhook: secret token contains unallowed characters");
    }
    const allowed = optJson(ctx.params, "allowed_updates");
    if (Array.isArray(allowed)) ctx.state.setAllowedUpdates(allowed.filter((t): t is string => typeof t === "string"));
    ctx.state.webhook = secret === undefined ? { url } : { url, secretToken: secret };
    ctx.state.changed(); // starts delivery of what is queued
    return true;
  },

  deleteWebhook: (ctx) => {
    if (optBool(ctx.params, "drop_pending_updates") === true) ctx.state.dropPending();
    ctx.state.webhook = undefined;
    return true;
  },

  getWebhookInfo: (ctx) => {
    const hook = ctx.state.webhook;
    const info: WebhookInfo = {
      url: hook?.url ?? "",
      has_custom_certificate: false,
      pending_update_count: ctx.state.updates.length,
    };
    if (hook !== undefined) info.allowed_updates = [...ctx.state.allowedUpdates] as NonNullable<WebhookInfo["allowed_updates"]>;
    if (hook?.lastErrorDate !== undefined) {
      info.last_error_date = hook.lastErrorDate;
      info.last_error_message = hook.lastErrorMessage;
    }
    return info;
  },

  sendMessage: (ctx) => {
    const chat = writableChat(ctx);
    const text = formatParam(ctx, "text");
    if (text === undefined) throw badRequest("message text is empty");
    const replyTo = replyTarget(ctx, chat);
    const preview = previewOptions(ctx);
    ctx.state.takeSendAllowance(chat);
    const markup = applyReplyMarkup(ctx, chat);
    const fields: NewMessage = { from: ctx.state.bot, text: text.source, plain: text.plain, entities: text.entities };
    if (text.parseMode !== undefined) fields.parse_mode = text.parseMode;
    if (markup !== undefined) fields.reply_markup = markup;
    if (replyTo !== undefined) fields.reply_to_message_id = replyTo;
    if (preview !== undefined) fields.link_preview_options = preview;
    return asTextMessage(ctx.state.toApiMessage(ctx.state.addMessage(chat, fields)));
  },

  sendPhoto: (ctx) => asPhotoMessage(sendCaptioned(ctx, (c) => ({ photo: resolvePhoto(c) }))),

  sendDocument: (ctx) => asDocumentMessage(sendCaptioned(ctx, (c) => ({ document: resolveDocument(c) }))),

  editMessageText: (ctx) => {
    const target = editTarget(ctx);
    const m = target.message;
    if (m.photo !== undefined || m.document !== undefined) throw badRequest("there is no text in the message to edit");
    const text = formatParam(ctx, "text");
    if (text === undefined) throw badRequest("message text is empty");
    const markup = editMarkup(ctx);
    const preview = previewOptions(ctx);
    if (m.plain === text.plain && same(m.entities, text.entities) && same(m.reply_markup, markup)) throw badRequest(NOT_MODIFIED);
    m.history.push(m.text ?? m.plain);
    m.text = text.source;
    m.plain = text.plain;
    m.entities = text.entities;
    if (text.parseMode !== undefined) m.parse_mode = text.parseMode;
    else delete m.parse_mode;
    if (markup !== undefined) m.reply_markup = markup;
    else delete m.reply_markup;
    if (preview !== undefined) m.link_preview_options = preview;
    const result = editResult(ctx, target);
    return result === true ? true : { ...asTextMessage(result), edit_date: result.edit_date };
  },

  editMessageCaption: (ctx) => {
    const target = editTarget(ctx);
    const m = target.message;
    if (m.photo === undefined && m.document === undefined) throw badRequest("there is no caption in the message to edit");
    const caption = formatParam(ctx, "caption");
    const markup = editMarkup(ctx);
    const plain = caption?.plain ?? "";
    const entities = caption?.entities ?? [];
    if (m.plain === plain && same(m.entities, entities) && same(m.reply_markup, markup)) throw badRequest(NOT_MODIFIED);
    m.history.push(m.caption ?? m.plain);
    if (caption !== undefined) m.caption = caption.source;
    else delete m.caption;
    m.plain = plain;
    m.entities = entities;
    if (caption?.parseMode !== undefined) m.parse_mode = caption.parseMode;
    else delete m.parse_mode;
    if (markup !== undefined) m.reply_markup = markup;
    else delete m.reply_markup;
    return editResult(ctx, target);
  },

  editMessageReplyMarkup: (ctx) => {
    const target = editTarget(ctx);
    const markup = editMarkup(ctx);
    if (same(target.message.reply_markup, markup)) throw badRequest(NOT_MODIFIED);
    if (markup !== undefined) target.message.reply_markup = markup;
    else delete target.message.reply_markup;
    return editResult(ctx, target);
  },

  deleteMessage: (ctx) => {
    const chat = ctx.state.resolveChat(chatIdParam(ctx.params));
    const messageId = optInt(ctx.params, "message_id");
    if (messageId === undefined) throw badRequest("message identifier is not specified");
    const m = ctx.state.findMessage(chat, messageId);
    if (m === undefined) throw badRequest("message to delete not found");
    // In groups a bot (not an admin here) may delete only its own messages.
    if (chat.chat.type !== "private" && !m.from.is_bot) throw badRequest("message can't be deleted");
    m.deleted = true;
    return true;
  },

  answerCallbackQuery: (ctx) => {
    const id = optString(ctx.params, "callback_query_id");
    const query = id === undefined ? undefined : ctx.state.callbackQueries.get(id);
    // Answered once, and only within the press's window: Telegram forgets a press after that.
    const window = ctx.state.options.callbackAnswerWindowMs ?? CALLBACK_ANSWER_WINDOW_MS;
    if (query === undefined || query.answered || Date.now() - query.pressedAt > window) {
      throw badRequest("query is too old and response timeout expired or query ID is invalid");
    }
    const text = optString(ctx.params, "text");
    if (text !== undefined && text.length > MAX_CALLBACK_ANSWER) throw badRequest("MESSAGE_TOO_LONG");
    query.answered = true;
    const answer: NonNullable<ReturnType<EmulatorState["userState"]>["lastCallbackAnswer"]> = {
      callback_query_id: query.id,
      data: query.data,
    };
    if (text !== undefined) answer.text = text;
    const alert = optBool(ctx.params, "show_alert");
    if (alert !== undefined) answer.show_alert = alert;
    const url = optString(ctx.params, "url");
    if (url !== undefined) answer.url = url;
    ctx.state.userState(query.userId).lastCallbackAnswer = answer;
    return true;
  },

  answerInlineQuery: (ctx) => {
    const id = optString(ctx.params, "inline_query_id");
    const query = id === undefined ? undefined : ctx.state.inlineQueries.get(id);
    if (query === undefined || query.answered) {
      throw badRequest("query is too old and response timeout expired or query ID is invalid");
    }
    const raw = optJson(ctx.params, "results");
    if (!Array.isArray(raw)) throw badRequest("can't parse inline query results JSON object");
    if (raw.length > MAX_INLINE_RESULTS) throw badRequest("RESULTS_TOO_MUCH");
    const seen = new Set<string>();
    const results = raw.map((r) => validateInlineResult(r, seen, ctx.state.knownUser));
    query.answered = true;
    const answer: NonNullable<ReturnType<EmulatorState["userState"]>["lastInlineAnswer"]> = {
      inline_query_id: query.id,
      query: query.query,
      results,
    };
    const cache = optInt(ctx.params, "cache_time");
    if (cache !== undefined) answer.cache_time = cache;
    const personal = optBool(ctx.params, "is_personal");
    if (personal !== undefined) answer.is_personal = personal;
    const next = optString(ctx.params, "next_offset");
    if (next !== undefined) answer.next_offset = next;
    const button = asRecord(optJson(ctx.params, "button"));
    if (button !== undefined) {
      if (typeof button.text !== "string" || button.text === "")
        throw badRequest('can\'t parse inline query results button: Field "text" must be of type String');
      // The text is checked; web_app or start_parameter are kept as the bot sent them.
      answer.button = button as unknown as InlineQueryResultsButton;
    }
    ctx.state.userState(query.userId).lastInlineAnswer = answer;
    return true;
  },

  sendChatAction: (ctx) => {
    writableChat(ctx);
    const action = optString(ctx.params, "action");
    if (action === undefined || !CHAT_ACTIONS.has(action)) throw badRequest("wrong parameter action in request");
    return true;
  },

  getChat: (ctx) => ctx.state.chatFullInfo(ctx.state.resolveChat(chatIdParam(ctx.params))),

  setMyCommands: (ctx) => {
    const commands = validateCommands(optJson(ctx.params, "commands"));
    ctx.state.commands.set(commandScopeKey(ctx), commands);
    return true;
  },

  getMyCommands: (ctx) => (ctx.state.commands.get(commandScopeKey(ctx)) ?? []).map((c) => ({ ...c })),

  deleteMyCommands: (ctx) => {
    ctx.state.commands.delete(commandScopeKey(ctx));
    return true;
  },

  setMyDescription: storeSetting("setMyDescription", { field: "description", max: 512 }),
  setMyShortDescription: storeSetting("setMyShortDescription", { field: "short_description", max: 120 }),
  setMyName: storeSetting("setMyName", { field: "name", max: 64 }),
  setChatMenuButton: storeSetting("setChatMenuButton"),
  getChatMenuButton: () => ({ type: "commands" }),
  getMyDescription: (ctx) => {
    const stored = asRecord(ctx.state.settings.get(`setMyDescription|${optString(ctx.params, "language_code") ?? ""}`));
    return { description: typeof stored?.description === "string" ? stored.description : "" };
  },
  getMyShortDescription: (ctx) => {
    const stored = asRecord(ctx.state.settings.get(`setMyShortDescription|${optString(ctx.params, "language_code") ?? ""}`));
    return { short_description: typeof stored?.short_description === "string" ? stored.short_description : "" };
  },
};

/** The implemented methods, by lower-cased name (Telegram matches method names case-insensitively). */
export const METHODS: ReadonlyMap<string, MethodHandler> = new Map(
  Object.entries(HANDLERS).map(([name, handler]): [string, MethodHandler] => [name.toLowerCase(), handler]),
);

/** Looks up a method; unknown ones answer 404 like Telegram. */
export function methodHandler(method: string): MethodHandler {
  const handler = METHODS.get(method.toLowerCase());
  if (handler === undefined) throw new ApiError(404, "Not Found");
  return handler;
}
