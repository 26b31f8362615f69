import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Decimal } from "decimal.js";
import { isValidAddress, tagProblem, SANDBOX_COINS, SMALL_CATALOG, type SandboxCoin } from "../../../src/devtools/sandbox/catalog.js";
import { largeCatalog, LARGE_CATALOG_COINS } from "../../../src/devtools/sandbox/large-catalog.js";
import type { EndpointAnswer, EndpointContext } from "../../../src/devtools/sandbox/endpoints.js";
import { handleEndpoint } from "../../../src/devtools/sandbox/handle-endpoint.js";
import { createOrderBook } from "../../../src/devtools/sandbox/orders.js";
import { createRng } from "../../../src/devtools/sandbox/random.js";
import { realClock } from "../../../src/devtools/sandbox/clock.js";
import { startSandbox, type SandboxServer } from "../../../src/devtools/sandbox/server.js";
import { call, type Answer } from "./http.js";

const large = largeCatalog();

function context(): EndpointContext {
  return { variant: "new", catalog: large, orders: createOrderBook(realClock, "manual", (id) => `tx-${id}`), rng: createRng(1) };
}

/** The JSON an answer carries, prepared or not (the fields the tests read; the values are checked). */
function bodyOf(a: EndpointAnswer): Answer {
  return ("raw" in a ? JSON.parse(a.raw.toString("utf8")) : a.body) as Answer;
}

const pairs = JSON.parse(large.pairsBody().toString("utf8")) as Record<string, string[]>;
const currencies = JSON.parse(large.currenciesBody("new").toString("utf8")) as Record<string, Record<string, unknown>>;

describe("the large sandbox catalog: shape and size", () => {
  it("has about 900 coins and answers as large as a real service's", () => {
    expect(large.coins).toHaveLength(LARGE_CATALOG_COINS);
    expect(new Set(large.coins.map((c) => c.code)).size).toBe(LARGE_CATALOG_COINS);
    const entries = Object.values(pairs).reduce((n, list) => n + list.length, 0);
    expect(entries).toBeGreaterThan(750_000);
    expect(entries).toBeLessThan(850_000);
    expect(large.pairsBody().length).toBeGreaterThan(8_000_000);
    expect(large.pairsBody().length).toBeLessThan(10_000_000);
    expect(large.currenciesBody("new").length).toBeGreaterThan(90_000);
    expect(large.currenciesBody("new").length).toBeLessThan(150_000);
  });

  it("is deterministic: the same coins, prices and pairs in every process", () => {
    // Pinned values: a change to the generator must be deliberate, because benchmarks compare runs.
    const sample = large.coins[400]!;
    expect(sample).toEqual(large.find(sample.code));
    expect(large.coins.slice(0, SANDBOX_COINS.length)).toEqual(SANDBOX_COINS);
    expect(currencies.EOS).toMatchObject({ tagname: "MEMO", network: "EOS", name: "EOS" });
    expect(currencies.USDTTON).toMatchObject({ tagname: "Comment", network: "TON", name: "Tether" });
    expect(large.coins.map((c) => c.code).join(",").length).toBe(expectedCodesLength());
  });

  it("spreads tokens over several networks and has tag coins among them", () => {
    const perNetwork = new Map<string, number>();
    for (const c of large.coins) perNetwork.set(c.network, (perNetwork.get(c.network) ?? 0) + 1);
    for (const network of ["ERC20", "TRC20", "BSC", "SOL", "TON", "MATIC", "ARBITRUM"]) {
      expect(perNetwork.get(network) ?? 0, network).toBeGreaterThanOrEqual(20);
    }
    const tagged = Object.entries(currencies)
      .filter(([, e]) => e.tagname !== "")
      .map(([code]) => code);
    for (const code of ["XRP", "XLM", "EOS", "ATOM", "HBAR", "TON", "BNB"]) expect(tagged, code).toContain(code);
    expect(currencies.XRP!.tagname).toBe("Destination tag");
    expect(tagged.length).toBeGreaterThan(50);
  });

  it("opens nearly every pair, keeps the small catalog's irregularities, and never a self-pair", () => {
    const listed = large.coins.filter((c) => c.listed).length;
    const entries = Object.values(pairs).reduce((n, list) => n + list.length, 0);
    expect(entries / (listed * (listed - 1))).toBeGreaterThan(0.98);
    expect(entries / (listed * (listed - 1))).toBeLessThan(1);
    expect(pairs.XMR).toEqual(["BTC", "ETH", "LTC", "USDTTRC20"]);
    expect(pairs.DASH).toEqual(["BTC", "ETH", "LTC"]);
    expect(currencies.DASH!.available).toBe(false);
    expect(currencies.ZEC).toBeUndefined();
    expect(pairs.BTC).toContain("ZEC");
    for (const [from, list] of Object.entries(pairs)) expect(list.includes(from), from).toBe(false);
    // The small catalog's coins pair exactly as they do there.
    for (const from of ["BTC", "XRP", "TON"]) {
      for (const to of SANDBOX_COINS) expect(large.hasPair(from, to.code), `${from}>${to.code}`).toBe(SMALL_CATALOG.hasPair(from, to.code));
    }
  });

  it("serves the old variant without networks but with the same coins", () => {
    const old = JSON.parse(large.currenciesBody("old").toString("utf8")) as Record<string, Record<string, unknown>>;
    expect(Object.keys(old)).toEqual(Object.keys(currencies));
    expect(old.BTC).not.toHaveProperty("network");
  });
});

describe("the large sandbox catalog: every coin works through the whole flow", () => {
  it("accepts each coin's sample address and tag, and refuses another network's address", () => {
    for (const coin of large.coins) {
      const address = large.sampleAddress(coin.code);
      expect(address, coin.code).toBeDefined();
      expect(isValidAddress(coin, address!), `${coin.code} ${address}`).toBe(true);
      const tag = large.sampleTag(coin.code);
      if (coin.tagname === "") expect(tag, coin.code).toBe("");
      else expect(tagProblem(coin, tag), `${coin.code} tag ${tag}`).toBeUndefined();
    }
    const eos = large.find("EOS")!;
    expect(isValidAddress(eos, large.sampleAddress("ETH")!)).toBe(false);
    expect(isValidAddress(large.find("HBAR")!, large.sampleAddress("EOS")!)).toBe(false);
    expect(large.sampleAddress("NOPE")).toBeUndefined();
  });

  it("quotes, creates and reports an exchange from and to every available coin (generated ones at their minimum)", () => {
    const ctx = context();
    const usable = large.coins.filter((c) => c.listed && c.available);
    const failures: string[] = [];
    const exchange = (from: SandboxCoin, to: SandboxCoin): void => {
      const amount = amountFor(from, to);
      const rate = bodyOf(handleEndpoint("rate", { from: from.code, to: to.code, amount }, ctx));
      if (rate.result !== true || !((rate.rate ?? 0) > 0)) failures.push(`rate ${from.code}>${to.code}: ${JSON.stringify(rate)}`);
      const validate = bodyOf(handleEndpoint("validate-address", { currency: to.code, address: large.sampleAddress(to.code)! }, ctx));
      if (validate.result !== true) failures.push(`validate ${to.code}`);
      const created = bodyOf(
        handleEndpoint(
          "exchange-create",
          {
            from: from.code,
            to: to.code,
            amount,
            destinationAddress: large.sampleAddress(to.code)!,
            destinationTag: large.sampleTag(to.code),
            refundAddress: large.sampleAddress(from.code)!,
            refundTag: large.sampleTag(from.code),
          },
          ctx,
        ),
      );
      if (typeof created.id !== "string") {
        failures.push(`create ${from.code}>${to.code}: ${JSON.stringify(created)}`);
        return;
      }
      if (from.tagname !== "" && created.depositTag === "") failures.push(`no deposit tag for ${from.code}`);
      const status = bodyOf(handleEndpoint("exchange-status", { id: created.id }, ctx));
      if (status.status !== "waiting_deposit" || !new Decimal(status.expectedAmountTo ?? 0).gt(0))
        failures.push(`status ${from.code}>${to.code}`);
    };
    for (const coin of usable) {
      // As the source: to the first coin it pairs with (BTC for nearly all).
      const target = usable.find((t) => large.hasPair(coin.code, t.code));
      if (!target) failures.push(`${coin.code} pairs with nothing`);
      else exchange(coin, target);
      // As the target: from the first coin that pairs with it.
      const source = usable.find((s) => large.hasPair(s.code, coin.code));
      if (!source) failures.push(`nothing pairs with ${coin.code}`);
      else exchange(source, coin);
    }
    expect(failures).toEqual([]);
  });

  it("refuses a closed pair like any other", () => {
    const usable = large.coins.filter((c) => c.listed && c.available);
    let closed: [SandboxCoin, SandboxCoin] | undefined;
    for (const a of usable.slice(SANDBOX_COINS.length)) {
      const b = usable.find((x) => x !== a && !large.hasPair(a.code, x.code));
      if (b) {
        closed = [a, b];
        break;
      }
    }
    expect(closed).toBeDefined();
    const [from, to] = closed!;
    expect(pairs[from.code]).not.toContain(to.code);
    const answer = bodyOf(handleEndpoint("rate", { from: from.code, to: to.code, amount: String(from.minamount) }, context()));
    expect(answer).toEqual({ result: false, error: `pair ${from.code}/${to.code} is not available` });
  });
});

describe("a sandbox started with the large catalog", () => {
  let sandbox: SandboxServer;
  let small: SandboxServer;
  beforeAll(async () => {
    sandbox = await startSandbox({ catalog: "large", lifecycle: "manual" });
    small = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
    await small.close();
  });

  it("serves the large answers over HTTP, and the default stays small", async () => {
    expect(sandbox.catalog.size).toBe("large");
    const c = await call(sandbox, "currencies");
    expect(Object.keys(c.body).length).toBeGreaterThan(850);
    const p = await call(sandbox, "pairs");
    expect(Object.keys(p.body).length).toBeGreaterThan(850);
    expect(small.catalog.size).toBe("small");
    expect(Object.keys((await call(small, "currencies")).body).length).toBeLessThan(30);
  });

  it("walks a generated tag coin through rate, validate-address, exchange-create and status", async () => {
    const coin = sandbox.catalog.coins.find((c) => c.network === "TON" && c.code !== "TON" && c.code !== "USDTTON")!;
    expect(coin.tagname).toBe("Comment");
    const amount = String(coin.minamount);
    const rate = await call(sandbox, "rate", { from: "BTC", to: coin.code, amount: "0.01" });
    expect(rate.body.result).toBe(true);
    expect(rate.body.withdrawalFee).toBe(`${coin.withdrawalFee} ${coin.code}`);
    const address = sandbox.catalog.sampleAddress(coin.code)!;
    expect((await call(sandbox, "validate-address", { currency: coin.code, address })).body).toEqual({ result: true });
    const params = {
      from: coin.code,
      to: "ETH",
      amount,
      destinationAddress: sandbox.catalog.sampleAddress("ETH")!,
      refundAddress: address,
    };
    expect((await call(sandbox, "exchange-create", params)).body).toEqual({
      result: false,
      error: `refundTag is required for ${coin.code} (Comment)`,
    });
    const created = await call(sandbox, "exchange-create", { ...params, refundTag: sandbox.catalog.sampleTag(coin.code) });
    expect(created.body.depositTag).not.toBe("");
    const status = await call(sandbox, "exchange-status", { id: created.body.id! });
    expect(status.body).toMatchObject({ status: "waiting_deposit", from: coin.code, to: "ETH" });
  });
});

/**
 * A generated coin's minimum (worth $15 or more) covers any generated fee (worth $3 at most) and
 * BTC's; the small catalog's own minimums do not all cover BTC's fee, there or here, so its coins
 * send three times the fee's worth when that is more.
 */
function amountFor(from: SandboxCoin, to: SandboxCoin): string {
  const min = new Decimal(from.minamount);
  if (!SANDBOX_COINS.includes(from)) return min.toFixed();
  const covering = new Decimal(to.withdrawalFee).mul(to.usd).div(from.usd).mul(3).toDecimalPlaces(from.decimals, Decimal.ROUND_UP);
  return Decimal.max(min, covering).toFixed();
}

/** The length of every code joined with commas: pins the generated tickers without listing 900. */
function expectedCodesLength(): number {
  return 7_893;
}
