/**
 * Start-up's first contact with the Bot API, said out loud.
 *
 * Before this, an unreachable Telegram (a wrong TELEGRAM_API_ROOT, no DNS, a firewall that drops
 * packets) left start-up silent after "store: opened" for over ten minutes: grammY's own time limit
 * is 500 s per call and the retrying fetch underneath tries four times, and nothing listened for a
 * stop until the app was up. Here `getMe` is tried once per attempt with a short time limit, every
 * failure is logged with the next delay (bounded exponential backoff), and a stop signal ends the
 * wait at once.
 *
 * Only the URL's host is ever logged: the token is part of the Bot API path. The answer is read
 * through the bot's own pooled fetch, with its cap on an answer's size: an endless answer here
 * would otherwise end the process before it ever started.
 */
import { setTimeout as delay } from "node:timers/promises";
import type { UserFromGetMe } from "grammy/types";
import type { Logger } from "../log.js";
import { pooledFetch } from "../http/pooled-fetch.js";

/** Options of {@link waitForTelegram}. */
export interface WaitForTelegramOptions {
  token: string;
  /** Bot API root; undefined means Telegram's own. */
  apiRoot: string | undefined;
  logger: Logger;
  /** Aborted on the first SIGINT/SIGTERM: the wait ends with a {@link StartupAbortedError}. */
  signal?: AbortSignal;
  /** First delay between attempts; doubled per failure up to `maxDelayMs`. Default 1 s. */
  initialDelayMs?: number;
  /** Default 30 s: a Telegram that comes back is noticed within half a minute. */
  maxDelayMs?: number;
  /** Time limit of one attempt. Default 10 s: long enough for a slow link, short enough to say so. */
  attemptTimeoutMs?: number;
}

/** The wait was ended by a stop request, not by a failure: the caller exits cleanly. */
export class StartupAbortedError extends Error {
  constructor(what: string) {
    super(`start-up stopped while waiting for ${what}`);
    this.name = "StartupAbortedError";
  }
}

/** Telegram answered, but in a way a retry cannot fix (a revoked token, a wrong API path). */
class TelegramRefusedError extends Error {
  constructor(
    readonly status: number,
    description: string,
  ) {
    super(`Telegram refused getMe (${status} ${description}): check BOT_TOKEN and TELEGRAM_API_ROOT`);
    this.name = "TelegramRefusedError";
  }
}

const DEFAULT_API_ROOT = "https://api.telegram.org";

/** Host (and port) of a URL: the only part of the Bot API address that may be logged. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(invalid URL)";
  }
}

/** The delay before retry `n` (1-based): `initial · 2^(n-1)`, capped at `max`. */
export function backoffDelay(n: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, n - 1));
}

/** Why an attempt failed, in a few words and without the URL (which holds the token). */
function reasonOf(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === "TimeoutError" || err.name === "AbortError") return "no answer in time";
    // A pool's request carries the system error's code (ECONNREFUSED, ENOTFOUND, …) itself;
    // Node's fetch puts that error in `cause`.
    const code = (err as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return code;
    const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
    if (cause && typeof cause.code === "string") return cause.code;
    if (cause && typeof cause.message === "string") return cause.message;
    return err.message;
  }
  return String(err);
}

/**
 * Calls `getMe` until Telegram answers, logging each attempt's failure and the delay before the
 * next. Resolves with the bot's identity; rejects with {@link StartupAbortedError} when `signal`
 * aborts, or with {@link TelegramRefusedError} on an answer no retry can fix (401, 404).
 */
export async function waitForTelegram(opts: WaitForTelegramOptions): Promise<UserFromGetMe> {
  const root = (opts.apiRoot ?? DEFAULT_API_ROOT).replace(/\/+$/, "");
  const host = hostOf(root);
  const initial = opts.initialDelayMs ?? 1_000;
  const max = opts.maxDelayMs ?? 30_000;
  const attemptTimeout = opts.attemptTimeoutMs ?? 10_000;
  const { logger, signal } = opts;
  const what = `Telegram (${host})`;
  const aborted = () => new StartupAbortedError(what);

  logger.info({ host }, `telegram: trying to reach ${host} (getMe)`);
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw aborted();
    let reason: string;
    try {
      const attemptSignal = signal ? AbortSignal.any([signal, AbortSignal.timeout(attemptTimeout)]) : AbortSignal.timeout(attemptTimeout);
      const res = await pooledFetch(`${root}/bot${opts.token}/getMe`, { signal: attemptSignal });
      const body = (await res.json().catch(() => undefined)) as { ok?: boolean; result?: UserFromGetMe; description?: string } | undefined;
      if (res.ok && body?.ok === true && body.result !== undefined) {
        if (attempt > 1) logger.info({ host, attempts: attempt }, `telegram: reached ${host}`);
        return body.result;
      }
      // 429 and 5xx pass; anything else is Telegram saying no, which waiting does not change.
      if (res.status !== 429 && res.status < 500) throw new TelegramRefusedError(res.status, body?.description ?? res.statusText);
      reason = `HTTP ${res.status}`;
    } catch (err) {
      if (err instanceof TelegramRefusedError) throw err;
      if (signal?.aborted) throw aborted();
      reason = reasonOf(err);
    }
    const wait = backoffDelay(attempt, initial, max);
    logger.warn(
      { host, attempt, reason, retryInMs: wait },
      `telegram: ${host} not reachable (${reason}); retry ${attempt} in ${wait / 1000} s`,
    );
    try {
      await delay(wait, undefined, signal ? { signal } : undefined);
    } catch {
      throw aborted();
    }
  }
}
