/**
 * What a failed Bot API call means for whoever made it: the one place that reads Telegram's error
 * codes and descriptions, so the outbox, the card edits, support's broadcast and the admin's
 * buttons decide alike.
 *
 * - `forbidden` (403): the person blocked the bot, deleted their account, or never opened it
 *   ("bot can't initiate conversation"). Nothing reaches the chat until it writes to the bot.
 * - `chat-not-found` (400 "chat not found"): no such chat for this bot; sending again fails alike.
 * - `not-modified` (400 "message is not modified"): an edit that would change nothing; done.
 * - `bad-request` (any other 400): this message is refused for good (too long, deleted, too old to
 *   edit); the same call fails the same way.
 * - `retry-after` (429): too fast; the HTTP-level retry (bot/telegram-fetch.ts) usually waited it
 *   out already. Worth trying again later.
 * - `network`: no answer from Telegram (timeout, DNS, refused, 5xx). Worth trying again later.
 */
import { GrammyError, HttpError } from "grammy";

/** See the module comment. */
export type TelegramErrorKind = "forbidden" | "chat-not-found" | "not-modified" | "bad-request" | "retry-after" | "network";

/**
 * The kind of a thrown Bot API failure; `undefined` for anything else (a bug, a store error) and
 * for codes that speak of the bot's set-up rather than the call (401, 404, 409).
 */
export function telegramErrorKind(err: unknown): TelegramErrorKind | undefined {
  if (err instanceof HttpError) return "network";
  if (!(err instanceof GrammyError)) return undefined;
  switch (err.error_code) {
    case 403:
      return "forbidden";
    case 429:
      return "retry-after";
    case 400:
      if (/message is not modified/i.test(err.description)) return "not-modified";
      if (/chat not found/i.test(err.description)) return "chat-not-found";
      return "bad-request";
    default:
      // Other codes (401, 404, 409) are the bot's set-up, not this message: tried again later.
      return err.error_code >= 500 ? "network" : undefined;
  }
}

/** Telegram refuses every message to this chat until it writes to the bot (403). */
export function isForbidden(err: unknown): boolean {
  return telegramErrorKind(err) === "forbidden";
}

/** An edit that would change nothing: nothing left to do. */
export function isNotModified(err: unknown): boolean {
  return telegramErrorKind(err) === "not-modified";
}

/** Sending the same call again fails the same way (any 400). */
export function isRefusedForGood(err: unknown): boolean {
  const kind = telegramErrorKind(err);
  return kind === "bad-request" || kind === "chat-not-found" || kind === "not-modified";
}

/** Telegram's own words for a failure, for a log line or an entry's `lastError`. */
export function telegramErrorText(err: unknown): string {
  if (err instanceof GrammyError) return err.description;
  return err instanceof Error ? err.message : String(err);
}
