/**
 * `npm run imports`: which top-level part of `src/` imports which, and any circle among them.
 * `npm run imports -- --files` also lists the file-level imports behind each arrow.
 */
import { resolve } from "node:path";
import { describeGraph, partGraph } from "./import-graph.js";

const srcDir = resolve(import.meta.dirname, "..", "src");
const graph = partGraph(srcDir);
console.log(describeGraph(graph));

if (process.argv.includes("--files")) {
  for (const [from, targets] of graph) {
    for (const [to, edges] of targets) {
      console.log(`\n${from} → ${to}`);
      for (const e of edges) console.log(`  ${e.from} → ${e.to}${e.typeOnly ? " (type)" : ""}${e.dynamic ? " (dynamic)" : ""}`);
    }
  }
}
