/**
 * A small seeded pseudo-random generator (mulberry32). The sandbox draws order ids, deposit
 * addresses and tags from it, so the same seed and the same sequence of calls give the same values.
 */

/** Returns numbers in [0, 1), deterministic for a given seed. */
export type Rng = () => number;

/** Creates a mulberry32 generator from a 32-bit seed. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `length` characters drawn from `alphabet`. */
export function randomString(rng: Rng, alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet.charAt(Math.floor(rng() * alphabet.length));
  return out;
}
