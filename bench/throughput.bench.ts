/**
 * Updates per second: the full bot against a bare grammY bot that only answers, in the same run.
 *
 *   npm run bench:throughput
 *
 * A flood of N updates from N different people (a /start each, or an inline query each) is queued
 * at the Bot API emulator at once; the bot under test drains it by long polling, or takes it by
 * webhook (the emulator posts each update as Telegram does, with the secret header). The rate is N
 * divided by the time from the flood to the emulator's Nth answer. Both bots run in this process
 * with the emulator (and the sandbox exchange, for the full bot), so each pays the same emulator
 * cost per update: the ratio full ÷ bare is the figure. Telegram allows a bot about 30 messages a
 * second, so 10× that (300/s) is the floor the full bot must keep.
 *
 * Prints a table and writes bench/throughput.results.md.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Bot, webhookCallback } from "grammy";
import { run } from "@grammyjs/runner";
import { startEmulator, type Emulator } from "../src/devtools/emulator/server.js";
import { startHarness } from "../test/e2e/harness.js";

const FLOOD = 2_000;
const ROUNDS = 3;
type Kind = "start" | "inline";

/** The answer method that closes one update of `kind`. */
const ANSWER: Record<Kind, string> = { start: "sendMessage", inline: "answerInlineQuery" };

/** Queues the flood and resolves when the emulator has the Nth answer; returns seconds. */
async function flood(emulator: Emulator, kind: Kind, firstUser: number): Promise<number> {
  let answered = 0;
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  const remove = emulator.onApiCall((call) => {
    if (call.ok && call.method === ANSWER[kind] && ++answered === FLOOD) done();
  });
  const users = Array.from({ length: FLOOD }, (_, i) => emulator.user({ id: firstUser + i, first_name: `U${i}`, language_code: "en" }));
  const t0 = performance.now();
  for (const user of users) {
    if (kind === "start") user.sendText("/start");
    else user.inlineQuery("0.1 btc eth");
  }
  await all;
  remove();
  return (performance.now() - t0) / 1000;
}

type Mode = "polling" | "webhook";
const PUBLIC_HOOK = "https://bot.example.com/hook";
const SECRET = "bench-webhook-secret";

/** An emulator whose webhook posts go to whatever local address `target()` names at the time. */
function emulatorFor(target: () => string | undefined): Promise<Emulator> {
  return startEmulator({ webhookRoute: () => `${target() ?? "http://127.0.0.1:9"}/hook` });
}

/** The bare bot: grammY answering each update with one call, nothing else; runner or webhook. */
async function bareRate(kind: Kind, round: number, mode: Mode): Promise<number> {
  let local: string | undefined;
  const emulator = await emulatorFor(() => local);
  const bot = new Bot(emulator.token, { client: { apiRoot: emulator.apiRoot } });
  bot.command("start", (ctx) => ctx.reply("Hello"));
  bot.on("inline_query", (ctx) => ctx.answerInlineQuery([]));
  await bot.init();
  let server: Server | undefined;
  const runner = mode === "polling" ? run(bot) : undefined;
  if (mode === "webhook") {
    const callback = webhookCallback(bot, "http", { secretToken: SECRET });
    server = createServer((req, res) => void callback(req, res));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await bot.api.setWebhook(PUBLIC_HOOK, { secret_token: SECRET });
  }
  try {
    return FLOOD / (await flood(emulator, kind, 1_000_000 + round * FLOOD));
  } finally {
    await runner?.stop();
    server?.close();
    await emulator.close();
  }
}

/** The full bot as `startApp` wires it in production, against the sandbox exchange: the e2e harness. */
async function fullRate(kind: Kind, round: number, mode: Mode): Promise<number> {
  const h = await startHarness({ webhook: mode === "webhook", env: { LOG_LEVEL: "warn", POLL_INTERVAL_MS: "3600000" } });
  try {
    // The catalog and the one quote every inline query asks for are warm, as in a running bot.
    await h.app.catalog.index();
    return FLOOD / (await flood(h.emulator, kind, 2_000_000 + round * FLOOD));
  } finally {
    await h.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const lines: string[] = [];
const out = (line = "") => {
  lines.push(line);
  process.stdout.write(line + "\n");
};

const results: Array<{ mode: Mode; kind: Kind; bare: number; full: number }> = [];
for (const mode of ["polling", "webhook"] as const) {
  for (const kind of ["start", "inline"] as const) {
    const bare: number[] = [];
    const full: number[] = [];
    // Interleaved, so a noisy moment of the machine hits both.
    for (let round = 0; round < ROUNDS; round++) {
      bare.push(await bareRate(kind, round, mode));
      full.push(await fullRate(kind, round, mode));
    }
    results.push({ mode, kind, bare: median(bare), full: median(full) });
  }
}

out("# Updates per second: the full bot against a bare grammY bot");
out();
out("Produced by `npm run bench:throughput` (one run).");
out();
out(
  `Machine: ${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}`,
);
out(
  `Date: ${new Date().toISOString().slice(0, 10)}; a flood of ${FLOOD} updates from ${FLOOD} people, queued at once, drained by long polling; median of ${ROUNDS} rounds`,
);
out();
out("| mode | flood | bare grammY bot | full bot | full ÷ bare | full ÷ Telegram's 30/s |");
out("|---|---|---|---|---|---|");
for (const r of results) {
  out(
    `| ${r.mode} | ${r.kind === "start" ? "/start" : "inline queries"} | ${r.bare.toFixed(0)}/s | ${r.full.toFixed(0)}/s | ${(r.full / r.bare).toFixed(2)}× | ${(r.full / 30).toFixed(0)}× |`,
  );
}
await writeFile(new URL("./throughput.results.md", import.meta.url), lines.join("\n") + "\n");
