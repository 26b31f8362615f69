/**
 * The exchange flow at a real service's size: 100 people walking /exchange to the confirmation
 * card at the same moment, the partner answering each request after 50 ms, on the sandbox's large
 * catalog (900 coins, nearly every pair open, an 8.6 MB pairs answer) and, in the same run, on the
 * small one.
 *
 *   npm run bench:catalog
 *
 * Runs the real bot through the end-to-end harness (app + sandbox exchange + Bot API emulator on
 * loopback, all in this process, so the figures include the emulator's and the sandbox's work).
 * Per step it records the time from the person's action to the bot's answer, minus the partner's
 * own latency for the requests that step makes. Prints a table and writes bench/catalog.results.md.
 */
import { stat, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { startHarness } from "../test/e2e/harness.js";
import { ChatDriver } from "../test/e2e/chat-driver.js";

const PEOPLE = 100;
const LATENCY_MS = 50;

/** The partner requests each step makes (the catalog is already loaded). */
const STEPS = [
  { name: "/exchange → coin list", calls: 0 },
  { name: "coin to send", calls: 0 },
  { name: "coin to receive", calls: 0 },
  { name: "amount → quote", calls: 1 },
  { name: "Continue", calls: 0 },
  { name: "receiving address", calls: 1 },
  { name: "refund address → card", calls: 2 },
] as const;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

interface RunFigures {
  p50: number;
  p95: number;
  max: number;
  perStepP95: number[];
  bytesPerFlow: number;
  liveWriteMs: number;
  storeWriteMs: number;
  rssMb: number;
  catalogRssMb: number;
  wallS: number;
}

async function run(catalog: "small" | "large"): Promise<RunFigures> {
  const rssBefore = process.memoryUsage().rss;
  const h = await startHarness({ sandbox: { catalog, latencyMs: LATENCY_MS }, env: { LOG_LEVEL: "warn", POLL_INTERVAL_MS: "3600000" } });
  try {
    await h.app.catalog.index();
    const catalogRss = process.memoryUsage().rss - rssBefore;
    const size = async () => (await stat(join(h.dataDir, "live.json"))).size + (await stat(join(h.dataDir, "db.json"))).size;
    await h.app.store.flush();
    await h.app.live.flush();
    const before = await size();
    const perStep: number[][] = STEPS.map(() => []);
    const all: number[] = [];
    const timed = async <T>(i: number, step: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const result = await step();
      const ms = performance.now() - t0 - STEPS[i]!.calls * LATENCY_MS;
      perStep[i]!.push(ms);
      all.push(ms);
      return result;
    };
    const coins = h.sandbox.catalog;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: PEOPLE }, async (_, n) => {
        const chat = new ChatDriver(h, h.emulator.user({ id: 80_000 + n, first_name: `P${n}`, language_code: "en" }));
        const pickFrom = await timed(0, () => chat.send("/exchange", "Which coin do you send?"));
        const pickTo = await timed(1, () => chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?"));
        await timed(2, () => chat.press(pickTo, "x:c:ETH", "How much BTC do you send?"));
        const quote = await timed(3, () => chat.send("0.1", "You get:"));
        await timed(4, () => chat.press(quote, "x:next", "address that will receive"));
        await timed(5, () => chat.send(coins.sampleAddress("ETH")!, "refund address"));
        await timed(6, () => chat.send(coins.sampleAddress("BTC")!, "Check your exchange"));
      }),
    );
    const wallS = (performance.now() - started) / 1000;
    await h.app.store.flush();
    await h.app.live.flush();
    const bytesPerFlow = ((await size()) - before) / PEOPLE;
    // One more write of each file with the 100 flows open, timed on its own.
    h.app.live.kv("bench").set("tick", 1);
    await h.app.live.flush();
    h.app.store.kv("bench").set("tick", 1);
    await h.app.store.flush();
    all.sort((a, b) => a - b);
    return {
      p50: quantile(all, 0.5),
      p95: quantile(all, 0.95),
      max: all[all.length - 1] ?? NaN,
      perStepP95: perStep.map((xs) => quantile([...xs].sort((a, b) => a - b), 0.95)),
      bytesPerFlow,
      liveWriteMs: h.app.live.stats.lastWriteMs,
      storeWriteMs: h.app.store.stats.lastWriteMs,
      rssMb: process.memoryUsage().rss / 2 ** 20,
      catalogRssMb: catalogRss / 2 ** 20,
      wallS,
    };
  } finally {
    await h.close();
  }
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const lines: string[] = [];
const out = (line = "") => {
  lines.push(line);
  process.stdout.write(line + "\n");
};

const small = await run("small");
const large = await run("large");

out("# The exchange flow on a real-size catalog");
out();
out("Produced by `npm run bench:catalog` (one run).");
out();
out(`Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}`);
out(`Date: ${new Date().toISOString().slice(0, 10)}; ${PEOPLE} people at once, partner latency ${LATENCY_MS} ms per request`);
out();
out("| catalog | bot time per step, p50 | p95 | max | bytes on disk per open flow | live.json write | db.json write | RSS after | RSS added by loading the catalog | wall time |");
out("|---|---|---|---|---|---|---|---|---|---|");
for (const [name, f] of [["small (20 coins)", small], ["large (900 coins)", large]] as const) {
  out(
    `| ${name} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.max)} | ${f.bytesPerFlow.toFixed(0)} B | ${f.liveWriteMs.toFixed(1)} ms | ${f.storeWriteMs.toFixed(1)} ms | ${f.rssMb.toFixed(0)} MB | ${f.catalogRssMb.toFixed(0)} MB | ${f.wallS.toFixed(1)} s |`,
  );
}
out();
out(`Large ÷ small: p50 ${(large.p50 / small.p50).toFixed(2)}×, p95 ${(large.p95 / small.p95).toFixed(2)}×.`);
out();
out("p95 of the bot's time per step (partner latency taken out):");
out();
out(`| step | small | large |`);
out("|---|---|---|");
STEPS.forEach((step, i) => out(`| ${step.name} | ${ms(small.perStepP95[i]!)} | ${ms(large.perStepP95[i]!)} |`));

await writeFile(new URL("./catalog.results.md", import.meta.url), lines.join("\n") + "\n");
