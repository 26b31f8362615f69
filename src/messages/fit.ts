/**
 * Outside words have no length limit (a service's error message, an admin's maintenance text, an
 * address someone typed), and a Telegram message does: 4096 characters of text as shown, after
 * the HTML is read. What goes into a message is cut here, before it is escaped, so the HTML
 * around it stays whole and the cut never falls inside a tag or an entity.
 */

/** Telegram's limit on a message's text, counted as shown (HTML tags not counted, entities as one). */
export const TEXT_LIMIT = 4096;

/** The longest service reason quoted to a person: a real one is a sentence; the rest is noise. */
export const MAX_SERVICE_MESSAGE = 500;

/** The longest maintenance text an admin may set: people see it with the flow's own words around it. */
export const MAX_MAINTENANCE_MESSAGE = 1000;

/** The longest address or tag quoted in an alert: the longest real address is about 110 characters. */
export const MAX_QUOTED_ADDRESS = 256;

/**
 * `text` when it has at most `max` characters (code points); otherwise its first `max - 1` and
 * "…". Never splits a surrogate pair, so no half emoji is left behind.
 */
export function clip(text: string, max: number): string {
  const points = Array.from(text);
  if (points.length <= max) return text;
  return `${points.slice(0, Math.max(0, max - 1)).join("")}…`;
}

/**
 * How long Telegram counts `html` to be: the text as shown, in UTF-16 code units (as Telegram
 * counts), with tags dropped and each entity (`&lt;`, `&#36;`) one character.
 */
export function visibleLength(html: string): number {
  return html.replace(/<[^>]*>/g, "").replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, "_").length;
}
