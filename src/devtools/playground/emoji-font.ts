/**
 * A colour emoji font for the playground page, so the bot's emoji (⏳ and ✅ are all that tells a
 * pending exchange from a finished one in /history) are drawn on a machine without an emoji font
 * of its own, as a Debian desktop or CI's headless Chromium often is: there each was a box.
 *
 * The font is Noto Color Emoji (SIL Open Font License 1.1) from the `@fontsource/noto-color-emoji`
 * package, served from node_modules: its stylesheet splits the font by `unicode-range`, so a
 * browser downloads only the parts that hold what a page shows (measured: 5.1 MB once for the
 * bot's messages, as the emoji variation selector U+FE0F is in most parts; the package holds
 * 24 MB). Only its WOFF files are offered: Chromium draws the package's WOFF2 files as blanks of
 * the right width (measured in Chromium 156; the WOFF files, with the same COLRv1 glyphs, draw).
 *
 * It is a development dependency: the production image installs none, and there the stylesheet is
 * an empty one, so the page asks for nothing that fails and uses the machine's own fonts.
 */
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** Where the page asks for the font's stylesheet. */
const EMOJI_FONT_CSS = "/emoji-font.css";
/** Where the page asks for the font's files: the stylesheet's `url(./files/…)` rewritten to it. */
const FILES_PREFIX = "/emoji-font/";
/** The package's WOFF files ("noto-color-emoji-7-400-normal.woff"): nothing else is served. */
const FONT_FILE = /^noto-color-emoji-[a-z0-9]+-400-normal\.woff$/;
/** A WOFF2 source of the stylesheet's `src` lists, dropped (see the module comment). */
const WOFF2_SOURCE = /url\(\.\/files\/[^)]+\.woff2\) format\('woff2'\),\s*/g;

/** A file of the font as the server sends it. */
export interface EmojiFontAsset {
  type: string;
  bytes: Buffer;
  /** Cache-Control: the font's files do not change within an install. */
  cache: string;
}

/** The installed package: its folder, and the names of the font files it holds. */
interface InstalledFont {
  root: string;
  files: ReadonlySet<string>;
}

/** The package as installed, or undefined where it is not (production). */
async function findFont(): Promise<InstalledFont | undefined> {
  let root: string;
  try {
    // Written as `require.resolve`, which knip reads as a use of the package (nothing imports it).
    const require = createRequire(import.meta.url);
    root = dirname(require.resolve("@fontsource/noto-color-emoji/400.css"));
  } catch {
    return undefined;
  }
  // The names a request may ask for are the ones on disk: a well-formed name of no file is a 404,
  // not a failed read.
  const files = new Set((await readdir(join(root, "files"))).filter((name) => FONT_FILE.test(name)));
  return { root, files };
}

let installed: Promise<InstalledFont | undefined> | undefined;
/** The package, looked up once. */
function installedFont(): Promise<InstalledFont | undefined> {
  installed ??= findFont();
  return installed;
}

/**
 * The asset for a request `path`: the stylesheet (empty without the package), a font file, or
 * undefined when `path` names neither (the caller answers 404).
 */
export async function emojiFontAsset(path: string): Promise<EmojiFontAsset | undefined> {
  if (path !== EMOJI_FONT_CSS && !path.startsWith(FILES_PREFIX)) return undefined;
  const font = await installedFont();
  if (path === EMOJI_FONT_CSS) {
    const css =
      font === undefined
        ? "/* No emoji font: @fontsource/noto-color-emoji is a development dependency, not installed here. */\n"
        : (await readFile(join(font.root, "400.css"), "utf8")).replace(WOFF2_SOURCE, "").replaceAll("url(./files/", `url(${FILES_PREFIX}`);
    return { type: "text/css; charset=utf-8", bytes: Buffer.from(css), cache: "no-cache" };
  }
  const name = path.slice(FILES_PREFIX.length);
  if (font === undefined || !font.files.has(name)) return undefined;
  const bytes = await readFile(join(font.root, "files", name));
  return { type: "font/woff", bytes, cache: "public, max-age=86400" };
}
