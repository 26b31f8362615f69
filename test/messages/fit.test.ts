import { describe, expect, it } from "vitest";
import { clip, TEXT_LIMIT, visibleLength } from "../../src/messages/fit.js";
import { renderAlert, renderBroadcastPreview } from "../../src/messages/admin-messages.js";
import { createI18n, translatorOf } from "../../src/messages/i18n.js";
import type { BroadcastJob } from "../../src/domain/reports.js";

const translate = translatorOf(createI18n());
const t = (key: string, vars?: Record<string, string | number>) => translate("en", key, vars);

describe("clip", () => {
  it("keeps a short text and cuts a long one to the limit, ending in …", () => {
    expect(clip("short", 10)).toBe("short");
    expect(clip("x".repeat(11), 10)).toBe(`${"x".repeat(9)}…`);
    expect(Array.from(clip("y".repeat(5000), 500))).toHaveLength(500);
  });
  it("never leaves half an emoji", () => {
    const cut = clip("🚀".repeat(20), 10);
    expect(Array.from(cut)).toHaveLength(10);
    expect(cut.endsWith("🚀…")).toBe(true);
  });
});

describe("visibleLength", () => {
  it("counts the text as shown: no tags, one character per entity", () => {
    expect(visibleLength("<b>ab</b> &lt;c&gt; &amp; &#36;")).toBe("ab <c> & $".length);
  });
});

describe("admin texts with outside words", () => {
  it("an alert about a create in doubt fits even with addresses and a reason of thousands of characters", () => {
    const huge = "a".repeat(5000);
    const view = renderAlert(
      {
        key: "k",
        kind: "create-in-doubt",
        reason: huge,
        startAgain: true,
        attempt: {
          draftId: "d",
          userId: 1,
          chatId: 1,
          from: "BTC",
          to: "ETH",
          amount: "0.1",
          destinationAddress: huge,
          destinationTag: huge,
          refundAddress: huge,
          refundTag: huge,
          at: new Date(0).toISOString(),
        },
      },
      undefined,
      t,
    );
    expect(visibleLength(view.text)).toBeLessThanOrEqual(TEXT_LIMIT);
  });

  it("a broadcast preview is one message when it fits and two (heading, then the text with the buttons) when not", () => {
    const job = (text: string) => ({ id: "j1", text }) as BroadcastJob;
    const short = renderBroadcastPreview(job("hello <all>"), 3, t);
    expect(short).toHaveLength(1);
    expect(short[0]!.text).toContain("hello &lt;all&gt;");
    const long = renderBroadcastPreview(job("&".repeat(4096)), 3, t);
    expect(long).toHaveLength(2);
    expect(long[0]!.reply_markup).toBeUndefined();
    expect(long[1]!.reply_markup).toBeDefined();
    for (const m of long) expect(visibleLength(m.text)).toBeLessThanOrEqual(TEXT_LIMIT);
  });
});
