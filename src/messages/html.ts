/**
 * Telegram HTML, built from typed parts. A message is never made by concatenating outside text
 * into markup: everything from outside (an address, a memo, a coin's label, a service's message, a
 * person's name) is a plain `string`, and every string is escaped where markup is made, by
 * {@link html} and by the translator (messages/i18n.ts). Markup that is already safe is an
 * {@link Html} part (a value this module made) or a finished {@link HtmlText} (the translator's
 * answer), and only those pass as they are.
 *
 * Two types, because a finished text must stay a `string` (grammY sends it, the store keeps it)
 * while a part must be told apart from outside text when the program runs: a brand on a string
 * exists only for the compiler, so a part is an object. The brand still does one job: an
 * {@link HtmlText} cannot be passed where outside text is expected, where it would be escaped a
 * second time; {@link htmlPart} turns it into a part.
 */

declare const finished: unique symbol;

/**
 * A whole text in Telegram HTML, ready to send: what the translator answers and {@link joinHtml}
 * makes. A `string` to everything that sends or stores it.
 */
export type HtmlText = string & { readonly [finished]: true };

/** Outside text: any string that is not an {@link HtmlText}. Escaped wherever it goes into HTML. */
type OutsideText = string & { readonly [finished]?: never };

/** Only this module makes {@link Html} parts: a part is safe because of where it was made. */
const maker = Symbol("Html");

/** A piece of Telegram HTML that is already safe: made by {@link html}, {@link escapeHtml} or {@link htmlPart}. */
export class Html {
  /** The markup. */
  readonly text: HtmlText;

  /** Not for use outside this module (see {@link maker}). */
  constructor(made: typeof maker, text: string) {
    if (made !== maker) throw new TypeError("Html parts are made by messages/html.ts only");
    this.text = text as HtmlText;
  }

  /** The markup, for a template literal or a log line. */
  toString(): string {
    return this.text;
  }
}

/** What a message may hold: outside text (escaped), a number (written as is) or a safe part. */
export type HtmlValue = OutsideText | number | Html;

/** `text` with the characters HTML reads as markup written as entities: `& < > "`. */
function escaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** `value` as markup: a part as it is, a number as written, outside text escaped. */
export function markupOf(value: HtmlValue): string {
  if (value instanceof Html) return value.text;
  return typeof value === "number" ? String(value) : escaped(value);
}

/**
 * A tagged template for markup: the template's own text is the code's fixed markup
 * (`` html`<code>${address}</code>` ``), every interpolated string is escaped, a part passes as it is.
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): Html {
  let text = strings[0] ?? "";
  values.forEach((value, i) => {
    text += markupOf(value) + (strings[i + 1] ?? "");
  });
  return new Html(maker, text);
}

/**
 * Outside text as a part, escaped: the same as `` html`${text}` ``. Everything that builds HTML
 * escapes strings itself, so a call site rarely needs this; kept for the code that already uses it.
 */
export function escapeHtml(text: string): Html {
  return new Html(maker, escaped(text));
}

/** A finished text (the translator's answer) as a part of another message, as it is. */
export function htmlPart(text: HtmlText): Html {
  return new Html(maker, text);
}

/** No text at all: an empty line where {@link joinHtml} puts it between two parts of a message. */
export const BLANK: HtmlText = html``.text;

/** Parts and finished texts joined into one finished text, `separator` (plain text, escaped) between them. */
export function joinHtml(parts: readonly (Html | HtmlText)[], separator = "\n"): HtmlText {
  return parts.map((part) => (part instanceof Html ? part.text : part)).join(escaped(separator)) as HtmlText;
}

const ENTITIES: Readonly<Record<string, string>> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/**
 * A finished text as plain text, for what Telegram shows without a parse mode (a button's label, a
 * button press's answer, an inline result's title): its tags dropped, its entities read back, so a
 * coin's label shows as the catalog wrote it.
 */
export function plainOf(text: HtmlText): string {
  return text.replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}
