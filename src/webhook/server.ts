/**
 * Serves Telegram's webhook requests on a local port, behind the reverse proxy that holds the
 * public https address. Updates go through grammY's `webhookCallback` (its node http adapter),
 * which checks the secret header before it reads the update.
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
import type { Logger } from "../log.js";

/** Well under Telegram's own timeout (tens of seconds), and longer than almost every update takes. */
const DEFAULT_ACK_WITHIN_MS = 2_000;

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
    if (req.headers["x-telegram-bot-api-secret-token"] === opts.secretToken) opts.onDelivery?.();
    if (req.method !== "POST") {
      answer(res, 405, "method not allowed");
      return;
    }
    if (closing) {
      answer(res, 503, "stopping", true);
      return;
    }
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

  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
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

function answer(res: ServerResponse, status: number, text: string, closeConnection = false): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { "content-type": "text/plain" };
  if (closeConnection) headers.connection = "close";
  res.writeHead(status, headers).end(text);
}
