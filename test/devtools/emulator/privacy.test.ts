/**
 * Privacy mode: in a group, a bot with can_read_all_group_messages false (a new bot's default) gets
 * only commands (bare or addressed to it), replies to its own messages and messages mentioning it;
 * people still see every message in the chat. Turned off per emulator, the bot gets everything.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "./helpers.js";

const GROUP = -100777;

describe("privacy mode on (the default)", () => {
  const { start, emu, api } = useEmulator({ handledTimeoutMs: 500 });

  it("delivers only what is meant for the bot; the group shows everything", async () => {
    await start();
    const group = emu().group({ id: GROUP, title: "Traders" });
    const ann = emu().user({ id: 5, first_name: "Ann" });
    const bob = emu().user({ id: 6, first_name: "Bob" });
    const chatter = ann.sendText("hello everyone", { chat: group });
    expect(chatter.update_id).toBeUndefined();
    await chatter.handled; // nothing for the bot: resolves at once
    const meant = [
      ann.sendText("/rate btc eth", { chat: group }),
      ann.sendText("/rate@swap_sandbox_bot btc", { chat: group }),
      bob.sendText("what does @Swap_Sandbox_Bot say?", { chat: group }),
    ];
    const hidden = [
      ann.sendText("/rate@other_bot btc", { chat: group }),
      bob.sendText("ask @someone_else", { chat: group }),
      bob.sendText("see https://example.org #btc $USD", { chat: group }),
    ];
    expect(hidden.map((s) => s.update_id)).toEqual([undefined, undefined, undefined]);
    const updates = await api().getUpdates();
    expect(updates.map((u) => u.message?.text)).toEqual([
      "/rate btc eth",
      "/rate@swap_sandbox_bot btc",
      "what does @Swap_Sandbox_Bot say?",
    ]);
    expect(updates.map((u) => u.update_id)).toEqual(meant.map((s) => s.update_id));
    // People read the whole conversation, whatever the bot was sent.
    expect(group.chat.all()).toHaveLength(7);
  });

  it("delivers a reply to the bot's message, not a reply to a person's", async () => {
    await start();
    const group = emu().group({ id: GROUP, title: "Traders" });
    const ann = emu().user({ id: 5, first_name: "Ann" });
    const bob = emu().user({ id: 6, first_name: "Bob" });
    const fromBot = await api().sendMessage(GROUP, "1 BTC = 30 ETH");
    const annSays = ann.sendText("nice", { chat: group });
    const toBob = bob.sendText("agreed", { chat: group, replyTo: annSays.message_id! });
    const toBot = bob.sendText("and in USDT?", { chat: group, replyTo: fromBot.message_id });
    expect(toBob.update_id).toBeUndefined();
    const updates = await api().getUpdates();
    expect(updates.map((u) => u.update_id)).toEqual([toBot.update_id]);
    expect(updates[0]?.message).toMatchObject({
      text: "and in USDT?",
      reply_to_message: { message_id: fromBot.message_id, from: { id: 123456, is_bot: true } },
    });
    expect(() => bob.sendText("to nothing", { chat: group, replyTo: 999 })).toThrow(/not visible/);
  });

  it("delivers everything in a private chat", async () => {
    await start();
    const ann = emu().user({ id: 5, first_name: "Ann" });
    const sent = ann.sendText("hello");
    expect((await api().getUpdates()).map((u) => u.update_id)).toEqual([sent.update_id]);
  });
});

describe("privacy mode off", () => {
  const { start, emu, api } = useEmulator({ canReadAllGroupMessages: true });

  it("delivers every group message", async () => {
    await start();
    const group = emu().group({ id: GROUP, title: "Traders" });
    const ann = emu().user({ id: 5, first_name: "Ann" });
    ann.sendText("hello everyone", { chat: group });
    ann.sendText("/rate@other_bot btc", { chat: group });
    expect((await api().getUpdates()).map((u) => u.message?.text)).toEqual(["hello everyone", "/rate@other_bot btc"]);
  });
});
