/**
 * Per-person token buckets on PostgreSQL ({@link SharedBuckets}, migration 5): every replica takes
 * from the same row, so one person's updates spread over several replicas are limited as over one.
 *
 * A take is one statement: an insert of a full bucket less the tokens taken, or, when the person's
 * row exists, an update computed from that row under its lock (`ON CONFLICT DO UPDATE`). Takes made
 * at once, from any number of connections, queue on the row and each sees the one before: exactly
 * as many pass as the bucket held, with no transaction around them and no second round trip. One
 * statement may carry several takes of one process (an inline query's six quotes): they pass while
 * the bucket has a token each, as the same takes one after another would.
 *
 * The time is the caller's clock (epoch ms), as the in-memory buckets use it, so that a test's
 * clock holds here too. A bucket full again is pruned (housekeeping): the table holds the people
 * who were limited lately, not everyone who ever wrote. Replicas' clocks differ by a little: a take whose clock is behind the row's
 * refills nothing and leaves the row's time as it was, so a late clock can never add tokens.
 */
import type { BucketKind, BucketTake, SharedBuckets } from "../data-store.js";
import type { PgConnection } from "./connection.js";

/** The bucket's tokens at the take's time ($5), refilled since the row's time at $4 a millisecond, at most the capacity ($3). */
const LEVEL = "LEAST($3::float8, b.tokens + GREATEST(0, $5::bigint - b.at_ms) * $4::float8)";
/** How many of $7 takes in a row pass on a bucket holding `level`: one token each while it has one. */
const granted = (level: string) => `LEAST($7::int, GREATEST(0, floor(${level})))::int`;
/**
 * The noted refusals in a row after $7 takes of which `got` passed (the first ones), `before`
 * being the count so far: a pass starts it again, and each noted refusal after it adds one.
 */
const refusedAfter = (got: string, before: string) =>
  `CASE WHEN ${got} > 0 THEN 0 ELSE ${before} END + CASE WHEN $6::boolean THEN $7::int - ${got} ELSE 0 END`;

/**
 * Makes $7 takes from bucket ($1 kind, $2 person); $6: whether a refusal is noted. A new bucket
 * is full; every `SET` expression reads the row as it was before these takes. Exported for the
 * bench's "planned per call".
 */
export const TAKE_SQL = `
  INSERT INTO person_buckets AS b (kind, person, tokens, at_ms, granted, refused)
  VALUES ($1, $2, $3::float8 - ${granted("$3::float8")}, $5::bigint, ${granted("$3::float8")},
    ${refusedAfter(granted("$3::float8"), "0")})
  ON CONFLICT (kind, person) DO UPDATE SET
    tokens = ${LEVEL} - ${granted(LEVEL)},
    at_ms = GREATEST(b.at_ms, $5::bigint),
    granted = ${granted(LEVEL)},
    refused = ${refusedAfter(granted(LEVEL), "b.refused")}
  RETURNING tokens, granted, refused`;

/** The buckets of the database behind `db`. */
export function postgresBuckets(db: PgConnection): SharedBuckets {
  return {
    async take(kind: BucketKind, person: number, now: number, note: boolean, count: number): Promise<BucketTake> {
      // Prepared: planning its expressions cost the server more than the take itself (the bench).
      const rows = await db.prepared<BucketTake>("person_buckets_take", TAKE_SQL, [
        kind.name,
        person,
        kind.capacity,
        kind.perMinute / 60_000,
        Math.round(now),
        note,
        count,
      ]);
      const row = rows[0];
      if (row === undefined) throw new Error("person_buckets: a take returned no row");
      return { granted: row.granted, tokens: row.tokens, refused: row.refused };
    },

    async prune(kinds, now) {
      let pruned = 0;
      for (const kind of kinds) {
        const result = await db.result(
          "DELETE FROM person_buckets WHERE kind = $1 AND tokens + GREATEST(0, $2::bigint - at_ms) * $3::float8 >= $4::float8",
          [kind.name, Math.round(now), kind.perMinute / 60_000, kind.capacity],
        );
        pruned += result.rowCount ?? 0;
      }
      return pruned;
    },
  };
}
