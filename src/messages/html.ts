/** Helpers for Telegram's HTML parse mode. */

/**
 * Escapes text for Telegram HTML. Everything a user typed (names, addresses, tags) goes through
 * this before it is placed in a message: Telegram rejects the whole message on a stray `<` or `&`.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
