/**
 * The name of a coin's tag as the person reads it. The service's catalog names the tag in English
 * ("Destination tag", "MEMO", "Comment"); the well-known names are translated, anything else is
 * shown as the service wrote it, on one line and cut to {@link MAX_TAG_NAME} characters: it goes
 * into sentences and a copy button's label.
 */
import { escapeHtml, type Html } from "./html.js";
import { clip } from "./fit.js";
import type { Translate } from "./i18n.js";

/** A tag name the service wrote, as shown: names are a word or two, so more is cut. */
const MAX_TAG_NAME = 32;

/** Known tag names (lower case, spaces collapsed) → their locale key. */
const KNOWN: Readonly<Record<string, string>> = {
  comment: "tag-name-comment",
  "destination tag": "tag-name-destination-tag",
  memo: "tag-name-memo",
};

/** `tagName` from the catalog, translated when it is a well-known one; a part of an HTML message. */
export function shownTagName(tagName: string, t: Translate): Html {
  return escapeHtml(unescapedTagName(tagName, t));
}

/** As {@link shownTagName}, not escaped: for a button's label, which is plain text. */
export function unescapedTagName(tagName: string, t: Translate): string {
  // Control and format characters (a newline, a bidi mark) would break the line it stands in.
  const oneLine = tagName.replace(/[\p{Cc}\p{Cf}\s]+/gu, " ").trim();
  const key = KNOWN[oneLine.toLowerCase()];
  if (key !== undefined) return t(key);
  return oneLine === "" ? t("deposit-tag-fallback-name") : clip(oneLine, MAX_TAG_NAME);
}
