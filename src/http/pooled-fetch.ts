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
 *
 * Sizes do not: every answer is read up to a cap ({@link AnswerTooLargeError} past it), so one
 * answer that never ends cannot fill the memory and end the process.
 */
import type fetch from "node-fetch";
import { Headers, Response, type HeadersInit, type RequestInit } from "node-fetch";
import { Readable } from "node:stream";
import { Pool } from "undici";

/**
 * The largest Bot API answer read by default, bytes. The largest real one is a getUpdates of 100
 * updates, each at most a 4096-character message quoting another, with their entities and
 * buttons: about 4 MB at the very worst, so twice that is never reached by an honest answer.
 */
const BOT_API_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * An answer was longer than the caller allows: reading stopped there and the connection was
 * closed. `call` names what was asked (a Bot API method, a partner endpoint), never the URL,
 * which may hold the bot token or the partner key.
 */
export class AnswerTooLargeError extends Error {
  override readonly name = "AnswerTooLargeError";

  constructor(
    readonly call: string,
    readonly limitBytes: number,
  ) {
    super(`the answer to ${call} is over ${limitBytes} bytes; reading stopped`);
  }
}

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
  /** The answer's body is read up to this many bytes, and refused past it. */
  maxBytes: number;
  /** What the request is, for the error past `maxBytes`: a method or an endpoint, never a URL. */
  call: string;
}

/** An answer read whole. */
export interface WholeAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: ArrayBuffer;
}

/**
 * One request on `pool`, its answer's body read whole up to `maxBytes`. A network failure rejects
 * with undici's error, which carries the system error's `code` and `syscall` (ECONNREFUSED at
 * `connect`); a longer answer with an {@link AnswerTooLargeError}, after its body was destroyed
 * (which aborts the request and closes its connection: nothing more is read).
 *
 * An answer that declares its length is read in one go when it fits (HTTP framing holds it to
 * that length; every Bot API answer declares one); one that does not (chunked) is counted as it
 * arrives.
 */
export async function requestWhole(pool: Pool, path: string, request: WholeRequest): Promise<WholeAnswer> {
  const res = await pool.request({
    path,
    method: request.method ?? "GET",
    headers: request.headers,
    body: request.body,
    signal: request.signal,
  });
  const declared = res.headers["content-length"];
  const length = typeof declared === "string" && /^\d+$/.test(declared) ? Number(declared) : undefined;
  if (length !== undefined && length <= request.maxBytes) {
    return { status: res.statusCode, headers: res.headers, bytes: await res.body.arrayBuffer() };
  }
  const tooLarge = () => new AnswerTooLargeError(request.call, request.maxBytes);
  if (length !== undefined) {
    // Destroying the body aborts the request; the abort error it then emits is the expected end.
    res.body.on("error", () => undefined).destroy();
    throw tooLarge();
  }
  return { status: res.statusCode, headers: res.headers, bytes: await readAtMost(res.body, request.maxBytes, tooLarge) };
}

/** A body of undeclared length, read while it stays within `maxBytes`; destroyed past it. */
async function readAtMost(body: Readable, maxBytes: number, tooLarge: () => Error): Promise<ArrayBuffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  // Copied into a buffer of its own: a small Buffer may be a slice of a shared pool.
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes.buffer;
}

/** The URL of a fetch's first argument; a Request (method and body inside it) is not taken. */
function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.href;
  throw new TypeError("pooledFetch takes a URL and an init, not a Request");
}

/** The call a path asks for, for errors: its last segment without the query (a Bot API method). */
function callOf(path: string): string {
  const end = path.indexOf("?");
  const bare = end === -1 ? path : path.slice(0, end);
  return bare.slice(bare.lastIndexOf("/") + 1) || "/";
}

/** Options of {@link createPooledFetch}. */
export interface PooledFetchOptions {
  /** Answers longer than this are refused ({@link AnswerTooLargeError}). Default {@link BOT_API_MAX_ANSWER_BYTES}. */
  maxAnswerBytes?: number;
}

/**
 * A `fetch(url, init)` for http(s) URLs through a kept-alive pool per origin. Takes a string, a
 * Buffer or a stream as body, and the caller's AbortSignal; the answer's body is read whole, up to
 * `maxAnswerBytes`. Past that it rejects with an {@link AnswerTooLargeError} naming the last
 * segment of the path (the Bot API method; the token, earlier in the path, never).
 */
export function createPooledFetch(options: PooledFetchOptions = {}): typeof fetch {
  const maxBytes = options.maxAnswerBytes ?? BOT_API_MAX_ANSWER_BYTES;
  return (input, init) => fetchWithin(maxBytes, input, init);
}

/** {@link createPooledFetch} with the default cap: what the bot's Bot API calls go through. */
export const pooledFetch: typeof fetch = createPooledFetch();

async function fetchWithin(maxBytes: number, input: Parameters<typeof fetch>[0], init: RequestInit = {}): Promise<Response> {
  const { origin, path } = splitUrl(urlOf(input));
  const answer = await requestWhole(poolFor(origin), path, {
    method: init.method,
    headers: plainHeaders(init.headers),
    body: (init.body ?? undefined) as PoolBody,
    signal: (init.signal ?? undefined) as AbortSignal | undefined,
    maxBytes,
    call: callOf(path),
  });
  return new WholeResponse(Buffer.from(answer.bytes), { status: answer.status, rawHeaders: answer.headers });
}

/** Undici's headers of an answer as a fetch `Headers` init: one pair per value. */
function headerPairs(raw: WholeAnswer["headers"]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, one]);
  }
  return pairs;
}

/** Decodes answers as node-fetch's `text()` does (UTF-8, a leading BOM dropped); stateless between calls. */
const utf8 = new TextDecoder();

/**
 * A fetch `Response` (node-fetch's) over an answer already read whole. Its body methods read the
 * bytes it holds. Built with a Buffer body, node-fetch's own wraps it in a Readable and reads it
 * back through the stream's async iterator: measured in a flood of /start, that cost as much CPU
 * per Bot API call as the request itself. The stream is made only for a caller that asks for
 * `body`; a body is read once, as the contract says (`bodyUsed`, then a TypeError).
 */
class WholeResponse extends Response {
  readonly #bytes: Buffer;
  #used = false;
  #stream: Readable | undefined;
  /** What the headers are made of, until a caller asks for `headers`. */
  readonly #headersFrom: () => HeadersInit;
  #headers: Headers | undefined;

  /**
   * `rawHeaders` (undici's) or `headers` become the fetch `Headers` only when a caller asks for
   * them: grammY reads the body alone, and building and checking every header of every Bot API
   * answer was a sixth of what a call cost this class.
   */
  constructor(bytes: Buffer, init: { status: number; statusText?: string; headers?: HeadersInit; rawHeaders?: WholeAnswer["headers"] }) {
    super(null, { status: init.status, statusText: init.statusText });
    this.#bytes = bytes;
    const { rawHeaders, headers } = init;
    this.#headersFrom = rawHeaders === undefined ? () => headers ?? [] : () => headerPairs(rawHeaders);
  }

  /** The headers, built on first ask. */
  static headersOf(res: WholeResponse): Headers {
    res.#headers ??= new Headers(res.#headersFrom());
    return res.#headers;
  }

  /** The bytes, once: a second read is refused, as node-fetch refuses it. */
  #take(): Buffer {
    if (this.#used) throw new TypeError(`body used already for: ${this.url}`);
    this.#used = true;
    return this.#bytes;
  }

  /** Whether the body was read, or handed out as a stream (node-fetch's getter knows only the body it was built with: none). */
  static bodyUsedOf(res: WholeResponse): boolean {
    return res.#used;
  }

  /** The body as a stream, made on first ask: the bytes are then the stream's, and the methods below refuse. */
  static bodyOf(res: WholeResponse): Readable {
    res.#stream ??= Readable.from([res.#take()]);
    return res.#stream;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#read((bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  }

  override text(): Promise<string> {
    return this.#read((bytes) => utf8.decode(bytes));
  }

  override json(): Promise<unknown> {
    return this.#read((bytes) => JSON.parse(utf8.decode(bytes)) as unknown);
  }

  /** The bytes as `as` makes them, or the reason they cannot be read, as a promise (the body methods' contract). */
  #read<T>(as: (bytes: Buffer) => T): Promise<T> {
    try {
      return Promise.resolve(as(this.#take()));
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  override clone(): WholeResponse {
    if (this.#used) throw new TypeError("cannot clone body after it is used");
    return new WholeResponse(this.#bytes, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

// `headers`, `body` and `bodyUsed` are getters of node-fetch's Response and Body, declared as properties in its types, so a
// subclass cannot override them in its class body: they are defined on the prototype instead.
Object.defineProperties(WholeResponse.prototype, {
  headers: {
    get(this: WholeResponse) {
      return WholeResponse.headersOf(this);
    },
  },
  body: {
    get(this: WholeResponse) {
      return WholeResponse.bodyOf(this);
    },
  },
  bodyUsed: {
    get(this: WholeResponse) {
      return WholeResponse.bodyUsedOf(this);
    },
  },
});
