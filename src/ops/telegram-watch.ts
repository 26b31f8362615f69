/**
 * A Bot API transformer that tells readiness and metrics how each call ended, at the cost of a
 * few property reads per call. Installed on `bot.api`, it also sees every `ctx.api` call outside
 * conversations (grammY copies bot.api's transformers into each context's Api) and the runner's
 * getUpdates, which is what makes "Telegram reachable" cheap to know.
 */
import type { Transformer } from "grammy";

export interface TelegramCallSink {
  /** `code` is Telegram's error_code, or "network" when no answer came (timeout, DNS, refused). */
  onCall(method: string, result: { ok: true } | { ok: false; code: number | "network"; reason: string }): void;
}

export function watchTelegram(sink: TelegramCallSink): Transformer {
  return async (prev, method, payload, signal) => {
    let result;
    try {
      result = await prev(method, payload, signal);
    } catch (err) {
      // An aborted call (the runner stopping) says nothing about Telegram.
      if (!signal?.aborted) sink.onCall(method, { ok: false, code: "network", reason: err instanceof Error ? err.name : "error" });
      throw err;
    }
    if (result.ok) sink.onCall(method, { ok: true });
    else sink.onCall(method, { ok: false, code: result.error_code, reason: String(result.error_code) });
    return result;
  };
}
