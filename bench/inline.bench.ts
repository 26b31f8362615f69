/**
 * Benchmark of inline mode: 50 concurrent inline queries against the real bot.
 *
 *   npx tsx bench/inline.bench.ts
 *
 * The bot is wired by `startApp` exactly as in production, polling the Bot API emulator, with the
 * sandbox exchange answering every request after 50 ms. Each round sends 50 inline queries from 50
 * different people at once — mostly distinct pairs and amounts, some identical, a few that need
 * several quotes — and measures, per query, the time from sending the inline_query update to the
 * emulator receiving answerInlineQuery for it. Amounts change from round to round, so the quote
 * cache only helps where a real burst would share (identical questions within a round).
 * Prints a table and writes bench/inline.results.md.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { startHarness } from "../test/e2e/harness.js";

const CONCURRENT = 50;
const ROUNDS = 5;
const LATENCY_MS = 50;
const TARGET_P95_MS = 1_000;

/** 35 distinct pairs, each asked once per round with a round-specific amount. */
const DISTINCT_PAIRS: readonly [string, string, string][] = [
  ["btc", "eth", "0.01"],
  ["eth", "btc", "1"],
  ["btc", "ltc", "0.02"],
  ["ltc", "btc", "3"],
  ["btc", "xrp", "0.03"],
  ["xrp", "btc", "500"],
  ["btc", "sol", "0.04"],
  ["sol", "eth", "2"],
  ["eth", "sol", "0.5"],
  ["btc", "usdttrc20", "0.05"],
  ["usdttrc20", "btc", "200"],
  ["usdterc20", "eth", "300"],
  ["eth", "usdterc20", "0.7"],
  ["btc", "doge", "0.06"],
  ["doge", "btc", "1000"],
  ["ltc", "eth", "4"],
  ["eth", "ltc", "0.8"],
  ["btc", "ton", "0.07"],
  ["ton", "btc", "50"],
  ["trx", "eth", "2000"],
  ["eth", "trx", "0.9"],
  ["btc", "ada", "0.08"],
  ["ada", "eth", "400"],
  ["dot", "btc", "30"],
  ["btc", "dot", "0.09"],
  ["bch", "btc", "1"],
  ["btc", "bch", "0.1"],
  ["xmr", "btc", "1"],
  ["btc", "xmr", "0.11"],
  ["xlm", "btc", "800"],
  ["bnb", "eth", "1"],
  ["eth", "bnb", "1.1"],
  ["usdc", "btc", "250"],
  ["btc", "usdc", "0.12"],
  ["atom", "eth", "20"],
];
/** Twelve people ask exactly the same question in each round. */
const IDENTICAL = 12;
/** Questions that need several quotes each (an amount of one coin; one coin alone). */
const MULTI = ["{a} usdttrc20", "{a} eth", "ltc"];

interface Sample {
  query: string;
  ms: number;
}

function queriesFor(round: number): string[] {
  // A different amount per round, so no round is answered from the previous round's cache.
  const bump = (amount: string) => (Number(amount) * (1 + round / 100)).toFixed(6).replace(/\.?0+$/, "");
  const distinct = DISTINCT_PAIRS.map(([from, to, amount]) => `${bump(amount)} ${from} ${to}`);
  const identical = Array.from({ length: IDENTICAL }, () => `${bump("0.25")} btc eth`);
  const multi = MULTI.map((q) => q.replace("{a}", bump(q.includes("usdt") ? "150" : "2")));
  const all = [...distinct, ...identical, ...multi];
  if (all.length !== CONCURRENT) throw new Error(`the mix has ${all.length} queries, not ${CONCURRENT}`);
  return all;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

async function main(): Promise<void> {
  // The end-to-end harness: the bot wired by `startApp` as in production, the sandbox exchange
  // answering after LATENCY_MS, the emulator, a temporary data directory.
  const h = await startHarness({ sandbox: { latencyMs: LATENCY_MS }, env: { LOG_LEVEL: "warn" } });
  const { emulator, sandbox } = h;
  /** The bot's log lines: only warnings and worse at this level. */
  const warnings = h.logs;

  const users = Array.from({ length: CONCURRENT }, (_, i) =>
    emulator.user({ id: 700_000 + i, first_name: `B${i}`, language_code: i % 5 === 0 ? "ru" : "en" }),
  );

  /** Sends one query and resolves with its latency: update sent → answerInlineQuery received. */
  async function timed(user: (typeof users)[number], query: string): Promise<Sample> {
    const t0 = Date.now();
    const sent = user.inlineQuery(query);
    const call = await emulator.waitFor(
      () =>
        emulator
          .callsOf("answerInlineQuery")
          .find((c) => (c.params as { inline_query_id?: string }).inline_query_id === sent.inline_query_id),
      30_000,
    );
    if (!call.ok) throw new Error(`answerInlineQuery failed for "${query}": ${JSON.stringify(call.error)}`);
    return { query, ms: call.at - t0 };
  }

  try {
    // Warm-up: the catalog (currencies + pairs) is loaded once and then cached for minutes, as in
    // a running bot; its first load is not what this benchmark is about.
    const warm = await timed(users[0]!, "");
    const catalogRequests = sandbox.requests.count("currencies") + sandbox.requests.count("pairs");

    const rounds: { samples: Sample[]; rateRequests: number; quotesAsked: number; wallMs: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const queries = queriesFor(round);
      const ratesBefore = sandbox.requests.count("rate");
      const t0 = Date.now();
      const samples = await Promise.all(queries.map((q, i) => timed(users[i]!, q)));
      const wallMs = Date.now() - t0;
      const rateRequests = sandbox.requests.count("rate") - ratesBefore;
      // Quotes the answers needed in all, before any sharing: 1 per pair question, 6 for an
      // amount of one coin, up to 10 for one coin (LTC pairs with more than 10).
      const quotesAsked = DISTINCT_PAIRS.length + IDENTICAL + 6 + 6 + 10;
      rounds.push({ samples, rateRequests, quotesAsked, wallMs });
    }

    const all = rounds.flatMap((r) => r.samples.map((s) => s.ms)).sort((a, b) => a - b);
    const byKind = (pred: (q: string) => boolean) =>
      rounds.flatMap((r) => r.samples.filter((s) => pred(s.query)).map((s) => s.ms)).sort((a, b) => a - b);
    const single = byKind((q) => q.split(" ").length === 3);
    const multi = byKind((q) => q.split(" ").length < 3);
    const p50 = percentile(all, 50);
    const p95 = percentile(all, 95);
    const max = all.at(-1)!;

    const cpu = os.cpus()[0]?.model ?? "unknown CPU";
    const machine = `${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 1024 / 1024).toFixed(1)} MB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
    const date = new Date().toISOString().slice(0, 10);
    const roundRows = rounds
      .map((r, i) => {
        const s = r.samples.map((x) => x.ms).sort((a, b) => a - b);
        return `| ${i + 1} | ${fmt(percentile(s, 50))} | ${fmt(percentile(s, 95))} | ${fmt(s.at(-1)!)} | ${fmt(r.wallMs)} | ${r.rateRequests} (of ${r.quotesAsked} quotes) |`;
      })
      .join("\n");
    const rateTotal = rounds.reduce((n, r) => n + r.rateRequests, 0);
    const askedTotal = rounds.reduce((n, r) => n + r.quotesAsked, 0);
    const verdict = p95 < TARGET_P95_MS ? "met" : "NOT met";

    const md = `# Inline mode benchmark results

Produced by \`npx tsx bench/inline.bench.ts\` on ${date}.

Machine: ${machine}.

Setup: the real bot (\`startApp\`, production wiring, runner with per-user sequentialisation) polling the
Bot API emulator on loopback; the sandbox exchange answers every request after ${LATENCY_MS} ms. ${ROUNDS} rounds of
${CONCURRENT} inline queries sent at once by ${CONCURRENT} different people (every fifth in Russian): ${DISTINCT_PAIRS.length} distinct
pair questions ("0.0101 btc eth"), ${IDENTICAL} identical ones ("0.2525 btc eth"), and 3 that need several quotes
("151.5 usdttrc20" → 6 targets, "2.02 eth" → 6, "ltc" → 10); amounts as in round 1. Amounts change every
round, so no pair question is answered from an earlier round's cache; "ltc" (quoted at LTC's minimum) is, in
rounds 2–5, since the rounds follow each other within the cache's 5 s, as busy real traffic would. Latency = time from sending the inline_query update to the emulator
receiving answerInlineQuery for it (includes long-polling delivery, the partner's ${LATENCY_MS} ms, building the answer
and the HTTP call back).

| measure | value |
|---|---|
| queries | ${all.length} (${ROUNDS} × ${CONCURRENT}) |
| latency p50 | ${fmt(p50)} |
| latency p95 | **${fmt(p95)}** (target < ${TARGET_P95_MS} ms: ${verdict}) |
| latency max | ${fmt(max)} |
| one-quote questions p50 / p95 | ${fmt(percentile(single, 50))} / ${fmt(percentile(single, 95))} |
| several-quote questions p50 / p95 | ${fmt(percentile(multi, 50))} / ${fmt(percentile(multi, 95))} |
| partner \`rate\` requests | ${rateTotal} for ${askedTotal} quotes the answers needed (${(((askedTotal - rateTotal) / askedTotal) * 100).toFixed(0)} % saved by sharing and the cache) |
| catalog requests (warm-up, once) | ${catalogRequests} (warm-up query answered in ${fmt(warm.ms)}) |
| warnings logged | ${warnings.length} |

| round | p50 | p95 | max | whole burst | \`rate\` requests |
|---|---|---|---|---|---|
${roundRows}

## Reading

Every question costs at most one partner round trip: a pair question asks one \`rate\`; the several-quote
questions ask theirs concurrently, so they take about as long as one. The ${IDENTICAL} identical questions in a round
share one request (single flight in \`src/partner/quote-cache.ts\`): round 1 sent the partner
${rounds[0]!.rateRequests} \`rate\` requests for ${rounds[0]!.quotesAsked} quotes needed; later rounds ${rounds
      .slice(1)
      .map((r) => r.rateRequests)
      .join(", ")}, because "ltc" at its
minimum was still cached. The remaining time is the emulator and the runner
delivering 50 updates at once and the bot's answers going back over HTTP, on a machine where the bot,
the emulator and the sandbox share ${os.cpus().length} cores.
`;
    const out = fileURLToPath(new URL("./inline.results.md", import.meta.url));
    await writeFile(out, md);
    console.log(md);
  } finally {
    await h.close();
  }
}

await main();
