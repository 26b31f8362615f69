/**
 * The webhook server's own guards, before any update reaches the bot: the secret (constant time,
 * first), the body's size and the time a request may take. A real grammY Bot behind it, with a
 * handler that records what it was given.
 */
import { request } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Bot } from "grammy";
import type { Update } from "grammy/types";
import { startWebhookServer, WEBHOOK_MAX_BODY_BYTES, type WebhookServer } from "../../src/webhook/server.js";
import { secretEquals } from "../../src/net/secret-equal.js";
import { createLogger } from "../../src/log.js";

const SECRET = "webhook-test-secret_1";
const PATH = "/hook";

let server: WebhookServer | undefined;
let handled: number[] = [];
let deliveries = 0;
/** Updates whose failure reached the bot's error handler. */
const errors: number[] = [];

/** How long the handler of each update id waits before it ends (none: at once). */
let handlingMs = new Map<number, number>();
/** Updates handed to `keepUnfinished`, and when. */
let kept: Array<{ id: number; at: number }> = [];

type StartOptions = Partial<
  Pick<Parameters<typeof startWebhookServer>[0], "headersTimeoutMs" | "requestTimeoutMs" | "ackWithinMs" | "keepUnfinished">
>;

async function start(options: StartOptions = {}): Promise<URL> {
  handled = [];
  deliveries = 0;
  handlingMs = new Map();
  kept = [];
  const bot = new Bot("1:test", {
    botInfo: {
      id: 1,
      is_bot: true,
      first_name: "Test",
      username: "test_bot",
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: true,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    },
  });
  bot.use(async (ctx) => {
    const ms = handlingMs.get(ctx.update.update_id);
    if (ms !== undefined) await new Promise((resolve) => setTimeout(resolve, ms));
    if (ctx.update.update_id === 13) throw new Error("a handler that fails");
    handled.push(ctx.update.update_id);
  });
  bot.catch((err) => {
    errors.push(err.ctx.update.update_id);
  });
  server = await startWebhookServer({
    bot,
    secretToken: SECRET,
    path: PATH,
    port: 0,
    host: "127.0.0.1",
    logger: createLogger({ level: "silent", secrets: [] }),
    onDelivery: () => deliveries++,
    ...options,
  });
  return new URL(server.localUrl);
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** POSTs `body` and resolves with the status and when it came. */
async function timedPost(url: URL, body: Buffer): Promise<{ status: number; at: number }> {
  const status = await post(url, body, headers);
  return { status, at: performance.now() };
}

/** POSTs `body` (in chunks, without a content-length when `chunked`) and resolves with the status. */
function post(url: URL, body: Buffer, headers: Record<string, string>, chunked = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: PATH, method: "POST", headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    if (!chunked) {
      req.setHeader("content-length", body.length);
      req.end(body);
      return;
    }
    // Streamed in 64 KiB pieces; the server may cut the connection once it has answered.
    let at = 0;
    const more = () => {
      while (at < body.length) {
        const piece = body.subarray(at, at + 65_536);
        at += piece.length;
        if (!req.write(piece)) return void req.once("drain", more);
      }
      req.end();
    };
    more();
  });
}

const update = (id: number) => Buffer.from(JSON.stringify({ update_id: id, message: undefined }));
const headers = { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET };

describe("the webhook server", () => {
  it("takes an update with the right secret, and refuses a wrong one with 401 before reading it", async () => {
    const url = await start();
    expect(await post(url, update(1), headers)).toBe(200);
    expect(await post(url, update(2), { ...headers, "x-telegram-bot-api-secret-token": `${SECRET}x` })).toBe(401);
    expect(await post(url, update(3), { "content-type": "application/json" })).toBe(401);
    expect(handled).toEqual([1]);
    expect(deliveries).toBe(1);
  });

  it("refuses a body over the limit with 413: declared, or streamed without a length", async () => {
    const url = await start();
    const padding = " ".repeat(WEBHOOK_MAX_BODY_BYTES);
    const big = Buffer.from(`{"update_id": 5, "pad": "${padding}"}`);
    expect(await post(url, big, headers)).toBe(413);
    expect(await post(url, big, headers, true)).toBe(413);
    // A large but plausible update still passes.
    const fits = Buffer.from(`{"update_id": 6, "pad": "${" ".repeat(200_000)}"}`);
    expect(await post(url, fits, headers, true)).toBe(200);
    expect(handled).toEqual([6]);
  });

  const keepSlowly = async (u: Update) => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    kept.push({ id: u.update_id, at: performance.now() });
  };

  it("answers 200 once an update is handled within the ack window, without keeping it", async () => {
    // A window nothing here outlives, however slow a moment of a loaded machine.
    const url = await start({ ackWithinMs: 10_000, keepUnfinished: keepSlowly });
    expect(await post(url, update(7), headers)).toBe(200);
    expect(handled).toEqual([7]);
    expect(kept).toEqual([]);
  });

  it("answers 200 to an update that outlives the ack window only after it is kept, while its handling goes on", async () => {
    const url = await start({ ackWithinMs: 200, keepUnfinished: keepSlowly });
    handlingMs.set(8, 1_500);
    const sent = performance.now();
    const slow = await timedPost(url, update(8));
    expect(slow.status).toBe(200);
    expect(kept.map((k) => k.id)).toEqual([8]);
    expect(slow.at).toBeGreaterThanOrEqual(kept[0]!.at);
    expect(slow.at - sent).toBeGreaterThanOrEqual(200);
    expect(handled).toEqual([]);
    await expect.poll(() => handled, { timeout: 5_000 }).toEqual([8]);
  });

  it("answers 200 when the update's handling fails, after the bot's error handler has it", async () => {
    const url = await start();
    errors.length = 0;
    expect(await post(url, update(13), headers)).toBe(200);
    expect(errors).toEqual([13]);
  });

  it("refuses with 400 a body with the right secret that is not an update, and hands nothing to the bot", async () => {
    const url = await start();
    expect(await post(url, Buffer.from("not json"), headers)).toBe(400);
    expect(await post(url, Buffer.from(JSON.stringify({ message: {} })), headers)).toBe(400);
    expect(await post(url, Buffer.from(JSON.stringify({ update_id: "1" })), headers)).toBe(400);
    expect(await post(url, Buffer.from("null"), headers)).toBe(400);
    expect(handled).toEqual([]);
  });

  it("closes a connection whose headers never finish", async () => {
    const url = await start({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const socket = connect(Number(url.port), url.hostname);
    socket.write(`POST ${PATH} HTTP/1.1\r\nHost: x\r\n`);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      let got = "";
      socket.on("data", (d: Buffer) => (got += d.toString()));
      socket.on("close", () => resolve(got));
    });
    // Node answers 408 and closes; without the bound it would wait its default minute.
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("secretEquals", () => {
  it("is true for exactly the secret and false for anything else, whatever its length", () => {
    expect(secretEquals(SECRET, SECRET)).toBe(true);
    for (const other of ["", SECRET.slice(0, -1), `${SECRET}1`, SECRET.toUpperCase(), "x".repeat(10_000)]) {
      expect(secretEquals(other, SECRET)).toBe(false);
    }
    expect(secretEquals(undefined, SECRET)).toBe(false);
    expect(secretEquals([SECRET, SECRET], SECRET)).toBe(false);
    expect(secretEquals("", "")).toBe(false);
  });

  it("compares with the secret it is given each time, not the one of an earlier call", () => {
    expect(secretEquals("first-secret", "first-secret")).toBe(true);
    expect(secretEquals("first-secret", "second-secret")).toBe(false);
    expect(secretEquals("second-secret", "second-secret")).toBe(true);
    expect(secretEquals("second-secret", "first-secret")).toBe(false);
  });
});
