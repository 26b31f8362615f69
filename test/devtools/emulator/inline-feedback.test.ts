/**
 * chosen_inline_result reaches a bot only when inline feedback is on (BotFather's
 * /setinlinefeedback), an emulator option that is off by default, as for a new bot.
 */
import type { Api } from "grammy";
import { describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/devtools/emulator/server.js";
import { useEmulator } from "./helpers.js";

/** The user asks inline and the bot answers with one article carrying a button. */
async function answered(emu: Emulator, api: Api) {
  const user = emu.user({ id: 5, first_name: "Ann" });
  const q = user.inlineQuery("btc eth");
  await api.answerInlineQuery(q.inline_query_id ?? "", [
    {
      type: "article",
      id: "r1",
      title: "Rate",
      input_message_content: { message_text: "1 BTC = 30 ETH" },
      reply_markup: { inline_keyboard: [[{ text: "Refresh", callback_data: "r" }]] },
    },
  ]);
  await api.getUpdates({ offset: q.update_id! + 1 });
  return user;
}

describe("without inline feedback (the default)", () => {
  const { start, emu, api } = useEmulator();

  it("posts the chosen result in the chat but sends the bot no chosen_inline_result", async () => {
    await start();
    const user = await answered(emu(), api());
    const chosen = user.chooseInlineResult("r1");
    expect(chosen.update_id).toBeUndefined();
    await chosen.handled; // nothing for the bot to handle
    expect(await api().getUpdates()).toEqual([]);
    expect(user.chat.last()).toMatchObject({ plain: "1 BTC = 30 ETH", via_bot: true, from_bot: false });
  });

  it("still lets the bot edit the message by the inline_message_id of a button press", async () => {
    await start();
    const user = await answered(emu(), api());
    user.chooseInlineResult("r1");
    user.pressButton(user.chat.last()!, "r");
    const [press] = await api().getUpdates();
    const inlineId = press?.callback_query?.inline_message_id ?? "";
    expect(inlineId).not.toBe("");
    expect(await api().editMessageTextInline(inlineId, "1 BTC = 31 ETH")).toBe(true);
    expect(user.chat.last()?.plain).toBe("1 BTC = 31 ETH");
  });
});

describe("with inline feedback on", () => {
  const { start, emu, api } = useEmulator({ inlineFeedback: true });

  it("sends chosen_inline_result with the inline_message_id the bot can edit by", async () => {
    await start();
    const user = await answered(emu(), api());
    const chosen = user.chooseInlineResult("r1");
    const updates = await api().getUpdates();
    expect(updates.map((u) => u.update_id)).toEqual([chosen.update_id]);
    const result = updates[0]?.chosen_inline_result;
    expect(result).toMatchObject({ result_id: "r1", query: "btc eth", from: { id: 5, first_name: "Ann" } });
    expect(await api().editMessageTextInline(result?.inline_message_id ?? "", "1 BTC = 31 ETH")).toBe(true);
    expect(user.chat.last()?.plain).toBe("1 BTC = 31 ETH");
  });
});
