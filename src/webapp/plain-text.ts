/**
 * The bot's messages are Telegram HTML (locales/, with what people typed escaped); the Mini App
 * shows the same words as plain text, put into the page with `textContent`, never as markup.
 */

const ENTITIES: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** `html` without its tags, its entities read back. */
export function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}
