/**
 * Fixed callback_data values and prefixes, in one place so that no two features collide and every
 * value is checked against Telegram's 64-byte limit by a test.
 */
export const CALLBACK = {
  startExchange: "x:new",
  help: "help",
  languagePrefix: "lang:",
  statusPrefix: "st:",
} as const;

/** Telegram's limit for callback_data, in bytes. */
export const CALLBACK_DATA_LIMIT = 64;

/**
 * The "check the status" button's data, or undefined when the service's id is too long to fit
 * (the person can still type /status with the id).
 */
export function statusCallback(exchangeId: string): string | undefined {
  const data = CALLBACK.statusPrefix + exchangeId;
  return Buffer.byteLength(data, "utf8") <= CALLBACK_DATA_LIMIT ? data : undefined;
}
