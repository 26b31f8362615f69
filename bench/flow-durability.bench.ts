/**
 * What "durable before visible" costs the exchange flow.
 *
 *   npm run bench:durability
 *
 * 1. The write itself: one change to the live store (live.json) made durable with flush()
 *    (serialise, temp file, fsync, rename, directory fsync), with 10, 100 and 1,000 open flows in
 *    the file (each a real-sized saved state of ~1.3 KB plus its journal entry).
 * 2. In the real bot (the end-to-end harness: app + sandbox exchange + Bot API emulator on
 *    loopback): people walking /exchange to the confirmation card at the same time, with the bot's
 *    time per step (the person's action → the bot's answer), the live-store writes per step, and
 *    the same walk with the durable writes replaced by no-ops, in the same run: the ratio is the
 *    cost of durability.
 *
 * Prints a table and writes bench/flow-durability.results.md.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { openStore } from "../src/store/store.js";
import { startHarness } from "../test/e2e/harness.js";
import { ChatDriver } from "../test/e2e/chat-driver.js";

const FLUSHES = 200;
const PEOPLE = 20;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** A saved flow state of the size the flow really keeps (see test/e2e/flow-size.test.ts). */
function fakeFlow(i: number): unknown {
  return { savedAt: new Date().toISOString(), chatId: i, journalSeq: 7, state: { version: [0, 3], blob: "x".repeat(1_200) } };
}

async function flushCost(openFlows: number): Promise<{ p50: number; p95: number; bytes: number }> {
  const dir = await mkdtemp(join(os.tmpdir(), "swapbot-bench-live-"));
  try {
    const live = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    for (let i = 0; i < openFlows; i++) {
      live.conversations.set(String(i), fakeFlow(i));
      live.kv("flow-journal").set(String(i), { seq: 7, step: "amount", draftId: `d${i}`, draft: { amount: "0.1" }, at: "" });
    }
    await live.flush();
    const times: number[] = [];
    for (let i = 0; i < FLUSHES; i++) {
      const t0 = performance.now();
      live.kv("flow-journal").set(String(i % Math.max(openFlows, 1)), { seq: 8 + i, step: "amount", draftId: "d", draft: {}, at: "" });
      await live.flush();
      times.push(performance.now() - t0);
    }
    const bytes = live.stats.lastWriteBytes;
    await live.close();
    times.sort((a, b) => a - b);
    return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), bytes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface WalkFigures {
  p50: number;
  p95: number;
  steps: number;
  liveWrites: number;
}

/**
 * PEOPLE walk to the confirmation card at once; per-step answer times. `durable: false` makes the
 * small file's writes resolve without waiting for the disk.
 */
async function walk(durable: boolean): Promise<WalkFigures> {
  const h = await startHarness({ env: { LOG_LEVEL: "warn", POLL_INTERVAL_MS: "3600000" } });
  try {
    if (!durable) (h.app.files!.live as { flush: () => Promise<void> }).flush = () => Promise.resolve();
    // Warm the catalog cache so the first person does not pay for it.
    await h.app.catalog.index();
    const writesBefore = h.app.files!.live.stats.writes;
    const times: number[] = [];
    const timed = async <T>(step: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const result = await step();
      times.push(performance.now() - t0);
      return result;
    };
    await Promise.all(
      Array.from({ length: PEOPLE }, async (_, i) => {
        const chat = new ChatDriver(h, h.emulator.user({ id: 70_000 + i, first_name: `P${i}`, language_code: "en" }));
        const pickFrom = await timed(() => chat.send("/exchange", "Which coin do you send?"));
        const pickTo = await timed(() => chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?"));
        await timed(() => chat.press(pickTo, "x:c:ETH", "How much BTC do you send?"));
        const quote = await timed(() => chat.send("0.1", "You get:"));
        await timed(() => chat.press(quote, "x:next", "address that will receive"));
        await timed(() => chat.send("0x0efb118d42d9d65eee4c9ec9b3c8d550a845de3e", "refund address"));
        await timed(() => chat.send("bc1qy8952nqs7lnkrhxpg4vs8mrfwwdpwhflk8dgfr", "Check your exchange"));
      }),
    );
    times.sort((a, b) => a - b);
    return {
      p50: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      steps: times.length,
      liveWrites: h.app.files!.live.stats.writes - writesBefore,
    };
  } finally {
    await h.close();
  }
}

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const lines: string[] = [];
const out = (line = "") => {
  lines.push(line);
  process.stdout.write(line + "\n");
};

out("# Cost of durable flow steps");
out();
out("Produced by `npm run bench:durability` (one run).");
out();
out(
  `Machine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}`,
);
out(`Date: ${new Date().toISOString().slice(0, 10)}`);
out();
out("## One durable write of live.json (set + flush, fsync'd)");
out();
out("| open flows in the file | file size | median | p95 |");
out("|---|---|---|---|");
for (const n of [10, 100, 1_000]) {
  const f = await flushCost(n);
  out(`| ${n} | ${(f.bytes / 1024).toFixed(0)} KB | ${ms(f.p50)} | ${ms(f.p95)} |`);
}
out();
out(`## ${PEOPLE} people walking to the confirmation card at once (real bot, loopback)`);
out();
out("| writes | bot time per step, median | p95 | steps | live.json writes | writes per step |");
out("|---|---|---|---|---|---|");
const durable = await walk(true);
out(
  `| durable (as shipped) | ${ms(durable.p50)} | ${ms(durable.p95)} | ${durable.steps} | ${durable.liveWrites} | ${(durable.liveWrites / durable.steps).toFixed(2)} |`,
);
// The comparison no longer walks: the store now answers reads of the small file from what is on
// disk, so writes that resolve before the disk write leave the flow reading its previous state.
const skipped = await walk(false).catch(() => undefined);
if (skipped) {
  out(
    `| flush() a no-op (for comparison only) | ${ms(skipped.p50)} | ${ms(skipped.p95)} | ${skipped.steps} | ${skipped.liveWrites} | ${(skipped.liveWrites / skipped.steps).toFixed(2)} |`,
  );
  out();
  out(
    `Durability costs ${ms(durable.p50 - skipped.p50)} at the median step and ${ms(durable.p95 - skipped.p95)} at p95 (ratio ${(durable.p50 / skipped.p50).toFixed(2)}× at the median).`,
  );
} else {
  out();
  out("Without waiting for the disk the flow cannot walk: reads of the small file show only what is on disk.");
}

await writeFile(new URL("./flow-durability.results.md", import.meta.url), lines.join("\n") + "\n");
