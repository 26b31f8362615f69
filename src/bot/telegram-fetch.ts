/**
 * Telegram's passing failures retried at the HTTP level: 429 (after its retry_after), 5xx and
 * network errors.
 *
 * grammY lets a bot pass its own `fetch` (client options), and every Api built from the bot's
 * options uses it, including the one the conversations plugin builds for each replay. A retry here
 * sits *below* the plugin's replay layer: the log records only the final answer, so a replay never
 * sleeps again. (auto-retry installed as a transformer inside a conversation sits above that layer:
 * after one `retry_after: 3`, every later step of the flow took 3 s more.) Configured once, for
 * every Bot API call the process makes.
 */
import http, { type Agent } from "node:http";
import https from "node:https";
import { createRequire } from "node:module";
import { setTimeout as delay } from "node:timers/promises";
import fetch, { Response, type RequestInit } from "node-fetch";

/**
 * The fetch grammY itself uses in Node (its own node-fetch 2), and its Response. The project's
 * node-fetch 3 works too, but costs about twice the CPU per Bot API call (measured in
 * bench/throughput: it was the largest single cost of a flood of /start).
 */
const grammyNodeFetch = createRequire(createRequire(import.meta.url).resolve("grammy"))("node-fetch") as typeof fetch & {
  Response: typeof Response;
};

type FetchArgs = Parameters<typeof fetch>;

/** The error a fetch rejects with when its signal aborts it (what node-fetch rejects with). */
function abortError(): Error {
  const err = new Error("The operation was aborted.");
  err.name = "AbortError";
  return err;
}

/**
 * A `fetch` for Bot API calls straight over `http.request`: one request, the answer read whole into
 * memory and handed back as a Response (node-fetch 2's, which keeps a Buffer body as it is).
 * Every update makes at least one Bot API call, and node-fetch's streams, URL parsing and header
 * objects around each call cost about as much CPU again as the request itself (measured against a
 * loopback server: about 135 µs per call through node-fetch 2, 65–90 µs through `http.request`).
 * A Bot API answer is a small JSON document, so nothing is lost by not streaming it. The agent
 * grammY passes in its fetch options (a keep-alive agent per API root) is used as given; a request
 * it cannot send this way (a URL object, a body that is neither text nor bytes) goes through
 * node-fetch 2.
 */
export function bufferedHttpFetch(url: FetchArgs[0], init: FetchArgs[1] = {}): Promise<Response> {
  const body = init.body;
  const plainBody = body === undefined || body === null || typeof body === "string" || Buffer.isBuffer(body);
  if (typeof url !== "string" || !plainBody) return grammyNodeFetch(url, init);
  const signal = init.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const headers: Record<string, string> = {};
    const given = init.headers as Iterable<[string, string]> | Record<string, string> | undefined;
    if (given !== undefined) {
      const pairs = Symbol.iterator in given ? given : Object.entries(given);
      for (const [name, value] of pairs) headers[name.toLowerCase()] = value;
    }
    if (body !== undefined && body !== null) headers["content-length"] = String(Buffer.byteLength(body));
    const agent = (init as { agent?: Agent }).agent;
    const request = (url.startsWith("https:") ? https.request : http.request)(
      url,
      { method: init.method ?? "GET", headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", fail);
        // Cut off before its end (the signal, a reset): a settled promise ignores this.
        res.on("close", () => {
          if (!res.complete) fail(signal?.aborted ? abortError() : new Error("the connection closed before the answer ended"));
        });
        res.on("end", () => {
          signal?.removeEventListener("abort", onAbort);
          const answerHeaders: [string, string][] = [];
          const raw = res.rawHeaders;
          for (let i = 0; i + 1 < raw.length; i += 2) {
            const [name, value] = [raw[i], raw[i + 1]];
            if (name !== undefined && value !== undefined) answerHeaders.push([name, value]);
          }
          resolve(
            new grammyNodeFetch.Response(Buffer.concat(chunks), {
              status: res.statusCode,
              statusText: res.statusMessage,
              headers: answerHeaders,
            }),
          );
        });
      },
    );
    function fail(err: Error): void {
      signal?.removeEventListener("abort", onAbort);
      reject(err);
    }
    function onAbort(): void {
      request.destroy(abortError());
    }
    signal?.addEventListener("abort", onAbort);
    request.on("error", fail);
    request.end(body ?? undefined);
  });
}

/** Options of {@link retryingTelegramFetch}. */
export interface TelegramRetryOptions {
  /** Tries per call, the first included. Default 4. */
  maxAttempts?: number;
  /** A 429 asking for a longer wait than this is answered as it is (the caller sees the 429). Default 60 s. */
  maxRetryAfterMs?: number;
  /** First back-off after a 5xx or a network error, doubled per try. Default 500 ms. */
  backoffMs?: number;
  /** The fetch underneath (tests pass their own). */
  baseFetch?: typeof fetch;
}

/** Reads a request body that is a stream (a multipart upload) into memory, so it can be sent again. */
async function replayableBody(body: RequestInit["body"]): Promise<RequestInit["body"]> {
  if (body === undefined || body === null || typeof body === "string" || Buffer.isBuffer(body)) return body;
  const stream = body as unknown as AsyncIterable<Uint8Array | string>;
  if (typeof stream[Symbol.asyncIterator] !== "function") return body;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** retry_after (seconds) from a 429's JSON body, if it has one. */
function retryAfterMs(text: string): number | undefined {
  try {
    const seconds = (JSON.parse(text) as { parameters?: { retry_after?: unknown } }).parameters?.retry_after;
    return typeof seconds === "number" && seconds >= 0 ? seconds * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** A `fetch` for grammY's client options that retries Telegram's passing failures; see the module comment. */
export function retryingTelegramFetch(options: TelegramRetryOptions = {}): typeof fetch {
  const maxAttempts = options.maxAttempts ?? 4;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const backoffMs = options.backoffMs ?? 500;
  const baseFetch = options.baseFetch ?? bufferedHttpFetch;

  const retrying = async (url: FetchArgs[0], init: FetchArgs[1] = {}): Promise<Response> => {
    const body = await replayableBody(init.body);
    const signal = init.signal ?? undefined;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= maxAttempts;
      let res: Response;
      try {
        res = await baseFetch(url, { ...init, body });
      } catch (err) {
        // An abort is the caller's timeout or stop: never retried.
        if (last || signal?.aborted) throw err;
        await delay(backoffMs * 2 ** (attempt - 1), undefined, { signal: signal as AbortSignal | undefined });
        continue;
      }
      if (last || (res.status !== 429 && res.status < 500)) return res;
      const text = await res.text();
      const wait = res.status === 429 ? (retryAfterMs(text) ?? backoffMs) : backoffMs * 2 ** (attempt - 1);
      // The body was read to find retry_after: answer with a copy when it is not retried.
      if (wait > maxRetryAfterMs) return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
      await delay(wait, undefined, { signal: signal as AbortSignal | undefined });
    }
  };
  return retrying;
}
