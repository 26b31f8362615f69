import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether `given` is exactly `secret`, in time that depends on neither: both are hashed to
 * digests of one length first, so neither their lengths nor the first byte that differs shows in
 * the answer time (`timingSafeEqual` alone wants equal lengths, and `===` stops at the first
 * difference). A missing or repeated header counts as wrong.
 */
export function secretEquals(given: string | string[] | undefined, secret: string): boolean {
  const candidate = typeof given === "string" ? given : "";
  const a = createHash("sha256").update(candidate).digest();
  const b = createHash("sha256").update(secret).digest();
  return timingSafeEqual(a, b) && typeof given === "string" && secret !== "";
}
