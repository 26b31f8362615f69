import type { InlineKeyboard } from "grammy";

/** A message ready for sendMessage/editMessageText in HTML mode. */
export interface RenderedMessage {
  text: string;
  reply_markup?: InlineKeyboard;
}
