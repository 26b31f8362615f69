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
import { Readable } from "node:stream";
import { setTimeout as delay } from "node:timers/promises";
import type fetch from "node-fetch";
import { Response, type RequestInit } from "node-fetch";
import { AnswerTooLargeError, createPooledFetch, pooledFetch } from "../http/pooled-fetch.js";

/** The tries and back-off of {@link retryingTelegramFetch} when its options do not say. */
export const TELEGRAM_RETRY_DEFAULTS = { maxAttempts: 4, maxRetryAfterMs: 60_000, backoffMs: 500 } as const;

/** Options of {@link retryingTelegramFetch}. */
export interface TelegramRetryOptions {
  /** Tries per call, the first included. Default 4. */
  maxAttempts?: number;
  /** A 429 asking for a longer wait than this is answered as it is (the caller sees the 429). Default 60 s. */
  maxRetryAfterMs?: number;
  /** First back-off after a 5xx or a network error, doubled per try. Default 500 ms. */
  backoffMs?: number;
  /**
   * The fetch underneath (tests pass their own). Default: {@link pooledFetch}, about a third of
   * the CPU per call of grammY's node-fetch, and every update makes at least one call.
   */
  baseFetch?: typeof fetch;
  /**
   * With the default fetch: answers longer than this (bytes) are cut and fail the call, never
   * retried (the same call gets the same answer). Default: pooled-fetch's BOT_API_MAX_ANSWER_BYTES.
   */
  maxAnswerBytes?: number;
  /**
   * Told of every attempt that failed in a way this fetch retries, whether it then retries or not
   * (the last attempt, a wait too long): a 429, a 5xx, or no answer. The metrics count them: a
   * 429 waited out here never reaches a transformer on the Api.
   */
  onFailedAttempt?: (reason: "429" | "5xx" | "network") => void;
}

type FetchArgs = Parameters<typeof fetch>;

/**
 * Bytes of a streamed body (a multipart upload) read into memory so that it can be sent again. A
 * QR code photo fits many times over; a longer body (a CSV export, up to 50 MB) is sent once, as it
 * streams, and a passing failure reaches the caller: holding it whole is what streaming avoids.
 */
const REPLAYABLE_BYTES = 1 << 20;

/** A request body ready to send, and whether it can be sent again. */
interface PreparedBody {
  body: RequestInit["body"];
  replayable: boolean;
}

/** Reads a streamed body into memory up to {@link REPLAYABLE_BYTES}; see there. */
async function replayableBody(body: RequestInit["body"]): Promise<PreparedBody> {
  if (body === undefined || body === null || typeof body === "string" || Buffer.isBuffer(body)) return { body, replayable: true };
  const stream = body as unknown as AsyncIterable<Uint8Array | string>;
  if (typeof stream[Symbol.asyncIterator] !== "function") return { body, replayable: true };
  const chunks: Buffer[] = [];
  let bytes = 0;
  const iterator = stream[Symbol.asyncIterator]();
  for (;;) {
    const next = await iterator.next();
    if (next.done === true) return { body: Buffer.concat(chunks), replayable: true };
    const chunk = typeof next.value === "string" ? Buffer.from(next.value) : Buffer.from(next.value);
    chunks.push(chunk);
    bytes += chunk.length;
    if (bytes > REPLAYABLE_BYTES) break;
  }
  async function* rest(): AsyncGenerator<Buffer> {
    yield* chunks.splice(0);
    for (;;) {
      const next = await iterator.next();
      if (next.done === true) return;
      yield typeof next.value === "string" ? Buffer.from(next.value) : Buffer.from(next.value);
    }
  }
  return { body: Readable.from(rest()) as unknown as RequestInit["body"], replayable: false };
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
  const maxAttempts = options.maxAttempts ?? TELEGRAM_RETRY_DEFAULTS.maxAttempts;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? TELEGRAM_RETRY_DEFAULTS.maxRetryAfterMs;
  const backoffMs = options.backoffMs ?? TELEGRAM_RETRY_DEFAULTS.backoffMs;
  const baseFetch =
    options.baseFetch ??
    (options.maxAnswerBytes === undefined ? pooledFetch : createPooledFetch({ maxAnswerBytes: options.maxAnswerBytes }));

  const retrying = async (url: FetchArgs[0], init: FetchArgs[1] = {}): Promise<Response> => {
    const { body, replayable } = await replayableBody(init.body);
    const signal = init.signal ?? undefined;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= maxAttempts || !replayable;
      let res: Response;
      try {
        res = await baseFetch(url, { ...init, body });
      } catch (err) {
        // An abort is the caller's timeout or stop (it says nothing about Telegram), and an answer
        // over the cap would come again: never retried, and neither is a failure to count.
        const tooLarge = err instanceof AnswerTooLargeError;
        if (!signal?.aborted && !tooLarge) options.onFailedAttempt?.("network");
        if (last || signal?.aborted || tooLarge) throw err;
        await delay(backoffMs * 2 ** (attempt - 1), undefined, { signal: signal as AbortSignal | undefined });
        continue;
      }
      if (res.status === 429 || res.status >= 500) options.onFailedAttempt?.(res.status === 429 ? "429" : "5xx");
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
