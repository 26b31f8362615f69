/**
 * The development tools (sandbox exchange, Bot API emulator, playground) stay out of production:
 * the entry's static import graph must not reach `src/devtools/`. Only `src/system.ts` loads them,
 * by dynamic import, in sandbox and trial modes.
 */
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");

interface Edges {
  readonly static: string[];
  readonly dynamic: string[];
}

/** The relative modules a file imports at run time: static (not type-only) and dynamic. */
function importsOf(file: string): Edges {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const edges: Edges = { static: [], dynamic: [] };
  const add = (list: string[], spec: string): void => {
    if (spec.startsWith(".")) list.push(resolve(dirname(file), spec.replace(/\.js$/, ".ts")));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword;
      const bindings = node.importClause?.namedBindings;
      const allNamedTypeOnly =
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        node.importClause?.name === undefined &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly);
      if (!typeOnly && !allNamedTypeOnly) add(edges.static, node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) add(edges.static, node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg !== undefined && ts.isStringLiteral(arg)) add(edges.dynamic, arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
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
