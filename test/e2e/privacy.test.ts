/**
 * /privacy and /forget (issue 24, point 7): what the bot keeps about a person is said plainly, and
 * /forget deletes it after Confirm, keeping only the exchange records support must keep by law and
 * what an exchange in progress needs (saved addresses and rate alerts go too). Cancel deletes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { readFlow } from "../../src/bot/features/exchange/flow-state.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { until } from "../until.js";
import { ns } from "../store/namespaces.js";

describe("/privacy and /forget", () => {
  let h: Harness;
  let chat: ChatDriver;
  const id = 2424;

  beforeEach(async () => {
    h = await startHarness({ env: { EXCHANGE_RECORDS_KEPT_YEARS: "7" } });
    chat = new ChatDriver(h, h.emulator.user({ id, first_name: "Priya", username: "priya_p", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  it("/privacy says what is deleted, what is kept by law and for how long; both commands are in the menu and /help", async () => {
    const privacy = await chat.send("/privacy", "What I keep about you");
    expect(privacy.plain).toContain("your name, username");
    expect(privacy.plain).toContain("the addresses you exchanged to and from");
    expect(privacy.plain).toContain("your rate alerts");
    expect(privacy.plain).toContain("must keep these records by law for 7 years");
    expect(privacy.plain).toContain(`for ${h.config.flowTimeoutMs / 60_000} minutes`);
    const help = await chat.send("/help", "How an exchange works");
    expect(help.plain).toContain("/privacy");
    expect(help.plain).toContain("/forget");
    for (const language of [undefined, "ru"]) {
      const names = (h.emulator.commands(undefined, language) ?? []).map((c) => c.command);
      expect(names).toEqual(expect.arrayContaining(["privacy", "forget"]));
    }
  });

  it("Cancel deletes nothing; Confirm deletes the person's record and an unconfirmed flow, and keeps their exchanges", async () => {
    // A finished walk to a created exchange: its record is support's to keep.
    const { card } = await chat.toConfirmationCard();
    await chat.press(card, "x:confirm", "Exchange created");
    const [exchange] = await h.app.store.lookup.byUser(id);
    expect(exchange).toBeDefined();
    // Its addresses are saved for the next exchange, and the person watches a rate.
    const addressBook = h.app.store.kv<unknown>(ns("address-book"));
    // Saved right after the instructions are queued, so waited for.
    await until(async () => (await addressBook.get(String(id))) !== undefined);
    await chat.send("/alert btc eth >= 1000000", "Alert set");
    const alertsOf = () => h.app.store.kv<unknown>(ns("rate-alerts")).entriesWithPrefix(`${id}:`);
    expect(await alertsOf()).toHaveLength(1);
    // The person chose Russian, and is in the middle of a second exchange.
    const choose = await chat.send("/language", "Choose your language");
    await chat.pressAndEdit(choose, "lang:ru", "Язык: русский");
    await chat.send("/exchange", "Какую монету");
    expect(await readFlow(h.app.store, id)).toBeDefined();

    const ask = await chat.send("/forget", "Удалить ваши данные?");
    expect(ask.plain).toContain("Хранится и после /forget");
    expect(ask.plain).toContain("7 лет");
    await chat.pressAndEdit(ask, chat.button(ask, "✖️ Отмена"), "ничего не удалено");
    expect((await h.app.store.users.get(id))?.languageCode).toBe("ru");
    expect(await readFlow(h.app.store, id)).toBeDefined();
    expect(await addressBook.get(String(id))).toBeDefined();
    expect(await alertsOf()).toHaveLength(1);

    const again = await chat.send("/forget", "Удалить ваши данные?");
    await chat.pressAndEdit(again, chat.button(again, "🗑 Удалить мои данные"), "ваши данные удалены");
    expect(await h.app.store.users.get(id)).toBeUndefined();
    expect(await h.app.store.users.findByUsername("priya_p")).toBeUndefined();
    expect(await readFlow(h.app.store, id)).toBeUndefined();
    // Only the id counter stays, so that no id is given twice (address-book.ts).
    expect(await addressBook.get(String(id))).toEqual({ nextId: 3, items: [] });
    expect(await alertsOf()).toEqual([]);
    expect((await h.app.store.lookup.byUser(id)).map((e) => e.id)).toEqual([exchange!.id]);

    // The flow is over: an answer to it is not taken; the next message is a first contact, in
    // Telegram's language, since the chosen one is forgotten.
    await chat.send(SAMPLE_ADDRESSES.BTC!, "I did not understand that");
    expect((await h.app.store.users.get(id))?.languageCode).toBeUndefined();
  });

  it("keeps a person's choice not to save addresses: /forget deletes the addresses, not the choice", async () => {
    const { card } = await chat.toConfirmationCard();
    await chat.press(card, "x:confirm", "Exchange created");
    const addressBook = h.app.store.kv<{ remember?: false; items: unknown[] }>(ns("address-book"));
    await until(async () => ((await addressBook.get(String(id)))?.items.length ?? 0) > 0);
    await addressBook.update(String(id), (book) => (book ? { ...book, remember: false } : book));

    const ask = await chat.send("/forget", "Delete your data?");
    await chat.pressAndEdit(ask, chat.button(ask, "🗑 Delete my data"), "your data is deleted");
    expect(await addressBook.get(String(id))).toMatchObject({ remember: false, items: [] });
  });

  it("in a group, points to the private chat and shows nothing", async () => {
    await chat.send("/start", "Hi, ");
    const group = h.emulator.group({ id: -4242, title: "Friends" });
    for (const command of ["/forget", "/privacy"]) {
      const before = group.chat.count();
      chat.user.sendText(command, { chat: group });
      await h.emulator.waitFor(() => group.chat.messagesFrom(before).find((m) => m.plain.includes("in a private chat with me")));
      expect(group.chat.messagesFrom(before).map((m) => m.plain)).toEqual([expect.stringContaining("in a private chat with me")]);
    }
    expect((await h.app.store.users.get(id))?.firstName).toBe("Priya");
  });
});
