/**
 * The bare grammY bot bench/throughput.bench.ts measures the full bot against: one answer per
 * update and nothing else, from the same node_modules, run as a child process with the same Node
 * flags as the bot. Long polling by grammY's runner, or a webhook served by grammY's own
 * `webhookCallback` when PORT is set. Says "ready" on stdout once it takes updates; SIGTERM stops it.
 *
 * Environment: BOT_TOKEN, TELEGRAM_API_ROOT; for a webhook also PORT, WEBHOOK_URL, WEBHOOK_SECRET.
 */
import { Agent, createServer } from "node:http";
import { Bot, webhookCallback } from "grammy";
import { run } from "@grammyjs/runner";

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

// grammY's own agent for an http apiRoot, but its idle sockets closed before the emulator's server
// closes them (Node's keep-alive timeout, 5 s): node's Agent does not read the server's Keep-Alive
// hint, and a socket reused just as the server closes it failed a sendMessage with ECONNRESET and
// ended a run. undici, under the full bot, closes them in time by that hint.
const agent = new Agent({ keepAlive: true, timeout: 4_000 });
const bot = new Bot(env("BOT_TOKEN"), { client: { apiRoot: env("TELEGRAM_API_ROOT"), baseFetchConfig: { agent } } });
bot.command("start", (ctx) => ctx.reply("Hello"));
bot.on("inline_query", (ctx) => ctx.answerInlineQuery([]));
// A failed update is said, not a crash: the bench then reports the flood it did not finish.
bot.catch((err) => console.error(`update ${err.ctx.update.update_id} failed: ${String(err.error)}`));
await bot.init();

let stop: () => Promise<void>;
if (process.env.PORT === undefined) {
  await bot.api.deleteWebhook();
  const runner = run(bot);
  stop = () => runner.stop();
} else {
  const secret = env("WEBHOOK_SECRET");
  const callback = webhookCallback(bot, "http", { secretToken: secret });
  const server = createServer((req, res) => {
    callback(req, res).catch((err: unknown) => console.error(`webhook request failed: ${String(err)}`));
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.PORT), "127.0.0.1", resolve));
  await bot.api.setWebhook(env("WEBHOOK_URL"), { secret_token: secret });
  stop = () => new Promise((resolve) => server.close(() => resolve()));
}
process.stdout.write("ready\n");
process.once("SIGTERM", () => void stop().then(() => process.exit(0)));
