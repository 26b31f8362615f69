import { describe, expect, it } from "vitest";
import { sentThrough } from "./sent-through.js";
import { htmlByDefault, PLAIN_TEXT } from "../../src/messages/html-by-default.js";

/** Runs one call through the transformer and returns the payload that would reach Telegram. */
const sent = (method: string, payload: Record<string, unknown>) => sentThrough(htmlByDefault(), method, payload);

describe("HTML as the default parse mode", () => {
  it("adds parse_mode HTML to texts and edits that give none", async () => {
    expect(await sent("sendMessage", { chat_id: 1, text: "<b>hi</b>" })).toEqual({ chat_id: 1, text: "<b>hi</b>", parse_mode: "HTML" });
    expect((await sent("editMessageText", { chat_id: 1, message_id: 2, text: "x" })).parse_mode).toBe("HTML");
  });

  it("keeps a parse mode the call chose, and plain text when the call asks for it", async () => {
    expect((await sent("sendMessage", { chat_id: 1, text: "x", parse_mode: "MarkdownV2" })).parse_mode).toBe("MarkdownV2");
    const plain = await sent("sendMessage", { chat_id: 1, text: "We are <b>back</b>", ...PLAIN_TEXT });
    expect(plain.parse_mode).toBeUndefined();
    // What goes over the wire: no parse_mode at all.
    expect(JSON.parse(JSON.stringify(plain))).toEqual({ chat_id: 1, text: "We are <b>back</b>" });
  });

  it("formats captions, only where there is one", async () => {
    expect((await sent("sendPhoto", { chat_id: 1, photo: "id", caption: "QR" })).parse_mode).toBe("HTML");
    expect(await sent("sendPhoto", { chat_id: 1, photo: "id" })).toEqual({ chat_id: 1, photo: "id" });
    expect((await sent("editMessageCaption", { chat_id: 1, message_id: 2, caption: "c" })).parse_mode).toBe("HTML");
  });

  it("formats the message an inline result sends, and its caption", async () => {
    const out = await sent("answerInlineQuery", {
      inline_query_id: "q",
      results: [
        { type: "article", id: "1", title: "t", input_message_content: { message_text: "<b>1 BTC</b>" } },
        { type: "article", id: "2", title: "t", input_message_content: { message_text: "x", parse_mode: "MarkdownV2" } },
        { type: "photo", id: "3", photo_url: "u", thumbnail_url: "u", caption: "<i>c</i>" },
      ],
    });
    expect(out.results).toEqual([
      { type: "article", id: "1", title: "t", input_message_content: { message_text: "<b>1 BTC</b>", parse_mode: "HTML" } },
      { type: "article", id: "2", title: "t", input_message_content: { message_text: "x", parse_mode: "MarkdownV2" } },
      { type: "photo", id: "3", photo_url: "u", thumbnail_url: "u", caption: "<i>c</i>", parse_mode: "HTML" },
    ]);
  });

  it("leaves every other method alone", async () => {
    const payload = { chat_id: 1, message_id: 2, reply_markup: { inline_keyboard: [] } };
    expect(await sent("editMessageReplyMarkup", payload)).toBe(payload);
    expect(await sent("answerCallbackQuery", { callback_query_id: "c", text: "<b>" })).toEqual({ callback_query_id: "c", text: "<b>" });
  });
});
