import { afterEach, describe, expect, it } from "vitest";
import { createPartnerClient, type PartnerClient, type PartnerClientOptions, type PartnerRequestEvent } from "../../src/partner/client.js";
import { PartnerError } from "../../src/partner/errors.js";
import { ManualClock, SAMPLE_ADDRESSES, startSandbox, type SandboxOptions } from "../../src/devtools/sandbox/server.js";

const KEY = "super-secret-partner-key-123";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setup(sandboxOpts: SandboxOptions = {}, clientOpts: Partial<PartnerClientOptions> = {}) {
  const sandbox = await startSandbox({ apiKey: KEY, ...sandboxOpts });
  cleanups.push(() => sandbox.close());
  const client = makeClient(sandbox.url, clientOpts);
  return { sandbox, client };
}

function makeClient(baseUrl: string, clientOpts: Partial<PartnerClientOptions> = {}): PartnerClient {
  const client = createPartnerClient({ baseUrl, apiKey: KEY, retryBaseDelayMs: 5, retryMaxDelayMs: 10, ...clientOpts });
  cleanups.push(() => client.close());
  return client;
}

/** Runs `fn`, expects a PartnerError, checks it is free of the key, returns it. */
async function failure(fn: () => Promise<unknown>): Promise<PartnerError> {
  let caught: unknown;
  try {
    await fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(PartnerError);
  const e = caught as PartnerError;
  for (const text of [e.message, String(e), JSON.stringify(e), e.stack ?? "", e.serviceMessage ?? ""]) {
    expect(text).not.toContain(KEY);
  }
  return e;
}

const exchange = {
  from: "BTC",
  to: "ETH",
  amount: "0.10",
  destinationAddress: SAMPLE_ADDRESSES.ETH!,
  refundAddress: SAMPLE_ADDRESSES.BTC!,
};

describe("partner client: endpoints, new variant", () => {
  it("validateAddress", async () => {
    const { client } = await setup();
    expect(await client.validateAddress("BTC", SAMPLE_ADDRESSES.BTC!)).toBe(true);
    expect(await client.validateAddress("BTC", "nonsense")).toBe(false);
    const e = await failure(() => client.validateAddress("FOO", "x"));
    expect(e).toMatchObject({ kind: "rejected", serviceMessage: "unknown currency: FOO" });
  });

  it("rate, with the withdrawal fee parsed", async () => {
    const { client } = await setup();
    expect(await client.rate("BTC", "ETH", "0.1")).toEqual({
      rate: "2.02109375",
      withdrawalFee: { amount: "0.0005", currency: "ETH" },
      maxAmount: "50",
    });
  });

  it("currencies and pairs, unfiltered (the catalog filters)", async () => {
    const { client } = await setup();
    const currencies = await client.currencies();
    expect(currencies.find((c) => c.code === "USDTTRC20")).toEqual({
      code: "USDTTRC20",
      minAmount: "10",
      maxAmount: "2000000",
      tagName: "",
      network: "TRC20",
    });
    expect(currencies.find((c) => c.code === "DASH")?.available).toBe(false);
    const pairs = await client.pairs();
    expect(pairs.XMR).toEqual(["BTC", "ETH", "LTC", "USDTTRC20"]);
  });

  it("createExchange sends the amount as given and omits empty optional tags", async () => {
    const { client, sandbox } = await setup();
    const created = await client.createExchange({ ...exchange, destinationTag: "", refundTag: "" });
    expect(created.id).toMatch(/^[0-9a-z]{14}$/);
    expect(created.depositTag).toBe("");
    const params = sandbox.requests.list().at(-1)?.params;
    expect(params?.amount).toBe("0.10");
    expect(params).not.toHaveProperty("destinationTag");
    expect(params).not.toHaveProperty("refundTag");
  });

  it("createExchange sends tags when given", async () => {
    const { client, sandbox } = await setup();
    const created = await client.createExchange({
      ...exchange,
      to: "XRP",
      destinationAddress: SAMPLE_ADDRESSES.XRP!,
      destinationTag: "777",
    });
    expect(sandbox.orders.get(created.id)?.destinationTag).toBe("777");
  });

  it("exchangeStatus through a whole lifecycle, null then filled", async () => {
    const clock = new ManualClock();
    const { client, sandbox } = await setup({ clock, lifecycle: "manual" });
    const { id } = await client.createExchange(exchange);
    const first = await client.exchangeStatus(id);
    expect(first).toMatchObject({ status: "waiting_deposit", txId: null, amountTo: null, expectedAmountFrom: "0.1" });
    for (let i = 0; i < 4; i++) sandbox.orders.advance(id);
    const done = await client.exchangeStatus(id);
    expect(done.status).toBe("success");
    expect(done.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(done.amountTo).toBe(done.expectedAmountTo);
    sandbox.orders.setStatus(id, "brand_new_status");
    expect((await client.exchangeStatus(id)).status).toBe("brand_new_status");
  });

  it("exchangeStatus of an unknown id → rejected 'exchange not found'", async () => {
    const { client } = await setup();
    const e = await failure(() => client.exchangeStatus("nope"));
    expect(e).toMatchObject({ kind: "rejected", serviceMessage: "exchange not found", retryable: false });
  });
});

describe("partner client: old variant", () => {
  it("no fee, no network, exchange-status is HTTP 404 (not retried)", async () => {
    const { client, sandbox } = await setup({ variant: "old" });
    expect(await client.rate("BTC", "ETH", "0.1")).toEqual({ rate: "2.02109375", withdrawalFee: undefined });
    expect((await client.currencies()).every((c) => c.network === undefined)).toBe(true);
    const { id } = await client.createExchange(exchange);
    const e = await failure(() => client.exchangeStatus(id));
    expect(e).toMatchObject({ kind: "http", status: 404, retryable: false });
    expect(sandbox.requests.count("exchange-status")).toBe(1);
  });
});

describe("partner client: error kinds", () => {
  it("network: nothing listens", async () => {
    const sandbox = await startSandbox();
    const url = sandbox.url;
    await sandbox.close();
    const client = makeClient(url, { retries: 0 });
    const e = await failure(() => client.currencies());
    expect(e).toMatchObject({ kind: "network", endpoint: "currencies", retryable: true });
    expect(e.message).toContain("ECONNREFUSED");
  });

  it("timeout: the partner holds the request", async () => {
    const { client, sandbox } = await setup({}, { timeoutMs: 150, retries: 0 });
    sandbox.faults.inject({ kind: "timeout" });
    const t0 = performance.now();
    const e = await failure(() => client.pairs());
    expect(e).toMatchObject({ kind: "timeout", retryable: true });
    expect(performance.now() - t0).toBeLessThan(5_000);
  });

  it("http 500 with the service's message", async () => {
    const { client, sandbox } = await setup({}, { retries: 0 });
    sandbox.faults.inject({ kind: "http", status: 500 });
    const e = await failure(() => client.rate("BTC", "ETH", "1"));
    expect(e).toMatchObject({ kind: "http", status: 500, serviceMessage: "sandbox fault: HTTP 500", retryable: true });
  });

  it("wrong key → http 401, and the key is not in the error", async () => {
    const { sandbox } = await setup();
    const client = createPartnerClient({ baseUrl: sandbox.url, apiKey: `${KEY}-wrong` });
    cleanups.push(() => client.close());
    const e = await failure(() => client.currencies());
    expect(e).toMatchObject({ kind: "http", status: 401, serviceMessage: "invalid api key" });
  });

  it("malformed JSON and a wrong shape → invalid-response, not retried", async () => {
    const { client, sandbox } = await setup();
    sandbox.faults.inject({ endpoint: "rate", kind: "malformed", times: 1 });
    const bad = await failure(() => client.rate("BTC", "ETH", "1"));
    expect(bad).toMatchObject({ kind: "invalid-response", retryable: false });
    expect(bad.message).toContain("not valid JSON");
    sandbox.faults.inject({ endpoint: "rate", kind: "malformed", shape: "wrong-shape", times: 1 });
    const shape = await failure(() => client.rate("BTC", "ETH", "1"));
    expect(shape.kind).toBe("invalid-response");
    expect(shape.message).toContain('"rate"');
    expect(sandbox.requests.count("rate")).toBe(2);
  });

  it("cuts an answer that never ends at the cap: invalid-response naming the endpoint, not retried, memory bounded", async () => {
    const events: PartnerRequestEvent[] = [];
    const { client, sandbox } = await setup({}, { maxAnswerBytes: 4 * 1024 * 1024, onRequest: (e) => events.push(e) });
    sandbox.faults.inject({ endpoint: "rate", kind: "endless", times: 1 });
    const rssBefore = process.memoryUsage().rss;
    const e = await failure(() => client.rate("BTC", "ETH", "1"));
    expect(e).toMatchObject({ kind: "invalid-response", endpoint: "rate", retryable: false });
    expect(e.message).toBe(`partner rate: invalid response: the answer is over ${4 * 1024 * 1024} bytes; reading stopped`);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(128 * 1024 * 1024);
    expect(sandbox.requests.count("rate")).toBe(1);
    expect(events.map((x) => [x.endpoint, x.ok, x.errorKind])).toEqual([["rate", false, "invalid-response"]]);
    // The connection was closed, not left to stream: the next call is answered.
    expect((await client.rate("BTC", "ETH", "1")).rate).toMatch(/^\d/);
  });

  it("reports an answer of the wrong shape as a failed request, like a 5xx (it counts toward an outage)", async () => {
    const events: PartnerRequestEvent[] = [];
    const { client, sandbox } = await setup({}, { onRequest: (e) => events.push(e) });
    sandbox.faults.inject({ endpoint: "exchange-status", kind: "malformed", shape: "wrong-shape", times: 1 });
    await failure(() => client.exchangeStatus("nope"));
    expect(events.map((e) => [e.endpoint, e.ok, e.errorKind])).toEqual([
      ["exchange-status", true, undefined],
      ["exchange-status", false, "invalid-response"],
    ]);
    await client.currencies();
    expect(events.at(-1)).toMatchObject({ endpoint: "currencies", ok: true });
  });

  it("rejected with the service's message (and a key echoed back is scrubbed)", async () => {
    const { client, sandbox } = await setup();
    const below = await failure(() => client.rate("BTC", "ETH", "0.0001"));
    expect(below).toMatchObject({ kind: "rejected", serviceMessage: "amount below minimum 0.0005 BTC" });
    expect(below.message).toContain("amount below minimum 0.0005 BTC");
    sandbox.faults.inject({ kind: "rejected", message: `bad request for key ${KEY}`, times: 1 });
    const echoed = await failure(() => client.currencies());
    expect(echoed.serviceMessage).toBe("bad request for key ***");
  });
});

describe("partner client: retries", () => {
  it("a read is retried after a 5xx: fault once, then success → 2 requests", async () => {
    const events: PartnerRequestEvent[] = [];
    const { client, sandbox } = await setup({}, { onRequest: (e) => events.push(e) });
    sandbox.faults.inject({ endpoint: "currencies", kind: "http", status: 503, times: 1 });
    expect((await client.currencies()).length).toBeGreaterThan(0);
    expect(sandbox.requests.count("currencies")).toBe(2);
    expect(events.map((e) => [e.endpoint, e.ok, e.errorKind, e.attempt])).toEqual([
      ["currencies", false, "http", 1],
      ["currencies", true, undefined, 2],
    ]);
  });

  it("a read is retried after a timeout", async () => {
    // Long enough that the retry's own answer never times out on a busy machine (a third request).
    const { client, sandbox } = await setup({}, { timeoutMs: 1_000 });
    sandbox.faults.inject({ endpoint: "rate", kind: "timeout", times: 1 });
    expect((await client.rate("BTC", "ETH", "1")).rate).toBeTruthy();
    expect(sandbox.requests.count("rate")).toBe(2);
  });

  it("gives up after `retries` extra attempts", async () => {
    const { client, sandbox } = await setup({}, { retries: 2 });
    sandbox.faults.down();
    const e = await failure(() => client.exchangeStatus("x"));
    expect(e).toMatchObject({ kind: "http", status: 503 });
    expect(sandbox.requests.count("exchange-status")).toBe(3);
  });

  it("a rejection is not retried", async () => {
    const { client, sandbox } = await setup();
    await failure(() => client.rate("BTC", "ETH", "0.0001"));
    expect(sandbox.requests.count("rate")).toBe(1);
  });

  it("exchange-create is never retried: 500 once → exactly one request", async () => {
    const { client, sandbox } = await setup({}, { retries: 5 });
    sandbox.faults.inject({ endpoint: "exchange-create", kind: "http", status: 500, times: 1 });
    const e = await failure(() => client.createExchange(exchange));
    expect(e).toMatchObject({ kind: "http", status: 500 });
    expect(sandbox.requests.count("exchange-create")).toBe(1);
  });

  it("exchange-create is never retried after a timeout either", async () => {
    const { client, sandbox } = await setup({}, { retries: 5, timeoutMs: 150 });
    sandbox.faults.inject({ endpoint: "exchange-create", kind: "timeout", times: 1 });
    const e = await failure(() => client.createExchange(exchange));
    expect(e.kind).toBe("timeout");
    expect(sandbox.requests.count("exchange-create")).toBe(1);
  });
});

describe("partner client: logging", () => {
  it("logs retries and successes without the key", async () => {
    const lines: unknown[] = [];
    const logger = { debug: (o: object, m?: string) => lines.push([o, m]), warn: (o: object, m?: string) => lines.push([o, m]) };
    const { client, sandbox } = await setup({}, { logger });
    sandbox.faults.inject({ kind: "http", status: 502, times: 1 });
    await client.pairs();
    expect(lines.length).toBe(2);
    const text = JSON.stringify(lines);
    expect(text).toContain("retrying");
    expect(text).not.toContain(KEY);
  });

  it("logs a request's parameter names, never their values (addresses, tags, amounts)", async () => {
    const lines: unknown[] = [];
    const logger = { debug: (o: object, m?: string) => lines.push([o, m]), warn: (o: object, m?: string) => lines.push([o, m]) };
    const { client } = await setup({}, { logger });
    await client.validateAddress("ETH", SAMPLE_ADDRESSES.ETH!);
    await client.createExchange(exchange);
    expect(lines).toEqual([
      [expect.objectContaining({ endpoint: "validate-address", params: ["currency", "address"] }), "partner request ok"],
      [
        expect.objectContaining({ endpoint: "exchange-create", params: ["from", "to", "amount", "destinationAddress", "refundAddress"] }),
        "partner request ok",
      ],
    ]);
    const text = JSON.stringify(lines);
    for (const value of [SAMPLE_ADDRESSES.ETH!, SAMPLE_ADDRESSES.BTC!, "0.10"]) expect(text).not.toContain(value);
  });
});
