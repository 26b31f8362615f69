/**
 * Characters that cannot be seen, or that change how the text around them is shown, in what
 * becomes an address, a tag or a memo. A memo pasted as "134824335" plus a zero-width space looks
 * exactly like the right one, and is another memo to the chain: the funds can be lost. JavaScript's
 * `\s` and `trim()` know only some of them (a zero-width space is not one), so they are named here.
 *
 * What counts, by Unicode property (so a character added to a class by a later Unicode version is
 * covered too):
 * - control characters (Cc) and format characters (Cf): zero-width space, joiners and non-joiners,
 *   left-to-right and right-to-left marks, embeddings, overrides and isolates, the word joiner and
 *   the invisible operators, the byte-order mark, the soft hyphen, the Mongolian vowel separator;
 * - every default-ignorable code point (what fonts draw as nothing): variation selectors, the
 *   combining grapheme joiner, Hangul fillers, tag characters;
 * - every space and separator other than the ASCII space (Zs, Zl, Zp): no-break, thin, ideographic…;
 * - the braille blank, which looks like a space and is a letter-like symbol;
 * - private-use characters and lone surrogates, which show as nothing or as a box.
 */

/** One character of these classes, by Unicode property escapes (the `v` flag is not needed). */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zs}\p{Zl}\p{Zp}\p{Co}\p{Cs}\u2800]/u;

/** An invisible character found in a text: which one, and where a person would count it. */
export interface InvisibleCharacter {
  /** The code point as Unicode writes it: "U+200B". */
  codePoint: string;
  /** 1-based position in characters (code points), as a person counts what they typed. */
  position: number;
}

/**
 * The first invisible or direction-changing character of `text` (see the module comment), or
 * undefined when there is none. The ASCII space is not one: callers refuse it on their own terms.
 */
export function findInvisible(text: string): InvisibleCharacter | undefined {
  let position = 0;
  for (const char of text) {
    position++;
    if (char !== " " && INVISIBLE.test(char)) {
      const code = char.codePointAt(0) ?? 0;
      return { codePoint: `U+${code.toString(16).toUpperCase().padStart(4, "0")}`, position };
    }
  }
  return undefined;
}
