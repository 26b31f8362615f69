/**
 * Message entities the way Telegram treats them, apart from HTML parsing (html.ts):
 *
 * - an explicit `entities` / `caption_entities` parameter is checked like the Bot API checks it
 *   (known types, integer offsets and lengths, a url for text_link, a known user for text_mention,
 *   an emoji id for custom_emoji) and refused with 400 otherwise;
 * - a link to `tg://user?id=…` becomes a `text_mention` carrying the user;
 * - the entities Telegram finds in any text by itself (bot commands, mentions, hashtags, cashtags,
 *   links and e-mail addresses) are added, in people's messages and in the bot's alike. Given
 *   explicitly, those types are ignored and found again, as the Bot API does.
 *
 * One deliberate strictness: Telegram quietly crops an entity that runs past the end of the text
 * (or splits a surrogate pair); the emulator refuses it, because a bot that computes offsets
 * wrongly is the defect a test should see. Offsets are UTF-16 code units, as JavaScript counts.
 */
import type { MessageEntity, User } from "grammy/types";
import { badRequest } from "./errors.js";
import { asRecord } from "./params.js";

/** Finds a user the emulator knows (a person or the bot itself). */
export type UserLookup = (userId: number) => User | undefined;

/** Types Telegram finds in the text itself: accepted in a request, then ignored and found again. */
const DETECTED_TYPES: ReadonlySet<string> = new Set([
  "mention",
  "hashtag",
  "cashtag",
  "bot_command",
  "url",
  "email",
  "phone_number",
  "bank_card_number",
]);

/** Formatting that may cover a detected entity: a link inside bold text is still a link. */
const SPLITTABLE_TYPES: ReadonlySet<string> = new Set([
  "bold",
  "italic",
  "underline",
  "strikethrough",
  "spoiler",
  "blockquote",
  "expandable_blockquote",
]);

/** Types a request may carry with no further field. */
const PLAIN_TYPES: ReadonlySet<string> = new Set([...SPLITTABLE_TYPES, "code"]);

const refuse = (reason: string): never => {
  throw badRequest(`can't parse MessageEntity: ${reason}`);
};

/** A whole number from a JSON value, as the Bot API reads one (a numeric string is fine). */
function integerField(entity: Record<string, unknown>, name: string): number {
  const value = entity[name];
  if (value === undefined) return refuse(`Can't find field "${name}"`);
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) return refuse(`Field "${name}" must be a valid Number`);
  return n;
}

function stringField(entity: Record<string, unknown>, name: string): string | undefined {
  const value = entity[name];
  if (value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return refuse(`Field "${name}" must be of type String`);
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** Whether `index` falls between the two halves of a surrogate pair (one character). */
function splitsCharacter(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return false;
  return isHighSurrogate(text.charCodeAt(index - 1)) && isLowSurrogate(text.charCodeAt(index));
}

const TG_USER_LINK = /^tg:\/\/user\?id=([0-9]{1,15})$/i;

/**
 * A `text_link` to `tg://user?id=N` stands for the user: Telegram turns it into a `text_mention`
 * with the user in it. A user the bot cannot know is refused.
 */
function mentionFromLink(entity: MessageEntity.TextLinkMessageEntity, users: UserLookup): MessageEntity {
  const match = TG_USER_LINK.exec(entity.url);
  if (match === null) return entity;
  const user = users(Number(match[1]));
  if (user === undefined) throw badRequest("user not found");
  return { type: "text_mention", offset: entity.offset, length: entity.length, user: { ...user } };
}

/** The URL of a text_link as Telegram accepts it: http(s) with a real host name, tg:// or ton://. */
function checkLinkUrl(url: string): void {
  const wrong = (): never => {
    throw badRequest(`entity URL '${url}' is invalid: Wrong HTTP URL`);
  };
  if (/^(tg|ton):\/\/[A-Za-z0-9_-]+/i.test(url)) return;
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`);
  } catch {
    return wrong();
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") wrong();
  if (!parsed.hostname.includes(".")) wrong();
}

/** Checks one entity of a request against the text; null for a type Telegram finds itself. */
function givenEntity(raw: unknown, text: string, users: UserLookup): MessageEntity | null {
  const entity = asRecord(raw) ?? refuse("expected an Object");
  const type = stringField(entity, "type") ?? refuse(`Can't find field "type"`);
  if (type === "") refuse("Type is not specified");
  const offset = integerField(entity, "offset");
  const length = integerField(entity, "length");
  if (offset < 0 || length < 0 || offset + length > text.length) {
    throw badRequest(`entity ${type} at offset ${offset} with length ${length} is outside the text of ${text.length} UTF-16 code units`);
  }
  if (splitsCharacter(text, offset) || splitsCharacter(text, offset + length)) {
    throw badRequest(`entity ${type} at offset ${offset} with length ${length} splits a character in two`);
  }
  if (DETECTED_TYPES.has(type)) return null;
  if (PLAIN_TYPES.has(type)) return { type: type as MessageEntity.CommonMessageEntity["type"], offset, length };
  switch (type) {
    case "pre": {
      const language = stringField(entity, "language");
      return language === undefined || language === "" ? { type, offset, length } : { type, offset, length, language };
    }
    case "text_link": {
      const url = stringField(entity, "url") ?? refuse(`Can't find field "url"`);
      if (!TG_USER_LINK.test(url)) checkLinkUrl(url);
      return mentionFromLink({ type, offset, length, url }, users);
    }
    case "text_mention": {
      const given = asRecord(entity.user) ?? refuse(`Can't find field "user"`);
      const id = integerField(given, "id");
      const user = users(id);
      if (user === undefined) throw badRequest("user not found");
      return { type, offset, length, user: { ...user } };
    }
    case "custom_emoji": {
      const id = stringField(entity, "custom_emoji_id") ?? refuse(`Can't find field "custom_emoji_id"`);
      if (!/^[0-9]{1,20}$/.test(id)) throw badRequest("invalid custom emoji identifier specified");
      return { type, offset, length, custom_emoji_id: id };
    }
    case "date_time": {
      const unixTime = integerField(entity, "unix_time");
      if (unixTime <= 0) throw badRequest("invalid date specified");
      const format = stringField(entity, "date_time_format") ?? "";
      if (!/^(r|w?[dD]?[tT]?)$/.test(format)) refuse("Invalid date-time format specified");
      return {
        type,
        offset,
        length,
        unix_time: unixTime,
        date_time_format: format as MessageEntity.DateTimeMessageEntity["date_time_format"],
      };
    }
  }
  return refuse("Unsupported type specified");
}

/**
 * Validates an explicit `entities` parameter (already JSON-decoded) against the text it describes,
 * as sent (before trimming). Empty entities are dropped, as Telegram drops them; detected types are
 * left for {@link withDetectedEntities} to find again.
 */
export function validateEntities(raw: unknown, text: string, users: UserLookup): MessageEntity[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw badRequest("can't parse entities JSON object");
  const out: MessageEntity[] = [];
  for (const item of raw) {
    const entity = givenEntity(item, text, users);
    if (entity !== null && entity.length > 0) out.push(entity);
  }
  return out;
}

/** Turns the `tg://user?id=` links of parsed HTML into text mentions (see {@link mentionFromLink}). */
export function resolveUserLinks(entities: MessageEntity[], users: UserLookup): MessageEntity[] {
  return entities.map((e) => (e.type === "text_link" ? mentionFromLink(e, users) : e));
}

// --- entities Telegram finds by itself ---

/** A letter, a digit or "_": what may not touch a mention or a command. */
const WORD = String.raw`\p{L}\p{N}_`;
/** What may not touch a hashtag or cashtag (TDLib's hashtag letters). */
const HASHTAG_LETTER = String.raw`\p{L}\p{Nd}_\u200c\u0d80-\u0dff`;

const MENTION = new RegExp(String.raw`(?<![${WORD}])@([A-Za-z0-9_]{2,32})(?![${WORD}])`, "gu");
/** Telegram's short inline bots: mentions shorter than four characters are found only for these. */
const SHORT_MENTIONS: ReadonlySet<string> = new Set(["gif", "vid", "pic"]);
const BOT_COMMAND = new RegExp(String.raw`(?<![${WORD}/<>])/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![${WORD}/<>@])`, "gu");
const HASHTAG = new RegExp(String.raw`(?<![${HASHTAG_LETTER}])#[${HASHTAG_LETTER}]+`, "gu");
const CASHTAG = new RegExp(String.raw`(?<![$${HASHTAG_LETTER}])\$(?:1INCH|[A-Z]{1,8})(?![$${HASHTAG_LETTER}])`, "gu");
const EMAIL = new RegExp(
  String.raw`(?<![${WORD}.+\-@])[A-Za-z0-9_\-]+(?:[.+][A-Za-z0-9_\-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9_\-]*[A-Za-z0-9])?\.){1,6}[A-Za-z]{2,8}(?![${WORD}@])`,
  "gu",
);
/** What may follow a host in a link: a port, then a path, query or fragment up to a space or quote. */
const URL_TAIL = String.raw`(?::[0-9]{1,5})?(?:[/?#][^\s<>"«»]*)?`;
const URL_WITH_SCHEME = new RegExp(String.raw`(?<![${WORD}])(?:https?|ftp)://[A-Za-z0-9_\-~]+(?:\.[A-Za-z0-9_\-~]+)+${URL_TAIL}`, "giu");
const TG_URL = new RegExp(String.raw`(?<![${WORD}])(?:tg|ton)://[A-Za-z0-9_\-]{1,253}(?:[/?#][^\s<>"«»]*)?`, "giu");
const BARE_URL = new RegExp(
  String.raw`(?<![${WORD}/#@.\-])(?:[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?\.)+([A-Za-z]{2,24})(?![${WORD}\-])${URL_TAIL}`,
  "gu",
);
/** Characters Telegram does not count as the end of a link ("see x.com." ends at the m). */
const LINK_TRAILER = /[.:;,('?!`]+$/;

/**
 * Top-level domains a bare `name.tld` must end in to count as a link (TDLib keeps a long list; these
 * are the common ones, so that "0.1" or "e.g" never become links while "t.me/bot" does).
 */
const COMMON_TLDS: ReadonlySet<string> = new Set(
  (
    "com net org info biz io me ru su de uk co us eu app dev xyz ai gg tv cc to ly fm am in jp cn fr it es nl pl ua by kz " +
    "br ca au ch se no fi dk cz at be gr tr il pt ro hu sk lt lv ee is ie nz za mx ar cl pe gov edu mil int online site " +
    "store tech shop blog news top club live pro one world cloud space page link click network digital media email " +
    "exchange finance money trade crypto wallet gl sh ws ms la cx ng ke"
  ).split(" "),
);

interface Found {
  type: "mention" | "hashtag" | "cashtag" | "bot_command" | "url" | "email";
  offset: number;
  length: number;
}

function* matches(pattern: RegExp, text: string): Generator<RegExpExecArray> {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) yield m;
}

/** Cuts the punctuation that ends a sentence off a link. */
function trimLink(found: string): string {
  return found.replace(LINK_TRAILER, "");
}

/**
 * The entities Telegram marks in a text by itself, without overlaps (the earlier, then the longer
 * one wins): links, e-mail addresses, mentions, hashtags, cashtags and bot commands.
 */
export function detectEntities(text: string): MessageEntity[] {
  const found: Found[] = [];
  const add = (type: Found["type"], offset: number, value: string): void => {
    if (value.length > 0) found.push({ type, offset, length: value.length });
  };
  for (const m of matches(EMAIL, text)) add("email", m.index, m[0]);
  for (const m of matches(URL_WITH_SCHEME, text)) add("url", m.index, trimLink(m[0]));
  for (const m of matches(TG_URL, text)) add("url", m.index, trimLink(m[0]));
  for (const m of matches(BARE_URL, text)) {
    if (COMMON_TLDS.has((m[1] ?? "").toLowerCase())) add("url", m.index, trimLink(m[0]));
  }
  for (const m of matches(MENTION, text)) {
    const name = m[1] ?? "";
    if (name.length >= 4 || SHORT_MENTIONS.has(name.toLowerCase())) add("mention", m.index, m[0]);
  }
  for (const m of matches(HASHTAG, text)) {
    // A hashtag needs a letter ("#1" is not one) and may not run into another "#".
    if (text[m.index + m[0].length] === "#" || !/\p{L}/u.test(m[0])) continue;
    add("hashtag", m.index, m[0].slice(0, 257));
  }
  for (const m of matches(CASHTAG, text)) add("cashtag", m.index, m[0]);
  for (const m of matches(BOT_COMMAND, text)) add("bot_command", m.index, m[0]);
  found.sort((a, b) => a.offset - b.offset || b.length - a.length);
  const kept: MessageEntity[] = [];
  let end = 0;
  for (const f of found) {
    if (f.offset < end) continue;
    kept.push({ type: f.type, offset: f.offset, length: f.length });
    end = f.offset + f.length;
  }
  return kept;
}

/** Telegram's order: by offset, the longer (outer) entity first. */
function sortEntities(entities: MessageEntity[]): MessageEntity[] {
  return [...entities].sort((a, b) => a.offset - b.offset || b.length - a.length);
}

/**
 * Adds the entities Telegram finds in `text` to the ones it already has (from parse_mode or an
 * explicit list). A found one is kept only where it does not cut into a link, mention, code or
 * custom emoji; formatting such as bold may cover it, as in Telegram.
 */
export function withDetectedEntities(text: string, entities: MessageEntity[]): MessageEntity[] {
  const solid = entities.filter((e) => !SPLITTABLE_TYPES.has(e.type));
  const overlaps = (a: MessageEntity, b: MessageEntity): boolean => a.offset < b.offset + b.length && b.offset < a.offset + a.length;
  const found = detectEntities(text).filter((f) => !solid.some((e) => overlaps(e, f)));
  return sortEntities([...entities, ...found]);
}
