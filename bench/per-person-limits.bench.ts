/**
 * What one person can make the bot ask the exchange service (issue 23, "one person can spend the
 * partner's quota").
 *
 *   npx tsx bench/per-person-limits.bench.ts
 *
 * The real bot (`startHarness`: production wiring, the Bot API emulator, the sandbox answering
 * after 50 ms), and one account that:
 * 1. sends 50 inline queries in one second, each an amount of one coin ("0.1001 btc", "0.1002 btc",
 *    …: six targets each, a new amount every time, so the quote cache never helps);
 * 2. types "0.1 btc", "0.12 btc", "0.123 btc" into inline mode at a typing pace (150 ms apart);
 * 3. at the amount step of an exchange, types 50 amounts in one second.
 * Each counts the Partner API requests from the sandbox's request log, and what the person got
 * back, once with the per-person limits off (the bot before issue 23) and once as in production.
 * Prints a table and writes bench/per-person-limits.results.md.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { startHarness, type Harness } from "../test/e2e/harness.js";
import { ChatDriver } from "../test/e2e/chat-driver.js";

const LATENCY_MS = 50;
const BURST = 50;
const BURST_MS = 1_000;

type TestUser = ReturnType<Harness["emulator"]["user"]>;

/** Waits until the bot has made no Bot API call and the sandbox had no request for `quietMs`. */
async function settle(h: Harness, quietMs = 1_500): Promise<void> {
  let seen = -1;
  for (;;) {
    const now = h.emulator.calls.length + h.sandbox.requests.count();
    if (now === seen) return;
    seen = now;
    await new Promise((r) => setTimeout(r, quietMs));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Burst {
  requests: number;
  rate: number;
  answered: number;
  lastAnswered: boolean;
  lastAnswerMs: number | undefined;
  wallMs: number;
}

/** Sends `queries` as inline queries of `user`, `gapMs` apart, and counts what it cost. */
async function inlineBurst(h: Harness, user: TestUser, queries: string[], gapMs: number): Promise<Burst> {
  const before = h.sandbox.requests.count();
  const rateBefore = h.sandbox.requests.count("rate");
  const answersBefore = h.emulator.callsOf("answerInlineQuery").length;
  const t0 = Date.now();
  const ids: string[] = [];
  let lastSent = t0;
  for (const [i, q] of queries.entries()) {
    lastSent = Date.now();
    ids.push(user.inlineQuery(q).inline_query_id ?? "");
    if (i < queries.length - 1) await pause(gapMs);
  }
  await settle(h);
  const answers = h.emulator.callsOf("answerInlineQuery").slice(answersBefore);
  const last = answers.find((c) => (c.params as { inline_query_id?: string }).inline_query_id === ids.at(-1));
  return {
    requests: h.sandbox.requests.count() - before,
    rate: h.sandbox.requests.count("rate") - rateBefore,
    answered: answers.length,
    lastAnswered: last !== undefined,
    lastAnswerMs: last ? last.at - lastSent : undefined,
    wallMs: Date.now() - t0,
  };
}

/** The three scenarios on a fresh bot, with the limits off ("0", as before issue 23) or as in production (""). */
async function measure(limits: "0" | ""): Promise<string[]> {
  const h = await startHarness({
    sandbox: { latencyMs: LATENCY_MS },
    env: { LOG_LEVEL: "warn", PERSON_UPDATES_PER_MINUTE: limits, PERSON_QUOTES_PER_MINUTE: limits },
  });
  try {
    const asker = h.emulator.user({ id: 810_001, first_name: "Flood", language_code: "en" });
    // Warm-up: the catalog is loaded once and cached; not what this measures.
    asker.inlineQuery("");
    await settle(h, 500);

    // 1. Fifty inline queries in one second, a new amount of one coin each.
    const burstQueries = Array.from({ length: BURST }, (_, i) => `0.1${String(i + 1).padStart(3, "0")} btc`);
    const burst = await inlineBurst(h, asker, burstQueries, BURST_MS / BURST);

    // 2. Typing an amount into inline mode.
    const typist = h.emulator.user({ id: 810_002, first_name: "Typist", language_code: "en" });
    const typing = await inlineBurst(h, typist, ["0.1 btc", "0.12 btc", "0.123 btc"], 150);

    // 3. Fifty amounts at the amount step, in one second.
    const person = h.emulator.user({ id: 810_003, first_name: "Amounts", language_code: "en" });
    const chat = new ChatDriver(h, person);
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    await settle(h, 500);
    const rateBefore = h.sandbox.requests.count("rate");
    const since = chat.mark();
    const amounts = Array.from({ length: BURST }, (_, i) => `0.2${String(i + 1).padStart(3, "0")}`);
    for (const amount of amounts) {
      person.sendText(amount);
      await pause(BURST_MS / BURST);
    }
    // The last amount typed, "0.2050", is read as 0.205.
    const lastAmount = amounts.at(-1)!.replace(/0+$/, "");
    await settle(h);
    const flow = {
      rate: h.sandbox.requests.count("rate") - rateBefore,
      messages: person.chat.messagesFrom(since).length,
      lastQuoted: person.chat.messagesFrom(since).some((m) => m.plain.includes(`You send: ${lastAmount} BTC`)),
    };
    const last = (b: Burst) => (b.lastAnswered ? `last answered ${b.lastAnswerMs} ms after it was sent` : "last NOT answered");
    return [
      `${burst.requests} (${burst.rate} \`rate\`); ${burst.answered} of ${BURST} answered, ${last(burst)}`,
      `${typing.requests} (${typing.rate} \`rate\`); ${typing.answered} of 3 answered, ${last(typing)}`,
      `${flow.rate} \`rate\`; ${flow.messages} bot messages, the last amount ${flow.lastQuoted ? "quoted" : "not quoted (skipped, the person was told)"}`,
    ];
  } finally {
    await h.close();
  }
}

async function main(): Promise<void> {
  const before = await measure("0");
  const after = await measure("");
  const scenarios = [
    `50 inline queries in 1 s ("0.1001 btc" … "0.1050 btc", 6 targets each)`,
    `"0.1 btc", "0.12 btc", "0.123 btc" typed 150 ms apart`,
    "50 amounts typed in 1 s at the amount step",
  ];
  const rows = scenarios.map((s, i) => `| ${s} | ${before[i]} | ${after[i]} |`).join("\n");
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const machine = `${cpu}, ${os.cpus().length} cores, Node ${process.version}, ${os.platform()} ${os.release()}`;
  const md = `# Per-person limits: Partner API requests one account can cause

Produced by \`npx tsx bench/per-person-limits.bench.ts\` on ${new Date().toISOString().slice(0, 10)}.

Machine: ${machine}. The real bot (\`startHarness\`: production wiring, long polling the Bot API
emulator), the sandbox exchange answering after ${LATENCY_MS} ms; requests counted in the sandbox's request log,
after the catalog was loaded. "Without limits" is \`PERSON_UPDATES_PER_MINUTE=0 PERSON_QUOTES_PER_MINUTE=0\`,
the bot as it was before issue 23; "with limits" is the production default (src/bot/middleware/person-limits.ts).

| one account does | without limits: Partner API requests; what the person got | with limits |
|---|---|---|
${rows}

## Reading

- Inline mode: a query that comes within 700 ms of the same person's previous one waits 400 ms and is answered
  only if it is still their latest, and one already overtaken is dropped at once. Of a burst, the first query
  and the last are answered: at most two queries' quotes, and the last thing typed gets its answer. Every quote
  the service is asked for comes from the person's budget (12 at once, 30 a minute); cached quotes are free.
- The flow: messages and presses pass a per-person bucket (10 at once, 60 a minute). Fifty amounts in a second
  cost the burst and what refilled while they were handled; the rest is skipped, and the person is told once
  to wait and send their last message again.
`;
  console.log(md);
  if (process.env.BENCH_WRITE !== "0") {
    await writeFile(fileURLToPath(new URL("./per-person-limits.results.md", import.meta.url)), md);
  }
}

await main();
