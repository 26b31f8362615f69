/**
 * Commands addressed to another bot (`/cancel@OtherBot`): Telegram delivers them to every bot in a
 * group, and a person can type one in the private chat too. They are not ours: no handler may act
 * on them, and an exchange flow in progress must neither be cancelled nor ended by one.
 *
 * "Nothing happened" is shown with a sentinel: updates of one chat are handled in order, so once
 * the bot has answered a message sent after the command, the command was handled, and any answer
 * to it would already be in the chat.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { USER_COMMANDS } from "../../src/bot/commands.js";
import { ADMIN_COMMANDS } from "../../src/bot/features/admin/commands.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";

const ADMIN_ID = 3001;
const OTHER = "OtherBot";
/** Every command the bot has: the menu's, /start and the support tools. */
const ALL_COMMANDS = ["start", ...USER_COMMANDS, ...ADMIN_COMMANDS];

describe("commands addressed to another bot", () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN_ID) } });
  });
  afterEach(async () => {
    await h.close();
  });

  it("mid-flow, /cancel@OtherBot and /help@OtherBot neither cancel nor end the flow: the next answer is taken", async () => {
    const chat = new ChatDriver(h, h.emulator.user({ id: 2101, first_name: "Ada", language_code: "en" }));
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");

    const since = chat.mark();
    chat.user.sendText(`/cancel@${OTHER}`);
    chat.user.sendText(`/help@${OTHER} please`);
    chat.user.sendText(`/exchange@${OTHER}`);
    // The flow is still at the amount step: the amount is read as the answer to it.
    const quote = await chat.send("0.1", "You get:");
    expect(quote.plain).toContain("You send: 0.1 BTC");
    const said = chat.user.chat.messagesFrom(since).map((m) => m.plain);
    expect(said.filter((text) => !text.includes("You get:"))).toEqual([]);

    // Addressed to this bot, the same command does cancel (the test would pass for a bot that ignored every /cancel otherwise).
    await chat.send(`/cancel@${h.emulator.bot.username}`, "Exchange cancelled");
  });

  it("outside a flow, no command handler answers one, in a private chat or a group, for a person or an admin", async () => {
    const group = h.emulator.group({ id: -100777, title: "Traders" });
    for (const who of [
      { id: 2102, first_name: "Bea" },
      { id: ADMIN_ID, first_name: "Support" },
    ]) {
      const user = h.emulator.user({ ...who, language_code: "en" });
      const chat = new ChatDriver(h, user);
      for (const command of ALL_COMMANDS) {
        // In the private chat: nothing at all, not even the "I did not understand" pointer.
        const since = chat.mark();
        user.sendText(`/${command}@${OTHER} 0.1 btc eth`);
        await chat.send("/help", "How an exchange works");
        expect(
          user.chat.messagesFrom(since).map((m) => m.plain),
          `/${command}@${OTHER} in ${who.first_name}'s private chat`,
        ).toEqual([expect.stringContaining("How an exchange works")]);

        // In the group.
        const before = group.chat.count();
        user.sendText(`/${command}@${OTHER} 0.1 btc eth`, { chat: group });
        user.sendText(`/help@${h.emulator.bot.username}`, { chat: group });
        await h.emulator.waitFor(() => group.chat.messagesFrom(before).find((m) => m.plain.includes("How an exchange works")));
        expect(
          group.chat.messagesFrom(before).map((m) => m.plain),
          `/${command}@${OTHER} in the group, from ${who.first_name}`,
        ).toEqual([expect.stringContaining("How an exchange works")]);
      }
    }
  }, 60_000);
});
