/**
 * Destination/refund tags (XRP "Destination tag", XLM "MEMO", TON "Comment", …). The spec only
 * says a tag is a string that is mandatory when the currency has a `tagname`; the checks here
 * catch the typing mistakes that lose funds, and, for the chains whose format is well known, the
 * chain's own limit, so a person hears it at the tag step rather than as a refusal at Confirm.
 *
 * The rules per chain (the sandbox exchange checks tags with these same rules, so the two agree):
 *
 * | chain (network or code)           | tag                                   | rule                        |
 * |-----------------------------------|---------------------------------------|-----------------------------|
 * | XRP                               | destination tag, an unsigned 32-bit integer | digits, 0 … 4294967295 |
 * | XLM (Stellar)                     | MEMO_TEXT (a MEMO_ID, up to 2^64−1, is 20 digits and fits too) | ≤ 28 bytes of UTF-8 |
 * | TON and tokens on TON             | text comment (what wallets such as Ledger Live allow)  | ≤ 120 bytes of UTF-8 |
 * | BNB Beacon Chain (BEP2)           | memo                                  | ≤ 128 bytes                 |
 * | Cosmos SDK chains (ATOM, KAVA, OSMO, INJ) | memo (the SDK's default `MaxMemoCharacters`, compared with Go's byte length) | ≤ 256 bytes |
 * | EOS                               | memo (eosio.token's check)            | ≤ 256 bytes                 |
 * | Hedera (HBAR)                     | transaction memo                      | ≤ 100 bytes                 |
 * | Algorand (ALGO)                   | note                                  | ≤ 1024 bytes                |
 * | any other coin with a tag         | an integer as XRP's for a "Destination tag" name, else text | ≤ 100 characters |
 *
 * Whatever the chain, a tag is never empty and never contains whitespace: deposit memos that
 * services hand out never do, and a space or a line break in one is a paste accident. Nor does it
 * contain an invisible or direction-changing character (domain/invisible.ts): such a tag looks
 * right and is another tag to the chain. Whitespace around the tag (which `trim` removes, the
 * no-break space and the byte-order mark included) is dropped, and the tag shown back is the one kept.
 */
import { findInvisible } from "./invisible.js";

export type TagError = "empty" | "too-long" | "spaces" | "digits" | "range" | "invisible";

/** How a chain's tags look. `unit` says what `max` counts for text. */
export type TagRule =
  { kind: "integer"; chain: string; max: bigint } | { kind: "text"; chain: string; max: number; unit: "bytes" | "characters" };

/** A failed check, with the limit that was broken (for "too-long" and "range"). */
export interface TagRefusal {
  ok: false;
  reason: TagError;
  /** The limit as text: a number of bytes or characters, or the largest allowed integer. */
  max?: string;
  /** What a "too-long" limit counts. */
  unit?: "bytes" | "characters";
  /** For "invisible": the character ("U+200B") and its 1-based position in the trimmed tag. */
  invisible?: { codePoint: string; position: number };
}

/** Spaces and line breaks a person can see (or at least knows they typed): said as "spaces". */
const VISIBLE_WHITESPACE = /[ \t\n\r]/;

/** "spaces" for visible whitespace, else "invisible" with the character, else undefined. */
function hiddenOrSpaced(value: string): TagRefusal | undefined {
  if (VISIBLE_WHITESPACE.test(value)) return { ok: false, reason: "spaces" };
  const invisible = findInvisible(value);
  return invisible ? { ok: false, reason: "invisible", invisible } : undefined;
}

/** XRP-style destination tags are unsigned 32-bit integers. */
const MAX_UINT32 = 4_294_967_295n;
/** The limit of a tag on a chain this module has no rule for. */
const DEFAULT_MAX_CHARACTERS = 100;

const XRP: TagRule = { kind: "integer", chain: "XRP", max: MAX_UINT32 };
const STELLAR: TagRule = { kind: "text", chain: "XLM", max: 28, unit: "bytes" };
const TON: TagRule = { kind: "text", chain: "TON", max: 120, unit: "bytes" };
const BEP2: TagRule = { kind: "text", chain: "BEP2", max: 128, unit: "bytes" };
const cosmos = (chain: string): TagRule => ({ kind: "text", chain, max: 256, unit: "bytes" });
const EOS: TagRule = { kind: "text", chain: "EOS", max: 256, unit: "bytes" };
const HEDERA: TagRule = { kind: "text", chain: "HBAR", max: 100, unit: "bytes" };
const ALGORAND: TagRule = { kind: "text", chain: "ALGO", max: 1024, unit: "bytes" };

/**
 * Rules by network name, or by coin code when the service names no network (the older variant
 * of the interface). Upper case. A token takes its network's rule (a jetton on TON: TON's).
 */
const RULES: ReadonlyMap<string, TagRule> = new Map([
  ["XRP", XRP],
  ["XLM", STELLAR],
  ["STELLAR", STELLAR],
  ["TON", TON],
  ["BEP2", BEP2],
  ["BNB", BEP2],
  ["ATOM", cosmos("ATOM")],
  ["COSMOS", cosmos("ATOM")],
  ["KAVA", cosmos("KAVA")],
  ["OSMO", cosmos("OSMO")],
  ["INJ", cosmos("INJ")],
  ["EOS", EOS],
  ["HBAR", HEDERA],
  ["ALGO", ALGORAND],
]);

/** True when the tag kind is numeric only (XRP's "Destination tag"). */
export function isNumericTagKind(tagName: string): boolean {
  return /destination\s*tag/i.test(tagName);
}

/** What the rule needs to know of a coin: its code, its network if the service names one, its tag's name. */
export interface TagCoin {
  code: string;
  network?: string | undefined;
  tagName: string;
}

/**
 * The rule for tags of `coin`: its network's, else its code's, else the generic one (numeric
 * for a "Destination tag", text of up to 100 characters otherwise).
 */
export function tagRuleOf(coin: TagCoin): TagRule {
  const byNetwork = coin.network ? RULES.get(coin.network.trim().toUpperCase()) : undefined;
  const rule = byNetwork ?? RULES.get(coin.code.trim().toUpperCase());
  if (rule) return rule;
  return isNumericTagKind(coin.tagName)
    ? { kind: "integer", chain: coin.code, max: MAX_UINT32 }
    : { kind: "text", chain: coin.code, max: DEFAULT_MAX_CHARACTERS, unit: "characters" };
}

const utf8 = new TextEncoder();

/** Checks a tag typed by a person against the coin's rule; returns the trimmed tag or why it is wrong. */
export function parseTag(input: string, coin: TagCoin): { ok: true; value: string } | TagRefusal {
  const value = input.trim();
  if (value === "") return { ok: false, reason: "empty" };
  const rule = tagRuleOf(coin);
  if (rule.kind === "integer") {
    // Long input is refused before BigInt sees it; whitespace and invisible characters first, so
    // "12 34" and "12345" plus a zero-width space say why.
    const hidden = hiddenOrSpaced(value);
    if (hidden) return hidden;
    if (!/^\d+$/.test(value)) return { ok: false, reason: "digits" };
    if (value.length > 20 || BigInt(value) > rule.max) return { ok: false, reason: "range", max: rule.max.toString() };
    return { ok: true, value };
  }
  // Characters as JavaScript counts them (UTF-16 units): only the lenient rule of unknown chains uses them.
  const length = rule.unit === "bytes" ? utf8.encode(value).length : value.length;
  if (length > rule.max) return { ok: false, reason: "too-long", max: String(rule.max), unit: rule.unit };
  return hiddenOrSpaced(value) ?? { ok: true, value };
}
