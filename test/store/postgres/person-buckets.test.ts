/**
 * Per-person token buckets on a real PostgreSQL (migration 5, person-buckets.ts): one statement per
 * take, atomic under takes made at once from several processes' pools, refilled by the caller's
 * clock, and pruned once full again.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import type { BucketKind, DataStore, SharedBuckets } from "../../../src/store/data-store.js";
import { openPostgresStore } from "../../../src/store/postgres/postgres-store.js";
import { testDatabase } from "../../postgres/database.js";

let url: string;
const opened: DataStore[] = [];

/** A store of its own (a pool of its own): what one replica has. */
async function replica(): Promise<SharedBuckets> {
  const store = await openPostgresStore({ url, poolSize: 8 });
  opened.push(store);
  if (!store.buckets) throw new Error("a PostgreSQL store without buckets");
  return store.buckets;
}

const UPDATES: BucketKind = { name: "updates", capacity: 10, perMinute: 60 };
const T0 = Date.UTC(2026, 10, 30, 12);

beforeAll(async () => {
  url = await testDatabase();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  const pool = new pg.Pool({ connectionString: url });
  await pool.query("DELETE FROM person_buckets");
  await pool.end();
});

describe("a take from a person's bucket", () => {
  it("lets exactly the bucket's tokens through when two replicas take at once, forty times each", async () => {
    const [a, b] = await Promise.all([replica(), replica()]);
    const takes = Array.from({ length: 80 }, (_, i) => (i % 2 === 0 ? a : b).take(UPDATES, 501, T0, true, 1));
    const results = await Promise.all(takes);
    expect(results.filter((r) => r.granted === 1)).toHaveLength(10);
    // Each refusal saw the one before it: the noted refusals in a row are 1…70, each once.
    const refused = results
      .filter((r) => r.granted === 0)
      .map((r) => r.refused)
      .sort((x, y) => x - y);
    expect(refused).toEqual(Array.from({ length: 70 }, (_, i) => i + 1));
    // Another person's bucket is their own. Takes carried several to a statement are counted alike.
    expect(await a.take(UPDATES, 502, T0, true, 1)).toEqual({ granted: 1, tokens: 9, refused: 0 });
    const batches = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).take(UPDATES, 503, T0, true, 3)));
    expect(batches.reduce((n, r) => n + r.granted, 0)).toBe(10);
    expect(Math.max(...batches.map((r) => r.refused))).toBe(50);
  });

  it("refills at the kind's pace by the caller's clock, never past the capacity, and a clock behind adds nothing", async () => {
    const a = await replica();
    for (let i = 0; i < 10; i++) await a.take(UPDATES, 601, T0, true, 1);
    expect(await a.take(UPDATES, 601, T0 + 999, true, 1)).toMatchObject({ granted: 0 });
    expect(await a.take(UPDATES, 601, T0 + 1_000, true, 1)).toMatchObject({ granted: 1 });
    // A replica whose clock is a minute behind finds no token, and does not move the row's time back.
    expect(await a.take(UPDATES, 601, T0 - 60_000, true, 1)).toMatchObject({ granted: 0 });
    expect(await a.take(UPDATES, 601, T0 + 2_000, true, 1)).toMatchObject({ granted: 1 });
    // An hour later it is full again: ten pass, not more.
    const later = await Promise.all(Array.from({ length: 12 }, () => a.take(UPDATES, 601, T0 + 3_600_000, true, 1)));
    expect(later.filter((r) => r.granted === 1)).toHaveLength(10);
  });

  it("counts noted refusals in a row, leaves them alone on a refusal not noted, and starts again after a pass", async () => {
    const a = await replica();
    const tiny: BucketKind = { name: "tiny", capacity: 1, perMinute: 60 };
    expect(await a.take(tiny, 701, T0, true, 1)).toEqual({ granted: 1, tokens: 0, refused: 0 });
    expect(await a.take(tiny, 701, T0, true, 1)).toEqual({ granted: 0, tokens: 0, refused: 1 });
    expect(await a.take(tiny, 701, T0, false, 1)).toEqual({ granted: 0, tokens: 0, refused: 1 });
    expect(await a.take(tiny, 701, T0, true, 1)).toEqual({ granted: 0, tokens: 0, refused: 2 });
    expect(await a.take(tiny, 701, T0 + 1_000, false, 1)).toEqual({ granted: 1, tokens: 0, refused: 0 });
    expect(await a.take(tiny, 701, T0 + 1_000, true, 1)).toEqual({ granted: 0, tokens: 0, refused: 1 });
    // A kind of less than one token never lets anything through, from its first take on.
    const none: BucketKind = { name: "none", capacity: 0.5, perMinute: 0 };
    expect(await a.take(none, 702, T0, true, 1)).toEqual({ granted: 0, tokens: 0.5, refused: 1 });
  });

  it("passes the first of several takes in one statement while the bucket has a token each, as one after another", async () => {
    const a = await replica();
    expect(await a.take(UPDATES, 901, T0, false, 6)).toEqual({ granted: 6, tokens: 4, refused: 0 });
    // Four left: four of six pass, and the two refusals are noted.
    expect(await a.take(UPDATES, 901, T0, true, 6)).toEqual({ granted: 4, tokens: 0, refused: 2 });
    expect(await a.take(UPDATES, 901, T0, true, 3)).toEqual({ granted: 0, tokens: 0, refused: 5 });
    expect(await a.take(UPDATES, 901, T0, false, 3)).toEqual({ granted: 0, tokens: 0, refused: 5 });
    // Two and a half tokens back: two pass, and the count of refusals starts again at the third.
    expect(await a.take(UPDATES, 901, T0 + 2_500, true, 3)).toEqual({ granted: 2, tokens: 0.5, refused: 1 });
  });

  it("prunes the buckets that are full again, and only those", async () => {
    const a = await replica();
    const EXPORTS: BucketKind = { name: "exports", capacity: 3, perMinute: 0.2 };
    await a.take(UPDATES, 801, T0, true, 1);
    await a.take(EXPORTS, 801, T0, false, 1);
    await a.take(EXPORTS, 802, T0 + 60_000, false, 1);
    // Ten seconds on, the updates bucket has its one token back; the exports ones lack a fifth and a whole.
    expect(await a.prune([UPDATES, EXPORTS], T0 + 10_000)).toBe(1);
    // Five minutes after its take, 801's export is back; 802's one is not yet.
    expect(await a.prune([UPDATES, EXPORTS], T0 + 300_000)).toBe(1);
    expect(await a.prune([UPDATES, EXPORTS], T0 + 360_000)).toBe(1);
    // A pruned bucket is a full one: the person's next take finds the whole burst.
    expect(await a.take(EXPORTS, 801, T0 + 360_000, false, 1)).toEqual({ granted: 1, tokens: 2, refused: 0 });
  });
});
