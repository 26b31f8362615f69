/** The entities Telegram finds in a text by itself, as the emulator detects them (a pure function). */
import { describe, expect, it } from "vitest";
import { detectEntities } from "../../../src/devtools/emulator/entities.js";

/** The entities found in `text`, each with the text it covers. */
function found(text: string): [string, string][] {
  return detectEntities(text).map((e) => [e.type, text.slice(e.offset, e.offset + e.length)]);
}

describe("detectEntities", () => {
  it("finds commands, mentions, hashtags, cashtags, links and e-mail addresses", () => {
    expect(
      found("/start@swap_bot ref and /help, @alice_w #btc $USD https://example.org/a?b=1. t.me/swap_bot ann@mail.example.com"),
    ).toEqual([
      ["bot_command", "/start@swap_bot"],
      ["bot_command", "/help"],
      ["mention", "@alice_w"],
      ["hashtag", "#btc"],
      ["cashtag", "$USD"],
      ["url", "https://example.org/a?b=1"],
      ["url", "t.me/swap_bot"],
      ["email", "ann@mail.example.com"],
    ]);
  });
  it("leaves alone what only looks like one", () => {
    expect(found("0.1 BTC costs 2.02 ETH, e.g. node.js or a/b or #1 or $usd or @ab or x@y or /cmd@ab")).toEqual([]);
    expect(found("path/to/file and http://localhost:8080 and 1/2")).toEqual([]);
  });
  it("counts offsets in UTF-16 code units", () => {
    expect(detectEntities("💱 /rate")).toEqual([{ type: "bot_command", offset: 3, length: 5 }]);
  });
});
