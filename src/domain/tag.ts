/**
 * Destination/refund tags (XRP "Destination tag", XLM "MEMO", …). The spec only says a tag is a
 * string that is mandatory when the currency has a `tagname`; the checks here catch the typing
 * mistakes that lose funds without rejecting tags the service might accept.
 */

export type TagError = "empty" | "too-long" | "spaces" | "digits" | "range";

/** XRP-style destination tags are unsigned 32-bit integers. */
const MAX_NUMERIC_TAG = 4_294_967_295n;
const MAX_TAG_LENGTH = 100;

/** True when the tag kind is numeric only (XRP's "Destination tag"). */
export function isNumericTagKind(tagName: string): boolean {
  return /destination\s*tag/i.test(tagName);
}

/** Checks a tag typed by a person; returns the trimmed tag or the reason it is wrong. */
export function parseTag(input: string, tagName: string): { ok: true; value: string } | { ok: false; reason: TagError } {
  const value = input.trim();
  if (value === "") return { ok: false, reason: "empty" };
  if (value.length > MAX_TAG_LENGTH) return { ok: false, reason: "too-long" };
  if (/\s/.test(value)) return { ok: false, reason: "spaces" };
  if (isNumericTagKind(tagName)) {
    if (!/^\d+$/.test(value)) return { ok: false, reason: "digits" };
    if (BigInt(value) > MAX_NUMERIC_TAG) return { ok: false, reason: "range" };
  }
  return { ok: true, value };
}
