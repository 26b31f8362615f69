/**
 * The name of a coin's tag as the person reads it. The service's catalog names the tag in English
 * ("Destination tag", "MEMO", "Comment"); the well-known names are translated, anything else is
 * shown as the service wrote it. Escaped for HTML.
 */
import { escapeHtml } from "./html.js";
import type { Translate } from "./i18n.js";

/** Known tag names (lower case, spaces collapsed) → their locale key. */
const KNOWN: Readonly<Record<string, string>> = {
  comment: "tag-name-comment",
  "destination tag": "tag-name-destination-tag",
  memo: "tag-name-memo",
};

/** `tagName` from the catalog, translated when it is a well-known one; HTML-escaped. */
export function shownTagName(tagName: string, t: Translate): string {
  return escapeHtml(unescapedTagName(tagName, t));
}

/** As {@link shownTagName}, not escaped: for a button's label, which is plain text. */
export function unescapedTagName(tagName: string, t: Translate): string {
  const key = KNOWN[tagName.trim().toLowerCase().replace(/\s+/g, " ")];
  return key === undefined ? tagName : t(key);
}
