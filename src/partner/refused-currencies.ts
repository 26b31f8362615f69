/**
 * Catalog entries the bot refuses to offer, decided when the catalog is read.
 *
 * A coin's code travels in buttons and commands, and its network and tag name are shown to people
 * in HTML messages. What the service sends there is outside text: a code that is not a code, or a
 * network holding markup (`<a href=…>`, `&`), invisible characters or a paragraph, would reach a
 * message or a button as it is. Such a coin is dropped whole, never shown without its network or
 * tag name: a network left out makes two networks of one token look alike (USDT on ERC20 and on
 * TRC20), and a tag name left out makes a coin that needs a memo look as if it needed none; either
 * way a person could send coins where they are lost.
 */
import { findInvisible } from "../domain/invisible.js";
import type { Currency } from "../domain/types.js";

/**
 * A coin code: upper-case letters and digits, at most 20 (codes are upper-cased when read). The
 * same rule as the buttons' (messages/callback-data.ts), so every code offered fits in one.
 */
const COIN_CODE = /^[A-Z0-9]{1,20}$/;

/** The longest network or tag name shown, in characters: real ones are a word or two ("BNB Smart Chain (BEP20)"). */
const MAX_SHOWN_NAME = 32;

/** Characters HTML reads as markup. */
const MARKUP = /[<>&]/;

/** Why a coin is refused. */
export type RefusedFor = "code" | "network" | "tag-name";

/** Whether a name from the service may be shown as it is: printable, without markup, and short. */
function shownSafely(name: string): boolean {
  return Array.from(name).length <= MAX_SHOWN_NAME && !MARKUP.test(name) && findInvisible(name) === undefined;
}

/** Why `c` cannot be offered, or undefined when it can. */
function refusal(c: Currency): RefusedFor | undefined {
  if (!COIN_CODE.test(c.code)) return "code";
  if (c.network !== undefined && !shownSafely(c.network)) return "network";
  if (c.tagName !== "" && !shownSafely(c.tagName)) return "tag-name";
  return undefined;
}

/** The currencies that may be offered, and how many were refused for each reason (see the module comment). */
export function refuseUnsafeCurrencies(list: readonly Currency[]): { kept: Currency[]; refused: Partial<Record<RefusedFor, number>> } {
  const kept: Currency[] = [];
  const refused: Partial<Record<RefusedFor, number>> = {};
  for (const c of list) {
    const why = refusal(c);
    if (why === undefined) kept.push(c);
    else refused[why] = (refused[why] ?? 0) + 1;
  }
  return { kept, refused };
}
