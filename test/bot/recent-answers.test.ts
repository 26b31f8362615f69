/**
 * The inline answers kept for a moment (src/bot/features/rates/recent-answers.ts): shared by the
 * same question in the same language within their moment, also while the first is still being
 * built, never past it, never in another language, and never when the answer was about the asker
 * or the service's state right now.
 */
import { describe, expect, it } from "vitest";
import type { InlineQueryResultArticle } from "grammy/types";
import { RecentAnswers, type BuiltAnswer } from "../../src/bot/features/rates/recent-answers.js";

const article = (title: string): InlineQueryResultArticle => ({
  type: "article",
  id: title,
  title,
  input_message_content: { message_text: title },
});

/** A builder that counts its calls and answers `kind` with an article titled by its call. */
function builder(kind: BuiltAnswer["kind"] = "quote") {
  let calls = 0;
  const build = (): Promise<BuiltAnswer> => Promise.resolve({ kind, results: [article(`built ${++calls}`)] });
  return { build, calls: () => calls };
}

describe("recent inline answers", () => {
  it("gives the same question in the same language the same answer within its moment, and builds it again after", async () => {
    let now = 1_000;
    const recent = new RecentAnswers({ now: () => now, ttlMs: 1_000 });
    const b = builder();
    const first = await recent.answer("en", "0.1 btc eth", b.build);
    expect(await recent.answer("en", "0.1 btc eth", b.build)).toBe(first);
    expect(b.calls()).toBe(1);
    await recent.answer("ru", "0.1 btc eth", b.build);
    await recent.answer("en", "0.1 btc  eth", b.build);
    expect(b.calls(), "another language, another question").toBe(3);
    now += 999;
    expect(await recent.answer("en", "0.1 btc eth", b.build)).toBe(first);
    now += 1;
    expect((await recent.answer("en", "0.1 btc eth", b.build))[0]?.title).toBe("built 4");
  });

  it("builds an answer once for a burst of the same question asked before the first answer is ready", async () => {
    const recent = new RecentAnswers({ now: () => 0 });
    let calls = 0;
    let finish!: (answer: BuiltAnswer) => void;
    const build = () => {
      calls++;
      return new Promise<BuiltAnswer>((resolve) => (finish = resolve));
    };
    const burst = Array.from({ length: 50 }, () => recent.answer("en", "0.1 btc eth", build));
    finish({ kind: "quote", results: [article("the quote")] });
    const answers = await Promise.all(burst);
    expect(calls).toBe(1);
    expect(answers.every((a) => a[0]?.title === "the quote")).toBe(true);
  });

  it("does not share an answer about the asker's budget or the service's state right now", async () => {
    const recent = new RecentAnswers({ now: () => 0 });
    for (const kind of ["too-fast", "unavailable", "rejected"] as const) {
      const b = builder(kind);
      await recent.answer("en", "0.1 btc eth", b.build);
      await recent.answer("en", "0.1 btc eth", b.build);
      expect(b.calls(), kind).toBe(2);
    }
    // Also when the others asked while it was being built: each gets an answer of its own.
    let calls = 0;
    const tooFastFirst = (): Promise<BuiltAnswer> =>
      Promise.resolve({ kind: ++calls === 1 ? "too-fast" : "quote", results: [article(`answer ${calls}`)] });
    const [first, second] = await Promise.all([
      recent.answer("en", "1 btc eth", tooFastFirst),
      recent.answer("en", "1 btc eth", tooFastFirst),
    ]);
    expect([first[0]?.title, second[0]?.title]).toEqual(["answer 1", "answer 2"]);
    for (const kind of ["quote", "from-only", "invalid", "unknown-coin", "no-pair", "below-min"] as const) {
      const b = builder(kind);
      await recent.answer("en", kind, b.build);
      await recent.answer("en", kind, b.build);
      expect(b.calls(), kind).toBe(1);
    }
  });

  it("holds at most its number of answers, dropping the oldest first", async () => {
    const recent = new RecentAnswers({ now: () => 0, maxEntries: 3 });
    const b = builder();
    for (const q of ["a", "b", "c"]) await recent.answer("en", q, b.build);
    await recent.answer("en", "d", b.build);
    expect(b.calls()).toBe(4);
    await recent.answer("en", "a", b.build);
    expect(b.calls(), "the oldest was dropped").toBe(5);
    await recent.answer("en", "d", b.build);
    expect(b.calls(), "the newest is kept").toBe(5);
  });
});
