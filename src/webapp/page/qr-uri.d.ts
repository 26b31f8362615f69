/**
 * The types of qr-uri.js (plain browser JavaScript, served as it is), for the TypeScript that
 * tests it.
 */

/** What a scanned QR code says: the address, and a payment request's amount and tag where it has them. */
export interface ScannedText {
  address: string;
  /** A payment request's amount, in the coin itself: offered to the person, never applied for them. */
  amount?: string;
  tag?: string;
  /** The ticker the URI's scheme names. */
  coin?: string;
}

/** Reads a scanned text; undefined when it holds no address. */
export function readScannedText(text: unknown): ScannedText | undefined;

/**
 * The amount to offer at the step of the coin received, whose ticker is `ticker`: the request's
 * amount only where the URI names that coin or none (an `ethereum:` value is ether, not USDT).
 */
export function offeredAmount(read: Pick<ScannedText, "amount" | "coin">, ticker: string | undefined): string | undefined;
