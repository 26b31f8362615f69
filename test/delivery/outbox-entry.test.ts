/** An outbox entry as data (outbox-entry.ts): a fresh entry, and how long a failed one is put off. */
import { describe, expect, it } from "vitest";
import { freshEntry, retryDelay } from "../../src/delivery/outbox-entry.js";

describe("a fresh entry", () => {
  it("is pending, due at once, worth sending for its TTL, and kept on a 403 only when asked", () => {
    const now = new Date("2026-01-01T00:00:00.000Z");
    expect(freshEntry("k", 5, "hello", 7, now, { ttlMs: 60_000 })).toEqual({
      key: "k",
      chatId: 5,
      seq: 7,
      payload: "hello",
      state: "pending",
      createdAt: "2026-01-01T00:00:00.000Z",
      expiresAt: "2026-01-01T00:01:00.000Z",
      nextAt: "2026-01-01T00:00:00.000Z",
      attempts: 0,
      progress: 0,
    });
    expect(freshEntry("k", 5, "hello", 7, now, { ttlMs: 1, keepWhenForbidden: true }).keepWhenForbidden).toBe(true);
  });
});

describe("the retry delay", () => {
  it("doubles from the base per attempt up to the maximum, half of it fixed and half random", () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 2_000, 60_000, 0))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect([1, 2, 3, 4].map((n) => retryDelay(n, 2_000, 60_000, 0.999999))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelay(10, 2_000, 60_000, 0)).toBe(30_000);
    expect(retryDelay(1_000, 2_000, 60_000, 0.5)).toBe(45_000);
  });
});
