import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { answerRateQuery, exchangeLink, FROM_ONLY_TARGETS, type RateAnswerEnv } from "../../../src/bot/ui/rate-answer.js";
import { createI18n, translatorOf, type SupportedLocale, type Translator } from "../../../src/messages/i18n.js";
import { createCatalog, type Catalog } from "../../../src/partner/catalog.js";
import { createPartnerClient } from "../../../src/partner/client.js";
import { createQuoteCache } from "../../../src/partner/quote-cache.js";
import { startSandbox, type SandboxServer } from "../../../src/devtools/sandbox/server.js";

let translate: Translator;
beforeAll(() => {
  translate = translatorOf(createI18n());
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setup(
  locale: SupportedLocale = "en",
  quoteDeadlineMs?: number,
): Promise<{ sandbox: SandboxServer; env: RateAnswerEnv & { catalog: Catalog } }> {
  const sandbox = await startSandbox();
  cleanups.push(() => sandbox.close());
  const client = createPartnerClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, retries: 0 });
  cleanups.push(() => client.close());
  const catalog = createCatalog(client);
  cleanups.push(() => catalog.whenIdle());
  const env: RateAnswerEnv & { catalog: Catalog } = {
    catalog,
    quotes: createQuoteCache(client),
    t: (key, vars) => translate(locale, key, vars),
    ...(quoteDeadlineMs === undefined ? {} : { quoteDeadlineMs }),
  };
  return { sandbox, env };
}

describe("answerRateQuery", () => {
  it("quotes an amount of one coin in another, with the fee, in any word order", async () => {
    const { env } = await setup();
    for (const q of ["0.1 btc eth", "btc eth 0.1", "0.1 btc to eth", "0.1BTC → ETH"]) {
      const a = await answerRateQuery(q, env);
      expect(a.kind, q).toBe("quote");
      expect(a.items).toHaveLength(1);
      const item = a.items[0]!;
      // 0.1 × 65 000 / 3 200 × 0.995 (spread) − 0.0005 (fee) = 2.02059375.
      expect(item.title).toBe("0.1 BTC → ≈ 2.02059375 ETH");
      expect(item.description).toContain("0.0005 ETH");
      expect(item.html).toContain("You send: <b>0.1 BTC</b>");
      expect(item.html).toContain("≈ 2.02059375 ETH");
      expect(item.exchange).toEqual({ from: "BTC", to: "ETH", amount: "0.1" });
    }
  });

  it("quotes two coins without an amount at the minimum of the first", async () => {
    const { env } = await setup();
    const a = await answerRateQuery("btc eth", env);
    expect(a.kind).toBe("pair");
    expect(a.items[0]!.exchange).toEqual({ from: "BTC", to: "ETH", amount: "0.0005" });
  });

  it("shows a few popular targets for an amount of one coin", async () => {
    const { env } = await setup();
    const a = await answerRateQuery("100 usdttrc20", env);
    expect(a.kind).toBe("from-amount");
    expect(a.items.map((i) => i.exchange?.to)).toEqual(["BTC", "ETH", "USDTERC20", "USDTBSC", "USDC", "BNB"]);
    // Coins are named by ticker and network; the exchange payload keeps the service's codes.
    expect(a.heading).toContain("100 USDT · TRC20");
    expect(a.items.map((i) => i.title.replace(/^.* ≈ [\d\s\u202f.,]+ /, ""))).toEqual([
      "BTC",
      "ETH",
      "USDT · ERC20",
      "USDT · BEP20",
      "USDC · ERC20",
      "BNB · BEP2",
    ]);
    expect(a.items[2]!.labels).toEqual({ from: "USDT · TRC20", to: "USDT · ERC20" });
    expect(new Set(a.items.map((i) => i.id)).size).toBe(a.items.length);
  });

  it("lists what one coin pairs with, at its minimum, capped", async () => {
    const { sandbox, env } = await setup();
    const a = await answerRateQuery("btc", env);
    expect(a.kind).toBe("from-only");
    expect(a.items).toHaveLength(FROM_ONLY_TARGETS);
    expect(a.items.every((i) => i.exchange?.from === "BTC" && i.exchange.amount === "0.0005")).toBe(true);
    expect(sandbox.requests.count("rate")).toBe(FROM_ONLY_TARGETS);
    // XMR pairs with only four coins.
    expect((await answerRateQuery("xmr", env)).items.map((i) => i.exchange?.to)).toEqual(["BTC", "ETH", "USDTTRC20", "LTC"]);
  });

  it("explains the syntax for an empty or malformed query", async () => {
    const { env } = await setup();
    const empty = await answerRateQuery("   ", env);
    expect(empty.kind).toBe("empty");
    expect(empty.items).toHaveLength(1);
    expect(empty.items[0]!.html).toContain("<code>0.1 btc eth</code>");
    const bad = await answerRateQuery("0.1 btc eth 5", env);
    expect(bad.kind).toBe("invalid");
    expect(bad.items[0]!.description).toContain("more than one amount");
    expect(bad.items[0]!.html).toContain("<code>0.1 btc eth</code>");
  });

  it("suggests close tickers for an unknown coin, escaping what was typed", async () => {
    const { env } = await setup();
    const a = await answerRateQuery("0.1 bct eth", env);
    expect(a.kind).toBe("unknown-coin");
    expect(a.items[0]!.title).toBe("Unknown coin “bct”");
    expect(a.items[0]!.description).toContain("BTC");
    const usdt = await answerRateQuery("100 usdt", env);
    expect(usdt.items[0]!.description).toContain("USDTBSC, USDTERC20, USDTTRC20");
    const evil = await answerRateQuery("0.1 <b>&x eth", env);
    expect(evil.items[0]!.title).toContain("<b>&x");
    expect(evil.items[0]!.html).toContain("&lt;b&gt;&amp;x");
    expect(evil.items[0]!.html).not.toContain("<b>&x");
  });

  it("says so when a pair does not exist, and which targets do", async () => {
    const { sandbox, env } = await setup();
    const a = await answerRateQuery("1 xmr sol", env);
    expect(a.kind).toBe("no-pair");
    expect(a.items[0]!.title).toBe("XMR → SOL is not available");
    expect(a.items[0]!.description).toContain("BTC, ETH, USDT · TRC20, LTC");
    expect(sandbox.requests.count("rate")).toBe(0);
  });

  it("gives the minimum instead of asking the service for an amount below it", async () => {
    const { sandbox, env } = await setup();
    const a = await answerRateQuery("0.0001 btc eth", env);
    expect(a.kind).toBe("below-min");
    expect(a.items[0]!.title).toBe("The minimum is 0.0005 BTC");
    expect(a.items[0]!.exchange).toEqual({ from: "BTC", to: "ETH" });
    expect(sandbox.requests.count("rate")).toBe(0);
  });

  it("gives the maximum instead of asking the service for an amount above it, however the list is asked", async () => {
    const { sandbox, env } = await setup("ru");
    const big = await answerRateQuery("100 btc eth", env);
    expect(big.kind).toBe("above-max");
    expect(big.items[0]!.title).toBe("Максимальная сумма — 50 BTC");
    expect(big.items[0]!.description).toBe("Укажите не больше 50 BTC, чтобы увидеть курс.");
    expect(big.items[0]!.exchange).toEqual({ from: "BTC", to: "ETH" });
    expect((await answerRateQuery("1000.5 btc", env)).kind).toBe("above-max");
    expect(sandbox.requests.count("rate")).toBe(0);
    // The maximum itself is fine.
    expect((await answerRateQuery("50 btc eth", env)).kind).toBe("quote");
  });

  it("holds the maximum a service sends with its rate even when the service quotes above it", async () => {
    const { env } = await setup();
    // The catalog names no maximum (as the older interface); the rate answer does.
    const index = await env.catalog.index();
    const btc = index.get("BTC")!;
    delete btc.maxAmount;
    // A service that quotes any amount (asked here for 1 BTC, which it takes) and sends its maximum.
    const quotes = createQuoteCache({ rate: async (from, to) => ({ ...(await env.quotes.rate(from, to, "1")), maxAmount: "12" }) });
    for (const q of ["1000.5 btc eth", "1000.5 btc"]) {
      const a = await answerRateQuery(q, { ...env, quotes });
      expect(a.kind, q).toBe("above-max");
      expect(a.items[0]!.title).toBe("The maximum is 12 BTC");
    }
  });

  it("passes on a refusal and reports an outage without throwing", async () => {
    const { sandbox, env } = await setup();
    sandbox.faults.inject({ endpoint: "rate", kind: "rejected", message: "pair temporarily disabled", times: 1 });
    const refused = await answerRateQuery("1 btc eth", env);
    expect(refused.kind).toBe("rejected");
    expect(refused.items[0]!.description).toBe("pair temporarily disabled");
    sandbox.faults.down();
    const down = await answerRateQuery("0.2 btc eth", env);
    expect(down.kind).toBe("unavailable");
  });

  it("leaves out a quote slower than the deadline", async () => {
    const { sandbox, env } = await setup("en", 50);
    await env.catalog.refresh();
    sandbox.setLatency(300);
    const a = await answerRateQuery("0.1 btc eth", env);
    expect(a.kind).toBe("unavailable");
  });

  it("reads the catalog through its shared index, once per answer", async () => {
    const { env } = await setup();
    let reads = 0;
    const counted: RateAnswerEnv = { ...env, catalog: { index: () => (reads++, env.catalog.index()) } };
    expect((await answerRateQuery("0.1 btc eth", counted)).kind).toBe("quote");
    expect((await answerRateQuery("ltc", counted)).kind).toBe("from-only");
    expect(reads).toBe(2);
  });

  it("answers in the asker's language", async () => {
    const { env } = await setup("ru");
    const a = await answerRateQuery("1 xmr sol", env);
    expect(a.items[0]!.title).toBe("Обмен XMR → SOL недоступен");
    const q = await answerRateQuery("0.1 btc eth", env);
    expect(q.items[0]!.html).toContain("≈ 2.02059375 ETH");
  });
});

describe("exchangeLink", () => {
  it("links to the bot with the payload, and drops an amount too long to carry", () => {
    expect(exchangeLink("swap_bot", { from: "BTC", to: "ETH", amount: "0.1" })).toBe("https://t.me/swap_bot?start=x_BTC_ETH_0d1");
    const long = { from: "A".repeat(20), to: "B".repeat(20), amount: "123456789012345.123456789012345678" };
    expect(exchangeLink("swap_bot", long)).toBe(`https://t.me/swap_bot?start=x_${long.from}_${long.to}`);
  });
});
