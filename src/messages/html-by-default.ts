/**
 * HTML is the bot's one parse mode: every text and caption it sends is Telegram HTML (locale
 * strings carry <b> and <code>; outside text is escaped where markup is made, messages/html.ts).
 * Instead of `parse_mode: "HTML"` on each call, this Bot API transformer adds it wherever a call
 * leaves it out. A call that must send plain text says so with {@link PLAIN_TEXT} (a broadcast, shown
 * exactly as the admin typed it).
 *
 * Installed twice, because a conversation builds its own Api for each replay and a transformer on
 * `bot.api` does not reach it: on `bot.api` by createBot, and on the conversation's `ctx.api` by
 * the exchange feature's conversation plugins. Unlike a retry, it only rewrites the payload, so
 * running above the conversation's replay layer costs nothing on a replay.
 */
import type { Transformer } from "grammy";

/** Options that send a text exactly as written: no parse mode at all. */
export const PLAIN_TEXT = { parse_mode: undefined } as const;

/** Methods whose `text` is parsed by `parse_mode`. */
const TEXT_METHODS = new Set(["sendMessage", "editMessageText"]);

/** Methods whose `caption` is parsed by `parse_mode`. */
const CAPTION_METHODS = new Set([
  "sendPhoto",
  "sendDocument",
  "sendVideo",
  "sendAnimation",
  "sendAudio",
  "sendVoice",
  "editMessageCaption",
  "copyMessage",
]);

type Payload = Record<string, unknown>;

const isObject = (value: unknown): value is Payload => typeof value === "object" && value !== null;

/** `payload` with `parse_mode: "HTML"` when it has no `parse_mode` of its own (an explicit undefined counts as its own). */
function withHtml(payload: Payload): Payload {
  return "parse_mode" in payload ? payload : { ...payload, parse_mode: "HTML" };
}

/** An inline result: its message text and its caption, each HTML unless the result says otherwise. */
function inlineResultWithHtml(result: unknown): unknown {
  if (!isObject(result)) return result;
  let out = result;
  const content = result.input_message_content;
  if (isObject(content) && "message_text" in content) out = { ...out, input_message_content: withHtml(content) };
  if ("caption" in result) out = withHtml(out);
  return out;
}

/** The transformer: see the module comment. */
export function htmlByDefault(): Transformer {
  return (prev, method, payload, signal) => {
    const p = payload as Payload;
    if (TEXT_METHODS.has(method) || (CAPTION_METHODS.has(method) && "caption" in p)) {
      return prev(method, withHtml(p) as typeof payload, signal);
    }
    if (method === "answerInlineQuery" && Array.isArray(p.results)) {
      return prev(method, { ...p, results: p.results.map(inlineResultWithHtml) } as unknown as typeof payload, signal);
    }
    return prev(method, payload, signal);
  };
}
