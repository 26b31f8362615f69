/**
 * What a PromQL expression reads, as far as the monitoring drift test needs (monitoring.test.ts):
 * the metric names it selects, the labels it matches on each, and the labels it groups by. Not a
 * PromQL parser: a scanner that knows where names, matchers, ranges, strings and grouping clauses
 * are, which is all a dashboard's or a rule's expressions use.
 */

/** One metric selected by an expression, with its label matchers. */
interface Selector {
  metric: string;
  matchers: Array<{ label: string; op: string; value: string }>;
}

/** What an expression reads. */
export interface ExpressionReads {
  selectors: Selector[];
  /** Labels of `by (…)`, `without (…)`, `on (…)`, `ignoring (…)`, `group_left (…)`, `group_right (…)`. */
  grouping: string[];
}

/** Words that are PromQL's own, never a metric name. */
const KEYWORDS = new Set([
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "and",
  "or",
  "unless",
  "offset",
  "inf",
  "nan",
]);
/** Keywords followed by a list of label names in parentheses. */
const GROUPING = new Set(["by", "without", "on", "ignoring", "group_left", "group_right"]);

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const MATCHER = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*,?/;

/** Reads `expr`; throws on what it cannot scan (an unclosed brace, a stray character), so a typo fails loudly. */
export function readPromql(expr: string): ExpressionReads {
  const selectors: Selector[] = [];
  const grouping: string[] = [];
  let i = 0;
  const rest = () => expr.slice(i);
  const skipSpace = () => {
    while (i < expr.length && /\s/.test(expr[i]!)) i++;
  };
  /** `{…}` at i: its matchers. */
  const matchers = (): Selector["matchers"] => {
    const found: Selector["matchers"] = [];
    i++; // {
    for (;;) {
      skipSpace();
      if (expr[i] === "}") {
        i++;
        return found;
      }
      const m = MATCHER.exec(rest());
      if (!m) throw new Error(`PromQL: cannot read the matchers at "${rest().slice(0, 40)}" in ${expr}`);
      found.push({ label: m[1]!, op: m[2]!, value: m[3]!.slice(1, -1) });
      i += m[0].length;
    }
  };
  while (i < expr.length) {
    const c = expr[i]!;
    if (/\s/.test(c) || "(),+-*/%^<>=!".includes(c)) {
      i++;
      continue;
    }
    if (c === "[") {
      // A range or subquery ([5m], [$__rate_interval], [1h:1m]): durations and variables only.
      const end = expr.indexOf("]", i);
      if (end < 0) throw new Error(`PromQL: unclosed range in ${expr}`);
      i = end + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      const m = /^("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/.exec(rest());
      if (!m) throw new Error(`PromQL: unclosed string in ${expr}`);
      i += m[0].length;
      continue;
    }
    if (c === "$") {
      // A Grafana variable ($instance, ${datasource}).
      const m = /^\$\{?[a-zA-Z_][a-zA-Z0-9_]*\}?/.exec(rest());
      i += m ? m[0].length : 1;
      continue;
    }
    if (/[0-9.]/.test(c)) {
      const m = /^[0-9.]+(e[+-]?[0-9]+)?/i.exec(rest());
      i += m![0].length;
      continue;
    }
    if (c === "{") {
      // Matchers with no metric name before them: PromQL allows it, this project's files do not.
      throw new Error(`PromQL: a selector without a metric name in ${expr}`);
    }
    const name = NAME.exec(rest());
    if (!name) throw new Error(`PromQL: cannot read "${rest().slice(0, 20)}" in ${expr}`);
    const word = name[0];
    i += word.length;
    skipSpace();
    if (GROUPING.has(word.toLowerCase())) {
      if (expr[i] !== "(") continue; // group_left without labels
      const end = expr.indexOf(")", i);
      grouping.push(
        ...expr
          .slice(i + 1, end)
          .split(",")
          .map((l) => l.trim())
          .filter((l) => l !== ""),
      );
      i = end + 1;
      continue;
    }
    if (KEYWORDS.has(word.toLowerCase())) continue;
    // A function or an aggregation: its name is followed by "(" (or by a grouping clause first).
    if (expr[i] === "(" || /^(by|without)\s*\(/i.test(rest())) continue;
    selectors.push({ metric: word, matchers: expr[i] === "{" ? matchers() : [] });
  }
  return { selectors, grouping };
}
