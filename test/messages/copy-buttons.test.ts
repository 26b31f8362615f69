import { describe, expect, it } from "vitest";
import { InlineKeyboard } from "grammy";
import { copyButton, withCopyButtons } from "../../src/messages/copy-buttons.js";

describe("copy buttons", () => {
  it("gives a text of 1–256 characters a button, and none to one Telegram would refuse", () => {
    expect(copyButton("Copy", "x".repeat(256))).toEqual({ label: "Copy", text: "x".repeat(256) });
    expect(copyButton("Copy", "x".repeat(257))).toBeUndefined();
    expect(copyButton("Copy", "")).toBeUndefined();
  });

  it("puts each button on its own row, below the keyboard it is given", () => {
    const refresh = new InlineKeyboard().text("Refresh", "st:1");
    const board = withCopyButtons([copyButton("A", "a"), undefined, copyButton("B", "b")], refresh)!;
    expect(board.inline_keyboard).toEqual([
      [{ text: "Refresh", callback_data: "st:1" }],
      [{ text: "A", copy_text: { text: "a" } }],
      [{ text: "B", copy_text: { text: "b" } }],
    ]);
    expect(withCopyButtons([undefined])).toBeUndefined();
    expect(withCopyButtons([], refresh)).toBe(refresh);
    expect(withCopyButtons([copyButton("A", "a")])!.inline_keyboard).toEqual([[{ text: "A", copy_text: { text: "a" } }]]);
  });
});
