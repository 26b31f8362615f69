import { describe, expect, it } from "vitest";
import { parsePromText, sumOf } from "./prom-text.js";

// The checker must be able to fail, or the /metrics tests prove nothing.
describe("the Prometheus text checker", () => {
  it("reads samples with labels", () => {
    const s = parsePromText('# HELP a_total A.\n# TYPE a_total counter\na_total{x="1",y="q\\"z"} 3\na_total{x="2"} 4\n');
    expect(sumOf(s, "a_total")).toBe(7);
    expect(sumOf(s, "a_total", { x: "2" })).toBe(4);
  });
  it.each([
    ["a sample without a TYPE", "b 1\n"],
    ["a value that is not a number", "# TYPE b gauge\nb one\n"],
    ["an unknown type", "# TYPE b meter\nb 1\n"],
    ["a broken label", "# TYPE b gauge\nb{x=1} 1\n"],
    ["no final newline", "# TYPE b gauge\nb 1"],
    ["a repeated sample", "# TYPE b gauge\nb 1\nb 2\n"],
  ])("refuses %s", (_what, text) => {
    expect(() => parsePromText(text)).toThrow();
  });
});
