import { InlineKeyboard } from "grammy";
import { describe, expect, it } from "vitest";
import { sentThrough } from "./sent-through.js";
import { noEmptyKeyboardRows } from "../../src/messages/no-empty-rows.js";

/** Runs one call through the transformer and returns the payload that would reach Telegram. */
const sent = (method: string, payload: Record<string, unknown>) => sentThrough(noEmptyKeyboardRows(), method, payload);

/** The rows of the payload's inline keyboard, as JSON sends them. */
const rowsOf = (payload: Record<string, unknown>) =>
  (JSON.parse(JSON.stringify(payload.reply_markup)) as { inline_keyboard: unknown[][] }).inline_keyboard;

describe("no empty keyboard rows", () => {
  it("drops the empty row a trailing .row() leaves, and the empty rows between, keeping the caller's keyboard as it was", async () => {
    const keyboard = new InlineKeyboard().text("A", "a").row().row().text("B", "b").row();
    const out = await sent("sendMessage", { chat_id: 1, text: "x", reply_markup: keyboard });
    expect(rowsOf(out)).toEqual([[{ text: "A", callback_data: "a" }], [{ text: "B", callback_data: "b" }]]);
    expect(keyboard.inline_keyboard).toHaveLength(4);
  });

  it("does it for every method that carries a keyboard: edits, photos", async () => {
    const markup = { inline_keyboard: [[{ text: "A", callback_data: "a" }], []] };
    for (const method of ["editMessageText", "editMessageReplyMarkup", "sendPhoto", "sendDocument"]) {
      expect(rowsOf(await sent(method, { chat_id: 1, reply_markup: markup }))).toEqual([[{ text: "A", callback_data: "a" }]]);
    }
  });

  it("cleans the keyboard of each inline result", async () => {
    const out = await sent("answerInlineQuery", {
      inline_query_id: "q",
      results: [
        { type: "article", id: "1", title: "t", reply_markup: { inline_keyboard: [[], [{ text: "Go", url: "https://t.me/x" }], []] } },
        { type: "article", id: "2", title: "u" },
      ],
    });
    const results = out.results as Record<string, unknown>[];
    expect(rowsOf(results[0]!)).toEqual([[{ text: "Go", url: "https://t.me/x" }]]);
    expect(results[1]).toEqual({ type: "article", id: "2", title: "u" });
  });

  it("passes a call with nothing to drop on untouched: no keyboard, a whole one, no rows at all", async () => {
    for (const payload of [
      { chat_id: 1, text: "x" },
      { chat_id: 1, text: "x", reply_markup: { inline_keyboard: [[{ text: "A", callback_data: "a" }]] } },
      { chat_id: 1, message_id: 2, reply_markup: { inline_keyboard: [] } },
      { chat_id: 1, text: "x", reply_markup: { remove_keyboard: true } },
    ]) {
      expect(await sent("sendMessage", payload)).toBe(payload);
    }
  });
});
