/**
 * One-tap copy (issue 24): buttons that put an exact text (a deposit address, a tag, an amount, an
 * exchange id) on the person's clipboard, so nobody has to long-press a 42-character address on a
 * phone and hope the selection took all of it. Telegram sends the bot nothing when one is pressed.
 *
 * The Bot API takes 1–256 characters in `copy_text.text`; a text outside that is given no button
 * (the message keeps it in <code>, which clients without buttons copy by a long press).
 */
import { InlineKeyboard } from "grammy";

/**
 * Telegram's bound of a copy_text button's text: 256 characters. Counted here in UTF-16 units, the
 * stricter count (a text within it is within 256 characters however Telegram counts them).
 */
const MAX_COPY_TEXT = 256;

/** A copy button as the messages describe it: its label and the exact text it copies. */
export interface CopyButton {
  label: string;
  text: string;
}

/** Whether Telegram takes `text` as a copy_text button's text (1–256 characters). */
function copyable(text: string): boolean {
  return text.length >= 1 && text.length <= MAX_COPY_TEXT;
}

/** The button copying `text`, or undefined when Telegram would refuse it. */
export function copyButton(label: string, text: string): CopyButton | undefined {
  return copyable(text) ? { label, text } : undefined;
}

/** Adds each button on a row of its own to `keyboard` (a new one when absent); undefined when there is none at all. */
export function withCopyButtons(buttons: ReadonlyArray<CopyButton | undefined>, keyboard?: InlineKeyboard): InlineKeyboard | undefined {
  const present = buttons.filter((b): b is CopyButton => b !== undefined);
  if (present.length === 0) return keyboard;
  const board = keyboard ?? new InlineKeyboard();
  for (const b of present) {
    if (board.inline_keyboard.at(-1)?.length) board.row();
    board.copyText(b.label, b.text);
  }
  return board;
}
