import { afterEach, describe, expect, it } from "vitest";
import { createQuoteCache, type QuoteCache } from "../../src/partner/quote-cache.js";
import { createPartnerClient } from "../../src/partner/client.js";
import { PartnerError } from "../../src/partner/errors.js";
import { startSandbox, type SandboxServer } from "../../src/devtools/sandbox/server.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

interface Fixture {
  sandbox: SandboxServer;
  cache: QuoteCache;
  time: { now: number };
}

async function setup(opts: { latencyMs?: number; maxEntries?: number } = {}): Promise<Fixture> {
  const sandbox = await startSandbox({ latencyMs: opts.latencyMs ?? 0 });
  cleanups.push(() => sandbox.close());
  // retries: 0 so request counts at the sandbox equal the cache's fetches.
  const client = createPartnerClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, retries: 0 });
  cleanups.push(() => client.close());
  const time = { now: 1_000_000 };
  const cache = createQuoteCache(client, { ttlMs: 5_000, now: () => time.now, maxEntries: opts.maxEntries });
  return { sandbox, cache, time };
}

describe("createQuoteCache", () => {
  it("answers a repeated question from the cache for ttlMs, then asks again", async () => {
    const { sandbox, cache, time } = await setup();
    const first = await cache.rate("BTC", "ETH", "0.1");
    expect(Number(first.rate)).toBeGreaterThan(0);
    expect(sandbox.requests.count("rate")).toBe(1);

    time.now += 4_999;
    expect(await cache.rate("BTC", "ETH", "0.1")).toEqual(first);
    expect(sandbox.requests.count("rate")).toBe(1);

    time.now += 1;
    await cache.rate("BTC", "ETH", "0.1");
    expect(sandbox.requests.count("rate")).toBe(2);
  });

  it("keys by pair and canonical amount: case and trailing zeros do not matter, the rest does", async () => {
    const { sandbox, cache } = await setup();
    await cache.rate("BTC", "ETH", "0.1");
    await cache.rate("btc", "eth", "0.10");
    expect(sandbox.requests.count("rate")).toBe(1);
    await cache.rate("BTC", "ETH", "0.2");
    await cache.rate("ETH", "BTC", "0.1");
    await cache.rate("BTC", "LTC", "0.1");
    expect(sandbox.requests.count("rate")).toBe(4);
    expect(cache.size).toBe(4);
  });

  it("shares one partner request between concurrent identical questions", async () => {
    const { sandbox, cache } = await setup({ latencyMs: 50 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.rate("BTC", "ETH", "0.1")));
    expect(sandbox.requests.count("rate")).toBe(1);
    expect(new Set(answers.map((a) => a.rate)).size).toBe(1);
    // Distinct questions in the same burst are not merged.
    await Promise.all([cache.rate("BTC", "ETH", "0.2"), cache.rate("BTC", "ETH", "0.3"), cache.rate("BTC", "ETH", "0.2")]);
    expect(sandbox.requests.count("rate")).toBe(3);
  });

  it("does not cache failures: the concurrent callers share the error, the next one asks again", async () => {
    const { sandbox, cache } = await setup({ latencyMs: 20 });
    sandbox.faults.inject({ endpoint: "rate", kind: "http", status: 503, times: 1 });
    const results = await Promise.allSettled([cache.rate("BTC", "ETH", "0.1"), cache.rate("BTC", "ETH", "0.1")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    const reason: unknown = (results[0] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(PartnerError);
    expect(sandbox.requests.count("rate")).toBe(1);
    expect(cache.size).toBe(0);

    const ok = await cache.rate("BTC", "ETH", "0.1");
    expect(Number(ok.rate)).toBeGreaterThan(0);
    expect(sandbox.requests.count("rate")).toBe(2);
  });

  it("does not cache a refusal either (an amount below the minimum)", async () => {
    const { sandbox, cache } = await setup();
    await expect(cache.rate("BTC", "ETH", "0.00001")).rejects.toMatchObject({ kind: "rejected" });
    await expect(cache.rate("BTC", "ETH", "0.00001")).rejects.toMatchObject({ kind: "rejected" });
    expect(sandbox.requests.count("rate")).toBe(2);
  });

  it("hands out copies: a caller changing its answer does not change the cache", async () => {
    const { cache } = await setup();
    const a = await cache.rate("BTC", "ETH", "0.1");
    const original = a.rate;
    a.rate = "999";
    if (a.withdrawalFee) a.withdrawalFee.amount = "999";
    const b = await cache.rate("BTC", "ETH", "0.1");
    expect(b.rate).toBe(original);
    expect(b.withdrawalFee?.amount).not.toBe("999");
  });

  it("keeps at most maxEntries answers, dropping the oldest", async () => {
    const { sandbox, cache } = await setup({ maxEntries: 2 });
    await cache.rate("BTC", "ETH", "0.1");
    await cache.rate("BTC", "ETH", "0.2");
    await cache.rate("BTC", "ETH", "0.3");
    expect(cache.size).toBe(2);
    await cache.rate("BTC", "ETH", "0.3");
    expect(sandbox.requests.count("rate")).toBe(3);
    await cache.rate("BTC", "ETH", "0.1");
    expect(sandbox.requests.count("rate")).toBe(4);
  });
});
