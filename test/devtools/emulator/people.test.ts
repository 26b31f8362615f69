/** Acting as people: what a person can and cannot do, and the waiting helpers. */
import { describe, expect, it } from "vitest";
import { useEmulator } from "./helpers.js";

// quietMs 0: `handled` then depends only on events, so a test can tell "fetched" from "confirmed".
const { start, emu, api } = useEmulator({ handledTimeoutMs: 300, quietMs: 0 });

describe("people", () => {
  it("can press only buttons they see", async () => {
    await start();
    const user = emu().user({ id: 5 });
    const opened = user.sendText("/start");
    await api().getUpdates({ offset: opened.update_id! + 1 });
    const m = await api().sendMessage(5, "pick", { reply_markup: { inline_keyboard: [[{ text: "BTC", callback_data: "c:btc" }]] } });
    expect(() => user.pressButton(m.message_id, "c:eth")).toThrow(/no button with callback_data "c:eth".*"BTC"→c:btc/);
    expect(() => user.pressButton(999, "c:btc")).toThrow(/not visible/);
    const press = user.pressButton(emu().chat(5).last() ?? m.message_id, "c:btc");
    const [update] = await api().getUpdates();
    expect(update?.update_id).toBe(press.update_id);
    expect(update?.callback_query).toMatchObject({
      id: press.callback_query_id,
      data: "c:btc",
      from: { id: 5 },
      message: { message_id: m.message_id, text: "pick" },
    });
    await api().deleteMessage(5, m.message_id);
    expect(() => user.pressButton(m.message_id, "c:btc")).toThrow(/not visible/);
  });

  it("write in groups with /cmd@bot commands", async () => {
    await start();
    const group = emu().group({ id: -100123, title: "Traders" });
    const user = emu().user({ id: 5 });
    user.sendText("/rate@swap_sandbox_bot btc", { chat: group });
    const [update] = await api().getUpdates();
    expect(update?.message).toMatchObject({
      chat: { id: -100123, type: "group", title: "Traders" },
      entities: [{ type: "bot_command", length: 22 }],
    });
    await api().sendMessage(-100123, "rates");
    expect(group.chat.messages().map((m) => m.plain)).toEqual(["rates"]);
    expect(group.chat.all().map((m) => m.from_bot)).toEqual([false, true]);
  });

  it("blocking sends my_chat_member, and a blocked user's client cannot write", async () => {
    await start();
    const user = emu().user({ id: 5 });
    user.sendText("/start");
    user.blockBot();
    expect(() => user.sendText("hi")).toThrow(/blocked the bot/);
    const updates = await api().getUpdates();
    expect(updates[1]?.my_chat_member).toMatchObject({ new_chat_member: { status: "kicked" }, old_chat_member: { status: "member" } });
  });

  it("keep their profile when the people API names them again, so from and chat agree", async () => {
    await start();
    const ann = emu().user({ id: 5, first_name: "Ann", last_name: "Lee", username: "ann", language_code: "en" });
    // Naming her again by id alone (as a test or the playground does) must not reset her to "User 5".
    expect(emu().user({ id: 5 })).toBe(ann);
    expect(ann.info).toEqual({ id: 5, is_bot: false, first_name: "Ann", last_name: "Lee", username: "ann", language_code: "en" });
    // Only the fields given change; her private chat follows the new name.
    emu().user({ id: 5, first_name: "Anna", language_code: "ru" });
    expect(ann.info).toEqual({ id: 5, is_bot: false, first_name: "Anna", last_name: "Lee", username: "ann", language_code: "ru" });
    ann.sendText("hi");
    const [update] = await api().getUpdates();
    const message = update?.message;
    expect(message?.from).toEqual({ id: 5, is_bot: false, first_name: "Anna", last_name: "Lee", username: "ann", language_code: "ru" });
    expect(message?.chat).toEqual({ id: 5, type: "private", first_name: "Anna", last_name: "Lee", username: "ann" });
    expect(await api().getChat(5)).toMatchObject({ first_name: "Anna", username: "ann" });
  });
});

describe("waitFor", () => {
  it("resolves with the predicate's value as soon as a call makes it true", async () => {
    await start();
    emu().user({ id: 5 }).sendText("/start");
    const waiting = emu().waitFor(() => emu().chat(5).last()?.plain);
    await api().sendMessage(5, "<b>hello</b>", { parse_mode: "HTML" });
    expect(await waiting).toBe("hello");
  });

  it("rejects after the timeout with the last calls in the message", async () => {
    await start();
    emu().user({ id: 5 }).sendText("/start");
    await api()
      .sendMessage(5, "not what you wait for")
      .catch(() => undefined);
    await expect(
      emu().waitFor(() => {
        throw new Error("no reply yet");
      }, 100),
    ).rejects.toThrow(
      /waitFor timed out after 100 ms; the predicate last threw: no reply yet; last calls:\n {2}sendMessage ok \{"chat_id":5/,
    );
  });
});

describe("SentUpdate.handled", () => {
  it("resolves once the update is fetched, confirmed and the bot is quiet", async () => {
    await start();
    const sent = emu().user({ id: 5 }).sendText("/start");
    let done = false;
    const handled = sent.handled.then(() => {
      done = true;
    });
    const updates = await api().getUpdates();
    await api().sendMessage(5, "hi");
    await new Promise((resolve) => setImmediate(resolve)); // let a wrongly resolved `handled` run its .then
    expect(done).toBe(false); // fetched but not yet confirmed
    await api().getUpdates({ offset: (updates[0]?.update_id ?? 0) + 1 });
    await handled;
    expect(done).toBe(true);
  });

  it("rejects with a reason when the bot never fetches the update", async () => {
    await start();
    const sent = emu().user({ id: 5 }).sendText("/start");
    await expect(sent.handled).rejects.toThrow(/not handled within 300 ms \(the bot never fetched it\)/);
  });
});
