/**
 * The emulator is held to the Bot API by the compiler: its method table is typed by grammY's
 * `ApiMethods`, so an answer with a missing or misspelled field, or a method Telegram does not
 * have, fails `tsc` (which `npm test` runs first). Each `@ts-expect-error` below fails the
 * typecheck the day that stops being true.
 */
import { describe, expect, it } from "vitest";
import { METHODS, type BotApiHandlers } from "../../../src/devtools/emulator/methods.js";

describe("the method table's types", () => {
  it("refuse answers that are not what grammY expects", () => {
    const wrong: BotApiHandlers = {
      // @ts-expect-error accepted_gift_types must carry its five booleans
      getChat: () => ({ id: 1, type: "private", first_name: "Ann", accent_color_id: 0, max_reaction_count: 11, accepted_gift_types: {} }),
      // @ts-expect-error a misspelled field (`can_read_all_group_message`) and the missing ones
      getMe: () => ({ id: 1, is_bot: true, first_name: "Bot", username: "bot", can_read_all_group_message: false }),
      // @ts-expect-error getWebhookInfo must say has_custom_certificate and pending_update_count
      getWebhookInfo: () => ({ url: "" }),
    };
    // @ts-expect-error not a Bot API method
    const invented: BotApiHandlers = { sendTelepathy: () => true };
    expect(Object.keys(wrong)).toHaveLength(3);
    expect(Object.keys(invented)).toEqual(["sendTelepathy"]);
  });

  it("name the implemented methods as Telegram does, case-insensitively", () => {
    expect([...METHODS.keys()]).toContain("getchat");
    expect([...METHODS.keys()].every((name) => name === name.toLowerCase())).toBe(true);
  });
});
