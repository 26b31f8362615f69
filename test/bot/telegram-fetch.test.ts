import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { retryingTelegramFetch } from "../../src/bot/telegram-fetch.js";
import { AnswerTooLargeError } from "../../src/http/pooled-fetch.js";

/** A loopback server answering each request with the next scripted answer; records bodies. */
async function scripted(answers: Array<{ status: number; body: unknown }>): Promise<{ url: string; bodies: string[]; server: Server }> {
  const bodies: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks).toString());
      const answer = answers.shift() ?? { status: 200, body: { ok: true, result: true } };
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bot1:x/sendMessage`, bodies, server };
}

describe("Telegram retries below the replay layer", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it("waits out a 429 for its retry_after and sends the same body again", async () => {
    const s = await scripted([
      { status: 429, body: { ok: false, error_code: 429, description: "Too Many Requests", parameters: { retry_after: 1 } } },
    ]);
    server = s.server;
    const started = Date.now();
    const res = await retryingTelegramFetch()(s.url, { method: "POST", body: '{"chat_id":1,"text":"hi"}' });
    expect(await res.json()).toEqual({ ok: true, result: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(s.bodies).toEqual(['{"chat_id":1,"text":"hi"}', '{"chat_id":1,"text":"hi"}']);
  });

  it("tells of each failed attempt it would retry, retried or not, and of nothing else", async () => {
    const s = await scripted([
      { status: 429, body: { ok: false, error_code: 429, description: "Too Many Requests", parameters: { retry_after: 0 } } },
      { status: 502, body: { ok: false, error_code: 502, description: "Bad Gateway" } },
      { status: 200, body: { ok: true, result: true } },
      { status: 400, body: { ok: false, error_code: 400, description: "Bad Request: chat not found" } },
      { status: 429, body: { ok: false, error_code: 429, description: "Too Many Requests", parameters: { retry_after: 120 } } },
    ]);
    server = s.server;
    const told: string[] = [];
    const fetch = retryingTelegramFetch({ backoffMs: 1, onFailedAttempt: (reason) => told.push(reason) });
    expect((await fetch(s.url, { method: "POST", body: "{}" })).status).toBe(200);
    expect((await fetch(s.url, { method: "POST", body: "{}" })).status).toBe(400);
    // A wait longer than the client takes reaches the caller, and is counted all the same.
    expect((await fetch(s.url, { method: "POST", body: "{}" })).status).toBe(429);
    expect(told).toEqual(["429", "5xx", "429"]);
    // No answer at all: each attempt is a network failure.
    const closed = retryingTelegramFetch({ backoffMs: 1, maxAttempts: 2, onFailedAttempt: (reason) => told.push(reason) });
    await expect(closed("http://127.0.0.1:9/bot1:x/getMe")).rejects.toThrow();
    expect(told.slice(3)).toEqual(["network", "network"]);
  });

  it("retries 5xx with back-off and resends a streamed (multipart) body in full", async () => {
    const s = await scripted([
      { status: 502, body: { ok: false, error_code: 502, description: "Bad Gateway" } },
      { status: 500, body: { ok: false, error_code: 500, description: "Internal" } },
    ]);
    server = s.server;
    const body = Readable.from([Buffer.from("--b\r\npart one"), Buffer.from("\r\n--b--")]);
    const res = await retryingTelegramFetch({ backoffMs: 10 })(s.url, { method: "POST", body });
    expect(res.status).toBe(200);
    expect(s.bodies).toHaveLength(3);
    expect(new Set(s.bodies)).toEqual(new Set(["--b\r\npart one\r\n--b--"]));
  });

  it("streams a long body (an export) once, without holding it whole: a 5xx then reaches the caller", async () => {
    const s = await scripted([{ status: 502, body: { ok: false, error_code: 502, description: "Bad Gateway" } }]);
    server = s.server;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let pulled = 0;
    function* parts() {
      for (let i = 0; i < 64; i++) {
        pulled++;
        yield chunk;
      }
    }
    const stream = Readable.from(parts());
    const res = await retryingTelegramFetch({ backoffMs: 10 })(s.url, { method: "POST", body: stream });
    expect(res.status).toBe(502);
    expect(pulled).toBe(64);
    expect(s.bodies).toHaveLength(1);
    expect(s.bodies[0]).toHaveLength(64 * 64 * 1024);
  });

  it("hands back a 429 that asks for longer than the cap, and gives up after the last try", async () => {
    const long = await scripted([
      { status: 429, body: { ok: false, error_code: 429, description: "Too Many Requests", parameters: { retry_after: 3600 } } },
    ]);
    server = long.server;
    const res = await retryingTelegramFetch()(long.url, { method: "POST", body: "{}" });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { parameters: { retry_after: number } }).parameters.retry_after).toBe(3600);
    expect(long.bodies).toHaveLength(1);
    long.server.close();

    const down = await scripted(
      Array.from({ length: 5 }, () => ({ status: 503, body: { ok: false, error_code: 503, description: "down" } })),
    );
    server = down.server;
    const last = await retryingTelegramFetch({ maxAttempts: 3, backoffMs: 5 })(down.url, { method: "POST", body: "{}" });
    expect(last.status).toBe(503);
    expect(down.bodies).toHaveLength(3);
  });

  it("does not ask again after an answer over the cap: the same call would get the same answer", async () => {
    let requests = 0;
    server = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { "content-type": "application/json" }).end(`{"ok":true,"result":"${"x".repeat(4096)}"}`);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bot1:x/getChat`;
    const fetchCapped = retryingTelegramFetch({ backoffMs: 5, maxAnswerBytes: 1024 });
    await expect(fetchCapped(url, { method: "POST", body: "{}" })).rejects.toBeInstanceOf(AnswerTooLargeError);
    expect(requests).toBe(1);
  });
});
