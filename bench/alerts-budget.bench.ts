/**
 * What rate alerts cost the exchange service (issue 24): 1,000 alerts on 20 pairs over an hour of
 * sandbox time.
 *
 *   npx tsx bench/alerts-budget.bench.ts
 *
 * The real bot (`startHarness`: production wiring, the Bot API emulator, the sandbox), 100 people
 * with 10 alerts each (the most one person may keep) spread over 20 pairs; most thresholds are far
 * off, a few are met when the market moves. The leader's check runs once per sandbox minute (the
 * default ALERT_CHECK_INTERVAL_SECONDS) for 60 minutes, the check's time moved by the minute; the
 * market moves every 10 minutes. Counted from the sandbox's request log: the `rate` requests, against
 * the one-request-per-alert-per-check a naive check would make. Run twice: with the default budget
 * (ALERT_PAIRS_PER_INTERVAL 20) and with 5, to show the cap holds and every pair still gets its turn.
 * Prints a table and writes bench/alerts-budget.results.md.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { startHarness } from "../test/e2e/harness.js";

const PEOPLE = 100;
const ALERTS_EACH = 10;
const PAIRS = 20;
const MINUTES = 60;
const MINUTE = 60_000;

interface Run {
  budget: number;
  alerts: number;
  pairs: number;
  checks: number;
  rateCalls: number;
  maxPerCheck: number;
  naive: number;
  fired: number;
  delivered: number;
  msPerCheck: number;
}

async function run(budget: number): Promise<Run> {
  const h = await startHarness({ env: { ALERT_PAIRS_PER_INTERVAL: String(budget) } });
  try {
    const index = await h.app.catalog.index();
    const pairs: Array<[string, string]> = [];
    for (const from of [...index.codes].sort()) {
      for (const to of [...index.targets(from)].sort()) if (pairs.length < PAIRS) pairs.push([from, to]);
    }
    const prices = new Map<string, string>();
    for (const [from, to] of pairs) {
      // What one `from` buys, asked at the coin's minimum when that is above 1 (as the check does).
      const amount = Math.max(1, Number(index.get(from)?.minAmount ?? "1"));
      prices.set(`${from}>${to}`, String(Number((await h.app.partner.rate(from, to, String(amount))).rate) / amount));
    }
    let n = 0;
    for (let p = 0; p < PEOPLE; p++) {
      const user = h.emulator.user({ id: 900_000 + p, first_name: `P${String(p)}`, language_code: "en" });
      for (let a = 0; a < ALERTS_EACH; a++, n++) {
        const [from, to] = pairs[n % PAIRS]!;
        const price = Number(prices.get(`${from}>${to}`));
        // One alert in 50 is met once the market is 5 % up; the others never are.
        const near = n % 50 === 0;
        const added = await h.app.rateAlerts.add(user.id, user.id, {
          from,
          to,
          direction: "above",
          threshold: String(near ? price * 1.04 : price * 100),
        });
        if (added === "limit") throw new Error("per-person limit hit");
      }
    }
    const start = Date.now();
    const before = h.sandbox.requests.count("rate");
    const sentBefore = h.emulator.callsOf("sendMessage").length;
    let maxPerCheck = 0;
    let fired = 0;
    let spent = 0;
    for (let m = 0; m < MINUTES; m++) {
      if (m % 10 === 5) h.sandbox.moveRates(m % 20 === 5 ? 5 : 0);
      const t0 = performance.now();
      const report = await h.app.rateAlerts.check(new Date(start + m * MINUTE));
      spent += performance.now() - t0;
      maxPerCheck = Math.max(maxPerCheck, report.rateCalls);
      fired += report.fired;
    }
    await h.app.delivery.idle();
    return {
      budget,
      alerts: n,
      pairs: pairs.length,
      checks: MINUTES,
      rateCalls: h.sandbox.requests.count("rate") - before,
      maxPerCheck,
      naive: n * MINUTES,
      fired,
      delivered: h.emulator.callsOf("sendMessage").length - sentBefore,
      msPerCheck: spent / MINUTES,
    };
  } finally {
    await h.close();
  }
}

const runs = [await run(20), await run(5)];
const header =
  "| ALERT_PAIRS_PER_INTERVAL | alerts | pairs | checks (1/min, 1 h) | `rate` requests | most in one check | naive (1 per alert per check) | fired | messages sent | ms per check |";
const rows = runs.map(
  (r) =>
    `| ${String(r.budget)} | ${String(r.alerts)} | ${String(r.pairs)} | ${String(r.checks)} | ${String(r.rateCalls)} | ${String(r.maxPerCheck)} | ${String(r.naive)} | ${String(r.fired)} | ${String(r.delivered)} | ${r.msPerCheck.toFixed(1)} |`,
);
const table = [header, "|---|---|---|---|---|---|---|---|---|---|", ...rows].join("\n");
console.log(table);
const md = `# Rate alerts: the shared budget of partner calls

\`npx tsx bench/alerts-budget.bench.ts\` — ${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? "unknown CPU"} (${String(os.cpus().length)} cores), Node ${process.version}.

1,000 alerts (100 people × 10) on 20 pairs, one check per sandbox minute for an hour; the market
moves 5 % up at minute 5 and back at 15, up again at 25 and back at 35, and so on. One alert in 50
is met at +5 %; it fires once and is forgotten.

${table}

With the default budget every pair is asked once per check: 20 × 60 = 1,200 requests, against
60,000 if each alert were checked on its own. With a budget of 5 the check never makes more than 5
requests and the 20 pairs take turns (each is looked at every 4 minutes).
`;
await writeFile(fileURLToPath(new URL("./alerts-budget.results.md", import.meta.url)), md);
