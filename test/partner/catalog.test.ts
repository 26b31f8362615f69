import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createCatalog, type Catalog } from "../../src/partner/catalog.js";
import { createPartnerClient } from "../../src/partner/client.js";
import { PartnerError } from "../../src/partner/errors.js";
import { startSandbox, type SandboxServer } from "../../src/devtools/sandbox/server.js";

const TTL = 60_000;
const BACKOFF = 5_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

interface Fixture {
  sandbox: SandboxServer;
  catalog: Catalog;
  /** The catalog's clock, ms. */
  time: { now: number };
  warnings: unknown[];
}

async function setup(): Promise<Fixture> {
  const sandbox = await startSandbox();
  cleanups.push(() => sandbox.close());
  // retries: 0 so request counts at the sandbox equal the catalog's fetches.
  const client = createPartnerClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, retries: 0 });
  cleanups.push(() => client.close());
  const time = { now: 1_000_000 };
  const warnings: unknown[] = [];
  const catalog = createCatalog(client, {
    ttlMs: TTL,
    failureBackoffMs: BACKOFF,
    now: () => time.now,
    logger: { warn: (o, m) => warnings.push([o, m]) },
  });
  cleanups.push(() => catalog.whenIdle());
  return { sandbox, catalog, time, warnings };
}

describe("catalog caching", () => {
  it("20 concurrent callers share one request", async () => {
    const { sandbox, catalog } = await setup();
    const results = await Promise.all(Array.from({ length: 20 }, () => catalog.currencies()));
    expect(sandbox.requests.count("currencies")).toBe(1);
    expect(new Set(results.map((r) => r.length)).size).toBe(1);
    await Promise.all(Array.from({ length: 20 }, () => catalog.pairs()));
    expect(sandbox.requests.count("pairs")).toBe(1);
    expect(sandbox.requests.count("currencies")).toBe(1);
  });

  it("no request within the TTL; after it, the stale copy is served at once and refreshed in the background", async () => {
    const { sandbox, catalog, time } = await setup();
    const first = await catalog.currencies();
    expect(first.find((c) => c.code === "BTC")?.network).toBe("BTC");
    time.now += TTL - 1;
    await catalog.currencies();
    expect(sandbox.requests.count("currencies")).toBe(1);

    sandbox.setVariant("old"); // the service changes: networks disappear
    time.now += 1;
    const served = await catalog.currencies();
    expect(served.find((c) => c.code === "BTC")?.network).toBe("BTC"); // stale copy, immediately
    await catalog.whenIdle();
    expect(sandbox.requests.count("currencies")).toBe(2);
    const fresh = await catalog.currencies();
    expect(fresh.find((c) => c.code === "BTC")?.network).toBeUndefined();
    expect(sandbox.requests.count("currencies")).toBe(2);
  });

  it("a failing refresh keeps serving the stale copy, warns, and backs off before trying again", async () => {
    const { sandbox, catalog, time, warnings } = await setup();
    const good = await catalog.currencies();
    sandbox.faults.down();
    time.now += TTL;
    expect(await catalog.currencies()).toEqual(good);
    await catalog.whenIdle();
    expect(sandbox.requests.count("currencies")).toBe(2);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain(sandbox.apiKey);

    // Within the back-off: stale copy, no new request.
    time.now += BACKOFF - 1;
    expect(await catalog.currencies()).toEqual(good);
    await catalog.whenIdle();
    expect(sandbox.requests.count("currencies")).toBe(2);

    // After it: one more try, which now succeeds.
    sandbox.faults.up();
    time.now += 1;
    expect(await catalog.currencies()).toEqual(good);
    await catalog.whenIdle();
    expect(sandbox.requests.count("currencies")).toBe(3);
    time.now += 1;
    await catalog.currencies();
    expect(sandbox.requests.count("currencies")).toBe(3);
  });

  it("with no copy at all the PartnerError propagates, and the next call tries again", async () => {
    const { sandbox, catalog } = await setup();
    sandbox.faults.down();
    await expect(catalog.currencies()).rejects.toMatchObject({ kind: "http", status: 503 });
    await expect(catalog.pairs()).rejects.toBeInstanceOf(PartnerError);
    sandbox.faults.up();
    expect((await catalog.currencies()).length).toBeGreaterThan(0);
  });

  it("refresh() refetches now, rejects on failure and keeps the old copy", async () => {
    const { sandbox, catalog } = await setup();
    const good = await catalog.pairs();
    await catalog.refresh();
    expect(sandbox.requests.count("currencies")).toBe(2);
    expect(sandbox.requests.count("pairs")).toBe(2);
    sandbox.faults.inject({ endpoint: "pairs", kind: "malformed" });
    await expect(catalog.refresh()).rejects.toMatchObject({ kind: "invalid-response" });
    expect(await catalog.pairs()).toEqual(good);
  });
});

describe("catalog cleaning", () => {
  it("hides the unavailable currency everywhere", async () => {
    const { catalog } = await setup();
    const codes = (await catalog.currencies()).map((c) => c.code);
    expect(codes).not.toContain("DASH");
    expect(codes).toEqual([...codes].sort());
    expect(codes.length).toBeGreaterThanOrEqual(19);
    expect(await catalog.currency("dash")).toBeUndefined();
    const pairs = await catalog.pairs();
    expect(pairs).not.toHaveProperty("DASH");
    expect(Object.values(pairs).some((targets) => targets.includes("DASH"))).toBe(false);
  });

  it("finds a currency by code in any case", async () => {
    const { catalog } = await setup();
    expect(await catalog.currency("xrp")).toEqual({
      code: "XRP",
      minAmount: "20",
      maxAmount: "2000000",
      tagName: "Destination tag",
      network: "XRP",
    });
  });

  it("drops pair targets missing from the currency list", async () => {
    const { catalog } = await setup();
    const pairs = await catalog.pairs();
    expect(pairs.BTC).not.toContain("ZEC");
    expect(pairs.BTC).toContain("ETH");
    const targets = await catalog.targetsFor("btc");
    expect(targets.every((c) => typeof c.minAmount === "string")).toBe(true);
    expect(targets.map((c) => c.code)).toEqual(pairs.BTC);
    expect((await catalog.targetsFor("XMR")).map((c) => c.code)).toEqual(["BTC", "ETH", "LTC", "USDTTRC20"]);
    expect(await catalog.targetsFor("FOO")).toEqual([]);
  });

  it("a caller mutating a result does not change the cache", async () => {
    const { catalog } = await setup();
    const list = await catalog.currencies();
    list[0]!.minAmount = "999";
    list.length = 0;
    expect((await catalog.currencies())[0]?.minAmount).not.toBe("999");
  });
});

describe("catalog entries that cannot be shown", () => {
  /** A stand-in service on loopback whose currency list holds markup, a non-code and a long tag name. */
  async function hostileService(): Promise<string> {
    const currencies = {
      BTC: { minamount: "0.001", tagname: "", network: "BTC" },
      ETH: { minamount: "0.01", tagname: "", network: "ERC20" },
      USDT: { minamount: "10", tagname: "", network: 'ERC20 <a href="https://evil.example">claim</a>' },
      USDC: { minamount: "10", tagname: "", network: "Arbitrum & Nova" },
      "B<TC": { minamount: "1", tagname: "", network: "BTC" },
      "TOO-LONG": { minamount: "1", tagname: "", network: "X" },
      XRP: { minamount: "20", tagname: "Destination tag ".repeat(5), network: "XRP" },
      XLM: { minamount: "20", tagname: "MEMO\u202e", network: "XLM" },
      BNB: { minamount: "0.01", tagname: "MEMO", network: "BNB Smart Chain (BEP20)" },
    };
    const codes = Object.keys(currencies);
    const pairs = Object.fromEntries(codes.map((c) => [c, codes.filter((t) => t !== c)]));
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const body = path.endsWith("/currencies") ? currencies : path.endsWith("/pairs") ? pairs : { result: false, error: "no" };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  }

  it("drops coins whose code is not a code, or whose network or tag name holds markup, is invisible or too long, in one warning", async () => {
    const client = createPartnerClient({ baseUrl: await hostileService(), apiKey: "k", retries: 0 });
    cleanups.push(() => client.close());
    const warnings: Array<[object, string | undefined]> = [];
    const catalog = createCatalog(client, { logger: { warn: (o, m) => warnings.push([o, m]) } });
    expect((await catalog.currencies()).map((c) => c.code)).toEqual(["BNB", "BTC", "ETH"]);
    expect((await catalog.currency("BNB"))?.network).toBe("BNB Smart Chain (BEP20)");
    expect(await catalog.targetsFor("BTC")).toEqual([expect.objectContaining({ code: "BNB" }), expect.objectContaining({ code: "ETH" })]);
    expect(await catalog.targetsFor("USDT")).toEqual([]);
    const index = await catalog.index();
    expect(index.search("claim")).toEqual([]);
    expect(warnings).toEqual([
      [{ refused: 6, why: { network: 2, code: 2, "tag-name": 2 } }, expect.stringContaining("6 currencies refused")],
    ]);
    // Counts only: nothing the service wrote reaches the log.
    expect(JSON.stringify(warnings)).not.toMatch(/evil|B<TC|Nova/);
  });
});
