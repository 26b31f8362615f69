/**
 * The metrics' `feature` label (bot_feature_duration_seconds) is the name of each feature's
 * factory: one distinct, readable value per feature, "exchange" among them (the dashboard's step
 * latency reads it). A feature wrapped in an arrow would lose its name.
 */
import { describe, expect, it } from "vitest";
import { FEATURE_NAMES } from "../../src/bot/create-bot.js";

describe("feature names", () => {
  it("are distinct, kebab-case words, one per feature, the exchange flow's among them", () => {
    expect(new Set(FEATURE_NAMES).size).toBe(FEATURE_NAMES.length);
    for (const name of FEATURE_NAMES) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(FEATURE_NAMES).not.toContain("unnamed");
    expect(FEATURE_NAMES).toEqual(expect.arrayContaining(["exchange", "start", "rates", "export", "unhandled"]));
  });
});
