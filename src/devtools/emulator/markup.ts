/**
 * Validation of `reply_markup`, with Telegram's error messages. The four kinds of markup are kept
 * apart because a client shows them differently: an inline keyboard belongs to its message, a reply
 * keyboard (or its removal) belongs to the chat.
 */
import type { InlineKeyboardButton, InlineKeyboardMarkup } from "grammy/types";
import { badRequest } from "./errors.js";
import { asRecord } from "./params.js";

/** A validated `reply_markup`, by kind. */
export type ValidatedMarkup =
  | { kind: "inline"; markup: InlineKeyboardMarkup }
  | { kind: "keyboard"; markup: Record<string, unknown> }
  | { kind: "remove"; markup: Record<string, unknown> }
  | { kind: "force_reply"; markup: Record<string, unknown> };

/** Fields that give an inline button something to do; Telegram wants exactly one. */
const BUTTON_ACTIONS = [
  "url",
  "callback_data",
  "web_app",
  "login_url",
  "switch_inline_query",
  "switch_inline_query_current_chat",
  "switch_inline_query_chosen_chat",
  "copy_text",
  "callback_game",
  "pay",
] as const;

/** Telegram counts callback_data in bytes, not characters. */
const MAX_CALLBACK_DATA_BYTES = 64;
/**
 * Telegram's bound of a copy_text button's text (Bot API, CopyTextButton: 1–256 characters),
 * counted in UTF-16 units as Telegram counts text lengths and entity offsets.
 */
const MAX_COPY_TEXT = 256;
/** Telegram's cap on the number of buttons in one inline keyboard. */
const MAX_INLINE_BUTTONS = 100;

function validateUrl(url: unknown): void {
  if (typeof url !== "string") throw badRequest("BUTTON_URL_INVALID");
  try {
    const parsed = new URL(url);
    if (!["http:", "https:", "tg:", "ton:"].includes(parsed.protocol)) throw new Error("scheme");
  } catch {
    throw badRequest("BUTTON_URL_INVALID");
  }
}

/** A copy_text button copies 1–256 characters; an object without a string text is not one. */
function validateCopyText(raw: unknown): void {
  const copy = asRecord(raw);
  if (copy === undefined) throw badRequest("can't parse inline keyboard button: CopyTextButton must be an Object");
  if (typeof copy.text !== "string") throw badRequest(`can't parse inline keyboard button: Field "text" must be of type String`);
  if (copy.text.length === 0 || copy.text.length > MAX_COPY_TEXT) throw badRequest("BUTTON_COPY_TEXT_INVALID");
}

function validateInlineButton(raw: unknown): InlineKeyboardButton {
  const button = asRecord(raw);
  if (button === undefined) throw badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Object");
  if (typeof button.text !== "string") {
    throw badRequest(`can't parse inline keyboard button: Field "text" must be of type String`);
  }
  const actions = BUTTON_ACTIONS.filter((a) => button[a] !== undefined && button[a] !== null);
  if (actions.length === 0) {
    throw badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
  }
  if (actions.length > 1) {
    throw badRequest("can't parse inline keyboard button: only one of the optional fields must be used");
  }
  if (button.callback_data !== undefined) {
    const data = button.callback_data;
    if (typeof data !== "string") throw badRequest("BUTTON_DATA_INVALID");
    const bytes = Buffer.byteLength(data, "utf8");
    if (bytes === 0 || bytes > MAX_CALLBACK_DATA_BYTES) throw badRequest("BUTTON_DATA_INVALID");
  }
  if (button.url !== undefined) validateUrl(button.url);
  if (button.copy_text !== undefined) validateCopyText(button.copy_text);
  // Checked above: a text and exactly one action, the ones the emulator acts on validated.
  return button as unknown as InlineKeyboardButton;
}

/**
 * Validates an inline keyboard (Telegram's messages included) and returns it typed.
 *
 * Stricter than Telegram in one way: an empty row is refused. Telegram drops one silently today,
 * but a keyboard that carries one was built by mistake (a trailing `.row()`), and a client may draw
 * it as a gap; refused here, a test sees the bot send one. `inline_keyboard: []` (no rows at all,
 * how an edit takes every button off) stays allowed.
 */
export function validateInlineKeyboard(markup: Record<string, unknown>): InlineKeyboardMarkup {
  const rows = markup.inline_keyboard;
  if (!Array.isArray(rows) || !rows.every((r) => Array.isArray(r))) {
    throw badRequest(`field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays`);
  }
  const empty = (rows as unknown[][]).findIndex((row) => row.length === 0);
  if (empty !== -1) throw badRequest(`row ${empty + 1} of the inline keyboard is empty`);
  const keyboard = (rows as unknown[][]).map((row) => row.map(validateInlineButton));
  const count = keyboard.reduce((n, row) => n + row.length, 0);
  if (count > MAX_INLINE_BUTTONS) throw badRequest("REPLY_MARKUP_TOO_LONG");
  return { inline_keyboard: keyboard };
}

/** Validates any `reply_markup` value (already JSON-decoded). */
export function validateReplyMarkup(raw: unknown): ValidatedMarkup {
  const markup = asRecord(raw);
  if (markup === undefined) throw badRequest("can't parse reply keyboard markup JSON object");
  if (markup.inline_keyboard !== undefined) {
    return { kind: "inline", markup: validateInlineKeyboard(markup) };
  }
  if (markup.keyboard !== undefined) {
    const rows = markup.keyboard;
    if (!Array.isArray(rows) || !rows.every((r) => Array.isArray(r))) {
      throw badRequest(`field "keyboard" of the ReplyKeyboardMarkup should be an Array of Arrays`);
    }
    for (const row of rows as unknown[][]) {
      for (const b of row) {
        const text = typeof b === "string" ? b : asRecord(b)?.text;
        if (typeof text !== "string") {
          throw badRequest(`can't parse keyboard button: Field "text" must be of type String`);
        }
      }
    }
    return { kind: "keyboard", markup };
  }
  if (markup.remove_keyboard === true) return { kind: "remove", markup };
  if (markup.force_reply === true) return { kind: "force_reply", markup };
  throw badRequest('can\'t find field "inline_keyboard"');
}

/** Flattens an inline keyboard into the list of buttons a person sees, row by row. */
export function flattenButtons(markup: InlineKeyboardMarkup | undefined): InlineKeyboardButton[] {
  return markup === undefined ? [] : markup.inline_keyboard.flat();
}
