import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { askInline, type TestUser } from "./fixtures.js";

/** The HTML message text of the first inline result for `query`. */
async function inlineText(h: Harness, user: TestUser, query: string): Promise<string> {
  const { articles } = await askInline(h, user, query);
  return articles[0]!.input_message_content.message_text;
}

describe("/rate end to end (real bot, emulator, sandbox)", () => {
  let h: Harness;
  let user: TestUser;
  let chat: ChatDriver;
  let username: string;
  beforeEach(async () => {
    h = await startHarness();
    user = h.emulator.user({ id: 4001, first_name: "Rae", language_code: "en" });
    chat = new ChatDriver(h, user);
    username = h.app.bot.botInfo.username;
  });
  afterEach(async () => {
    await h.close();
  });

  it("gives the same answer as inline mode, with the exchange button", async () => {
    for (const [command, query] of [
      ["/rate 0.1 btc eth", "0.1 btc eth"],
      ["/rate btc eth 0.1", "btc eth 0.1"],
      ["/rate", ""],
      ["/rate 100 usdt", "100 usdt"],
      ["/rate 1 xmr sol", "1 xmr sol"],
      ["/rate 0.1 btc 5 eth", "0.1 btc 5 eth"],
    ] as const) {
      const expected = await inlineText(h, user, query);
      const since = chat.mark();
      user.sendText(command);
      const reply = await chat.waitNew(/./, since);
      expect(reply.text, command).toBe(expected);
    }
    const quote = await chat.send("/rate 0.1 btc to eth", "You get:");
    expect(quote.buttons().map((b) => [b.text, b.url ?? b.callback_data])).toEqual([
      ["🔁 Exchange BTC → ETH", `https://t.me/${username}?start=x_BTC_ETH_0d1`],
      ["🔔 Alert me", "al:p:BTC:ETH"],
    ]);
  });

  it("lists several targets in one message, a button for each", async () => {
    const reply = await chat.send("/rate 100 usdttrc20", "100 USDT · TRC20 gets you:");
    expect(reply.plain).toMatch(/≈ [\d.\u202f]+ BTC\n≈ [\d.\u202f]+ ETH\n≈ [\d.\u202f]+ USDT · ERC20\n≈ [\d.\u202f]+ USDT · BEP20\n/);
    const buttons = reply.buttons();
    expect(buttons.map((b) => b.text)).toEqual(["→ BTC", "→ ETH", "→ USDT · ERC20", "→ USDT · BEP20", "→ USDC · ERC20", "→ BNB · BEP2"]);
    expect(buttons[0]!.url).toBe(`https://t.me/${username}?start=x_USDTTRC20_BTC_100`);
    const coinOnly = await chat.send("/rate xmr", "XMR at its minimum of 0.05 XMR gets you:");
    expect(coinOnly.buttons()).toHaveLength(4);
  });

  it("answers in Russian for a Russian-speaking user", async () => {
    const ru = new ChatDriver(h, h.emulator.user({ id: 4002, first_name: "Оля", language_code: "ru" }));
    const reply = await ru.send("/rate 0.1 btc xyz", "Неизвестная монета «xyz»");
    expect(reply.plain).toContain("Проверьте тикер");
  });
});
