/**
 * The short questions' feature in front of the conversations plugin: an update from no chat that
 * presses no button (an inline query) never reaches the plugin, so its storage is not read for it;
 * an update of a chat whose asker has a question stored runs through the plugin, so an open
 * question still sees its asker's updates; any other runs past it, and the plugin is run around
 * the opening or closing of a question alone.
 */
import { Bot, type Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import type { BotContext } from "../../src/bot/context.js";
import type { BotDeps } from "../../src/bot/deps.js";
import { askQuestion, defineQuestion, leaveQuestions, nextAnswer, questionsFeature } from "../../src/bot/questions.js";

const ME: UserFromGetMe = {
  id: 42,
  is_bot: true,
  first_name: "Bot",
  username: "test_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: true,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};
const ANN = { id: 7, is_bot: false, first_name: "Ann" };

/** A question that waits for its asker's text and replies with it. */
const echo = defineQuestion<[]>("echo", "busy", async (conversation, ctx) => {
  const answer = await nextAnswer(conversation, ctx.from!.id, [], "cancelled");
  if (answer.kind === "text") await answer.ctx.reply(`got ${answer.text}`);
});

/** The feature over a store whose `conversations` reads are counted by key; /ask opens the question. */
function botWithQuestions() {
  const reads: string[] = [];
  const kept = new Map<string, unknown>();
  const conversations = {
    get: (key: string) => {
      reads.push(key);
      return Promise.resolve(kept.get(key));
    },
    set: (key: string, value: unknown) => {
      kept.set(key, value);
      return Promise.resolve();
    },
    delete: (key: string) => {
      kept.delete(key);
      return Promise.resolve();
    },
  };
  const deps = {
    // No exchange flow is open: askQuestion reads the chat's flow record first.
    store: { conversations, kv: () => ({ get: () => Promise.resolve(undefined) }) },
    now: () => new Date(),
    config: { flowTimeoutMs: 60_000 },
    i18n: (_ctx: Context, next: () => Promise<void>) => next(),
  } as unknown as BotDeps;
  // The Bot API at the HTTP level: a conversation builds its own Api from the bot's client options.
  const replies: string[] = [];
  const fetch = (url: string, init: { body?: unknown }) => {
    if (url.endsWith("/sendMessage")) replies.push(String((JSON.parse(String(init.body)) as { text: unknown }).text));
    return Promise.resolve({ json: () => Promise.resolve({ ok: true, result: true }) });
  };
  const bot = new Bot<BotContext>("42:TEST", { botInfo: ME, client: { fetch: fetch as never } });
  // As the bot's own chain does before every feature.
  bot.use((ctx, next) => {
    ctx.deps = deps;
    return next();
  });
  bot.use(questionsFeature(deps, [echo]));
  bot.command("ask", (ctx) => askQuestion(ctx, echo));
  bot.command("leave", (ctx) => leaveQuestions(ctx));
  bot.command("twice", async (ctx) => {
    await leaveQuestions(ctx);
    await leaveQuestions(ctx);
  });
  // Whether the plugin's controls were on the context of each other text.
  const controls: boolean[] = [];
  bot.on("message:text", (ctx) => {
    controls.push((ctx as { conversation?: unknown }).conversation !== undefined);
  });
  const inline: string[] = [];
  bot.on("inline_query", (ctx) => {
    inline.push(ctx.inlineQuery.query);
  });
  let id = 0;
  const message = (text: string): Update => ({
    update_id: ++id,
    message: {
      message_id: id,
      date: 0,
      chat: { id: ANN.id, type: "private", first_name: ANN.first_name },
      from: ANN,
      text,
      ...(text.startsWith("/") ? { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]!.length }] } : {}),
    },
  });
  const inlineQuery = (query: string): Update => ({
    update_id: ++id,
    inline_query: { id: String(id), from: ANN, query, offset: "" },
  });
  return { bot, reads, kept, replies, inline, controls, message, inlineQuery };
}

describe("short questions", () => {
  it("leave an inline query alone: the plugin's storage is not read for it, and the query is answered", async () => {
    const t = botWithQuestions();
    await t.bot.handleUpdate(t.inlineQuery("0.1 btc eth"));
    expect(t.reads).toEqual([]);
    expect(t.inline).toEqual(["0.1 btc eth"]);
  });

  it("see every update of a chat: an open question takes its asker's text, an inline query meanwhile passes it by", async () => {
    const t = botWithQuestions();
    await t.bot.handleUpdate(t.message("/ask"));
    // The feature's look (nothing stored), then the plugin's read around the opening.
    expect(t.reads).toEqual([String(ANN.id), String(ANN.id)]);
    expect([...t.kept.keys()]).toEqual([String(ANN.id)]);
    await t.bot.handleUpdate(t.inlineQuery("1 btc"));
    await t.bot.handleUpdate(t.message("blue"));
    // The feature's look found the question, and the plugin ran around the answer.
    expect(t.reads).toHaveLength(4);
    expect(t.inline).toEqual(["1 btc"]);
    expect(t.replies).toEqual(["got blue"]);
    expect(t.kept.size).toBe(0);
    expect(t.controls).toEqual([]);
  });

  it("let an update past the plugin when its asker has no question stored: one look, no controls", async () => {
    const t = botWithQuestions();
    await t.bot.handleUpdate(t.message("hello"));
    expect(t.reads).toEqual([String(ANN.id)]);
    expect(t.controls).toEqual([false]);
    // With a question open, the asker's text is the question's, and their command passes it on.
    await t.bot.handleUpdate(t.message("/ask"));
    await t.bot.handleUpdate(t.message("/leave"));
    expect(t.kept.size).toBe(0);
    await t.bot.handleUpdate(t.message("hello again"));
    expect(t.controls).toEqual([false, false]);
    expect(t.replies).toEqual([]);
  });

  it("refuse a second act on an update the plugin did not run around, rather than lose it", async () => {
    const t = botWithQuestions();
    await expect(t.bot.handleUpdate(t.message("/twice"))).rejects.toThrow("one act on a question per update");
  });
});
