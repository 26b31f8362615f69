/**
 * Saved addresses (issue 24 point 2): the addresses of a created exchange are offered as buttons
 * at the next exchange of the same coin and network, checked again with the service when pressed;
 * never for another coin, never to another person; /addresses renames, deletes and turns saving off.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { ADDRESS_BOOKS } from "../../src/exchange/address-book.js";
import type { AddressBook } from "../../src/domain/saved-addresses.js";
import type { BotMessage } from "../../src/devtools/emulator/types.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { until } from "../until.js";
import { testDatabase } from "../postgres/database.js";

const ETH = SAMPLE_ADDRESSES.ETH!;
const BTC = SAMPLE_ADDRESSES.BTC!;
const XRP = SAMPLE_ADDRESSES.XRP!;

/** The buttons of a message that offer a saved address (`x:<step>:s:<id>`). */
function savedButtons(message: BotMessage): Array<{ text: string; data: string }> {
  return message
    .buttons()
    .filter((b) => /^x:[a-z]:s:\d+$/.test(b.callback_data ?? ""))
    .map((b) => ({ text: b.text, data: b.callback_data! }));
}

// The store contract holds on both backends: the book is one kv entry changed by an atomic update.
describe.each(["files", "postgres"] as const)("saved addresses (%s)", (backend) => {
  let h: Harness;
  let ada: ChatDriver;

  beforeEach(async () => {
    h = await startHarness(backend === "postgres" ? { env: { DATABASE_URL: await testDatabase() } } : {});
    ada = new ChatDriver(h, h.emulator.user({ id: 4101, first_name: "Ada", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  /** Every use counted in the person's book (0 without a book). */
  async function usesOf(chat: ChatDriver): Promise<{ uses: number; off: boolean }> {
    const book = await h.app.store.kv<AddressBook>(ADDRESS_BOOKS).get(String(chat.user.id));
    return { uses: (book?.items ?? []).reduce((n, s) => n + s.uses, 0), off: book?.remember === false };
  }

  /** Confirms the card on screen; waits for the deposit instructions and for the two addresses to be remembered (when saving is on). */
  async function confirm(chat: ChatDriver, card: BotMessage): Promise<void> {
    const before = await usesOf(chat);
    await chat.press(card, "x:c:confirm", "I will tell you about every status change");
    if (!before.off) await until(async () => (await usesOf(chat)).uses === before.uses + 2);
  }

  /** /exchange BTC → `to`, `amount`, Continue at the quote: the destination question. */
  async function toDestination(chat: ChatDriver, to: string, amount: string, typed: string[]): Promise<BotMessage> {
    typed.push("/exchange");
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, `x:c:${to}`, "How much BTC do you send?");
    typed.push(amount);
    const quote = await chat.send(amount, "You get:");
    return chat.press(quote, "x:next", "address that will receive");
  }

  it("offers the saved pair at the second exchange: nothing typed but the amount, checked again with the service", async () => {
    const first = await ada.toConfirmationCard();
    await confirm(ada, first.card);

    const typed: string[] = [];
    const askDestination = await toDestination(ada, "ETH", "0.2", typed);
    const offered = savedButtons(askDestination);
    expect(offered).toHaveLength(1);
    expect(offered[0]!.text).toBe(`…${ETH.slice(-6)} · used once`);
    // The button carries the book's short id, never the address.
    expect(offered[0]!.data).not.toContain(ETH.slice(-6));
    expect(Buffer.byteLength(offered[0]!.data)).toBeLessThanOrEqual(64);
    expect(askDestination.plain).toContain("saved addresses");

    const validationsBefore = h.sandbox.requests.count("validate-address");
    const askRefund = await ada.press(askDestination, offered[0]!.data, "refund address");
    const refundOffer = savedButtons(askRefund);
    expect(refundOffer.map((b) => b.text)).toEqual([`…${BTC.slice(-6)} · used once`]);
    const card = await ada.press(askRefund, refundOffer[0]!.data, "Check your exchange");
    expect(card.plain).toContain(ETH);
    expect(card.plain).toContain(BTC);
    // Each pressed address was asked of the service again, like a typed one.
    expect(h.sandbox.requests.count("validate-address") - validationsBefore).toBe(2);
    expect(typed).toEqual(["/exchange", "0.2"]);

    await confirm(ada, card);
    expect(h.sandbox.orders.list().map((o) => [o.destinationAddress, o.refundAddress])).toEqual([
      [ETH, BTC],
      [ETH, BTC],
    ]);
    const list = await ada.send("/addresses", "Your saved addresses");
    expect(list.plain).toContain("used 2 times");
  });

  it("never offers an address for another coin, nor to another person", async () => {
    const first = await ada.toConfirmationCard();
    await confirm(ada, first.card);

    // Another coin to receive: the ETH address is not offered; the BTC refund address is.
    const typed: string[] = [];
    const askXrp = await toDestination(ada, "XRP", "0.1", typed);
    expect(savedButtons(askXrp)).toEqual([]);
    expect(askXrp.plain).not.toContain("saved addresses");
    await ada.send("/cancel", "cancelled");

    const bob = new ChatDriver(h, h.emulator.user({ id: 4102, first_name: "Bob", language_code: "en" }));
    const askBob = await toDestination(bob, "ETH", "0.1", []);
    expect(savedButtons(askBob)).toEqual([]);
    const askBobRefund = await bob.send(ETH, "refund address");
    expect(savedButtons(askBobRefund)).toEqual([]);
    const bobList = await bob.send("/addresses", "Your saved addresses");
    expect(bobList.plain).toContain("None yet");
    expect(bobList.plain).not.toContain(ETH);
  });

  it("uses the tag saved with an address, so the tag step is not asked", async () => {
    const typed: string[] = [];
    const ask = await toDestination(ada, "XRP", "0.1", typed);
    await ada.send(XRP, "Send the Destination tag");
    await ada.send("12345", "refund address");
    const card = await ada.send(BTC, "Check your exchange");
    await confirm(ada, card);

    const again = await toDestination(ada, "XRP", "0.1", []);
    expect(ask.plain).not.toContain("saved addresses");
    const [xrp] = savedButtons(again);
    const askRefund = await ada.press(again, xrp!.data, "refund address");
    const secondCard = await ada.press(askRefund, savedButtons(askRefund)[0]!.data, "Check your exchange");
    expect(secondCard.plain).toContain("Destination tag: 12345");
  });

  it("takes a press on a saved address shown before a kill as the answer to that step", async () => {
    const first = await ada.toConfirmationCard();
    await confirm(ada, first.card);
    const ask = await toDestination(ada, "ETH", "0.1", []);
    // What a kill -9 right after the prompt leaves: the flow's state may not be on disk yet.
    await h.restartFrom(await h.snapshot());
    const [saved] = savedButtons(ask);
    const askRefund = await ada.press(ask, saved!.data, "refund address");
    expect(ada.user.chat.messages().some((m) => m.plain.includes(`address: ${ETH}`))).toBe(true);
    await ada.press(askRefund, savedButtons(askRefund)[0]!.data, "Check your exchange");
  });

  it("says clearly when the service now refuses a saved address, and the step still takes a typed one", async () => {
    const first = await ada.toConfirmationCard();
    await confirm(ada, first.card);
    // The service's rules changed since: the saved ETH address is no longer one it accepts.
    const refusedAddress = "0x" + "ab".repeat(19);
    await h.app.store.kv<AddressBook>(ADDRESS_BOOKS).update(String(ada.user.id), (book) => ({
      ...book!,
      items: book!.items.map((s) => (s.coin === "ETH" ? { ...s, address: refusedAddress } : s)),
    }));

    const ask = await toDestination(ada, "ETH", "0.1", []);
    const refused = await ada.press(ask, savedButtons(ask)[0]!.data, "no longer accepted");
    expect(refused.plain).toContain(refusedAddress);
    expect(refused.plain).toContain("/addresses");
    await ada.send(ETH, "refund address");
  });

  it("/addresses renames (refusing invisible characters), deletes, and turns saving off and on", async () => {
    const first = await ada.toConfirmationCard();
    await confirm(ada, first.card);

    const list = await ada.send("/addresses", "Your saved addresses");
    expect(list.plain).toContain(ETH);
    expect(list.plain).toContain(BTC);
    expect(list.plain).toContain("Saving is on");
    const askName = await ada.press(list, ada.button(list, "Rename 1"), "Send a new name");
    await ada.send("My\u200bWallet", "invisible");
    await ada.send("x".repeat(33), "1 to 32 characters");
    const renamed = await ada.send("My <Ledger>", "Your saved addresses");
    expect(renamed.plain).toContain("My <Ledger>");
    expect(renamed.text).toContain("My &lt;Ledger&gt;");
    expect(askName.plain).toContain(`…${ETH.slice(-6)}`);

    // The name is what the flow's button shows.
    const ask = await toDestination(ada, "ETH", "0.1", []);
    expect(savedButtons(ask).map((b) => b.text)).toEqual(["My <Ledger> · used once"]);
    await ada.send("/cancel", "cancelled");

    // Delete the refund address (the second one).
    const current = await ada.send("/addresses", "Your saved addresses");
    const afterDelete = await ada.pressAndEdit(current, ada.button(current, "Delete 2"), /^(?![\s\S]*bc1)/);
    expect(afterDelete.plain).not.toContain(BTC);
    expect(afterDelete.plain).toContain(ETH);

    // Saving off: a new exchange with new addresses saves nothing; those saved stay.
    const off = await ada.pressAndEdit(afterDelete, ada.button(afterDelete, "Stop saving"), "Saving is off");
    expect(off.plain).toContain("stay until you delete them");
    const other = "0x" + "cd".repeat(20);
    await toDestination(ada, "ETH", "0.1", []);
    await ada.send(other, "refund address");
    const card = await ada.send(BTC, "Check your exchange");
    await confirm(ada, card);
    const book = await h.app.store.kv<AddressBook>(ADDRESS_BOOKS).get(String(ada.user.id));
    expect(book!.items.map((s) => s.address)).toEqual([ETH]);
    expect(book!.items[0]!.uses).toBe(1);

    const on = await ada.pressAndEdit(off, ada.button(off, "Save addresses again"), "Saving is on");
    expect(on.plain).toContain(ETH);
  });

  it("never gives an id twice: after /forget, a button of an old /addresses message acts on nothing", async () => {
    const first = await ada.toConfirmationCard();
    await confirm(ada, first.card);
    const old = await ada.send("/addresses", "Your saved addresses");
    const forget = await ada.send("/forget", "Delete your data?");
    await ada.pressAndEdit(forget, ada.button(forget, "Delete my data"), "your data is deleted");

    // The same two addresses are saved again, under new ids.
    const again = await ada.toConfirmationCard();
    await confirm(ada, again.card);
    const saved = async () => (await h.app.store.kv<AddressBook>(ADDRESS_BOOKS).get(String(ada.user.id)))!.items;
    expect((await saved()).map((s) => [s.id, s.address])).toEqual([
      [3, ETH],
      [4, BTC],
    ]);

    // Delete 1 and Rename 2 from before /forget: neither touches the new ones.
    const since = ada.mark();
    ada.user.pressButton(old, ada.button(old, "Delete 1"));
    await h.emulator.waitFor(() =>
      h.emulator.callsOf("answerCallbackQuery").some((c) => c.params.text === "That saved address is no longer in your list."),
    );
    await ada.press(old, ada.button(old, "Rename 2"), "no longer in your list");
    expect((await saved()).map((s) => [s.id, s.address, s.name])).toEqual([
      [3, ETH, undefined],
      [4, BTC, undefined],
    ]);
    expect(ada.user.chat.messagesFrom(since).some((m) => m.plain.includes("Send a new name"))).toBe(false);
  });

  it("fits a full book of the longest entries in one /addresses message, in Russian too", async () => {
    const olga = new ChatDriver(h, h.emulator.user({ id: 4103, first_name: "Оля", language_code: "ru" }));
    const at = new Date().toISOString();
    const items = Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      coin: "USDT" + "X".repeat(16),
      network: "N".repeat(60),
      address: "addr1" + "q".repeat(250),
      tag: "7".repeat(100),
      name: "Ж&".repeat(16),
      uses: 999_999,
      savedAt: at,
      lastUsedAt: at,
    }));
    await h.app.store.kv<AddressBook>(ADDRESS_BOOKS).set(String(olga.user.id), { nextId: 21, items });
    const list = await olga.send("/addresses", "Ваши сохранённые адреса");
    expect(list.plain.length).toBeLessThanOrEqual(4096);
    expect(list.plain).toContain("20. ");
    expect(list.buttons()).toHaveLength(41);
  });

  it("refuses to list saved addresses in a group", async () => {
    const first = await ada.toConfirmationCard();
    await confirm(ada, first.card);
    const group = h.emulator.group({ id: -4100, title: "Friends" });
    const since = ada.mark();
    ada.user.sendText("/addresses", { chat: group });
    await h.emulator.waitFor(() => group.chat.messages().find((m) => m.plain.includes("only in a private chat")));
    expect(
      group.chat
        .messages()
        .map((m) => m.plain)
        .join("\n"),
    ).not.toMatch(/0x|bc1/);
    expect(ada.mark()).toBe(since);
  });
});
