import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { askInline as ask, type Article, type TestUser } from "./fixtures.js";

function buttonUrls(article: Article): string[] {
  return (article.reply_markup?.inline_keyboard ?? []).flat().flatMap((b) => (b.url ? [b.url] : []));
}

describe("inline mode end to end (real bot, emulator, sandbox)", () => {
  let h: Harness;
  let user: TestUser;
  let username: string;
  beforeEach(async () => {
    h = await startHarness();
    user = h.emulator.user({ id: 3001, first_name: "Ina", language_code: "en" });
    username = h.app.bot.botInfo.username;
  });
  afterEach(async () => {
    await h.close();
  });

  it("quotes an amount in every word order, with a deep link into the prefilled exchange", async () => {
    for (const query of ["0.1 btc eth", "btc eth 0.1", "0.1 btc to eth"]) {
      const { answer, articles } = await ask(h, user, query);
      expect(answer.cache_time).toBe(10);
      expect(answer.is_personal).toBe(true);
      expect(articles).toHaveLength(1);
      const a = articles[0]!;
      expect(a.type).toBe("article");
      expect(a.title).toBe("0.1 BTC → ≈ 2.02059375 ETH");
      expect(a.description).toContain("Withdrawal fee ≈ 0.0005 ETH");
      expect(a.input_message_content.parse_mode).toBe("HTML");
      expect(a.input_message_content.message_text).toContain("You send: <b>0.1 BTC</b>");
      expect(a.input_message_content.message_text).toContain("The rate floats");
      expect(buttonUrls(a)).toEqual([`https://t.me/${username}?start=x_BTC_ETH_0d1`]);
    }
  });

  it("sends the chosen result into the chat as a message with the exchange button", async () => {
    const { articles } = await ask(h, user, "0.1 btc eth");
    user.chooseInlineResult(articles[0]!.id);
    const message = await h.emulator.waitFor(() => user.chat.last());
    expect(message.plain).toContain("You get: ≈ 2.02059375 ETH");
    expect(message.buttons().map((b) => b.url)).toEqual([`https://t.me/${username}?start=x_BTC_ETH_0d1`]);
  });

  it("quotes two coins without an amount at the minimum", async () => {
    const { articles } = await ask(h, user, "btc eth");
    expect(articles).toHaveLength(1);
    expect(articles[0]!.title).toMatch(/^0\.0005 BTC → ≈ [\d.]+ ETH$/);
    expect(buttonUrls(articles[0]!)).toEqual([`https://t.me/${username}?start=x_BTC_ETH_0d0005`]);
  });

  it("shows a few popular targets for an amount of one coin, each coin named by ticker and network", async () => {
    const { articles } = await ask(h, user, "100 usdttrc20");
    const targets = articles.map((a) => a.title.replace(/^.* ≈ [\d\s\u202f.,]+ /, ""));
    expect(targets).toEqual(["BTC", "ETH", "USDT · ERC20", "USDT · BEP20", "USDC · ERC20", "BNB · BEP2"]);
    expect(articles.every((a) => a.title.startsWith("100 USDT · TRC20 → ≈ "))).toBe(true);
    expect(articles[3]!.input_message_content.message_text).toMatch(
      /You send: <b>100 USDT · TRC20<\/b>\nYou get: <b>≈ [\d.\u202f]+ USDT · BEP20/,
    );
    expect(articles[3]!.reply_markup?.inline_keyboard[0]![0]!.text).toBe("🔁 Exchange USDT · TRC20 → USDT · BEP20");
    expect(articles.map((a) => `${a.title} ${a.input_message_content.message_text}`).join("\n")).not.toMatch(/USDT(TRC20|ERC20|BSC)/);
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length);
  });

  it("lists what one coin pairs with, at its minimum", async () => {
    const { articles } = await ask(h, user, "xmr");
    // XMR pairs with only four coins in the sandbox.
    expect(articles.map((a) => a.title.replace(/^.* ≈ [\d\s\u202f.,]+ /, ""))).toEqual(["BTC", "ETH", "USDT · TRC20", "LTC"]);
    expect(articles.every((a) => a.title.startsWith("0.05 XMR → ≈ "))).toBe(true);
    const { articles: btc } = await ask(h, user, "btc");
    expect(btc).toHaveLength(10);
  });

  it("explains the syntax for an empty or malformed query, in one result", async () => {
    const empty = await ask(h, user, "");
    expect(empty.articles).toHaveLength(1);
    expect(empty.articles[0]!.title).toBe("Type an amount and two coins");
    expect(empty.articles[0]!.input_message_content.message_text).toContain("<code>0.1 btc eth</code>");
    const bad = await ask(h, user, "btc 0.1 eth");
    expect(bad.articles).toHaveLength(1);
    expect(bad.articles[0]!.title).toBe("I could not read that");
    expect(bad.articles[0]!.description).toContain("first or last");
  });

  it("suggests close tickers for an unknown coin, and escapes what was typed", async () => {
    const { articles } = await ask(h, user, "100 usdt");
    expect(articles).toHaveLength(1);
    expect(articles[0]!.title).toBe("Unknown coin “usdt”");
    expect(articles[0]!.description).toBe("Did you mean USDTBSC, USDTERC20, USDTTRC20?");
    const evil = await ask(h, user, "1 <i>&x eth");
    expect(evil.articles[0]!.input_message_content.message_text).toContain("“&lt;i&gt;&amp;x”");
    // The message must be valid HTML: choosing it must not fail at the emulator.
    user.chooseInlineResult(evil.articles[0]!.id);
    const message = await h.emulator.waitFor(() => user.chat.last());
    expect(message.plain).toContain("Unknown coin “<i>&x”");
  });

  it("says so when a pair does not exist, without asking for a rate", async () => {
    const { articles } = await ask(h, user, "1 xmr sol");
    expect(articles).toHaveLength(1);
    expect(articles[0]!.title).toBe("XMR → SOL is not available");
    expect(articles[0]!.description).toBe("XMR can be exchanged for: BTC, ETH, USDT · TRC20, LTC");
    expect(h.sandbox.requests.count("rate")).toBe(0);
  });

  it("answers in the asker's language", async () => {
    const ru = h.emulator.user({ id: 3002, first_name: "Иван", language_code: "ru" });
    const { answer, articles } = await ask(h, ru, "1 xmr sol");
    expect(answer.is_personal).toBe(true);
    expect(articles[0]!.title).toBe("Обмен XMR → SOL недоступен");
    const quote = await ask(h, ru, "0.1 btc eth");
    expect(quote.articles[0]!.input_message_content.message_text).toContain("≈ 2.02059375 ETH");
    expect(quote.articles[0]!.reply_markup?.inline_keyboard[0]![0]!.text).toBe("🔁 Обменять BTC → ETH");
  });

  it("reuses a quote for a few seconds and shares one request between concurrent askers", async () => {
    const users = Array.from({ length: 5 }, (_, i) => h.emulator.user({ id: 3100 + i, first_name: `U${i}`, language_code: "en" }));
    await ask(h, user, ""); // loads the catalog first, so only rates are counted below
    const answers = await Promise.all(users.map((u) => ask(h, u, "0.3 btc eth")));
    expect(answers.every((a) => a.articles[0]!.title.startsWith("0.3 BTC → ≈ "))).toBe(true);
    expect(h.sandbox.requests.count("rate")).toBe(1);
    await ask(h, user, "btc eth 0.30");
    expect(h.sandbox.requests.count("rate")).toBe(1);
    await ask(h, user, "0.4 btc eth");
    expect(h.sandbox.requests.count("rate")).toBe(2);
  });

  it("reports an outage of the exchange service as one result instead of failing", async () => {
    await ask(h, user, ""); // the catalog stays cached through the outage
    h.sandbox.faults.down();
    const { articles } = await ask(h, user, "0.1 btc eth");
    expect(articles).toHaveLength(1);
    expect(articles[0]!.title).toBe("Quotes are unavailable right now");
  });
});
