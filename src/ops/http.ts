/**
 * The operations endpoints: GET /healthz, /readyz and /metrics.
 *
 * `opsHandler` is a plain request handler that answers its three paths and returns false for
 * anything else, so webhook mode can serve it next to its webhook route on the same PORT;
 * `startOpsServer` serves it alone (polling mode).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { timingSafeEqual } from "node:crypto";
import { listen } from "../net/listen.js";
import type { AppMetrics } from "./metrics.js";
import type { Readiness } from "./readiness.js";

export interface OpsOptions {
  readiness: Pick<Readiness, "report">;
  metrics: Pick<AppMetrics, "render" | "contentType">;
  /** When set, /metrics wants `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /**
   * Without a token: "loopback" answers /metrics only over a loopback connection (403 otherwise),
   * "open" to anyone. Default "loopback".
   */
  metricsAccess?: "loopback" | "open";
}

/** Answers the request if it is one of ours; resolves false (nothing written) otherwise. */
export type OpsHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export function opsHandler(opts: OpsOptions): OpsHandler {
  const expected = opts.metricsToken === undefined ? undefined : Buffer.from(`Bearer ${opts.metricsToken}`);
  const authorized = (req: IncomingMessage) => {
    if (expected === undefined) return true;
    const got = Buffer.from(req.headers.authorization ?? "");
    // Constant time, so the token cannot be guessed a byte at a time from answer times.
    return got.length === expected.length && timingSafeEqual(got, expected);
  };

  const fromLoopback = (req: IncomingMessage) => isLoopbackAddress(req.socket.localAddress) && isLoopbackAddress(req.socket.remoteAddress);
  const loopbackOnly = expected === undefined && opts.metricsAccess !== "open";

  return async (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/healthz" && path !== "/readyz" && path !== "/metrics") return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      send(res, 405, "text/plain; charset=utf-8", "method not allowed\n", { allow: "GET, HEAD" });
      return true;
    }
    if (path === "/healthz") {
      // Answering at all is the proof: the event loop turns.
      send(res, 200, "text/plain; charset=utf-8", "ok\n");
    } else if (path === "/readyz") {
      const report = opts.readiness.report();
      send(res, report.ready ? 200 : 503, "application/json; charset=utf-8", `${JSON.stringify(report)}\n`);
    } else if (loopbackOnly && !fromLoopback(req)) {
      send(res, 403, "text/plain; charset=utf-8", "metrics are served over loopback only (set METRICS_TOKEN or METRICS_ACCESS=open)\n");
    } else if (!authorized(req)) {
      send(res, 401, "text/plain; charset=utf-8", "unauthorized\n", { "www-authenticate": 'Bearer realm="metrics"' });
    } else {
      send(res, 200, opts.metrics.contentType, await opts.metrics.render());
    }
    return true;
  };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.replace(/^::ffff:/i, "");
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
  res.end(res.req.method === "HEAD" ? undefined : body);
}

/** A running ops server. */
export interface OpsServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `handler` alone on `port` (0 = any free one), 404 for other paths. */
export async function startOpsServer(handler: OpsHandler, port: number, host = "0.0.0.0"): Promise<OpsServer> {
  const server: Server = createServer((req, res) => {
    handler(req, res)
      .then((handled) => {
        if (!handled) send(res, 404, "text/plain; charset=utf-8", "not found\n");
      })
      .catch(() => {
        if (!res.headersSent) send(res, 500, "text/plain; charset=utf-8", "internal error\n");
        else res.destroy();
      });
  });
  // Probes are short: a slow client must not keep a socket (or a stop) waiting.
  server.requestTimeout = 10_000;
  server.keepAliveTimeout = 5_000;
  const url = await listen(server, port, host);
  return {
    // Bound to every interface; a caller on this machine reaches it over loopback.
    url: url.replace("//0.0.0.0:", "//127.0.0.1:").replace("//[::]:", "//127.0.0.1:"),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
