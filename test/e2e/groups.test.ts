/**
 * The bot in a group, as an attacker and a careless member would use it: support's answers stay in
 * the admin's private chat, buttons act only for the person whose message they are under (forged
 * callback data included), and a button under an inline message (no chat) is answered, not failed.
 * The real app against the sandbox exchange and the Bot API emulator.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { askInline, finishedExchange, openExchange, type TestUser } from "./fixtures.js";
import { until } from "../until.js";

const ADMIN_ID = 9001;
/** An admin who never opened a private chat with the bot. */
const SILENT_ADMIN_ID = 9002;

/** Sends `text` and waits for `count` new bot messages in that chat; returns them. */
async function ask(h: Harness, who: TestUser, text: string, count = 1) {
  const since = who.chat.messages().length;
  who.sendText(text);
  await h.emulator.waitFor(() => who.chat.messages().length >= since + count);
  return who.chat.messages().slice(since);
}

/** Inserts `n` finished exchanges of `user`, enough for /history to have an "older" page. */
async function pastExchanges(h: Harness, user: TestUser, n: number, tag: string): Promise<void> {
  for (let i = 0; i < n; i++) {
    const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
    await h.app.store.exchanges.insert(finishedExchange(`${tag}${String(i).padStart(4, "0")}`, user.id, at));
  }
}

describe("in a group", () => {
  let h: Harness;
  let admin: TestUser;
  let ada: TestUser;
  let bob: TestUser;

  beforeEach(async () => {
    h = await startHarness({ env: { ADMIN_IDS: `${String(ADMIN_ID)},${String(SILENT_ADMIN_ID)}`, POLL_INTERVAL_MS: "3600000" } });
    admin = h.emulator.user({ id: ADMIN_ID, first_name: "Sam", username: "sam_support", language_code: "en" });
    ada = h.emulator.user({ id: 3001, first_name: "Ada", username: "ada_l", language_code: "en" });
    bob = h.emulator.user({ id: 3002, first_name: "Bob", username: "bob_b", language_code: "en" });
    await ask(h, admin, "/start");
    await ask(h, ada, "/start");
  });
  afterEach(async () => {
    await h.close();
  });

  it("sends an admin's /find, /user and /stats to the admin's private chat; the group only hears that", async () => {
    const exchange = await openExchange(h, ada);
    const group = h.emulator.group({ id: -100900, title: "Traders" });
    const privateBefore = admin.chat.messages().length;
    for (const command of [`/find ${exchange.id}`, "/user @ada_l", "/stats", "/maintenance"]) {
      const before = group.chat.count();
      admin.sendText(command, { chat: group });
      await h.emulator.waitFor(() => group.chat.messagesFrom(before).find((m) => m.plain.includes("Sent to you in a private chat")));
    }
    const inGroup = group.chat.messages().map((m) => m.plain);
    expect(inGroup.every((text) => text === "🔒 Sent to you in a private chat with me.")).toBe(true);
    expect(inGroup.join("\n")).not.toMatch(/ada_l|3001|0x|bc1/);
    const inPrivate = admin.chat
      .messages()
      .slice(privateBefore)
      .map((m) => m.plain)
      .join("\n");
    expect(inPrivate).toContain(exchange.id);
    expect(inPrivate).toContain("@ada_l");
    expect(inPrivate).toMatch(/Maintenance is off/);
  });

  it("tells an admin with no private chat to open one, and shows nothing private in the group", async () => {
    const silent = h.emulator.user({ id: SILENT_ADMIN_ID, first_name: "Kim", username: "kim_support", language_code: "en" });
    const group = h.emulator.group({ id: -100901, title: "Traders" });
    silent.sendText("/user @ada_l", { chat: group });
    const notice = await h.emulator.waitFor(() => group.chat.messages().find((m) => m.plain.includes("not open yet")));
    expect(notice.buttons()[0]!.url).toBe(`https://t.me/${h.emulator.bot.username}`);
    expect(
      group.chat
        .messages()
        .map((m) => m.plain)
        .join("\n"),
    ).not.toContain("ada_l");
  });

  it("lets only the asker turn /history's pages; anyone else, forged data or not, is told and changes nothing", async () => {
    await pastExchanges(h, ada, 9, "ada");
    await pastExchanges(h, bob, 9, "bob");
    const group = h.emulator.group({ id: -100902, title: "Traders" });
    ada.sendText("/history", { chat: group });
    const list = await h.emulator.waitFor(() => group.chat.messages().find((m) => m.plain.startsWith("📜") || m.plain.includes("ada0008")));
    const older = list.buttons().find((b) => b.callback_data?.startsWith("hist:"))!.callback_data!;
    const shown = list.plain;

    // Bob presses "older" under Ada's list: a toast, the list untouched.
    const pressed = bob.pressButton(list, older, { chat: group });
    await h.emulator.waitFor(() => bob.lastCallbackAnswer()?.callback_query_id === pressed.callback_query_id || undefined);
    expect(bob.lastToast()).toMatch(/for the person who asked/);
    // A modified client making up data for the same message changes nothing either.
    const forged = bob.pressButton(list, "hist:0", { chat: group, forged: true });
    await h.emulator.waitFor(() => bob.lastCallbackAnswer()?.callback_query_id === forged.callback_query_id || undefined);
    expect(bob.lastToast()).toMatch(/for the person who asked/);
    await pressed.handled;
    await forged.handled;
    expect(group.chat.byId(list.message_id)!.plain).toBe(shown);
    expect(
      group.chat
        .messages()
        .map((m) => m.plain)
        .join("\n"),
    ).not.toContain("bob0");

    // Ada herself turns the page.
    ada.pressButton(list, older, { chat: group });
    await h.emulator.waitFor(() => (group.chat.byId(list.message_id)!.plain.includes("ada0000") ? true : undefined));
  });

  it("lets only the asker pick a /language; a status button of someone else's /history is refused too", async () => {
    const group = h.emulator.group({ id: -100903, title: "Traders" });
    ada.sendText("/language", { chat: group });
    const menu = await h.emulator.waitFor(() => group.chat.messages().find((m) => m.buttons().some((b) => b.callback_data === "lang:ru")));
    const pressed = bob.pressButton(menu, "lang:ru", { chat: group });
    await h.emulator.waitFor(() => bob.lastCallbackAnswer()?.callback_query_id === pressed.callback_query_id || undefined);
    expect(bob.lastToast()).toMatch(/for the person who asked/);
    expect(group.chat.byId(menu.message_id)!.plain).toBe(menu.plain);
    expect((await h.app.store.users.get(bob.id))?.languageCode).toBeUndefined();

    const exchange = await openExchange(h, ada);
    ada.sendText("/history", { chat: group });
    const list = await h.emulator.waitFor(() => group.chat.messages().find((m) => m.plain.includes(exchange.id)));
    const status = bob.pressButton(list, `st:${exchange.id}`, { chat: group });
    await h.emulator.waitFor(() => bob.lastCallbackAnswer()?.callback_query_id === status.callback_query_id || undefined);
    expect(bob.lastToast()).toMatch(/for the person who asked/);

    ada.pressButton(menu, "lang:ru", { chat: group });
    await until(async () => (await h.app.store.users.get(ada.id))?.languageCode === "ru");
  });

  it("answers a status button under an inline message (no chat) without failing the update", async () => {
    const exchange = await openExchange(h, ada);
    const group = h.emulator.group({ id: -100904, title: "Traders" });
    const { articles } = await askInline(h, ada, "0.1 btc eth");
    // Sent "via @bot" into the group: an inline message, whose button presses carry no chat.
    ada.chooseInlineResult(articles[0]!.id, { chat: group });
    const message = await h.emulator.waitFor(() => group.chat.last());
    const failedBefore = (await h.app.ops.metrics.totals()).failedUpdates;

    /** Presses `data` on the inline message as `who` and waits for the bot's answer to that press. */
    const press = async (who: TestUser, data: string) => {
      const sent = who.pressButton(message, data, { forged: true, chat: group });
      await h.emulator.waitFor(() => who.lastCallbackAnswer()?.callback_query_id === sent.callback_query_id || undefined);
      await sent.handled;
    };
    await press(ada, `st:${exchange.id}`);
    expect(ada.lastToast()).toBe("Status: waiting_deposit. The full card is in your private chat with me (/status there).");
    await press(bob, `st:${exchange.id}`);
    expect(bob.lastToast()).toBe("This button is no longer active.");
    await press(ada, "hist:1");
    expect(ada.lastToast()).toBe("This button is no longer active.");

    expect((await h.app.ops.metrics.totals()).failedUpdates).toBe(failedBefore);
    expect(h.logs.join("")).not.toContain("update failed");
  });
});
