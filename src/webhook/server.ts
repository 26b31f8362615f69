/**
 * Serves Telegram's webhook requests on a local port, behind the reverse proxy that holds the
 * public https address. The secret header is checked first, in constant time, and the body is
 * bounded (413 past {@link WEBHOOK_MAX_BODY_BYTES}) as are the headers' and the request's time;
 * then updates go through grammY's `webhookCallback` (its node http adapter).
 *
 * How Telegram's timeout is met: each request is answered as soon as its update is handled, but
 * never later than `ackWithinMs` (grammY's `onTimeout: "return"`); a slower handler goes on in
 * the background, tracked like any running update so a stop waits for it. Answering at once for
 * every update would lose the fast ones on a crash (Telegram believes them delivered); waiting
 * for slow ones would make Telegram retry them. A retry that happens anyway (a broken connection,
 * a proxy timing out first) is dropped by update_id in `RecentUpdates` (and with replicas, when
 * it reaches another one, in `SharedUpdates`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { webhookCallback, type Bot, type Context } from "grammy";
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
  const callback = webhookCallback(opts.bot, "http", {
    secretToken: opts.secretToken,
    onTimeout: "return",
    timeoutMilliseconds: opts.ackWithinMs ?? DEFAULT_ACK_WITHIN_MS,
  });
  let closing = false;

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
    if (!boundBody(req, res)) return;
    try {
      // Keep-alive sockets would otherwise outlive a stop that starts while this one is busy.
      res.on("finish", () => {
        if (closing) req.socket.end();
      });
      await callback(req, res);
    } catch (err) {
      // An unreadable body: Telegram never sends one, so this is someone else's request.
      opts.logger.warn({ err: err instanceof Error ? err.message : String(err) }, "webhook: bad request");
      answer(res, 400, "bad request");
    }
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
        const force = setTimeout(() => server.closeAllConnections(), (opts.ackWithinMs ?? DEFAULT_ACK_WITHIN_MS) + 1_000);
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
 * Holds the body to {@link WEBHOOK_MAX_BODY_BYTES}: a declared length over it is refused at once
 * (false: answered, nothing read); an undeclared one (chunked) is counted as it is read, and past
 * the limit the request is answered 413 and then destroyed, which fails the update's read. The
 * count starts when the reader (grammY's adapter) starts reading, so no chunk passes uncounted
 * and none is lost to it.
 */
function boundBody(req: IncomingMessage, res: ServerResponse): boolean {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > WEBHOOK_MAX_BODY_BYTES) {
    answer(res, 413, "payload too large", true);
    return false;
  }
  let size = 0;
  const tooLarge = () => req.destroy(new Error("webhook body over the limit"));
  const count = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= WEBHOOK_MAX_BODY_BYTES) return;
    req.off("data", count);
    req.pause();
    if (res.headersSent) tooLarge();
    else res.writeHead(413, { "content-type": "text/plain", connection: "close" }).end("payload too large", tooLarge);
  };
  const onReader = (event: string | symbol) => {
    if (event !== "data") return;
    req.off("newListener", onReader);
    req.on("data", count);
  };
  req.on("newListener", onReader);
  return true;
}

function answer(res: ServerResponse, status: number, text: string, closeConnection = false): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { "content-type": "text/plain" };
  if (closeConnection) headers.connection = "close";
  res.writeHead(status, headers).end(text);
}
