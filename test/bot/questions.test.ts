/**
 * The short questions' feature in front of the conversations plugin: an update from no chat that
 * presses no button (an inline query) never reaches the plugin, so its storage is not read for it;
 * every update of a chat does, so an open question still sees its asker's updates.
 */
import { Bot, type Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import type { BotContext } from "../../src/bot/context.js";
import type { BotDeps } from "../../src/bot/deps.js";
import { defineQuestion, nextAnswer, questionsFeature } from "../../src/bot/questions.js";

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
    store: { conversations },
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
  bot.use(questionsFeature(deps, [echo]));
  bot.command("ask", (ctx) => ctx.conversation.enter(echo.id));
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
  return { bot, reads, replies, inline, message, inlineQuery };
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
    expect(t.reads).toEqual([String(ANN.id)]);
    await t.bot.handleUpdate(t.inlineQuery("1 btc"));
    await t.bot.handleUpdate(t.message("blue"));
    expect(t.reads).toEqual([String(ANN.id), String(ANN.id)]);
    expect(t.inline).toEqual(["1 btc"]);
    expect(t.replies).toEqual(["got blue"]);
  });
});
