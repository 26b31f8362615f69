/**
 * The layering of src/: what people and support read (src/messages/) sits below the parts that
 * send it (poller, support, delivery), which sit below the bot's features; and no two files
 * import each other, directly or in a circle. Read with the same
 * parser as `npm run imports` (scripts/import-graph.ts), type-only imports included: a type
 * import is a dependency of the design even where it costs nothing at run time.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cycles, fileGraph, partGraph, type PartGraph } from "../scripts/import-graph.js";

const SRC = resolve(import.meta.dirname, "..", "src");

/** The file-level imports from part `from` into part `to` ("poller/ → bot/"). */
function importsBetween(graph: PartGraph, from: string, to: string): string[] {
  return (graph.get(from)?.get(to) ?? []).map((e) => `${e.from} → ${e.to}`);
}

/** A throwaway src/ tree, to show the checks do fail on a graph that breaks them. */
function fakeSrc(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "layers-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  made.push(dir);
  return dir;
}
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe("the layers of src/", () => {
  const graph = partGraph(SRC);

  it.each(["poller/", "support/", "delivery/", "messages/"])("%s imports nothing from bot/", (part) => {
    expect(graph.has(part)).toBe(true);
    expect(importsBetween(graph, part, "bot/")).toEqual([]);
  });

  it("messages/ imports none of the parts that send its messages", () => {
    for (const above of ["poller/", "support/", "delivery/", "ops/", "app/", "app.ts"]) {
      expect(importsBetween(graph, "messages/", above)).toEqual([]);
    }
  });

  it("has no import cycle between any two of its files, type-only imports included", () => {
    const files = fileGraph(SRC);
    expect(cycles(files)).toEqual([]);
    // Not vacuous: the exchange flow's steps import one another, in one direction.
    expect(files.get("bot/features/exchange/steps/to.ts")?.has("bot/features/exchange/steps/from-network.ts")).toBe(true);
  });

  it("has no import cycle among its top-level folders and files", () => {
    expect(cycles(graph)).toEqual([]);
    // Not vacuous: the parts do import each other, in one direction.
    expect(importsBetween(graph, "delivery/", "messages/").length).toBeGreaterThan(0);
    expect(importsBetween(graph, "bot/", "poller/").length).toBeGreaterThan(0);
  });
});

describe("the import reader behind these checks", () => {
  it("sees an import from bot/, however it is written", () => {
    const src = fakeSrc({
      "bot/ui.ts": "export const x = 1;\nexport type T = number;\n",
      "poller/a.ts": 'import type { T } from "../bot/ui.js";\nexport type U = T;\n',
      "poller/b.ts": 'export {\n  x,\n} from "../bot/ui.js";\n',
      "poller/c.ts": 'export const load = () => import("../bot/ui.js");\n',
    });
    expect(importsBetween(partGraph(src), "poller/", "bot/")).toEqual([
      "poller/a.ts → bot/ui.ts",
      "poller/b.ts → bot/ui.ts",
      "poller/c.ts → bot/ui.ts",
    ]);
  });

  it("finds a cycle between two files of one folder, which the folders' graph cannot show", () => {
    const src = fakeSrc({
      "bot/steps/amount.ts": 'import { receive } from "./receive.js";\nexport const amount = receive;\n',
      "bot/steps/receive.ts": 'import type { A } from "./amount.js";\nexport const receive: A | 1 = 1;\n',
      "bot/steps/from.ts": "export const from = 1;\n",
    });
    expect(cycles(partGraph(src))).toEqual([]);
    expect(cycles(fileGraph(src))).toEqual([["bot/steps/amount.ts", "bot/steps/receive.ts"]]);
  });

  it("finds a cycle through three folders, and a type-only one", () => {
    const src = fakeSrc({
      "bot/a.ts": 'import { b } from "../poller/b.js";\nexport const a = b;\n',
      "poller/b.ts": 'import { c } from "../support/c.js";\nexport const b = c;\n',
      "support/c.ts": 'import type { A } from "../bot/types.js";\nexport const c: A = 1;\n',
      "bot/types.ts": "export type A = number;\n",
      "domain/d.ts": "export const d = 1;\n",
    });
    expect(cycles(partGraph(src))).toEqual([["bot/", "poller/", "support/"]]);
  });
});
