/**
 * Checked stand-ins for TypeScript's non-null assertion (`value!`), which the linter forbids in
 * production code. `value!` checks nothing at run time: when the reasoning behind it is wrong, an
 * `undefined` slips through and fails later somewhere unrelated, or never. These fail at once and
 * say what was missing, at the cost of one comparison.
 */

/** `value`, which the caller's own logic guarantees is set; throws naming `what` when it is not. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`internal error: ${what} is missing`);
  return value;
}

/**
 * `list[index]`, for an index the caller's arithmetic keeps in range (a position taken from the
 * same list, a loop bound); throws a RangeError when it is not.
 */
export function elementAt<T>(list: ArrayLike<T>, index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`internal error: index ${index} is outside a list of ${list.length}`);
  return value;
}
