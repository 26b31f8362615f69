import { createHash, timingSafeEqual } from "node:crypto";

/** The digest of the last secret compared: a process checks every request against the same one. */
let known: { secret: string; digest: Buffer } | undefined;

/** The SHA-256 digest of `text`. */
function digestOf(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/**
 * Whether `given` is exactly `secret`, in time that depends on neither: both are hashed to
 * digests of one length first, so neither their lengths nor the first byte that differs shows in
 * the answer time (`timingSafeEqual` alone wants equal lengths, and `===` stops at the first
 * difference). A missing or repeated header counts as wrong. The secret's own digest is kept
 * between calls: it is the same for every request, and hashing it again was half of this check's
 * cost on each webhook request.
 */
export function secretEquals(given: string | string[] | undefined, secret: string): boolean {
  const candidate = typeof given === "string" ? given : "";
  if (known?.secret !== secret) known = { secret, digest: digestOf(secret) };
  return timingSafeEqual(digestOf(candidate), known.digest) && typeof given === "string" && secret !== "";
}
