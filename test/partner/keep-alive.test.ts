/**
 * The partner client against real local servers that misbehave the way services and proxies do
 * with connections: one that forgets an idle keep-alive connection without telling (the next
 * request on it is reset), one that refuses connections, one that resets after reading a request.
 */
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createPartnerClient, type PartnerClientOptions, type PartnerRequestEvent } from "../../src/partner/client.js";
import { PartnerError } from "../../src/partner/errors.js";
import { SAMPLE_ADDRESSES, startSandbox } from "../../src/devtools/sandbox/server.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

const createBody = JSON.stringify({ id: "ex1", depositAddress: "addr", depositTag: "" });
const statusBody = JSON.stringify({
  result: true,
  status: "waiting_deposit",
  from: "BTC",
  to: "ETH",
  depositAddress: "a",
  depositTag: "",
  destinationAddress: "d",
  destinationTag: "",
  refundAddress: "r",
  refundTag: "",
  expectedAmountFrom: "1",
  expectedAmountTo: "2",
  amountFrom: "1",
  date: "01.01.2024 00:00:00",
  txId: null,
  amountTo: null,
});

/**
 * A minimal HTTP/1.1 server with keep-alive that, like a balancer with a short idle timeout,
 * drops a connection idle for `idleMs` from its table without a word: the next request on it is
 * answered with a reset and never processed. Counts the requests it processed.
 */
async function forgetfulServer(idleMs: number) {
  const processed: string[] = [];
  const server = net.createServer((socket) => {
    let last = Date.now();
    let buffer = "";
    socket.on("error", () => undefined);
    socket.on("data", (chunk) => {
      if (Date.now() - last > idleMs) {
        socket.resetAndDestroy();
        return;
      }
      buffer += chunk.toString("latin1");
      let end;
      while ((end = buffer.indexOf("\r\n\r\n")) >= 0) {
        const head = buffer.slice(0, end);
        buffer = buffer.slice(end + 4);
        const path = head.split(" ")[1] ?? "";
        processed.push(path.split("?")[0]!);
        const body = path.includes("exchange-create") ? createBody : statusBody;
        // No Keep-Alive header: the client is not told the idle timeout (as with many services).
        socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
        last = Date.now();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as net.AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/api/v1`, processed };
}

function client(baseUrl: string, extra: Partial<PartnerClientOptions> = {}) {
  const events: PartnerRequestEvent[] = [];
  const c = createPartnerClient({
    baseUrl,
    apiKey: "k",
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 10,
    onRequest: (e) => events.push(e),
    ...extra,
  });
  cleanups.push(() => c.close());
  return { c, events };
}

const params = { from: "BTC", to: "ETH", amount: "1", destinationAddress: "d", refundAddress: "r" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("partner client: keep-alive sockets and resets", () => {
  it("closes idle sockets before the service forgets them: a create after an idle pause goes through first time", async () => {
    const server = await forgetfulServer(300);
    const { c, events } = client(server.url, { idleSocketMs: 150 });
    await c.exchangeStatus("ex1");
    await sleep(450);
    expect(await c.createExchange(params)).toMatchObject({ id: "ex1" });
    expect(events.map((e) => e.ok)).toEqual([true, true]);
    expect(server.processed).toEqual(["/api/v1/exchange-status", "/api/v1/exchange-create"]);
  });

  it("without the idle limit the same pause makes the create fail with a reset, and it is not sent again", async () => {
    // The defect this guards against: a reset on a reused socket is no proof the request was not
    // processed, so a create is never retried on it.
    const server = await forgetfulServer(300);
    const { c, events } = client(server.url, { idleSocketMs: 0 });
    await c.exchangeStatus("ex1");
    await sleep(450);
    const err = await c.createExchange(params).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerError);
    expect(err).toMatchObject({ kind: "network", notSent: false });
    expect(events.filter((e) => e.endpoint === "exchange-create")).toHaveLength(1);
  });

  it("retries a read after such a reset, and it succeeds on a new connection", async () => {
    const server = await forgetfulServer(300);
    const { c, events } = client(server.url, { idleSocketMs: 0 });
    await c.exchangeStatus("ex1");
    await sleep(450);
    await c.exchangeStatus("ex1");
    expect(events.map((e) => e.ok)).toEqual([true, false, true]);
  });

  it("keeps a socket in use open past the idle limit: a slow answer still arrives", async () => {
    const sandbox = await startSandbox({ latencyMs: 400 });
    cleanups.push(() => sandbox.close());
    const { c } = client(sandbox.url, { apiKey: sandbox.apiKey, idleSocketMs: 100 });
    expect((await c.currencies()).length).toBeGreaterThan(0);
  });

  it("sends a create again when the connection was refused: the request never left", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { c, events } = client(`http://127.0.0.1:${port}/api/v1`);
    const err = await c.createExchange(params).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: "network", notSent: true });
    expect(events.filter((e) => e.endpoint === "exchange-create")).toHaveLength(3);
  });

  it("does not send a create again when the service reset the connection after reading it", async () => {
    let reads = 0;
    const server = net.createServer((socket) => {
      socket.on("error", () => undefined);
      socket.on("data", () => {
        reads++;
        socket.resetAndDestroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { c } = client(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/api/v1`);
    const err = await c.createExchange(params).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: "network", notSent: false });
    expect(reads).toBe(1);
  });
});

describe("partner client: a stop cancels reads and waits for creates", () => {
  it("ends a hung read at once, without retrying or reporting it, and refuses new reads", async () => {
    const sandbox = await startSandbox();
    cleanups.push(() => sandbox.close());
    sandbox.faults.inject({ kind: "timeout", endpoint: "exchange-status" });
    const { c, events } = client(sandbox.url, { apiKey: sandbox.apiKey });
    const read = c.exchangeStatus("x").catch((e: unknown) => e);
    await sleep(100);
    const started = Date.now();
    c.cancelReads();
    const err = await read;
    expect(Date.now() - started).toBeLessThan(500);
    expect(err).toMatchObject({ kind: "network", cancelled: true, message: expect.stringContaining("stopping") as unknown });
    expect(events).toEqual([]);
    await expect(c.rate("BTC", "ETH", "1")).rejects.toMatchObject({ kind: "network", cancelled: true });
    expect(sandbox.requests.count("exchange-status")).toBe(1);
  });

  it("lets a create in flight finish", async () => {
    const sandbox = await startSandbox();
    cleanups.push(() => sandbox.close());
    sandbox.faults.inject({ kind: "delay", ms: 300, endpoint: "exchange-create" });
    const { c } = client(sandbox.url, { apiKey: sandbox.apiKey });
    const create = c.createExchange({
      ...params,
      amount: "0.1",
      destinationAddress: SAMPLE_ADDRESSES.ETH!,
      refundAddress: SAMPLE_ADDRESSES.BTC!,
    });
    await sleep(50);
    c.cancelReads();
    await expect(create).resolves.toMatchObject({ depositAddress: expect.any(String) as unknown });
  });
});
