/**
 * What the bot checks of a typed address before the service is asked (`validate-address`): the
 * same checks wherever an address is typed (the exchange flow's address steps, a late deposit's
 * refund to another address). A typed address is trimmed; it may not be empty, longer than any
 * real address, contain spaces or line breaks, or hold an invisible or direction-changing
 * character (domain/invisible.ts): shown back, such an address would look right and be another one.
 */
import { findInvisible, type InvisibleCharacter } from "./invisible.js";

/** Longer than any real address; longer text is a paste accident, not worth a service call. */
export const MAX_ADDRESS_LENGTH = 256;

/** A typed address that passed, or why not: "shape" (empty, too long, spaces), "invisible" (with the character). */
export type AddressText =
  { ok: true; value: string } | { ok: false; reason: "shape" } | { ok: false; reason: "invisible"; invisible: InvisibleCharacter };

/** Checks `input` as typed (see the module comment); the value kept is the trimmed one. */
export function checkAddressText(input: string): AddressText {
  const value = input.trim();
  if (value === "" || value.length > MAX_ADDRESS_LENGTH || /[ \t\n\r]/.test(value)) return { ok: false, reason: "shape" };
  const invisible = findInvisible(value);
  return invisible ? { ok: false, reason: "invisible", invisible } : { ok: true, value };
}
