/**
 * `npm run imports`: which top-level part of `src/` imports which, any circle among them, and any
 * circle among its files.
 * `npm run imports -- --files` also lists the file-level imports behind each arrow.
 */
import { resolve } from "node:path";
import { cycles, describeGraph, fileGraph, partGraph } from "./import-graph.js";

const srcDir = resolve(import.meta.dirname, "..", "src");
const graph = partGraph(srcDir);
console.log(describeGraph(graph));
const fileCycles = cycles(fileGraph(srcDir));
console.log(
  fileCycles.length === 0
    ? "\nno two files import each other"
    : `\nfiles in a circle:\n${fileCycles.map((c) => `  ${c.join(" → ")}`).join("\n")}`,
);

if (process.argv.includes("--files")) {
  for (const [from, targets] of graph) {
    for (const [to, edges] of targets) {
      console.log(`\n${from} → ${to}`);
      for (const e of edges) console.log(`  ${e.from} → ${e.to}${e.typeOnly ? " (type)" : ""}${e.dynamic ? " (dynamic)" : ""}`);
    }
  }
}
