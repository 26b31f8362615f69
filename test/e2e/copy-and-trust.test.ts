/**
 * One-tap copy and trust (issue 24, points 1 and 6), end to end: the real bot against the sandbox
 * exchange and the Bot API emulator. The deposit instructions carry copy buttons with the exact
 * texts; /help and the instructions say what support never does and who it is; a payout's
 * transaction id links to its explorer, configured or by default, with the id encoded.
 */
import { afterEach, describe, expect, it } from "vitest";
import { GrammyError } from "grammy";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { exchangeInChatToSuccess, type TestUser } from "./fixtures.js";
import { storedExchange } from "./stored.js";

const TRUST = "Support never writes to you first and never asks for funds, private keys or seed phrases";

type BotMessage = NonNullable<ReturnType<TestUser["chat"]["last"]>>;

/** The URLs a message links to (its text_link entities). */
function links(message: BotMessage): string[] {
  return message.entities.flatMap((e) => (e.type === "text_link" ? [e.url] : []));
}

describe("one-tap copy and trust, end to end", () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  async function start(env: Record<string, string> = {}): Promise<{ user: TestUser; chat: ChatDriver }> {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000", ...env } });
    const user = h.emulator.user({ id: 2401, first_name: "Ada", language_code: "en" });
    return { user, chat: new ChatDriver(h, user) };
  }

  it("gives the amount, the id, the address and the tag each a copy button with the exact text, and says who support is", async () => {
    const { user, chat } = await start({ SUPPORT_CONTACT: "@swap_help" });
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:XRP", "Which coin do you want to get?");
    const askAmount = await chat.press(pickTo, "x:c:ETH", "How much XRP do you send?");
    const quote = await chat.send("25.5", "You get:");
    expect(askAmount.plain).toContain("XRP");
    await chat.press(quote, "x:next", "address that will receive");
    await chat.send(SAMPLE_ADDRESSES.ETH!, "refund address");
    await chat.send(SAMPLE_ADDRESSES.XRP!, "Send the Destination tag");
    const card = await chat.send("12345", "Check your exchange");
    const since = chat.mark();
    user.pressButton(card, "x:c:confirm");
    const live = await chat.waitNew("I will tell you about every status change", since);
    const order = h.sandbox.orders.list()[0]!;
    expect(order.depositTag).not.toBe("");
    const after = user.chat.messages().slice(since);

    const intro = after.find((m) => m.plain.includes("Exchange created"))!;
    expect(user.pressCopyButton(intro, "📋 Copy amount")).toBe("25.5");
    expect(user.pressCopyButton(intro, "📋 Copy exchange ID")).toBe(order.id);
    // The trust sentence comes before the address, with the operator's contact.
    expect(intro.plain).toContain(TRUST);
    expect(intro.plain).toContain("Our support: @swap_help.");

    const address = after.find((m) => m.plain === order.depositAddress)!;
    // Still copyable by a long press where a client shows no buttons.
    expect(address.text).toBe(`<code>${order.depositAddress}</code>`);
    expect(user.pressCopyButton(address, "📋 Copy address")).toBe(order.depositAddress);

    const tag = after.find((m) => m.plain.includes("MUST include this Destination tag"))!;
    expect(user.pressCopyButton(tag, "📋 Copy Destination tag")).toBe(order.depositTag);

    // The live card shows the address while the deposit is awaited, so it can copy it too.
    expect(user.pressCopyButton(live, "📋 Copy address")).toBe(order.depositAddress);
    expect(user.pressCopyButton(live, "📋 Copy Tag")).toBe(order.depositTag);
    expect(live.buttons().some((b) => b.callback_data === `st:${order.id}`)).toBe(true);
    // A copy button tells the bot nothing (Telegram sends no update for it).
    expect(h.emulator.pendingUpdates()).toBe(0);
    expect(() => user.pressCopyButton(live, "📋 Copy amount")).toThrow(/no copy button/);

    // Once paid, the card has nothing to pay into: no copy buttons any more.
    h.sandbox.orders.deposit(order.id);
    await h.app.poller.runCycle({ all: true });
    await h.app.delivery.idle();
    const paid = user.chat.byId(live.message_id)!;
    expect(paid.plain).toContain("Deposit received");
    expect(paid.buttons().filter((b) => b.copy_text !== undefined)).toEqual([]);
  });

  it("says in /help that support never writes first, with the contact or without one", async () => {
    const { chat } = await start({ SUPPORT_CONTACT: "@swap_help" });
    const help = await chat.send("/help", "How an exchange works");
    expect(help.plain).toContain(TRUST);
    expect(help.plain).toContain("Our support: @swap_help.");
    await h.close();

    const bare = await start();
    const plain = await bare.chat.send("/help", "How an exchange works");
    expect(plain.plain).toContain(TRUST);
    expect(plain.plain).toContain("Reach support only through this bot.");
  });

  it("refuses a copy_text over 256 characters or empty, as Telegram does, and takes 256", async () => {
    const { user } = await start();
    user.sendText("/start");
    await h.emulator.waitFor(() => user.chat.last());
    const send = (text: string) =>
      h.app.bot.api.sendMessage(user.id, "copy", { reply_markup: { inline_keyboard: [[{ text: "Copy", copy_text: { text } }]] } });
    for (const bad of ["x".repeat(257), ""]) {
      const err = await send(bad).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(GrammyError);
      expect((err as GrammyError).error_code).toBe(400);
      expect((err as GrammyError).description).toContain("BUTTON_COPY_TEXT_INVALID");
    }
    const good = "x".repeat(256);
    const sent = await send(good);
    expect(user.pressCopyButton(sent.message_id, "Copy")).toBe(good);
  });

  it("links the payout transaction to the configured explorer, on the card and in the success notice", async () => {
    const { user } = await start({ EXPLORER_URLS: "ETH=https://explorer.example/eth/tx/{tx}" });
    const { order: created, card } = await exchangeInChatToSuccess(h, user);
    const order = h.sandbox.orders.get(created.id)!;
    expect(order.txId).toMatch(/^[0-9a-f]{64}$/);
    const url = `https://explorer.example/eth/tx/${order.txId}`;
    const final = user.chat.byId(card.message_id)!;
    expect(final.plain).toContain(`TxID: ${order.txId}`);
    expect(links(final)).toEqual([url]);
    const notice = user.chat.last()!;
    expect(notice.plain).toContain("is complete");
    expect(links(notice)).toEqual([url]);
  });

  it("links to the default explorer of the network without EXPLORER_URLS, and encodes an odd transaction id", async () => {
    const { user, chat } = await start();
    const { order: created, card } = await exchangeInChatToSuccess(h, user);
    const order = h.sandbox.orders.get(created.id)!;
    expect(links(user.chat.byId(card.message_id)!)).toEqual([`https://etherscan.io/tx/${order.txId}`]);

    // A service's id with characters that would break out of the URL or the HTML: encoded, escaped.
    const odd = `0xab cd/../?q=1&x="<b>"#frag`;
    h.sandbox.orders.setTxId(order.id, odd);
    const shown = await chat.send(`/status ${order.id}`, "Completed");
    expect(shown.plain).toContain(`TxID: ${odd}`);
    expect(links(shown)).toEqual([`https://etherscan.io/tx/${encodeURIComponent(odd)}`]);
    expect(links(shown)[0]).toBe("https://etherscan.io/tx/0xab%20cd%2F..%2F%3Fq%3D1%26x%3D%22%3Cb%3E%22%23frag");
    expect((await storedExchange(h.app, order.id)).txId).toBe(odd);
  });

  it("shows a transaction id too long to be a hash without a link", async () => {
    const { user, chat } = await start();
    const { order } = await exchangeInChatToSuccess(h, user);
    const long = "f".repeat(300);
    h.sandbox.orders.setTxId(order.id, long);
    const shown = await chat.send(`/status ${order.id}`, "Completed");
    expect(shown.plain).toContain(long);
    expect(links(shown)).toEqual([]);
  });
});
