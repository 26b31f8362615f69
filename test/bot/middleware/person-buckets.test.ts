/**
 * A kind of per-person limit, in memory and counted by a shared store: the shared count decides
 * every take that could pass, the process's copy answers only the refusals it is sure of, and a
 * store that cannot answer leaves the copy to decide.
 */
import { describe, expect, it } from "vitest";
import { memoryPersonBuckets, sharedPersonBuckets } from "../../../src/bot/middleware/person-buckets.js";
import type { BucketKind, BucketTake, SharedBuckets } from "../../../src/store/data-store.js";
import { createTokenBuckets } from "../../../src/domain/token-bucket.js";

const KIND: BucketKind = { name: "updates", capacity: 3, perMinute: 60 };
const quiet = { warn() {} };

/**
 * A shared store as the database behaves (one bucket per person, a noted refusal counted), with
 * its calls counted; `others` takes as another replica would.
 */
function fakeShared(now: () => number) {
  const buckets = createTokenBuckets({ capacity: KIND.capacity, perMinute: KIND.perMinute, now });
  const refused = new Map<number, number>();
  let failing = false;
  const calls: number[] = [];
  const take = (person: number, note: boolean, count = 1): BucketTake => {
    let granted = 0;
    for (let i = 0; i < count; i++) {
      const ok = buckets.take(String(person));
      if (ok) granted++;
      refused.set(person, ok ? 0 : (refused.get(person) ?? 0) + (note ? 1 : 0));
    }
    return { granted, tokens: buckets.level(String(person)), refused: refused.get(person) ?? 0 };
  };
  const shared: SharedBuckets = {
    take(_kind, person, _now, note, count) {
      calls.push(count);
      if (failing) return Promise.reject(new Error("connection lost"));
      return Promise.resolve(take(person, note, count));
    },
    prune: () => Promise.resolve(0),
  };
  return {
    shared,
    calls,
    others: take,
    fail: (on: boolean) => {
      failing = on;
    },
  };
}

describe("shared person buckets", () => {
  it("let a person through as often as the shared count allows, counting another replica's takes", async () => {
    let now = 0;
    const db = fakeShared(() => now);
    const here = sharedPersonBuckets(KIND, db.shared, { now: () => now, maxPeople: 100, logger: quiet });
    // Another replica took two of the person's three tokens.
    db.others(7, true);
    db.others(7, true);
    expect(await here.take(7, true)).toEqual({ ok: true, firstRefusal: false });
    expect(await here.take(7, true)).toEqual({ ok: false, firstRefusal: true });
    now += 1_000;
    expect(await here.take(7, true)).toEqual({ ok: true, firstRefusal: false });
  });

  it("answer the refusals the copy is sure of without asking, once the database has counted the flood's first", async () => {
    let now = 0;
    const db = fakeShared(() => now);
    const here = sharedPersonBuckets(KIND, db.shared, { now: () => now, maxPeople: 100, logger: quiet });
    const results = [];
    for (let i = 0; i < 20; i++) results.push(await here.take(9, true));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => r.firstRefusal)).toHaveLength(1);
    // Three passes and the flood's first refusal were asked; the sixteen after it were not.
    expect(db.calls).toHaveLength(4);
    // A refusal not noted (a button's) is never asked while the copy has no token.
    expect(await here.take(9, false)).toEqual({ ok: false, firstRefusal: false });
    expect(db.calls).toHaveLength(4);
    // Once a token may be back, the database is asked again and decides.
    now += 1_000;
    expect(await here.take(9, true)).toEqual({ ok: true, firstRefusal: false });
    expect(db.calls).toHaveLength(5);
  });

  it("ask the database whenever the copy has a token, so another replica's takes are never missed", async () => {
    const now = 0;
    const db = fakeShared(() => now);
    const here = sharedPersonBuckets(KIND, db.shared, { now: () => now, maxPeople: 100, logger: quiet });
    expect((await here.take(5, true)).ok).toBe(true);
    // The copy holds two tokens; the other replica takes both.
    db.others(5, true);
    db.others(5, true);
    expect(await here.take(5, true)).toEqual({ ok: false, firstRefusal: true });
    expect(db.calls).toHaveLength(2);
  });

  it("send the takes of one person made at once in one statement, the first of them passing", async () => {
    const now = 0;
    const db = fakeShared(() => now);
    const here = sharedPersonBuckets(KIND, db.shared, { now: () => now, maxPeople: 100, logger: quiet });
    // Five noted takes at once on a bucket of three: three pass, and the first refusal is told.
    const results = await Promise.all(Array.from({ length: 5 }, () => here.take(4, true)));
    expect(results).toEqual([
      { ok: true, firstRefusal: false },
      { ok: true, firstRefusal: false },
      { ok: true, firstRefusal: false },
      { ok: false, firstRefusal: true },
      { ok: false, firstRefusal: false },
    ]);
    expect(db.calls).toEqual([5]);
    // Another person's takes, and takes noted differently, go in statements of their own.
    await Promise.all([here.take(5, true), here.take(6, true), here.take(6, false), here.take(6, false)]);
    expect(db.calls.slice(1).sort()).toEqual([1, 1, 2]);
  });

  it("let the copy decide while the database cannot answer, and log that once a minute at most", async () => {
    let now = 0;
    const db = fakeShared(() => now);
    const warned: object[] = [];
    const here = sharedPersonBuckets(KIND, db.shared, { now: () => now, maxPeople: 100, logger: { warn: (f) => warned.push(f) } });
    expect((await here.take(3, true)).ok).toBe(true);
    db.fail(true);
    const during = [];
    for (let i = 0; i < 4; i++) during.push(await here.take(3, true));
    expect(during.map((r) => r.ok)).toEqual([true, true, false, false]);
    expect(during.map((r) => r.firstRefusal)).toEqual([false, false, true, false]);
    expect(warned).toHaveLength(1);
    db.fail(false);
    now += 60_000;
    expect((await here.take(3, true)).ok).toBe(true);
  });
});

describe("memory person buckets", () => {
  it("tell the first noted refusal of a flood, not a button's, and start again after a pass", async () => {
    let now = 0;
    const mem = memoryPersonBuckets(KIND, { now: () => now, maxPeople: 100 });
    for (let i = 0; i < 3; i++) expect((await mem.take(1, true)).ok).toBe(true);
    expect(await mem.take(1, false)).toEqual({ ok: false, firstRefusal: false });
    expect(await mem.take(1, true)).toEqual({ ok: false, firstRefusal: true });
    expect(await mem.take(1, true)).toEqual({ ok: false, firstRefusal: false });
    now += 1_000;
    expect((await mem.take(1, true)).ok).toBe(true);
    expect(await mem.take(1, true)).toEqual({ ok: false, firstRefusal: true });
  });
});
