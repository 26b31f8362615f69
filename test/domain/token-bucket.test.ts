import { describe, expect, it } from "vitest";
import { createTokenBuckets } from "../../src/domain/token-bucket.js";

describe("token buckets", () => {
  it("lets a burst up to the capacity through, then the steady pace", () => {
    let now = 0;
    const b = createTokenBuckets({ capacity: 3, perMinute: 60, now: () => now });
    expect([1, 2, 3, 4].map(() => b.take("a"))).toEqual([true, true, true, false]);
    now += 999;
    expect(b.take("a")).toBe(false);
    now += 1;
    expect(b.take("a")).toBe(true);
    expect(b.take("a")).toBe(false);
    // Left alone long enough, the bucket is full again, never fuller.
    now += 3_600_000;
    expect([1, 2, 3, 4].map(() => b.take("a"))).toEqual([true, true, true, false]);
  });

  it("keeps each key apart and takes a cost in one go, or nothing", () => {
    const b = createTokenBuckets({ capacity: 10, perMinute: 0, now: () => 0 });
    expect(b.take("a", 6)).toBe(true);
    expect(b.take("a", 6)).toBe(false);
    expect(b.take("a", 4)).toBe(true);
    expect(b.take("b", 10)).toBe(true);
  });

  it("forgets the key used longest ago beyond maxKeys, which then starts full", () => {
    const b = createTokenBuckets({ capacity: 1, perMinute: 0, now: () => 0, maxKeys: 2 });
    expect(b.take("a")).toBe(true);
    expect(b.take("b")).toBe(true);
    expect(b.take("c")).toBe(true);
    expect(b.take("b")).toBe(false);
    expect(b.take("a")).toBe(true);
  });
});

describe("a bucket's level, read and set", () => {
  it("reads the level without taking, a key not remembered being full", () => {
    let now = 0;
    const b = createTokenBuckets({ capacity: 3, perMinute: 60, now: () => now });
    expect(b.level("a")).toBe(3);
    b.take("a");
    b.take("a");
    expect(b.level("a")).toBe(1);
    expect(b.level("a")).toBe(1);
    now += 500;
    expect(b.level("a")).toBeCloseTo(1.5);
  });

  it("takes a level set from elsewhere as of now, refills from it, and keeps it within 0 and the capacity", () => {
    let now = 0;
    const b = createTokenBuckets({ capacity: 3, perMinute: 60, now: () => now });
    b.set("a", 0.25);
    expect(b.take("a")).toBe(false);
    now += 750;
    expect(b.take("a")).toBe(true);
    b.set("b", 99);
    expect(b.level("b")).toBe(3);
    b.set("c", -1);
    expect(b.level("c")).toBe(0);
  });
});
