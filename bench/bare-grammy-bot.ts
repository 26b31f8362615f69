/**
 * The bare grammY bot bench/throughput.bench.ts measures the full bot against: one answer per
 * update and nothing else, from the same node_modules, run as a child process with the same Node
 * flags as the bot. Long polling by grammY's runner, or a webhook served by grammY's own
 * `webhookCallback` when PORT is set. Says "ready" on stdout once it takes updates; SIGTERM stops it.
 *
 * Environment: BOT_TOKEN, TELEGRAM_API_ROOT; for a webhook also PORT, WEBHOOK_URL, WEBHOOK_SECRET.
 */
import { createServer } from "node:http";
import { Bot, webhookCallback } from "grammy";
import { run } from "@grammyjs/runner";

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const bot = new Bot(env("BOT_TOKEN"), { client: { apiRoot: env("TELEGRAM_API_ROOT") } });
bot.command("start", (ctx) => ctx.reply("Hello"));
bot.on("inline_query", (ctx) => ctx.answerInlineQuery([]));
await bot.init();

let stop: () => Promise<void>;
if (process.env.PORT === undefined) {
  await bot.api.deleteWebhook();
  const runner = run(bot);
  stop = () => runner.stop();
} else {
  const secret = env("WEBHOOK_SECRET");
  const callback = webhookCallback(bot, "http", { secretToken: secret });
  const server = createServer((req, res) => void callback(req, res));
  await new Promise<void>((resolve) => server.listen(Number(process.env.PORT), "127.0.0.1", resolve));
  await bot.api.setWebhook(env("WEBHOOK_URL"), { secret_token: secret });
  stop = () => new Promise((resolve) => server.close(() => resolve()));
}
process.stdout.write("ready\n");
process.once("SIGTERM", () => void stop().then(() => process.exit(0)));
