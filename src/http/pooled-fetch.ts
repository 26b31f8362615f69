/**
 * A `fetch` over undici's connection pools, for callers that talk to a few fixed origins many
 * times a second (the Bot API): what every exchange step pays per call.
 *
 * Why not node-fetch or Node's own `fetch`: node-fetch goes through Node's `http` module (a
 * ClientRequest, an IncomingMessage and their streams per call), and Node's `fetch` adds the WHATWG
 * layers on top of undici. Measured per JSON call on a kept-alive loopback connection (Node 20, 50
 * at once): node-fetch 2 75–97 µs of CPU, Node's fetch 240–260 µs, undici's `Pool.request` 30–46
 * µs. The answer is read whole and handed back as a fetch `Response` of the project's node-fetch
 * (8–10 µs to build and read; Node's own `Response` takes 23–30), so every caller keeps the fetch
 * contract.
 *
 * Time limits stay with the caller's signal, as with node-fetch: undici's own header and body
 * timeouts are off (a long poll waits for its answer as long as the caller asked). Redirects are
 * not followed (the Bot API answers where it is asked), and no compressed answer is asked for.
 */
import type fetch from "node-fetch";
import { Response, type RequestInit } from "node-fetch";
import { Pool } from "undici";

/** One pool per origin ("http://host:port"), kept for the process as grammY keeps its agents. */
const pools = new Map<string, Pool>();

function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (pool === undefined) {
    pool = new Pool(origin, { headersTimeout: 0, bodyTimeout: 0 });
    pools.set(origin, pool);
  }
  return pool;
}

/** "http://host:port/path?query" → its origin and the rest, without building a URL object per call. */
function splitUrl(url: string): { origin: string; path: string } {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  return slash === -1 ? { origin: url, path: "/" } : { origin: url.slice(0, slash), path: url.slice(slash) };
}

/** Request headers as undici takes them: a plain record (grammY passes one; a Headers is copied). */
function plainHeaders(headers: RequestInit["headers"]): Record<string, string> | undefined {
  if (headers === undefined) return undefined;
  if (typeof (headers as { forEach?: unknown }).forEach === "function" && !Array.isArray(headers)) {
    const out: Record<string, string> = {};
    (headers as { forEach(f: (value: string, name: string) => void): void }).forEach((value, name) => (out[name] = value));
    return out;
  }
  if (Array.isArray(headers)) return Object.fromEntries(headers as Array<[string, string]>);
  return headers as Record<string, string>;
}

type PoolBody = Parameters<Pool["request"]>[0]["body"];

/** What {@link requestWhole} sends. */
export interface WholeRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: PoolBody;
  signal?: AbortSignal;
}

/** An answer read whole. */
export interface WholeAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: ArrayBuffer;
}

/**
 * One request on `pool`, its answer's body read whole. A network failure rejects with undici's
 * error, which carries the system error's `code` and `syscall` (ECONNREFUSED at `connect`).
 */
export async function requestWhole(pool: Pool, path: string, request: WholeRequest): Promise<WholeAnswer> {
  const res = await pool.request({
    path,
    method: request.method ?? "GET",
    headers: request.headers,
    body: request.body,
    signal: request.signal,
  });
  return { status: res.statusCode, headers: res.headers, bytes: await res.body.arrayBuffer() };
}

/** The URL of a fetch's first argument; a Request (method and body inside it) is not taken. */
function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.href;
  throw new TypeError("pooledFetch takes a URL and an init, not a Request");
}

/**
 * `fetch(url, init)` for http(s) URLs through a kept-alive pool per origin. Takes a string, a
 * Buffer or a stream as body, and the caller's AbortSignal; the answer's body is read whole.
 */
export async function pooledFetch(input: Parameters<typeof fetch>[0], init: RequestInit = {}): Promise<Response> {
  const { origin, path } = splitUrl(urlOf(input));
  const answer = await requestWhole(poolFor(origin), path, {
    method: init.method,
    headers: plainHeaders(init.headers),
    body: (init.body ?? undefined) as PoolBody,
    signal: (init.signal ?? undefined) as AbortSignal | undefined,
  });
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.push([name, one]);
  }
  return new Response(Buffer.from(answer.bytes), { status: answer.status, headers });
}
