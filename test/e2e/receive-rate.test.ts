/** "btc =100 usdt" in /rate, inline mode and /help (issue 22, capability `receive`). */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { askInline, type TestUser } from "./fixtures.js";

describe("rate questions to receive an exact amount", () => {
  let h: Harness;
  let user: TestUser;
  let chat: ChatDriver;
  async function start(env: Record<string, string>): Promise<void> {
    h = await startHarness({ env });
    user = h.emulator.user({ id: 4201, first_name: "Ivy", language_code: "en" });
    chat = new ChatDriver(h, user);
  }
  afterEach(async () => {
    await h.close();
  });

  it("answers with what to send, in /rate and inline alike, and /help explains the form", async () => {
    await start({ PARTNER_FEATURES: "receive" });
    const reply = await chat.send("/rate btc =2 eth", "You get exactly: 2 ETH");
    expect(reply.plain).toMatch(/You send: [\d.]+ BTC/);
    const paid = h.sandbox.requests.list().filter((r) => r.endpoint === "payment/rate");
    expect(paid.at(-1)!.params).toMatchObject({ from: "BTC", to: "ETH", amountTo: "2" });
    // The button opens the pair; the amount to receive is typed in the flow.
    expect(reply.buttons()[0]!.url).toMatch(/start=x_BTC_ETH$/);

    const { articles } = await askInline(h, user, "btc = 2 eth");
    expect(articles[0]!.title).toMatch(/^[\d.]+ BTC → exactly 2 ETH$/);
    expect(articles[0]!.input_message_content.message_text).toBe(reply.text);

    // Limits of the coin sent, in that coin.
    await chat.send("/rate btc =5000 eth", "The maximum is 50 BTC");
    const help = await chat.send("/help", "How an exchange works");
    expect(help.plain).toContain("btc =100 usdt");
  });

  it("without the capability the form is not special, and /help does not mention it", async () => {
    await start({});
    const reply = await chat.send("/rate btc =2 eth", /./);
    expect(reply.plain).not.toContain("exactly");
    expect(h.sandbox.requests.count("payment/rate")).toBe(0);
    const help = await chat.send("/help", "How an exchange works");
    expect(help.plain).not.toContain("btc =100 usdt");
  });
});
