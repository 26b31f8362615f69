/**
 * Benchmark of one catalog refresh on the large sandbox catalog (about 900 coins, 800,000 pairs,
 * an 8.6 MB `pairs` answer): what it costs the bot's process.
 *
 *   npm run bench:catalog-refresh
 *
 * The sandbox runs in this (parent) process; each measurement runs in a fresh child process, so
 * its RSS is the bot's alone and no run inherits another's heap. Two ways are compared, in the
 * same run, on the same machine:
 *
 * - "client": the bot's path: `createPartnerClient` + `createCatalog`, `refresh()` then `index()`
 *   (HTTP fetch of both resources, JSON.parse, validation, the index);
 * - "one pass": what the bot did before: the same fetches, then the zod `pairsSchema` over the
 *   whole answer and `buildCatalogIndex` in one synchronous go.
 *
 * Per child: the first (cold) refresh, then WARM_ROUNDS more. Measured: wall time of a refresh,
 * the longest event-loop pause during it (a 1 ms setInterval probe's largest gap, and
 * perf_hooks.monitorEventLoopDelay's max), RSS and heap added by the first load with the catalog
 * still held (after a forced GC), and the CPU cost of each step on its own (JSON.parse of the
 * text, validation, building the index).
 *
 * Prints a table and writes bench/catalog-refresh.results.md.
 */
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import fetch from "node-fetch";
import { startSandbox } from "../src/devtools/sandbox/server.js";
import { createPartnerClient } from "../src/partner/client.js";
import { createCatalog } from "../src/partner/catalog.js";
import { currenciesSchema, pairsSchema, parseBody, parsePairs, withoutResultFlag } from "../src/partner/schema.js";
import { buildCatalogIndex, type CatalogIndex } from "../src/domain/catalog-index.js";
import type { PairMap } from "../src/domain/types.js";

const CHILDREN_PER_VARIANT = 3;
const WARM_ROUNDS = 4;
const TARGET_PAUSE_MS = 100;
const VARIANTS = ["client", "one-pass"] as const;
type Variant = (typeof VARIANTS)[number];

interface Round {
  ms: number;
  /** Largest gap between two ticks of a 1 ms interval. */
  probeMaxMs: number;
  /** monitorEventLoopDelay's max. */
  eldMaxMs: number;
}

interface ChildResult {
  variant: Variant;
  catalog: "small" | "large";
  cold: Round;
  warm: Round[];
  rssAddedMb: number;
  heapAddedMb: number;
  /** RSS of the process with the catalog loaded, MB. */
  rssMb: number;
  steps: { parseMs: number; validateMs: number; indexMs: number };
  size: { currencies: number; pairs: number };
}

/**
 * The steps that brought the pause down, each measured with this benchmark on the same machine
 * the same day (its other processes busy too: timings are noisy, compare within a row).
 */
const HISTORY = [
  "## How the pause came down (same machine, 2026-11-23)",
  "",
  "| step | bot's refresh: warm longest pause ms (median / max) | one-pass in the same run |",
  "|---|---|---|",
  "| before: zod `pairsSchema`, a Set of codes per coin, all in one tick after the fetch | 369 / 494 (cold up to 2579) | 464 / 725 (same code) |",
  "| bit rows per coin; hand-written `parsePairs`; validation and index build in 8 ms slices | 94 / 207 | 235 / 302 |",
  "| + JSON.parse and checking of `pairs` in a worker thread, compact result transferred | 29 / 37 (cold 59) | 274 / 306 |",
  "",
  "The index alone: a Set per coin took 76-108 ms and 18.7 MB of heap; bit rows take 24-57 ms and 0.2-0.3 MB.",
  "",
].join("\n");

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

/** Measures one async operation: wall time and the longest event-loop pause while it ran. */
async function measure(run: () => Promise<unknown>): Promise<Round> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let last = performance.now();
  let probeMax = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    probeMax = Math.max(probeMax, now - last);
    last = now;
  }, 1);
  // Let the probe tick once, so a pause at the very start is seen.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  // The last pause ends when the loop runs again: let the probe see it.
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(probe);
  histogram.disable();
  return { ms, probeMaxMs: Math.max(probeMax, 0), eldMaxMs: histogram.max / 1e6 };
}

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  return JSON.parse(await res.text());
}

/** The way before: both answers fetched, then one synchronous validate-and-build. */
async function onePass(baseUrl: string, key: string): Promise<{ pairs: PairMap; index: CatalogIndex }> {
  const client = createPartnerClient({ baseUrl, apiKey: key });
  try {
    const [currencies, pairsBody] = await Promise.all([client.currencies(), fetchJson(`${baseUrl}/pairs?key=${key}`)]);
    const pairs = parseBody("pairs", pairsSchema, withoutResultFlag(pairsBody));
    // The catalog kept the pair answer as well as the index: held here too, for a fair RSS.
    return { pairs, index: buildCatalogIndex(currencies, pairs) };
  } finally {
    client.close();
  }
}

/** Step costs on their own, on the same answers, after the timed rounds. */
async function stepCosts(baseUrl: string, key: string, variant: Variant): Promise<ChildResult["steps"]> {
  const res = await fetch(`${baseUrl}/pairs?key=${key}`);
  const text = await res.text();
  const currencies = parseBody("currencies", currenciesSchema, await fetchJson(`${baseUrl}/currencies?key=${key}`));
  let t = performance.now();
  const body = withoutResultFlag(JSON.parse(text));
  const parseMs = performance.now() - t;
  t = performance.now();
  // The bot's validation (in the worker, or in slices on the main thread), or the zod schema.
  const pairs = variant === "client" ? await parsePairs("pairs", body) : parseBody("pairs", pairsSchema, body);
  const validateMs = performance.now() - t;
  t = performance.now();
  buildCatalogIndex(currencies, pairs);
  const indexMs = performance.now() - t;
  return { parseMs, validateMs, indexMs };
}

async function child(variant: Variant, catalogSize: "small" | "large", baseUrl: string, key: string): Promise<ChildResult> {
  gc();
  const rss0 = process.memoryUsage().rss;
  const heap0 = process.memoryUsage().heapUsed;
  // What a bot holds after a refresh: the index, and the catalog with its cached answers.
  const loads: { index: CatalogIndex; held: unknown }[] = [];
  const once = async (): Promise<void> => {
    if (variant === "one-pass") {
      const { pairs, index } = await onePass(baseUrl, key);
      loads.push({ index, held: pairs });
      return;
    }
    const client = createPartnerClient({ baseUrl, apiKey: key });
    const catalog = createCatalog(client);
    await catalog.refresh();
    loads.push({ index: await catalog.index(), held: catalog });
    client.close();
  };
  const cold = await measure(once);
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
  const memory = process.memoryUsage();
  const size = loads[0]!.index.size;
  const warm: Round[] = [];
  for (let i = 0; i < WARM_ROUNDS; i++) {
    loads.length = 0;
    gc();
    warm.push(await measure(once));
  }
  const steps = await stepCosts(baseUrl, key, variant);
  return {
    variant,
    catalog: catalogSize,
    cold,
    warm,
    rssAddedMb: (memory.rss - rss0) / 1e6,
    heapAddedMb: (memory.heapUsed - heap0) / 1e6,
    rssMb: memory.rss / 1e6,
    steps,
    size,
  };
}

function runChild(variant: Variant, catalogSize: "small" | "large", url: string, key: string): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const file = fileURLToPath(import.meta.url);
    const p = spawn(process.execPath, ["--expose-gc", "--import", "tsx", file, "--child", variant, catalogSize, url, key], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    p.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    p.on("error", reject);
    p.on("exit", (code) => {
      if (code !== 0) {
        reject(new Error(`child ${variant} exited with ${code}`));
        return;
      }
      const line = out.trim().split("\n").at(-1) ?? "";
      resolve(JSON.parse(line) as ChildResult);
    });
  });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor((s.length - 1) / 2)]!;
};
const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);

async function parent(): Promise<void> {
  const large = await startSandbox({ catalog: "large" });
  const small = await startSandbox({ catalog: "small" });
  const results: ChildResult[] = [];
  try {
    // Interleaved, so a machine that slows down mid-run slows every variant alike.
    for (let i = 0; i < CHILDREN_PER_VARIANT; i++) {
      for (const variant of VARIANTS) {
        results.push(await runChild(variant, "large", large.url, large.apiKey));
        process.stderr.write(".");
      }
    }
    results.push(await runChild("client", "small", small.url, small.apiKey));
    process.stderr.write("\n");
  } finally {
    await large.close();
    await small.close();
  }

  const rows: string[] = [];
  const summary: Record<string, { pause: number; warmMs: number }> = {};
  for (const [variant, catalogSize] of [
    ["client", "large"],
    ["one-pass", "large"],
    ["client", "small"],
  ] as const) {
    const rs = results.filter((r) => r.variant === variant && r.catalog === catalogSize);
    const coldPause = Math.max(...rs.map((r) => r.cold.probeMaxMs));
    const warmPauses = rs.flatMap((r) => r.warm.map((w) => w.probeMaxMs));
    const warmEld = rs.flatMap((r) => r.warm.map((w) => w.eldMaxMs));
    const pause = Math.max(coldPause, ...warmPauses);
    const warmMs = median(rs.flatMap((r) => r.warm.map((w) => w.ms)));
    summary[`${variant}/${catalogSize}`] = { pause, warmMs };
    rows.push(
      `| ${variant} | ${catalogSize} | ${f0(median(rs.map((r) => r.cold.ms)))} | ${f0(warmMs)} | ${f0(coldPause)} | ${f0(median(warmPauses))} / ${f0(Math.max(...warmPauses))} | ${f0(Math.max(...warmEld))} | ${f1(median(rs.map((r) => r.rssAddedMb)))} | ${f1(median(rs.map((r) => r.heapAddedMb)))} | ${f0(median(rs.map((r) => r.steps.parseMs)))} | ${f0(median(rs.map((r) => r.steps.validateMs)))} | ${f0(median(rs.map((r) => r.steps.indexMs)))} |`,
    );
  }
  const size = results.find((r) => r.catalog === "large")!.size;
  const client = summary["client/large"]!;
  const onePassRow = summary["one-pass/large"]!;
  const verdict = client.pause < TARGET_PAUSE_MS ? "meets" : "misses";

  const md = [
    "# Catalog refresh on the large sandbox catalog",
    "",
    `Run: ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${os.platform()}.`,
    `Catalog: ${size.currencies} visible currencies, ${size.pairs.toLocaleString("en")} pairs in the index (the \`pairs\` answer is 8.6 MB).`,
    `${CHILDREN_PER_VARIANT} fresh processes per variant, each: one cold refresh, then ${WARM_ROUNDS} warm ones; medians unless said otherwise.`,
    "",
    "| variant | catalog | cold refresh ms | warm refresh ms | cold: longest pause ms | warm: longest pause ms (median / max) | warm: eld max ms | RSS added MB | heap added MB | JSON.parse ms | validation ms | index build ms |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    `Longest event-loop pause of the bot's refresh: ${f0(client.pause)} ms (target under ${TARGET_PAUSE_MS} ms: ${verdict}); the one-pass way: ${f0(onePassRow.pause)} ms, ${f1(onePassRow.pause / client.pause)}× as long.`,
    "",
    '"longest pause" is the largest gap between two ticks of a 1 ms `setInterval` probe while the refresh ran; "eld max" is `monitorEventLoopDelay`\'s max over the same window. The step columns time each step alone on the main thread, once, after the rounds: CPU cost, not pauses (in the bot\'s path JSON.parse and validation of `pairs` run in a worker thread, and the index is built in slices; validation is the hand-written `parsePairs` for "client", the zod `pairsSchema` for "one-pass"). RSS/heap added: after the first load, with the index and the catalog\'s cached answers held, after a forced GC.',
    "",
    HISTORY,
  ].join("\n");
  process.stdout.write(md);
  const out = fileURLToPath(new URL("./catalog-refresh.results.md", import.meta.url));
  await writeFile(out, md);
  process.stdout.write(`\nwritten: bench/catalog-refresh.results.md\n`);
}

const args = process.argv.slice(2);
if (args[0] === "--child") {
  const [, variant, catalogSize, url, key] = args as [string, Variant, "small" | "large", string, string];
  const result = await child(variant, catalogSize, url, key);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
} else {
  await parent();
}
