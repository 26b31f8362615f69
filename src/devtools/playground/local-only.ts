/**
 * The playground answers only requests a page on this machine made to it, by name: DNS
 * rebinding points a name the attacker owns (`evil.example`) at 127.0.0.1, so a page from that
 * site reaches a loopback server as "same origin" to the browser. Such a request carries the
 * attacker's name in `Host` (and in `Origin` when it has one); a loopback listener alone does not
 * stop it, checking both does.
 */
import type { IncomingMessage } from "node:http";

/** Names and addresses that can only mean this machine. */
function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}

/** The hostname and port of a `Host` header value; undefined when it is not one. */
function parseHost(value: string): { hostname: string; port: string } | undefined {
  try {
    const url = new URL(`http://${value}`);
    if (url.username !== "" || url.password !== "" || url.pathname !== "/" || url.host === "") return undefined;
    return { hostname: url.hostname, port: url.port || "80" };
  } catch {
    return undefined;
  }
}

/**
 * Why `req` is refused, or undefined when it is the playground's own: its `Host` is a loopback
 * name on `port` (or `extraHost`, the address the playground was told to listen on), and its
 * `Origin`, when it has one, is that same `http://` origin.
 */
export function foreignRequest(req: IncomingMessage, port: number, extraHost?: string): string | undefined {
  const host = parseHost(req.headers.host ?? "");
  const ours = (h: { hostname: string; port: string }) =>
    h.port === String(port) && (isLoopbackName(h.hostname) || (extraHost !== undefined && h.hostname === extraHost));
  if (host === undefined || !ours(host)) return "the Host header is not this machine's playground";
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return "the Origin header is not a URL";
  }
  if (from.protocol !== "http:" || !ours({ hostname: from.hostname, port: from.port || "80" })) {
    return "the request comes from another site";
  }
  return undefined;
}
