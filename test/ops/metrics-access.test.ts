/**
 * Who may read /metrics (src/ops/http.ts): without METRICS_TOKEN, only connections over loopback
 * unless METRICS_ACCESS=open says otherwise; with the token, whoever holds it. The handler is
 * called with the request as Node gives it: what matters is the connection's addresses.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { opsHandler, type OpsOptions } from "../../src/ops/http.js";
import { loadConfig } from "../../src/config.js";

const TOKEN = "metrics-token-0123456789abcdef";

/** What the handler answered to a GET of `path` over a connection from `remote` to `local`. */
async function get(
  options: Pick<OpsOptions, "metricsToken" | "metricsAccess">,
  path: string,
  local: string,
  remote: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const handler = opsHandler({
    readiness: { report: () => ({ ready: true, checks: {} }) as never },
    metrics: { contentType: "text/plain", render: () => Promise.resolve("up 1\n") },
    ...options,
  });
  const req = { url: path, method: "GET", headers, socket: { localAddress: local, remoteAddress: remote } } as unknown as IncomingMessage;
  let status = 0;
  const res = {
    req,
    headersSent: false,
    writeHead(code: number) {
      status = code;
      return this;
    },
    end() {},
  } as unknown as ServerResponse;
  expect(await handler(req, res)).toBe(true);
  return status;
}

describe("/metrics access", () => {
  it("without a token, answers over loopback only, by default", async () => {
    expect(await get({}, "/metrics", "127.0.0.1", "127.0.0.1")).toBe(200);
    expect(await get({}, "/metrics", "::1", "::1")).toBe(200);
    expect(await get({}, "/metrics", "::ffff:127.0.0.1", "::ffff:127.0.0.1")).toBe(200);
    // A listener on every interface, reached from the network.
    expect(await get({}, "/metrics", "10.0.0.5", "203.0.113.7")).toBe(403);
    expect(await get({}, "/metrics", "::ffff:10.0.0.5", "::ffff:203.0.113.7")).toBe(403);
    // The probes stay open: an orchestrator calls them from outside.
    expect(await get({}, "/healthz", "10.0.0.5", "203.0.113.7")).toBe(200);
    expect(await get({}, "/readyz", "10.0.0.5", "203.0.113.7")).toBe(200);
  });

  it("with METRICS_ACCESS=open, answers anyone without a token", async () => {
    expect(await get({ metricsAccess: "open" }, "/metrics", "10.0.0.5", "203.0.113.7")).toBe(200);
  });

  it("with a token, wants it from anywhere, loopback included", async () => {
    expect(await get({ metricsToken: TOKEN }, "/metrics", "127.0.0.1", "127.0.0.1")).toBe(401);
    expect(await get({ metricsToken: TOKEN }, "/metrics", "10.0.0.5", "203.0.113.7")).toBe(401);
    expect(await get({ metricsToken: TOKEN }, "/metrics", "10.0.0.5", "203.0.113.7", { authorization: `Bearer ${TOKEN}` })).toBe(200);
  });

  it("reads METRICS_ACCESS from the environment, loopback unless it says open", () => {
    expect(loadConfig({}).metricsAccess).toBe("loopback");
    expect(loadConfig({ METRICS_ACCESS: " Open " }).metricsAccess).toBe("open");
    expect(() => loadConfig({ METRICS_ACCESS: "everyone" })).toThrow(/METRICS_ACCESS must be "loopback"/);
  });
});
