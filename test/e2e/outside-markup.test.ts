/**
 * Outside text with markup in it, through a whole exchange (issue 36 point 2): a person's name, a
 * search, a service's refusal, a TON comment and a saved address's name all hold `<a href>`, `<b>`
 * and `&`. Telegram (here the Bot API emulator, which parses HTML as strictly) must accept every
 * message, and each shows the text literally: escaped once, never turned into a link or bold, never
 * escaped twice (`&amp;lt;` would show as "&lt;").
 *
 * Coin labels cannot carry markup any more: the catalog refuses a network or tag name holding
 * `< > &` when it is read (test/partner/catalog.test.ts); the translator escapes them all the same.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";

/** A name that would be a link if it were not escaped, with an ampersand that Telegram refuses bare. */
const NAME = '<a href="https://evil.example">Ann & Bob</a>';
const SEARCH = "<i>&x";
const REFUSAL = '<b>Amount & rate</b> <a href="https://evil.example">refused</a>';
/** A TON comment: text, no whitespace, within 120 bytes. */
const COMMENT = "<b>A&B</b>";
const ADDRESS_NAME = "<u>Cold</u>&co";

describe("outside text with markup, through a whole exchange", () => {
  let h: Harness;
  let chat: ChatDriver;
  beforeEach(async () => {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000" } });
    chat = new ChatDriver(h, h.emulator.user({ id: 3601, first_name: NAME, language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  it("is shown literally in every message, and Telegram accepts each one", async () => {
    const greeting = await chat.send("/start", "Hi,");
    expect(greeting.plain).toContain(`Hi, ${NAME}!`);

    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const none = await chat.send(SEARCH, "No coin matches");
    expect(none.plain).toContain(`No coin matches “${SEARCH}”`);

    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:TON", "How much BTC do you send?");
    h.sandbox.faults.inject({ kind: "rejected", message: REFUSAL, endpoint: "rate", times: 1 });
    const refused = await chat.send("0.01", "The exchange service refused this");
    expect(refused.plain).toContain(`refused this: ${REFUSAL}`);

    const quote = await chat.send("0.01", "You get:");
    await chat.press(quote, "x:next", "address that will receive");
    const askComment = await chat.send(SAMPLE_ADDRESSES.TON!, "Comment");
    await chat.send(COMMENT, "refund address");
    // Read back in the question it answered.
    expect(chat.user.chat.byId(askComment.message_id)!.plain).toContain(`✅ Comment: ${COMMENT}`);
    const card = await chat.send(SAMPLE_ADDRESSES.BTC!, "Check your exchange");
    expect(card.plain).toContain(`Comment: ${COMMENT}`);
    await chat.press(card, "x:c:confirm", "I will tell you about every status change");
    expect(h.sandbox.orders.list()).toEqual([expect.objectContaining({ to: "TON", destinationTag: COMMENT })]);

    // The saved address's name: in the list, and as the flow's button (plain text, as typed).
    const list = await chat.send("/addresses", "Your saved addresses");
    await chat.press(list, chat.button(list, "Rename 1"), "Send a new name");
    const renamed = await chat.send(ADDRESS_NAME, "Your saved addresses");
    expect(renamed.plain).toContain(ADDRESS_NAME);
    const again = await chat.send("/exchange", "Which coin do you send?");
    const pickToAgain = await chat.press(again, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickToAgain, "x:c:TON", "How much BTC do you send?");
    const quoteAgain = await chat.send("0.01", "You get:");
    const ask = await chat.press(quoteAgain, "x:next", "address that will receive");
    expect(ask.buttons().map((b) => b.text)).toContain(`${ADDRESS_NAME} · used once`);

    const messages = chat.user.chat.messages().filter((m) => m.from_bot);
    // Every text the bot sent or edited was accepted: a refused one never reaches the chat.
    const refusedCalls = h.emulator.calls.filter((c) => !c.ok && /sendMessage|editMessageText|sendPhoto/.test(c.method));
    expect(refusedCalls.map((c) => c.error?.description)).toEqual([]);
    for (const m of messages) {
      // Nothing from outside became a link, bold or underlined text.
      expect(m.entities.filter((e) => e.type === "text_link" || e.type === "underline" || e.type === "italic")).toEqual([]);
      expect(m.plain).not.toMatch(/&(amp|lt|gt|quot);/);
    }
    expect(messages.some((m) => m.plain.includes('href="https://evil.example"'))).toBe(true);
  });
});
