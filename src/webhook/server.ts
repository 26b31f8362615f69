/**
 * Serves Telegram's webhook requests on a local port, behind the reverse proxy that holds the
 * public https address. The secret header is checked first, in constant time, and the body is
 * bounded (413 past {@link WEBHOOK_MAX_BODY_BYTES}) as are the headers' and the request's time;
 * then the update is handed to the bot (`bot.handleUpdate`).
 *
 * When Telegram is answered 200, and so forgets the update:
 * - once its handling has ended, when that takes less than `ackWithinMs` (almost every update):
 *   whatever it changed that must survive is on disk by then (the flow's writes are written
 *   through), so nothing of it is kept anywhere else;
 * - at `ackWithinMs` otherwise, once `keepUnfinished` has put the update on disk (updates/inbox.ts):
 *   a kill before its handling ends then replays it at the next start. The handling goes on in
 *   the background, tracked like any running update so a stop waits for it. Waiting for a slow
 *   update would make Telegram retry it.
 * A kill before the 200 loses nothing either way: Telegram posts the update again. Keeping every
 * update on disk before its handling, as this server did, cost a durable write and a delete per
 * request (17 % of a /start's CPU in bench/throughput) for the few that outlive the window. A
 * retry that happens anyway (a broken connection, a proxy timing out first) is dropped by
 * update_id in `RecentUpdates` (and with replicas, when it reaches another one, in `SharedUpdates`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { BotError, type Bot, type Context } from "grammy";
import type { Update } from "grammy/types";
import { listen } from "../net/listen.js";
import { secretEquals } from "../net/secret-equal.js";
import type { Logger } from "../log.js";

/** Well under Telegram's own timeout (tens of seconds), and longer than almost every update takes. */
const DEFAULT_ACK_WITHIN_MS = 2_000;

/**
 * The largest request body read. Telegram's updates are a few kilobytes (a message of 4096
 * characters with entities, a callback, a poll); anything near a mebibyte is not from Telegram,
 * and is refused with 413 before it is buffered.
 */
export const WEBHOOK_MAX_BODY_BYTES = 1024 * 1024;

/**
 * How long a client may take to send its headers, and its whole request. Telegram sends a small
 * update at once; Node's defaults (60 s and 300 s) would let a slow client hold sockets for minutes.
 */
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface WebhookServerOptions<C extends Context> {
  bot: Bot<C>;
  /** Compared with X-Telegram-Bot-Api-Secret-Token; a request without it gets 401. */
  secretToken: string;
  /** The path of the public URL; the proxy forwards it unchanged. Other paths get 404. */
  path: string;
  port: number;
  /** Default: every interface (inside a container the proxy is another host). */
  host?: string;
  ackWithinMs?: number;
  logger: Logger;
  /** Serves the other paths of this port (/healthz, /readyz, /metrics); false: not its own (404). */
  otherPaths?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /** Told of every request that carries the right secret: Telegram reached the bot. */
  onDelivery?: () => void;
  /**
   * Puts an update still being handled when `ackWithinMs` ends on disk, so that a kill after the
   * 200 does not lose it; the 200 waits for it. Without it (updates not kept on disk) the 200
   * goes at `ackWithinMs` alone.
   */
  keepUnfinished?: (update: Update) => Promise<void>;
  /** Node's `headersTimeout` and `requestTimeout` (tests shorten them). */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
}

export interface WebhookServer {
  /** The local address it listens on, "http://HOST:PORT". */
  readonly localUrl: string;
  /** Stops taking requests (new ones get 503, which Telegram retries later) and waits for open ones. */
  close(): Promise<void>;
}

export async function startWebhookServer<C extends Context>(opts: WebhookServerOptions<C>): Promise<WebhookServer> {
  const ackWithinMs = opts.ackWithinMs ?? DEFAULT_ACK_WITHIN_MS;
  // handleUpdate needs the bot's own info; fetched here once, not on the first request.
  await opts.bot.init();
  let closing = false;

  /** Handles `update` and resolves when Telegram may be answered 200 (see the module comment). */
  const take = async (update: Update): Promise<void> => {
    const handling = opts.bot
      .handleUpdate(update)
      .catch(async (err: unknown) => {
        if (!(err instanceof BotError)) throw err;
        await opts.bot.errorHandler(err as BotError<C>);
      })
      .catch((err: unknown) =>
        opts.logger.error({ err, updateId: update.update_id }, "webhook: an update failed outside the bot's error handler"),
      )
      .then(() => "ended" as const);
    let timer: NodeJS.Timeout | undefined;
    const windowEnded = new Promise<"window">((resolve) => (timer = setTimeout(() => resolve("window"), ackWithinMs)));
    const first = await Promise.race([handling, windowEnded]);
    clearTimeout(timer);
    if (first === "ended" || opts.keepUnfinished === undefined) return;
    try {
      await opts.keepUnfinished(update);
    } catch (err) {
      // Answered anyway: not answering would make Telegram post it again while it is still running.
      opts.logger.warn({ err, updateId: update.update_id }, "webhook: could not keep an unfinished update on disk");
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? "/", "http://webhook.invalid").pathname;
    if (path !== opts.path) {
      if (opts.otherPaths && (await opts.otherPaths(req, res))) return;
      answer(res, 404, "not found");
      return;
    }
    // Constant time, and before anything else looks at the request: a wrong secret learns
    // nothing from how or how fast it is refused, and its body is never read.
    if (!secretEquals(req.headers["x-telegram-bot-api-secret-token"], opts.secretToken)) {
      answer(res, 401, "unauthorized", true);
      return;
    }
    opts.onDelivery?.();
    if (req.method !== "POST") {
      answer(res, 405, "method not allowed");
      return;
    }
    if (closing) {
      answer(res, 503, "stopping", true);
      return;
    }
    const update = await readUpdate(req, res, opts.logger);
    if (update === undefined) return;
    // Keep-alive sockets would otherwise outlive a stop that starts while this one is busy.
    res.on("finish", () => {
      if (closing) req.socket.end();
    });
    await take(update);
    // 200 with no body is all Telegram reads; the plainest answer Node writes.
    if (!res.headersSent && !res.destroyed) res.end();
  };

  const headersTimeout = opts.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const server: Server = createServer(
    {
      headersTimeout,
      requestTimeout: opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      // Node checks both timeouts on this interval (30 s by default, which would stretch them).
      connectionsCheckingInterval: Math.min(1_000, headersTimeout / 2),
    },
    (req, res) => {
      void handle(req, res);
    },
  );
  const localUrl = await listen(server, opts.port, opts.host ?? "0.0.0.0");
  opts.logger.info({ listen: localUrl, path: opts.path }, "webhook: listening");

  let closed: Promise<void> | undefined;
  return {
    localUrl,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        closing = true;
        // A request being handled is answered within the ack window; after that, nothing is
        // left worth keeping a socket open for.
        const force = setTimeout(() => server.closeAllConnections(), ackWithinMs + 1_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        // Idle keep-alive sockets would hold close() open; busy ones end after their answer.
        server.closeIdleConnections();
      })),
  };
}

/**
 * The update a request carries, its body read up to {@link WEBHOOK_MAX_BODY_BYTES}: a declared
 * length over it is refused at once, without reading; an undeclared one (chunked) is counted as it
 * arrives and refused past the limit (413, then the connection is cut). A body that is not an
 * update (not JSON, no numeric `update_id`) is answered 400: Telegram never sends one. Undefined
 * when the request was answered here.
 */
async function readUpdate(req: IncomingMessage, res: ServerResponse, logger: Logger): Promise<Update | undefined> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > WEBHOOK_MAX_BODY_BYTES) {
    answer(res, 413, "payload too large", true);
    return undefined;
  }
  const body = await new Promise<Buffer | undefined>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= WEBHOOK_MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      // Read no further; the connection is cut once the refusal is written.
      req.off("data", onData).pause();
      res.writeHead(413, { "content-type": "text/plain", connection: "close" }).end("payload too large", () => req.destroy());
      resolve(undefined);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks, size)));
    // The connection broke mid-body: nobody is left to answer ("close" comes after "end" otherwise).
    req.once("error", () => resolve(undefined));
    req.once("close", () => resolve(undefined));
  });
  if (body === undefined) return undefined;
  try {
    const update = JSON.parse(body.toString("utf8")) as unknown;
    if (typeof update === "object" && update !== null && typeof (update as { update_id?: unknown }).update_id === "number") {
      return update as Update;
    }
  } catch {
    // Not JSON: refused below, as any other body that is not an update.
  }
  logger.warn({ bytes: body.length }, "webhook: a request with the right secret but no update in it");
  answer(res, 400, "bad request");
  return undefined;
}

function answer(res: ServerResponse, status: number, text: string, closeConnection = false): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { "content-type": "text/plain" };
  if (closeConnection) headers.connection = "close";
  res.writeHead(status, headers).end(text);
}
