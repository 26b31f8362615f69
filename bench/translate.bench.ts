/**
 * What one translation costs: the i18n plugin as the bot used it (it negotiates the language among
 * the bundles on every message) against our translations (src/messages/i18n.ts: the language is
 * chosen once per update, a message looks its bundles up in a map), in one run, side by side.
 *
 *   npm run bench:translate -- [rounds]
 *
 * Three measures, each for the plugin and for ours, in alternating rounds (so that a slower moment
 * of the machine hits both), the median round reported:
 * - `ctx.t` inside an update, in Russian (English behind it for a missing message), over a mix of
 *   the bot's messages: without variables, with one, with a plural, with the support contact;
 * - the Translator outside an update (notifications, menus), the same mix;
 * - a whole update's share: the middleware (the language read once) and five `ctx.t` calls.
 * Prints a table and writes bench/translate.results.md.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath } from "node:url";
import type { Context } from "grammy";
import { contactVariable, createI18n, translatorOf, type I18nFlavor, type Translate, type Translator } from "../src/messages/i18n.js";
import type { HtmlText } from "../src/messages/html.js";
import { pluginI18n } from "../test/messages/plugin-i18n.js";

const ROUNDS = Number(process.argv[2] ?? 9);
const CALLS = 20_000;
const UPDATES = 5_000;

/** A mix of the bot's messages, as the flow and the notices ask for them. */
const MIX: readonly [string, Record<string, string | number>?][] = [
  ["language-set"],
  ["flow-picked-from", { coin: "BTC (Bitcoin)" }],
  ["flow-expired", { minutes: 30 }],
  ["status-notice-support", { id: "1a2b3c" }],
  ["deposit-intro", { amount: "0.1", coin: "BTC", amountTo: "2.01", to: "ETH", id: "1a2b3c" }],
  ["help-text"],
];

const defaults = { contact: contactVariable("@help_desk") };
// The /language choice, as the store would give it (already read for the update).
const chosen = (id: number) => (id === 1 ? "ru" : undefined);
const variants = {
  plugin: pluginI18n(chosen, defaults),
  ours: createI18n(chosen, defaults),
};
type Variant = keyof typeof variants;

/** The context of an update from person 1 (who chose Russian), with `ctx.t` installed. */
async function contextOf(variant: Variant): Promise<Context & I18nFlavor> {
  const ctx = { from: { id: 1, is_bot: false, first_name: "Sam", language_code: "en" } } as unknown as Context & I18nFlavor;
  await variants[variant].middleware()(ctx as never, () => Promise.resolve());
  return ctx;
}

/** µs per call of `t` over the mix. */
function perCall(t: Translate): number {
  let length = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) {
    const [key, variables] = MIX[i % MIX.length]!;
    length += t(key, variables).length;
  }
  const us = Number(process.hrtime.bigint() - start) / 1_000 / CALLS;
  if (length === 0) throw new Error("no text");
  return us;
}

/** µs per update: the middleware, then five messages of the mix. */
async function perUpdate(variant: Variant): Promise<number> {
  const middleware = variants[variant].middleware();
  const start = process.hrtime.bigint();
  for (let i = 0; i < UPDATES; i++) {
    const ctx = { from: { id: 1, is_bot: false, first_name: "Sam", language_code: "en" } } as unknown as Context & I18nFlavor;
    await middleware(ctx as never, () => {
      for (let j = 0; j < 5; j++) {
        const [key, variables] = MIX[(i + j) % MIX.length]!;
        ctx.t(key, variables);
      }
      return Promise.resolve();
    });
  }
  return Number(process.hrtime.bigint() - start) / 1_000 / UPDATES;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  // The plugin's translations outside an update, as translatorOf built them before.
  const translators: Record<Variant, Translator> = {
    // The plugin knows nothing of escaping: its text stands for ours (the bench's variables hold no markup).
    plugin: (locale, key, variables) => variants.plugin.t(locale, key, { ...defaults, ...variables }) as HtmlText,
    ours: translatorOf(variants.ours, defaults),
  };
  const ctxs = { plugin: await contextOf("plugin"), ours: await contextOf("ours") };
  // Both say the same before either is timed.
  for (const [key, variables] of MIX) {
    if (ctxs.plugin.t(key, variables) !== ctxs.ours.t(key, variables)) throw new Error(`${key}: the two differ`);
  }
  const results = { ctxT: { plugin: [] as number[], ours: [] as number[] }, outside: { plugin: [] as number[], ours: [] as number[] } };
  const updates = { plugin: [] as number[], ours: [] as number[] };
  // One warm-up round, not counted: the JIT settles on both paths first.
  for (let round = -1; round < ROUNDS; round++) {
    for (const variant of round % 2 === 0 ? (["plugin", "ours"] as const) : (["ours", "plugin"] as const)) {
      const ctxT = perCall(ctxs[variant].t);
      const outside = perCall((key, variables) => translators[variant]("ru", key, variables));
      const update = await perUpdate(variant);
      if (round < 0) continue;
      results.ctxT[variant].push(ctxT);
      results.outside[variant].push(outside);
      updates[variant].push(update);
    }
  }

  const row = (what: string, plugin: number[], ours: number[]) => {
    const [p, o] = [median(plugin), median(ours)];
    return `| ${what} | ${p.toFixed(2)} | ${o.toFixed(2)} | ${(((p - o) / p) * 100).toFixed(0)} % less (${(p / o).toFixed(1)}×) |`;
  };
  const table = [
    "| measure | plugin, µs | ours, µs | ours |",
    "|---|---|---|---|",
    row("`ctx.t`, per call (Russian, the mix)", results.ctxT.plugin, results.ctxT.ours),
    row("Translator outside an update, per call", results.outside.plugin, results.outside.ours),
    row("an update: the middleware and 5 `ctx.t`", updates.plugin, updates.ours),
  ].join("\n");
  console.log(table);

  const cpu = os.cpus();
  const md = `# One translation: the i18n plugin against our translations

Produced by \`npm run bench:translate\` (${ROUNDS} rounds) on ${new Date().toUTCString()}.

Machine: ${cpu[0]?.model ?? "unknown CPU"}, ${cpu.length} vCPU, Node ${process.version}, ${os.platform()} ${os.release()};
load average ${load} at the start (other work on the machine slows both sides alike: they alternate).
One process, both set up as the bot does (locales/*.ftl, no isolation marks, the support contact as a
variable of every message, person 1's /language choice Russian over the app's English). Each round
times ${CALLS} calls over a mix of ${MIX.length} messages (${MIX.map(([key]) => `\`${key}\``).join(", ")}) and ${UPDATES}
updates; the plugin and ours alternate, and the table gives the median round.

${table}

## Reading

- The plugin's \`ctx.t\` and \`i18n.t\` look the message up through \`Fluent.translate\`, which first
  negotiates the requested language against every bundle's (\`negotiateLanguages\` of
  @fluent/langneg, parsing each locale code anew) and builds the list of bundles to try: on every
  message, although the language was settled when the update came in. That is what the CPU
  profile of the bot under load showed as \`matchBundles\`, most of the 4.7 % under \`ctx.translate\`.
- Ours settles the language once per update (the same choice: /language, else Telegram's
  language_code, else English) and keeps, per locale, its bundle and English's behind it, so a
  message is one map lookup and Fluent's own formatting, which is what is left of the time.
`;
  await writeFile(fileURLToPath(new URL("translate.results.md", import.meta.url)), md);
}

await main();
