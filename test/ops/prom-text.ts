/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), enough to prove that
 * /metrics is well formed: every line is a comment, a HELP/TYPE line or a sample; every sample
 * belongs to a family with a TYPE; values are numbers. Throws on the first bad line.
 */
const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const SAMPLE = new RegExp(`^(${NAME})(\\{(?:${LABEL}(?:,${LABEL})*)?,?\\})? (\\S+)(?: (-?\\d+))?$`);
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);

/** Samples by `name{labels}` exactly as written. */
export function parsePromText(text: string): Map<string, number> {
  const types = new Map<string, string>();
  const samples = new Map<string, number>();
  const lines = text.split("\n");
  if (lines.at(-1) !== "") throw new Error("the exposition must end with a newline");
  for (const [i, line] of lines.slice(0, -1).entries()) {
    const where = `line ${i + 1}: ${line}`;
    if (line.startsWith("# TYPE ")) {
      const [name, type] = line.slice(7).split(" ");
      if (!name || !new RegExp(`^${NAME}$`).test(name) || !type || !TYPES.has(type)) throw new Error(`bad TYPE, ${where}`);
      if (types.has(name)) throw new Error(`TYPE twice, ${where}`);
      types.set(name, type);
      continue;
    }
    // Blank lines are allowed between families.
    if (line.startsWith("#") || line.trim() === "") continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample, ${where}`);
    const [, name, labels = "", raw] = m as unknown as [string, string, string | undefined, string];
    // Prometheus reads values with Go's ParseFloat, which takes NaN and Inf in any case
    // (prom-client writes "Nan" for an empty event-loop mean).
    const special = /^nan$/i.test(raw) ? NaN : /^\+?inf$/i.test(raw) ? Infinity : /^-inf$/i.test(raw) ? -Infinity : undefined;
    const value = special ?? (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw) ? Number(raw) : NaN);
    if (Number.isNaN(value) && special === undefined) throw new Error(`bad value, ${where}`);
    const family = [...types.keys()].find((f) => name === f || (/_(bucket|sum|count|total|created)$/.test(name) && name.startsWith(f)));
    if (family === undefined) throw new Error(`sample without a TYPE, ${where}`);
    const key = name + labels;
    if (samples.has(key)) throw new Error(`sample twice, ${where}`);
    samples.set(key, value);
  }
  return samples;
}

/** The sum of every sample of `name` whose labels include all of `labels`. */
export function sumOf(samples: Map<string, number>, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const [key, value] of samples) {
    const brace = key.indexOf("{");
    const n = brace < 0 ? key : key.slice(0, brace);
    if (n !== name) continue;
    if (Object.entries(labels).every(([k, v]) => key.includes(`${k}="${v}"`))) sum += value;
  }
  return sum;
}
