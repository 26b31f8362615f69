import { describe, expect, it } from "vitest";
import { readCommand } from "../../src/bot/command-text.js";

describe("readCommand", () => {
  it("reads /cmd and /cmd@bot, and tells this bot's commands from another bot's", () => {
    expect(readCommand("/cancel", "swap_bot")).toEqual({ name: "cancel", forUs: true });
    expect(readCommand("/rate@Swap_Bot 0.1 btc eth", "swap_bot")).toEqual({ name: "rate", forUs: true });
    expect(readCommand("/cancel@OtherBot", "swap_bot")).toEqual({ name: "cancel", forUs: false });
    expect(readCommand("/help@OtherBot please", "swap_bot")).toEqual({ name: "help", forUs: false });
  });

  it("is undefined for text that is not a command", () => {
    for (const text of [undefined, "", "0.1", "hello /cancel", "/", "/cancel!", "/ cancel"]) {
      expect(readCommand(text, "swap_bot"), String(text)).toBeUndefined();
    }
  });
});
