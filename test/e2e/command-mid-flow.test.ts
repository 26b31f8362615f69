/**
 * A command typed in the middle of an exchange (issue 23): /help at the refund-address step used
 * to end the flow without a word, and the address typed next got "I did not understand that".
 * Now the command is answered, the person is told the exchange is still open, and the next answer
 * goes to the question on screen. /start and /exchange still leave the flow.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";

describe("a command in the middle of the exchange flow", () => {
  let h: Harness;
  let chat: ChatDriver;

  beforeEach(async () => {
    h = await startHarness();
    chat = new ChatDriver(h, h.emulator.user({ id: 2303, first_name: "Cy", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  async function toRefund(): Promise<void> {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    const quote = await chat.send("0.1", "You get:");
    await chat.press(quote, "x:next", "address that will receive");
    await chat.send(SAMPLE_ADDRESSES.ETH!, "refund address");
  }

  it("answers /help at the refund-address step, says the exchange is open, and takes the address typed next", async () => {
    await toRefund();
    const since = chat.mark();
    await chat.send("/help", "still open");
    expect(chat.user.chat.messagesFrom(since).map((m) => m.plain)).toEqual([
      expect.stringContaining("How an exchange works"),
      expect.stringContaining("Your exchange is still open"),
    ]);
    const card = await chat.send(SAMPLE_ADDRESSES.BTC!, "Check your exchange");
    expect(card.plain).toContain(SAMPLE_ADDRESSES.BTC!);
  });

  it("keeps the flow through /rate and an unknown command, and its buttons still work", async () => {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.send("/rate 0.1 btc eth", "still open");
    await chat.send("/nosuchcommand", "still open");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
  });

  it("leaves the flow on /exchange (a new one starts) and on /start (the greeting)", async () => {
    await toRefund();
    await chat.send("/exchange", "Which coin do you send?");
    await chat.send("/start", "Hi, ");
    const since = chat.mark();
    await chat.send(SAMPLE_ADDRESSES.BTC!, "I did not understand that");
    expect(
      chat.user.chat
        .messagesFrom(since)
        .map((m) => m.plain)
        .join("\n"),
    ).not.toContain("still open");
  });
});
