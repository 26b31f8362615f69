import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodeExchangePayload } from "../../src/domain/deep-link.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { askInline, type TestUser } from "./fixtures.js";

/** The exchange button's URL of the first inline result for `query`. */
async function inlineButtonUrl(h: Harness, user: TestUser, query: string): Promise<string> {
  const { articles } = await askInline(h, user, query);
  const url = articles[0]?.reply_markup?.inline_keyboard.flat().find((b) => b.url)?.url;
  if (!url) throw new Error(`no URL button in the answer to "${query}"`);
  return url;
}

/** What a Telegram client does with a t.me link to a bot: the start payload it sends. */
function startPayloadOf(url: string, username: string): string {
  const parsed = new URL(url);
  expect(parsed.origin + parsed.pathname).toBe(`https://t.me/${username}`);
  const payload = parsed.searchParams.get("start");
  expect(payload).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  return payload!;
}

describe("exchange deep links end to end (real bot, emulator, sandbox)", () => {
  let h: Harness;
  let user: TestUser;
  let chat: ChatDriver;
  let username: string;
  beforeEach(async () => {
    h = await startHarness();
    user = h.emulator.user({ id: 5001, first_name: "Dee", language_code: "en" });
    chat = new ChatDriver(h, user);
    username = h.app.bot.botInfo.username;
  });
  afterEach(async () => {
    await h.close();
  });

  it("goes from an inline quote to the exchange at the destination-address step", async () => {
    const payload = startPayloadOf(await inlineButtonUrl(h, user, "0.1 btc eth"), username);
    expect(payload).toBe("x_BTC_ETH_0d1");
    const ask = await chat.send(`/start ${payload}`, "address that will receive");
    expect(ask.plain).toContain("Step 4 of 5");
    expect(ask.plain).toContain("Send the ETH address");
    // The person is really in the flow, with the prefilled pair and amount.
    await chat.send("0x0efb118d42d9d65eee4c9ec9b3c8d550a845de3e", "Send your BTC refund address");
  });

  it("lands at the amount step when the amount is below the minimum (a stale link)", async () => {
    const payload = encodeExchangePayload({ from: "BTC", to: "ETH", amount: "0.0001" })!;
    const ask = await chat.send(`/start ${payload}`, "How much BTC do you send?");
    expect(ask.plain).toContain("The minimum is 0.0005 BTC");
  });

  it("lands at the amount step from a link without an amount (the below-minimum inline answer)", async () => {
    const payload = startPayloadOf(await inlineButtonUrl(h, user, "0.0001 btc eth"), username);
    expect(payload).toBe("x_BTC_ETH");
    await chat.send(`/start ${payload}`, "How much BTC do you send?");
  });

  it("asks for the coin to get when the pair no longer exists", async () => {
    const ask = await chat.send("/start x_XMR_SOL_1", "Which coin do you want to get?");
    expect(ask.plain).toContain("You send XMR");
  });

  it("greets normally for a payload that is not an exchange link", async () => {
    await chat.send("/start x_BTC", "Hi, Dee!");
    await chat.send("/start x_BTC_BTC_1", "Hi, Dee!");
    await chat.send("/start something-else", "Hi, Dee!");
  });
});
