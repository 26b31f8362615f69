import { afterEach, describe, expect, it } from "vitest";
import { SANDBOX_COINS } from "../../../src/devtools/sandbox/catalog.js";
import { SAMPLE_ADDRESSES, startSandbox, type SandboxServer } from "../../../src/devtools/sandbox/server.js";
import { call } from "./http.js";

let sandbox: SandboxServer | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function start(opts: Parameters<typeof startSandbox>[0] = {}): Promise<SandboxServer> {
  sandbox = await startSandbox(opts);
  return sandbox;
}

const createParams = {
  from: "BTC",
  to: "ETH",
  amount: "0.1",
  destinationAddress: SAMPLE_ADDRESSES.ETH!,
  refundAddress: SAMPLE_ADDRESSES.BTC!,
};

describe("sandbox server: basics", () => {
  it("listens on loopback with the spec's base url and the default key", async () => {
    const sb = await start();
    expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(sb.apiKey).toBe("sandbox-key");
  });

  it("rejects a missing or wrong key with 401", async () => {
    const sb = await start({ apiKey: "right" });
    for (const key of [null, "wrong"]) {
      const a = await call(sb, "currencies", {}, key);
      expect(a.status).toBe(401);
      expect(a.body).toEqual({ result: false, error: "invalid api key" });
    }
    expect((await call(sb, "currencies")).status).toBe(200);
  });

  it("answers 404 on an unknown path and 405 on a non-GET", async () => {
    const sb = await start();
    expect((await call(sb, "nope")).status).toBe(404);
    const res = await fetch(`${sb.url}/currencies?key=${sb.apiKey}`, { method: "POST" });
    expect(res.status).toBe(405);
  });

  it("records every request with the key masked", async () => {
    const sb = await start();
    await call(sb, "currencies");
    await call(sb, "rate", { from: "BTC", to: "ETH", amount: "0.1" });
    await call(sb, "rate", { from: "BTC" });
    expect(sb.requests.count()).toBe(3);
    expect(sb.requests.count("rate")).toBe(2);
    const [first, , last] = sb.requests.list();
    expect(first).toMatchObject({ endpoint: "currencies", params: { key: "***" }, status: 200 });
    expect(last?.status).toBe(400);
    expect(JSON.stringify(sb.requests.list())).not.toContain(sb.apiKey);
    sb.requests.reset();
    expect(sb.requests.count()).toBe(0);
  });
});

describe("sandbox server: catalog endpoints", () => {
  it("serves ~20 currencies with mixed minamount types, networks and one unavailable entry", async () => {
    const sb = await start();
    const { status, body } = await call(sb, "currencies");
    expect(status).toBe(200);
    const codes = Object.keys(body);
    expect(codes.length).toBeGreaterThanOrEqual(20);
    expect(body.XRP).toEqual({ minamount: "20", tagname: "Destination tag", network: "XRP" });
    expect(typeof body.BTC!.minamount).toBe("number");
    expect(typeof body.ETH!.minamount).toBe("string");
    expect(body.USDTERC20!.network).toBe("ERC20");
    expect(body.USDTTRC20!.network).toBe("TRC20");
    expect(body.DASH!.available).toBe(false);
    expect(body.ZEC).toBeUndefined();
  });

  it("serves pairs with a short list and a target missing from the currency list", async () => {
    const sb = await start();
    const { body } = await call(sb, "pairs");
    expect(body.XMR).toEqual(["BTC", "ETH", "LTC", "USDTTRC20"]);
    expect(body.BTC).toContain("ZEC");
    expect(body.BTC).not.toContain("BTC");
    expect(body.ETH!.length).toBeGreaterThan(15);
  });

  it("the old variant has no network and no withdrawalFee; switching works live", async () => {
    const sb = await start({ variant: "old" });
    expect((await call(sb, "currencies")).body.BTC).not.toHaveProperty("network");
    const rate = await call(sb, "rate", { from: "BTC", to: "ETH", amount: "1" });
    expect(rate.body).not.toHaveProperty("withdrawalFee");
    expect(rate.body.result).toBe(true);
    sb.setVariant("new");
    expect((await call(sb, "rate", { from: "BTC", to: "ETH", amount: "1" })).body.withdrawalFee).toBe("0.0005 ETH");
  });
});

describe("sandbox server: rate", () => {
  it("returns the amount of `to` that `amount` of `from` buys, before the fee", async () => {
    const sb = await start();
    // 0.1 BTC × 65000 / 3200 × (1 − 0.005) = 2.02109375 ETH
    const { body } = await call(sb, "rate", { from: "BTC", to: "ETH", amount: "0.1" });
    expect(body).toEqual({ result: true, rate: 2.02109375, withdrawalFee: "0.0005 ETH" });
    // Deterministic: the same question gets the same answer.
    expect((await call(sb, "rate", { from: "BTC", to: "ETH", amount: "0.1" })).body.rate).toBe(2.02109375);
  });

  it("validates parameters with 400 naming the parameter", async () => {
    const sb = await start();
    for (const [params, name] of [
      [{ to: "ETH", amount: "1" }, "from"],
      [{ from: "BTC", amount: "1" }, "to"],
      [{ from: "BTC", to: "ETH" }, "amount"],
      [{ from: "BTC", to: "ETH", amount: "abc" }, "amount"],
      [{ from: "BTC", to: "ETH", amount: "-1" }, "amount"],
      [{ from: "BTC", to: "ETH", amount: "0" }, "amount"],
    ] as const) {
      const a = await call(sb, "rate", params);
      expect(a.status, JSON.stringify(params)).toBe(400);
      expect(a.body.result).toBe(false);
      expect(a.body.error).toContain(name);
    }
  });

  it("refuses business errors with 200 and result false", async () => {
    const sb = await start();
    const cases: [Record<string, string>, string][] = [
      [{ from: "BTC", to: "ETH", amount: "0.0001" }, "amount below minimum 0.0005 BTC"],
      [{ from: "BTC", to: "ETH", amount: "51" }, "amount exceeds maximum 50 BTC"],
      [{ from: "XMR", to: "DOGE", amount: "1" }, "pair XMR/DOGE is not available"],
      [{ from: "FOO", to: "ETH", amount: "1" }, "unknown currency: FOO"],
      [{ from: "DASH", to: "BTC", amount: "1" }, "currency DASH is temporarily unavailable"],
    ];
    for (const [params, error] of cases) {
      const a = await call(sb, "rate", params);
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ result: false, error });
    }
  });
});

describe("sandbox server: validate-address", () => {
  it("accepts every sample address for its coin", async () => {
    const sb = await start();
    for (const coin of SANDBOX_COINS) {
      const address = SAMPLE_ADDRESSES[coin.code];
      expect(address, coin.code).toBeDefined();
      const a = await call(sb, "validate-address", { currency: coin.code, address: address! });
      expect(a.body, coin.code).toEqual({ result: true });
    }
  });

  it("rejects addresses of the wrong shape", async () => {
    const sb = await start();
    const bad: [string, string][] = [
      ["BTC", SAMPLE_ADDRESSES.ETH!],
      ["ETH", "0x123"],
      ["XRP", SAMPLE_ADDRESSES.BTC!],
      ["XLM", "G123"],
      ["TRX", SAMPLE_ADDRESSES.ETH!],
    ];
    for (const [currency, address] of bad) {
      expect((await call(sb, "validate-address", { currency, address })).body, currency).toEqual({ result: false });
    }
  });

  it("400 on a missing parameter; a refusal for an unknown currency", async () => {
    const sb = await start();
    const missing = await call(sb, "validate-address", { currency: "BTC" });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain("address");
    const unknown = await call(sb, "validate-address", { currency: "FOO", address: "x" });
    expect(unknown.body).toEqual({ result: false, error: "unknown currency: FOO" });
  });
});

describe("sandbox server: exchange-create", () => {
  it("creates an order with a deposit address valid for the source coin", async () => {
    const sb = await start();
    const { status, body } = await call(sb, "exchange-create", createParams);
    expect(status).toBe(200);
    expect(body.id).toMatch(/^[0-9a-z]{14}$/);
    expect(body.depositTag).toBe("");
    const valid = await call(sb, "validate-address", { currency: "BTC", address: body.depositAddress! });
    expect(valid.body.result).toBe(true);
    expect(sb.orders.get(body.id!)?.status).toBe("waiting_deposit");
  });

  it("gives a deposit tag when the source coin has a tagname", async () => {
    const sb = await start();
    const { body } = await call(sb, "exchange-create", {
      ...createParams,
      from: "XRP",
      amount: "100",
      refundAddress: SAMPLE_ADDRESSES.XRP!,
      refundTag: "12345",
    });
    expect(body.depositTag).toMatch(/^\d+$/);
  });

  it("refuses bad business input", async () => {
    const sb = await start();
    const cases: [Record<string, string>, string][] = [
      [{ amount: "0.0001" }, "amount below minimum"],
      [{ amount: "100" }, "amount exceeds maximum 50 BTC"],
      [{ destinationAddress: SAMPLE_ADDRESSES.BTC! }, "invalid destination address for ETH"],
      [{ refundAddress: SAMPLE_ADDRESSES.ETH! }, "invalid refund address for BTC"],
      [{ to: "XRP", destinationAddress: SAMPLE_ADDRESSES.XRP! }, "destinationTag is required for XRP (Destination tag)"],
      [{ to: "XRP", destinationAddress: SAMPLE_ADDRESSES.XRP!, destinationTag: "abc" }, "invalid destinationTag for XRP"],
      [{ from: "XLM", amount: "100", refundAddress: SAMPLE_ADDRESSES.XLM! }, "refundTag is required for XLM (MEMO)"],
      [{ from: "XMR", to: "DOGE", amount: "1" }, "pair XMR/DOGE is not available"],
    ];
    for (const [override, error] of cases) {
      const a = await call(sb, "exchange-create", { ...createParams, ...override });
      expect(a.status, error).toBe(200);
      expect(a.body.result, error).toBe(false);
      expect(a.body.error).toContain(error);
    }
    expect(sb.orders.list()).toHaveLength(0);
  });

  it("400 for each missing mandatory parameter", async () => {
    const sb = await start();
    for (const name of Object.keys(createParams)) {
      const params = Object.fromEntries(Object.entries(createParams).filter(([key]) => key !== name));
      const a = await call(sb, "exchange-create", params);
      expect(a.status, name).toBe(400);
      expect(a.body.error).toContain(name);
    }
  });
});

describe("sandbox server: exchange-status", () => {
  it("returns the spec's record with a UTC date", async () => {
    const sb = await start({ clock: { now: () => Date.UTC(2025, 2, 4, 5, 6, 7) } });
    const created = await call(sb, "exchange-create", createParams);
    const { body } = await call(sb, "exchange-status", { id: created.body.id! });
    expect(body).toEqual({
      result: true,
      status: "waiting_deposit",
      from: "BTC",
      to: "ETH",
      depositAddress: created.body.depositAddress,
      depositTag: "",
      destinationAddress: createParams.destinationAddress,
      destinationTag: "",
      refundAddress: createParams.refundAddress,
      refundTag: "",
      expectedAmountFrom: "0.1",
      expectedAmountTo: "2.02059375",
      amountFrom: "0.1",
      date: "04.03.2025 05:06:07",
      txId: null,
      amountTo: null,
    });
  });

  it("unknown id → exchange not found; missing id → 400; old variant → 404", async () => {
    const sb = await start();
    expect((await call(sb, "exchange-status", { id: "nope" })).body).toEqual({ result: false, error: "exchange not found" });
    expect((await call(sb, "exchange-status")).status).toBe(400);
    sb.setVariant("old");
    expect((await call(sb, "exchange-status", { id: "nope" })).status).toBe(404);
  });
});

describe("sandbox server: faults and latency", () => {
  it("http faults answer the status for `times` requests, on the chosen endpoint only", async () => {
    const sb = await start();
    sb.faults.inject({ endpoint: "rate", kind: "http", status: 502, times: 2 });
    expect((await call(sb, "currencies")).status).toBe(200);
    expect((await call(sb, "rate", { from: "BTC", to: "ETH", amount: "1" })).status).toBe(502);
    expect((await call(sb, "rate", { from: "BTC", to: "ETH", amount: "1" })).status).toBe(502);
    expect((await call(sb, "rate", { from: "BTC", to: "ETH", amount: "1" })).status).toBe(200);
  });

  it("malformed and rejected faults", async () => {
    const sb = await start();
    sb.faults.inject({ kind: "malformed", times: 1 });
    sb.faults.inject({ kind: "malformed", shape: "wrong-shape", times: 1 });
    sb.faults.inject({ kind: "rejected", message: "maintenance", times: 1 });
    const invalid = await call(sb, "pairs");
    expect(invalid.status).toBe(200);
    expect(typeof invalid.body).toBe("string"); // not parseable
    expect((await call(sb, "pairs")).body).toEqual({ unexpected: [1, 2, 3] });
    expect((await call(sb, "pairs")).body).toEqual({ result: false, error: "maintenance" });
    expect((await call(sb, "pairs")).body.BTC).toBeDefined();
  });

  it("down() answers 503 everywhere until up(); clear() removes faults", async () => {
    const sb = await start();
    sb.faults.inject({ endpoint: "pairs", kind: "http", status: 500 });
    sb.faults.down();
    expect((await call(sb, "currencies")).status).toBe(503);
    sb.faults.up();
    expect((await call(sb, "currencies")).status).toBe(200);
    expect((await call(sb, "pairs")).status).toBe(500);
    sb.faults.clear();
    expect((await call(sb, "pairs")).status).toBe(200);
  });

  it("a timeout fault holds the request until the client gives up, and close() still finishes", async () => {
    const sb = await start();
    sb.faults.inject({ kind: "timeout" });
    await expect(fetch(`${sb.url}/currencies?key=${sb.apiKey}`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect(sb.requests.list()[0]?.status).toBeUndefined();
    const pending = fetch(`${sb.url}/pairs?key=${sb.apiKey}`).catch((e: unknown) => e);
    await expect.poll(() => sb.requests.count("pairs")).toBe(1);
    await sb.close();
    expect(await pending).toBeInstanceOf(Error);
  });

  it("latency delays answers", async () => {
    const sb = await start({ latencyMs: 60 });
    const t0 = performance.now();
    await call(sb, "currencies");
    expect(performance.now() - t0).toBeGreaterThanOrEqual(50);
    sb.setLatency(0);
    expect((await call(sb, "currencies")).status).toBe(200);
  });
});
