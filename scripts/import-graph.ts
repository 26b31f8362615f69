/**
 * Reads the relative imports of the TypeScript files under `src/` with the compiler's own parser
 * (no regular expressions: multi-line imports, `export … from` and `import()` all count), and
 * folds them into a graph of the top-level parts of `src/` (a folder, or a file at its root).
 * `npm run imports` prints that graph; test/layers.test.ts holds it to the layering rules, and
 * test/production-imports.test.ts follows the same imports from the production entry.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/** One import of one file: the file it names, and how. */
export interface ImportEdge {
  /** Absolute path of the imported `.ts` file. */
  readonly target: string;
  /** `import type …` or every named binding type-only: erased at run time. */
  readonly typeOnly: boolean;
  /** `import("…")`: loaded when called, not when the importing file loads. */
  readonly dynamic: boolean;
}

/** The relative imports of one file (packages are left out: they are not part of the layering). */
function importsOf(file: string): ImportEdge[] {
  return allImportsOf(file).files;
}

/** A package (or `node:` module) one file imports, and how. */
export interface PackageImport {
  readonly name: string;
  readonly typeOnly: boolean;
  readonly dynamic: boolean;
}

/** One file's imports, read once: of the files of the project (as {@link importsOf}), and of packages. */
export function allImportsOf(file: string): { files: ImportEdge[]; packages: PackageImport[] } {
  const all = specifiersOf(file);
  return {
    files: all
      .filter((e) => e.specifier.startsWith("."))
      .map(({ specifier, typeOnly, dynamic }) => ({
        target: resolve(dirname(file), specifier.replace(/\.js$/, ".ts")),
        typeOnly,
        dynamic,
      })),
    packages: all
      .filter((e) => !e.specifier.startsWith("."))
      .map(({ specifier, typeOnly, dynamic }) => ({ name: specifier, typeOnly, dynamic })),
  };
}

/** Every import of one file, as written. */
function specifiersOf(file: string): { specifier: string; typeOnly: boolean; dynamic: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const edges: { specifier: string; typeOnly: boolean; dynamic: boolean }[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean): void => {
    edges.push({ specifier, typeOnly, dynamic });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allNamedTypeOnly =
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        clause?.name === undefined &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier.text, clause?.phaseModifier === ts.SyntaxKind.TypeKeyword || allNamedTypeOnly, false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly, false);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg !== undefined && ts.isStringLiteral(arg)) add(arg.text, false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** Every `.ts` file under `dir`, recursively, as absolute paths in a stable order. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/** The top-level part of `src/` a file belongs to: `bot/` for src/bot/…, `app.ts` for src/app.ts. */
function partOf(srcDir: string, file: string): string {
  const [first = "", ...rest] = relative(srcDir, file).split(sep);
  return rest.length > 0 ? `${first}/` : first;
}

/** Which part imports which, with the file-level imports behind each arrow. */
export type PartGraph = Map<string, Map<string, { from: string; to: string; typeOnly: boolean; dynamic: boolean }[]>>;

/** Folds every relative import under `srcDir` into a {@link PartGraph} (imports within a part are left out). */
export function partGraph(srcDir: string): PartGraph {
  const graph: PartGraph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const from = partOf(srcDir, file);
    const targets = graph.get(from) ?? new Map<string, { from: string; to: string; typeOnly: boolean; dynamic: boolean }[]>();
    graph.set(from, targets);
    for (const edge of importsOf(file)) {
      const to = partOf(srcDir, edge.target);
      if (to === from) continue;
      const list = targets.get(to) ?? [];
      list.push({ from: relative(srcDir, file), to: relative(srcDir, edge.target), typeOnly: edge.typeOnly, dynamic: edge.dynamic });
      targets.set(to, list);
    }
  }
  return graph;
}

/**
 * Every relative import under `srcDir`, file by file (paths relative to `srcDir`), in the shape of
 * a {@link PartGraph} whose parts are the files: for the cycles a folder-level graph cannot show.
 */
export function fileGraph(srcDir: string): PartGraph {
  const graph: PartGraph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const from = relative(srcDir, file);
    const targets = graph.get(from) ?? new Map<string, { from: string; to: string; typeOnly: boolean; dynamic: boolean }[]>();
    graph.set(from, targets);
    for (const edge of importsOf(file)) {
      const to = relative(srcDir, edge.target);
      const list = targets.get(to) ?? [];
      list.push({ from, to, typeOnly: edge.typeOnly, dynamic: edge.dynamic });
      targets.set(to, list);
    }
  }
  return graph;
}

/**
 * The strongly connected parts that import each other in a circle (Tarjan's algorithm), each
 * sorted, largest first. Empty when the parts form layers.
 */
export function cycles(graph: PartGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indexOf.get(next) ?? 0));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
        onStack.delete(top);
        component.push(top);
        if (top === node) break;
      }
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) connect(node);
  return found.sort((a, b) => b.length - a.length);
}

/** The graph as text: one line per part, the parts it imports (`type` when only types, `dynamic` when only by `import()`). */
export function describeGraph(graph: PartGraph): string {
  const lines: string[] = [];
  for (const [from, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    const named = [...targets]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([to, edges]) => {
        if (edges.every((e) => e.dynamic)) return `${to} (dynamic)`;
        if (edges.every((e) => e.typeOnly)) return `${to} (type)`;
        return to;
      });
    lines.push(`${from.padEnd(12)} → ${named.length > 0 ? named.join(", ") : "(nothing)"}`);
  }
  const found = cycles(graph);
  lines.push("", found.length === 0 ? "no cycle among the parts" : `cycles: ${found.map((c) => c.join(" ⇄ ")).join("; ")}`);
  return lines.join("\n");
}
