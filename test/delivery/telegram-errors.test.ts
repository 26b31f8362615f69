/** One reading of Telegram's failures for every caller (outbox, card edits, broadcast, admin). */
import { describe, expect, it } from "vitest";
import { GrammyError, HttpError } from "grammy";
import { isForbidden, isNotModified, isRefusedForGood, telegramErrorKind, telegramErrorText } from "../../src/delivery/telegram-errors.js";

function apiError(code: number, description: string): GrammyError {
  return new GrammyError(description, { ok: false, error_code: code, description }, "sendMessage", {});
}

describe("telegramErrorKind", () => {
  it.each([
    [403, "Forbidden: bot was blocked by the user", "forbidden"],
    [403, "Forbidden: bot can't initiate conversation with a user", "forbidden"],
    [400, "Bad Request: chat not found", "chat-not-found"],
    [400, "Bad Request: message is not modified: specified new message content is the same", "not-modified"],
    [400, "Bad Request: message to edit not found", "bad-request"],
    [429, "Too Many Requests: retry after 3", "retry-after"],
    [502, "Bad Gateway", "network"],
  ] as const)("%i %s is %s", (code, description, kind) => {
    expect(telegramErrorKind(apiError(code, description))).toBe(kind);
  });

  it("no answer at all is a network failure", () => {
    expect(telegramErrorKind(new HttpError("Network request for 'sendMessage' failed!", new Error("ECONNREFUSED")))).toBe("network");
  });

  it("is undefined for what is not a Bot API failure, and for the bot's own set-up (401)", () => {
    expect(telegramErrorKind(new Error("disk full"))).toBeUndefined();
    expect(telegramErrorKind(apiError(401, "Unauthorized"))).toBeUndefined();
  });
});

describe("the questions callers ask", () => {
  it("a 403 ends or parks; a 400 is refused for good; a 429 or a network failure is tried again", () => {
    expect(isForbidden(apiError(403, "Forbidden"))).toBe(true);
    expect(isRefusedForGood(apiError(400, "Bad Request: chat not found"))).toBe(true);
    expect(isRefusedForGood(apiError(400, "Bad Request: message is too long"))).toBe(true);
    expect(isRefusedForGood(apiError(429, "Too Many Requests"))).toBe(false);
    expect(isRefusedForGood(new Error("timeout"))).toBe(false);
    expect(isNotModified(apiError(400, "Bad Request: message is not modified"))).toBe(true);
  });

  it("says Telegram's words, or the error's message", () => {
    expect(telegramErrorText(apiError(403, "Forbidden: user is deactivated"))).toBe("Forbidden: user is deactivated");
    expect(telegramErrorText(new Error("socket hang up"))).toBe("socket hang up");
  });
});
