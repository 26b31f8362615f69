/**
 * Inline mode and /rate on the large sandbox catalog (about 900 coins, 800,000 pairs, an 8.6 MB
 * `pairs` answer): right answers, and quick ones once the catalog is loaded, because every answer
 * reads the shared catalog index instead of copying the catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { askInline, type TestUser } from "./fixtures.js";
import type { SandboxCoin } from "../../src/devtools/sandbox/server.js";

/** A generous bound for one answer after the catalog is loaded (answers take a few ms here). */
const ANSWER_MS = 1_000;

describe("rates on the large catalog (real bot, emulator, sandbox)", () => {
  let h: Harness;
  let user: TestUser;
  let chat: ChatDriver;
  /** A generated token beyond the small catalog, and one that needs a tag. */
  let token: SandboxCoin;
  let tagged: SandboxCoin;

  beforeAll(async () => {
    h = await startHarness({ sandbox: { catalog: "large" } });
    user = h.emulator.user({ id: 4101, first_name: "Lara", language_code: "en" });
    chat = new ChatDriver(h, user);
    const generated = h.sandbox.catalog.coins.filter((c) => c.name !== undefined && c.listed && c.available);
    token = generated.find((c) => c.network === "SOL" && /^[A-Z]+SOL$/.test(c.code) && !c.code.startsWith("USD"))!;
    tagged = generated.find((c) => c.code === "EOS")!;
    // Loaded once, as the bot does on its first catalog read; the answers below are timed after.
    const index = await h.app.catalog.index();
    expect(index.size.currencies).toBeGreaterThan(850);
    expect(index.size.pairs).toBeGreaterThan(750_000);
  }, 30_000);
  afterAll(async () => {
    await h.close();
  });

  async function timedInline(query: string) {
    const started = performance.now();
    const result = await askInline(h, user, query);
    return { ...result, ms: performance.now() - started };
  }

  it("quotes a pair of the small catalog's coins exactly as on the small catalog", async () => {
    const { articles, ms } = await timedInline("0.1 btc eth");
    expect(articles).toHaveLength(1);
    expect(articles[0]!.title).toBe("0.1 BTC → ≈ 2.02059375 ETH");
    expect(ms).toBeLessThan(ANSWER_MS);
  });

  it("quotes generated coins both ways, with their own fee", async () => {
    const amount = String(token.minamount);
    const { articles, ms } = await timedInline(`${amount} ${token.code.toLowerCase()} btc`);
    expect(articles).toHaveLength(1);
    // A generated token's code is ticker + network ("NECHSOL" on SOL): it is shown as "NECH · SOL".
    const label = `${token.code.slice(0, -token.network.length)} · ${token.network}`;
    expect(articles[0]!.title).toMatch(new RegExp(`^${amount.replace(".", "\\.")} ${label} → ≈ [\\d.]+ BTC$`));
    expect(ms).toBeLessThan(ANSWER_MS);
    const back = await timedInline(`0.01 btc ${tagged.code}`);
    expect(back.articles[0]!.title).toMatch(/^0\.01 BTC → ≈ [\d.]+ EOS$/);
    expect(back.articles[0]!.description).toContain(`${tagged.withdrawalFee} EOS`);
    expect(back.ms).toBeLessThan(ANSWER_MS);
  });

  it("lists the popular targets of one coin among ~900, only open pairs", async () => {
    const { answer, articles, ms } = await timedInline("100 usdtton");
    expect(articles.every((a) => a.title.startsWith("100 USDT · TON → ≈ "))).toBe(true);
    // The result ids carry the service's codes (q<i>_<from>_<to>).
    const targets = answer.results.map((r) => r.id.split("_").at(-1)!);
    expect(targets.length).toBe(6);
    expect(targets[0]).toBe("BTC");
    for (const to of targets) expect(h.sandbox.catalog.hasPair("USDTTON", to), to).toBe(true);
    expect(ms).toBeLessThan(ANSWER_MS);
  });

  it("suggests tickers for a word that is not one, from the large list", async () => {
    const { articles, ms } = await timedInline("0.1 btc usdt");
    expect(articles[0]!.title).toContain("usdt");
    expect(articles[0]!.description).toMatch(/USDT[A-Z0-9]+/);
    expect(ms).toBeLessThan(ANSWER_MS);
  });

  it("answers /rate as inline mode does, as quickly", async () => {
    for (const [command, query] of [
      ["/rate 0.1 btc eth", "0.1 btc eth"],
      [`/rate 0.01 btc ${tagged.code.toLowerCase()}`, `0.01 btc ${tagged.code.toLowerCase()}`],
      [`/rate ${token.code.toLowerCase()}`, token.code.toLowerCase()],
    ] as const) {
      const { articles } = await askInline(h, user, query);
      const since = chat.mark();
      const started = performance.now();
      user.sendText(command);
      const reply = await chat.waitNew(/./, since);
      expect(performance.now() - started, command).toBeLessThan(ANSWER_MS);
      if (articles.length === 1) expect(reply.text, command).toBe(articles[0]!.input_message_content.message_text);
      else for (const a of articles) expect(reply.plain, command).toContain(a.title.split(" → ")[1]!.replace("≈ ", ""));
    }
  });
});
