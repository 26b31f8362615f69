/**
 * The development tools (sandbox exchange, Bot API emulator, playground) stay out of production:
 * the entry's static import graph must not reach `src/devtools/`. Only `src/system.ts` loads them,
 * by dynamic import, in sandbox and trial modes. Imports are read by the same parser as
 * `npm run imports` (scripts/import-graph.ts).
 *
 * Likewise the packages only some deployments use, which every start of the bot (each crash test
 * and replica test runs dozens) would load for nothing: the pg driver (a store on files), the Mini
 * App's launch-data check (no Mini App request yet), and the QR codes (no exchange created yet).
 * Together about 250 ms of a start's 1.2 s of CPU, measured from the build.
 */
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { allImportsOf, type PackageImport } from "../scripts/import-graph.js";

const ROOT = resolve(import.meta.dirname, "..");

interface Edges {
  readonly static: string[];
  readonly dynamic: string[];
  readonly packages: PackageImport[];
}

/** Each file as read once: the walks below go over the same files, and parsing them is most of their time. */
const read = new Map<string, Edges>();

/** The relative modules a file imports at run time, static (not type-only) and dynamic, and its packages. */
function importsOf(file: string): Edges {
  let edges = read.get(file);
  if (edges === undefined) {
    const { files, packages } = allImportsOf(file);
    edges = {
      static: files.filter((e) => !e.dynamic && !e.typeOnly).map((e) => e.target),
      dynamic: files.filter((e) => e.dynamic).map((e) => e.target),
      packages,
    };
    read.set(file, edges);
  }
  return edges;
}

/** Every file reachable from `entry`, following static imports, and dynamic ones too if asked. */
function reachable(entry: string, followDynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [resolve(ROOT, entry)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const edges = importsOf(file);
    queue.push(...edges.static, ...(followDynamic ? edges.dynamic : []));
  }
  return new Set([...seen].map((f) => relative(ROOT, f)));
}

const isDevtool = (file: string): boolean => file.startsWith("src/devtools/");

describe("the production entry's import graph", () => {
  it("reaches no development tool through static imports", () => {
    const files = reachable("src/main.ts", false);
    expect(files.has("src/app.ts")).toBe(true);
    expect([...files].filter(isDevtool)).toEqual([]);
  });

  it("reaches them only through the dynamic import in src/system.ts", () => {
    const withDynamic = reachable("src/main.ts", true);
    // Not vacuous: the same walk, following dynamic imports too, does find the tools.
    expect(withDynamic.has("src/devtools/system.ts")).toBe(true);
    expect(withDynamic.has("src/devtools/emulator/server.ts")).toBe(true);
    expect(withDynamic.has("src/devtools/sandbox/server.ts")).toBe(true);
    expect(withDynamic.has("src/devtools/playground/server.ts")).toBe(true);
    expect(importsOf(resolve(ROOT, "src/system.ts")).dynamic.map((f) => relative(ROOT, f))).toEqual(["src/devtools/system.ts"]);
  });
});

describe("the packages the production entry loads at start-up", () => {
  /** Loaded on first use, by dynamic import (or by a file loaded so). */
  const ON_FIRST_USE = ["pg", "@tma.js/init-data-node", "qrcode"];

  /** The packages the files reachable from `entry` import at run time, following dynamic imports too if asked. */
  function packagesLoaded(entry: string, followDynamic: boolean): Set<string> {
    const files = [...reachable(entry, followDynamic)].map((f) => resolve(ROOT, f));
    const imports = files.flatMap((f) => importsOf(f).packages).filter((i) => !i.typeOnly && (followDynamic || !i.dynamic));
    return new Set(imports.map((i) => i.name));
  }

  it("leave out pg, the Mini App's launch-data check and the QR codes, loaded on first use", () => {
    const atStart = packagesLoaded("src/main.ts", false);
    // Not vacuous: the walk sees the packages every start needs.
    expect(atStart.has("grammy")).toBe(true);
    expect(atStart.has("undici")).toBe(true);
    expect(ON_FIRST_USE.filter((name) => atStart.has(name))).toEqual([]);
  });

  it("are still loaded where they are used: the same walk, following dynamic imports too, finds them", () => {
    const whenUsed = packagesLoaded("src/main.ts", true);
    expect(ON_FIRST_USE.filter((name) => !whenUsed.has(name))).toEqual([]);
  });
});
