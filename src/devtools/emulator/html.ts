/**
 * Telegram's `parse_mode: "HTML"`, as a pure module.
 *
 * The parser follows the shape of TDLib's `parse_html` (the code behind the Bot API), so the same
 * inputs fail with the same kind of message: unsupported tags, unclosed or mismatched tags and a
 * bare `<` are errors. One deliberate strictness on top: a bare `&` that does not start a valid
 * entity (`&lt; &gt; &amp; &quot;` or a numeric one) is also an error. Real Telegram lets such an
 * ampersand through, but the Bot API documentation says it must be escaped, and a bot that forgets
 * to escape user text is exactly the defect the emulator exists to catch.
 *
 * Offsets and lengths of the produced entities are in UTF-16 code units, like Telegram's (and like
 * JavaScript strings, which is why `String.length` is the right measure throughout).
 */
import type { MessageEntity } from "grammy/types";

/** Outcome of parsing: the visible text and its entities, or Telegram's reason for refusing. */
export type HtmlParseResult = { ok: true; text: string; entities: MessageEntity[] } | { ok: false; error: string };

/** Tags that stand for one entity type with no argument. */
const SIMPLE_TAGS: Readonly<Record<string, MessageEntity.CommonMessageEntity["type"]>> = {
  b: "bold",
  strong: "bold",
  i: "italic",
  em: "italic",
  u: "underline",
  ins: "underline",
  s: "strikethrough",
  strike: "strikethrough",
  del: "strikethrough",
  "tg-spoiler": "spoiler",
  span: "spoiler",
  code: "code",
};

/** Tags whose entity carries an argument or depends on one; finished in {@link entityFor}. */
const SPECIAL_TAGS: ReadonlySet<string> = new Set(["a", "pre", "blockquote", "tg-emoji"]);

interface OpenTag {
  name: string;
  /** href for `a`, language for `code`, class for `span`, emoji id for `tg-emoji`. */
  argument: string;
  expandable: boolean;
  /** Where the tag's content starts in the output text (UTF-16 units). */
  start: number;
  /** For `pre`: the language taken over from a nested `<code class="language-x">`. */
  language?: string;
}

const isSpace = (c: string | undefined): boolean => c === " " || c === "\t" || c === "\r" || c === "\n";
const isAlnum = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z0-9]$/.test(c);

/** UTF-8 byte offset of a string index; Telegram reports positions in bytes. */
function byteOffset(source: string, index: number): number {
  return Buffer.byteLength(source.slice(0, index), "utf8");
}

/**
 * Decodes the HTML entity starting at `source[start] === "&"`.
 * Returns the decoded text and the index just after the entity, or undefined when it is not one of
 * the entities Telegram understands.
 */
function decodeEntity(source: string, start: number): { text: string; end: number } | undefined {
  const semicolon = source.indexOf(";", start + 1);
  if (semicolon === -1 || semicolon - start > 12) return undefined;
  const body = source.slice(start + 1, semicolon);
  const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };
  const plain = named[body];
  if (plain !== undefined) return { text: plain, end: semicolon + 1 };
  let code: number | undefined;
  if (/^#[0-9]{1,7}$/.test(body)) code = Number.parseInt(body.slice(1), 10);
  else if (/^#[xX][0-9A-Fa-f]{1,6}$/.test(body)) code = Number.parseInt(body.slice(2), 16);
  if (code === undefined || code === 0 || code > 0x10ffff) return undefined;
  if (code >= 0xd800 && code <= 0xdfff) return undefined;
  return { text: String.fromCodePoint(code), end: semicolon + 1 };
}

/** The entity a closed tag stands for; undefined for an `<a>` without href (plain text in Telegram). */
function entityFor(tag: OpenTag, length: number): MessageEntity | undefined {
  const offset = tag.start;
  switch (tag.name) {
    case "a":
      // A tg://user?id= link is still a text_link here: turning it into a text_mention needs to
      // know the user, which the caller does (entities.ts).
      return tag.argument === "" ? undefined : { type: "text_link", offset, length, url: tag.argument };
    case "pre":
      return tag.language === undefined ? { type: "pre", offset, length } : { type: "pre", offset, length, language: tag.language };
    case "blockquote":
      return { type: tag.expandable ? "expandable_blockquote" : "blockquote", offset, length };
    case "tg-emoji":
      return { type: "custom_emoji", offset, length, custom_emoji_id: tag.argument };
  }
  const type = SIMPLE_TAGS[tag.name];
  return type === undefined ? undefined : { type, offset, length };
}

/**
 * Parses Telegram-flavoured HTML into text and entities, or returns the error Telegram would give
 * (without the "Bad Request: can't parse entities: " prefix, which the caller adds).
 */
export function parseHtml(source: string): HtmlParseResult {
  let out = "";
  const entities: MessageEntity[] = [];
  const open: OpenTag[] = [];
  const fail = (error: string): HtmlParseResult => ({ ok: false, error });
  let i = 0;
  while (i < source.length) {
    const c = source.charAt(i);
    if (c === "&") {
      const decoded = decodeEntity(source, i);
      if (decoded === undefined) {
        return fail(`Character '&' is reserved and must be escaped as "&amp;" (at byte offset ${byteOffset(source, i)})`);
      }
      out += decoded.text;
      i = decoded.end;
      continue;
    }
    if (c !== "<") {
      out += c;
      i++;
      continue;
    }
    const begin = i;
    i++;
    if (source[i] !== "/") {
      // A start tag: name, then attributes until '>'.
      while (i < source.length && !isSpace(source[i]) && source[i] !== ">") i++;
      if (i >= source.length) return fail(`Unclosed start tag at byte offset ${byteOffset(source, begin)}`);
      const name = source.slice(begin + 1, i).toLowerCase();
      if (SIMPLE_TAGS[name] === undefined && !SPECIAL_TAGS.has(name)) {
        return fail(`Unsupported start tag "${name}" at byte offset ${byteOffset(source, begin)}`);
      }
      let argument = "";
      let expandable = false;
      while (source[i] !== ">") {
        while (i < source.length && isSpace(source[i])) i++;
        if (i >= source.length) return fail(`Unclosed start tag at byte offset ${byteOffset(source, begin)}`);
        if (source[i] === ">") break;
        const attrBegin = i;
        while (i < source.length && !isSpace(source[i]) && source[i] !== "=" && source[i] !== ">") i++;
        const attrName = source.slice(attrBegin, i).toLowerCase();
        if (attrName === "") {
          return fail(`Empty attribute name in the tag "${name}" at byte offset ${byteOffset(source, begin)}`);
        }
        while (i < source.length && isSpace(source[i])) i++;
        if (source[i] !== "=") {
          // An attribute without a value; only `expandable` on blockquote means anything.
          if (name === "blockquote" && attrName === "expandable") expandable = true;
          continue;
        }
        i++;
        while (i < source.length && isSpace(source[i])) i++;
        if (i >= source.length) return fail(`Unclosed start tag at byte offset ${byteOffset(source, begin)}`);
        let value = "";
        const quote = source[i];
        if (quote !== '"' && quote !== "'") {
          const tokenBegin = i;
          while (isAlnum(source[i]) || source[i] === "." || source[i] === "-") i++;
          value = source.slice(tokenBegin, i).toLowerCase();
          if (!isSpace(source[i]) && source[i] !== ">") {
            return fail(`Unexpected end of name token at byte offset ${byteOffset(source, tokenBegin)}`);
          }
        } else {
          i++;
          while (i < source.length && source[i] !== quote) {
            if (source[i] === "&") {
              const decoded = decodeEntity(source, i);
              if (decoded !== undefined) {
                value += decoded.text;
                i = decoded.end;
                continue;
              }
            }
            value += source.charAt(i);
            i++;
          }
          if (source[i] !== quote) return fail(`Unclosed start tag at byte offset ${byteOffset(source, begin)}`);
          i++;
        }
        if (name === "a" && attrName === "href") argument = value;
        else if (name === "code" && attrName === "class" && value.startsWith("language-")) {
          argument = value.slice("language-".length);
        } else if (name === "span" && attrName === "class" && value.startsWith("tg-")) argument = value.slice(3);
        else if (name === "tg-emoji" && attrName === "emoji-id") argument = value;
      }
      i++; // skip '>'
      if (name === "span" && argument !== "spoiler") {
        return fail(`Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(source, begin)}`);
      }
      open.push({ name, argument, expandable, start: out.length });
      continue;
    }
    // An end tag.
    const top = open.pop();
    if (top === undefined) return fail(`Unexpected end tag at byte offset ${byteOffset(source, begin)}`);
    i++; // skip '/'
    const nameBegin = i;
    while (i < source.length && !isSpace(source[i]) && source[i] !== ">") i++;
    const endName = source.slice(nameBegin, i).toLowerCase();
    while (i < source.length && isSpace(source[i])) i++;
    if (source[i] !== ">") return fail(`Unclosed end tag at byte offset ${byteOffset(source, begin)}`);
    i++;
    if (endName !== "" && endName !== top.name) {
      return fail(`Unmatched end tag at byte offset ${byteOffset(source, begin)}, expected "</${top.name}>", found "</${endName}>"`);
    }
    const length = out.length - top.start;
    const parent = open[open.length - 1];
    if (top.name === "code" && top.argument !== "" && parent?.name === "pre") {
      // <pre><code class="language-x"> is one pre entity with a language, as in Telegram.
      parent.language = top.argument;
      continue;
    }
    if (length <= 0) continue; // empty entities are dropped, not errors
    const entity = entityFor(top, length);
    if (entity !== undefined) entities.push(entity);
  }
  const unclosed = open[open.length - 1];
  if (unclosed !== undefined) {
    return fail(`Can't find end tag corresponding to start tag "${unclosed.name}"`);
  }
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { ok: true, text: out, entities };
}

/**
 * Removes leading and trailing whitespace as Telegram does before storing a message, moving the
 * entities along with the text (entities that end up empty disappear).
 */
export function trimFormatted(text: string, entities: MessageEntity[]): { text: string; entities: MessageEntity[] } {
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const kept: MessageEntity[] = [];
  for (const e of entities) {
    const start = Math.max(e.offset - lead, 0);
    const end = Math.min(e.offset + e.length - lead, trimmed.length);
    if (end > start) kept.push({ ...e, offset: start, length: end - start });
  }
  return { text: trimmed, entities: kept };
}

/**
 * The text a person would read: tags stripped and entities decoded. Valid Telegram HTML goes
 * through the real parser; anything else falls back to a forgiving strip so assertions on a
 * rejected message's text still work.
 */
export function toPlain(html: string): string {
  const parsed = parseHtml(html);
  if (parsed.ok) return parsed.text;
  return html.replace(/<[^>]*>/g, "").replace(/&(lt|gt|amp|quot|#[0-9]+|#[xX][0-9A-Fa-f]+);/g, (whole) => {
    const decoded = decodeEntity(whole, 0);
    return decoded === undefined ? whole : decoded.text;
  });
}
