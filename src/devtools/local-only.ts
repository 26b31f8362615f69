/**
 * The development servers (the playground, the Bot API emulator, the sandbox exchange) answer only
 * requests made to them on this machine, by name: DNS rebinding points a name the attacker owns
 * (`evil.example`) at 127.0.0.1, so a page from that site reaches a loopback server as "same
 * origin" to the browser. Such a request carries the attacker's name in `Host` (and in `Origin`
 * when it has one); a loopback listener alone does not stop it, checking both does.
 *
 * The emulator and the sandbox serve programs (the bot, curl), never a page: there a request a
 * browser made for another page ({@link fromAnotherPage}) is refused too. An `<img>` or a form on
 * any site reaches `127.0.0.1` with a loopback `Host` and no `Origin`, and both servers have fixed
 * public credentials and predictable ports.
 */
import type { IncomingMessage } from "node:http";
import { isLoopbackName } from "../net/loopback.js";

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

/**
 * Why `req` is refused as a browser's request for another page, or undefined. Browsers say where
 * a request comes from in `Sec-Fetch-Site` (every current one does); only "none", an address
 * typed or opened by the person, is a request to the server itself. Programs send no such header.
 */
function fromAnotherPage(req: IncomingMessage): string | undefined {
  const site = req.headers["sec-fetch-site"];
  return site === undefined || site === "none" ? undefined : "the request comes from a web page";
}

/**
 * Why a request to the emulator or the sandbox exchange is refused, or undefined: the
 * {@link foreignRequest} rule (its `Host` and `Origin`), and no web page's request
 * ({@link fromAnotherPage}).
 */
export function foreignApiRequest(req: IncomingMessage, port: number, extraHost?: string): string | undefined {
  return foreignRequest(req, port, extraHost) ?? fromAnotherPage(req);
}
