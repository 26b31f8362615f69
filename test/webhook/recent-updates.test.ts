import { describe, expect, it } from "vitest";
import { RecentUpdates } from "../../src/webhook/recent-updates.js";

describe("RecentUpdates", () => {
  it("lets an update_id through once and drops its repeats", () => {
    const recent = new RecentUpdates();
    expect(recent.firstTime(1)).toBe(true);
    expect(recent.firstTime(2)).toBe(true);
    expect(recent.firstTime(1)).toBe(false);
    expect(recent.firstTime(2)).toBe(false);
  });

  it("forgets the oldest ids past its capacity, and only those", () => {
    const recent = new RecentUpdates(3);
    for (const id of [10, 11, 12, 13]) expect(recent.firstTime(id)).toBe(true);
    expect(recent.firstTime(13)).toBe(false);
    expect(recent.firstTime(12)).toBe(false);
    // 10 was the oldest of four: forgotten, so a very late repeat would pass (Telegram has given up long before).
    expect(recent.firstTime(10)).toBe(true);
  });
});
