/**
 * The inline answers kept for a moment (src/bot/features/rates/recent-answers.ts): reused for the
 * same question in the same language within their moment, never past it, never in another
 * language, and never when the answer was about the asker or the service's state right now.
 */
import { describe, expect, it } from "vitest";
import type { InlineQueryResultArticle } from "grammy/types";
import { RecentAnswers } from "../../src/bot/features/rates/recent-answers.js";

const article = (title: string): InlineQueryResultArticle => ({
  type: "article",
  id: title,
  title,
  input_message_content: { message_text: title },
});

describe("recent inline answers", () => {
  it("gives the same question in the same language the same answer within its moment, and not after", () => {
    let now = 1_000;
    const recent = new RecentAnswers({ now: () => now, ttlMs: 1_000 });
    const results = [article("0.1 BTC → ≈ 2 ETH")];
    recent.keep("en", "0.1 btc eth", { kind: "quote" }, results);
    expect(recent.get("en", "0.1 btc eth")).toBe(results);
    expect(recent.get("ru", "0.1 btc eth"), "another language").toBeUndefined();
    expect(recent.get("en", "0.1 btc  eth"), "another question").toBeUndefined();
    now += 999;
    expect(recent.get("en", "0.1 btc eth")).toBe(results);
    now += 1;
    expect(recent.get("en", "0.1 btc eth")).toBeUndefined();
  });

  it("does not keep an answer about the asker's budget or the service's state right now", () => {
    const recent = new RecentAnswers({ now: () => 0 });
    for (const kind of ["too-fast", "unavailable", "rejected"] as const) {
      recent.keep("en", "0.1 btc eth", { kind }, [article(kind)]);
      expect(recent.get("en", "0.1 btc eth"), kind).toBeUndefined();
    }
    for (const kind of ["quote", "from-only", "invalid", "unknown-coin", "no-pair", "below-min"] as const) {
      recent.keep("en", kind, { kind }, [article(kind)]);
      expect(recent.get("en", kind), kind).toBeDefined();
    }
  });

  it("holds at most its number of answers, dropping the oldest first", () => {
    const recent = new RecentAnswers({ now: () => 0, maxEntries: 3 });
    for (const q of ["a", "b", "c"]) recent.keep("en", q, { kind: "quote" }, [article(q)]);
    // Kept again: now the newest, so "b" is the oldest.
    recent.keep("en", "a", { kind: "quote" }, [article("a2")]);
    recent.keep("en", "d", { kind: "quote" }, [article("d")]);
    expect(recent.get("en", "b")).toBeUndefined();
    expect(recent.get("en", "a")?.[0]?.title).toBe("a2");
    expect(recent.get("en", "c")).toBeDefined();
    expect(recent.get("en", "d")).toBeDefined();
  });
});
