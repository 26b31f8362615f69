/**
 * The rules of answering a button press (bot/press-answers.ts), with the real grammY Bot from
 * createBot polling the Bot API emulator: at most once, only soon after the press arrived and
 * never one taken over from an earlier process, and a failed answer never fails the update.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Bot } from "grammy";
import { conversations, createConversation, type Conversation } from "@grammyjs/conversations";
import { createBot } from "../../src/bot/create-bot.js";
import { PRESS_ANSWER_WINDOW_MS, PressAnswers } from "../../src/bot/press-answers.js";
import type { BotContext } from "../../src/bot/context.js";
import type { Arrival } from "../../src/updates/inbox.js";
import { until } from "../until.js";
import { startEmulator, type Emulator, type TestUser } from "../../src/devtools/emulator/server.js";

const TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid";

interface LogEntry {
  level: "debug" | "info";
  fields: Record<string, unknown>;
  msg: string | undefined;
}

interface World {
  emu: Emulator;
  bot: Bot<BotContext>;
  user: TestUser;
  /** When each update arrived, as the inbox would say; absent: the press arrives now. */
  arrivals: Map<number, Arrival>;
  /** The guard's clock (ms): fixed unless a test moves it. */
  clock: { ms: number };
  logs: LogEntry[];
  /** Errors that reached the bot's error handler: updates that failed. */
  failed: unknown[];
  /** A message with one button, "go", to press. */
  message: number;
}

let world: World | undefined;
afterEach(async () => {
  if (world?.bot.isRunning()) await world.bot.stop();
  await world?.emu.close();
  world = undefined;
});

/** The emulator, and a bot from createBot whose handlers `install` adds after the press guard. */
async function start(install: (bot: Bot<BotContext>) => void): Promise<World> {
  const emu = await startEmulator();
  const logs: LogEntry[] = [];
  const clock = { ms: Date.now() };
  const log = (level: LogEntry["level"]) => (fields: object, msg?: string) =>
    logs.push({ level, fields: fields as Record<string, unknown>, msg });
  const pressAnswers = new PressAnswers({ now: () => new Date(clock.ms), logger: { debug: log("debug"), info: log("info") } });
  const bot = createBot({ token: emu.token, client: { apiRoot: emu.apiRoot }, pressAnswers });
  const arrivals = new Map<number, Arrival>();
  bot.use(pressAnswers.noteArrival((id) => arrivals.get(id)));
  install(bot);
  const failed: unknown[] = [];
  bot.catch((err) => void failed.push(err.error));
  void bot.start();
  await emu.waitFor(() => emu.isPolling());
  const user = emu.user({ id: 71, first_name: "Ann" });
  user.sendText("/start");
  const message = await bot.api.sendMessage(user.id, "Pick", {
    reply_markup: { inline_keyboard: [[{ text: "Go", callback_data: "go" }]] },
  });
  world = { emu, bot, user, arrivals, clock, logs, failed, message: message.message_id };
  return world;
}

/** Presses "go", with the arrival the inbox would report, and waits for the bot's reply to it. */
async function press(w: World, arrival?: Arrival): Promise<void> {
  const since = w.user.chat.count();
  const sent = w.user.pressButton(w.message, "go");
  // Before the bot can fetch it: enqueued here, delivered on a later turn of the event loop.
  if (arrival && sent.update_id !== undefined) w.arrivals.set(sent.update_id, arrival);
  await until(() => w.user.chat.count() > since || w.failed.length > 0, 5_000);
}

/** The answerCallbackQuery calls that reached the emulator, as [text, ok]. */
function answers(w: World): Array<[unknown, boolean]> {
  return w.emu.callsOf("answerCallbackQuery").map((c) => [c.params.text, c.ok]);
}

describe("answering a button press", () => {
  it("answers once: a second answer to the same press is not sent, and resolves as given", async () => {
    const seen: unknown[] = [];
    const w = await start((bot) =>
      bot.callbackQuery("go", async (ctx) => {
        seen.push(await ctx.answerCallbackQuery({ text: "First" }));
        seen.push(await ctx.answerCallbackQuery({ text: "Second" }));
        await ctx.reply("done");
      }),
    );
    await press(w);
    expect(answers(w)).toEqual([["First", true]]);
    expect(w.user.lastToast()).toBe("First");
    expect(seen).toEqual([true, true]);
    expect(w.failed).toEqual([]);
    expect(w.logs.map((l) => [l.level, l.fields.why])).toEqual([["debug", "answered already"]]);
  });

  it("goes on when Telegram refuses the answer, and logs why at info", async () => {
    const w = await start((bot) =>
      bot.callbackQuery("go", async (ctx) => {
        await ctx.answerCallbackQuery();
        await ctx.reply("went on");
      }),
    );
    w.emu.failNext("answerCallbackQuery", { code: 400, description: TOO_OLD });
    await press(w);
    expect(w.user.chat.last()?.plain).toBe("went on");
    expect(w.failed).toEqual([]);
    expect(answers(w)).toEqual([[undefined, false]]);
    expect(w.logs.map((l) => [l.level, l.fields.status, l.fields.description])).toEqual([["info", 400, TOO_OLD]]);
  });

  it("answers a press inside its window, and handles one past it without answering it", async () => {
    const w = await start((bot) =>
      bot.callbackQuery("go", async (ctx) => {
        await ctx.answerCallbackQuery({ text: "Done" });
        await ctx.reply("handled");
      }),
    );
    await press(w, { at: new Date(w.clock.ms - PRESS_ANSWER_WINDOW_MS), takenOver: false });
    expect(answers(w)).toEqual([["Done", true]]);
    await press(w, { at: new Date(w.clock.ms - PRESS_ANSWER_WINDOW_MS - 1), takenOver: false });
    expect(w.user.chat.messages().filter((m) => m.plain === "handled")).toHaveLength(2);
    expect(answers(w)).toEqual([["Done", true]]);
    expect(w.failed).toEqual([]);
    expect(w.logs.map((l) => [l.level, l.fields.why])).toEqual([["info", "past its answer window"]]);
  });

  it("handles a press taken over from an earlier process without answering it, however recent", async () => {
    const w = await start((bot) =>
      bot.callbackQuery("go", async (ctx) => {
        await ctx.answerCallbackQuery({ text: "Done" });
        await ctx.reply("handled");
      }),
    );
    await press(w, { at: new Date(w.clock.ms), takenOver: true });
    expect(w.user.chat.last()?.plain).toBe("handled");
    expect(answers(w)).toEqual([]);
    expect(w.failed).toEqual([]);
    expect(w.logs.map((l) => [l.level, l.fields.why])).toEqual([["info", "received by an earlier process"]]);
  });

  it("leaves every other call as it was: a refused message still fails the update", async () => {
    const w = await start((bot) => bot.callbackQuery("go", (ctx) => ctx.reply("refused")));
    w.emu.failNext("sendMessage", { code: 400, description: "Bad Request: chat not found" });
    await press(w);
    expect(w.failed).toEqual([expect.objectContaining({ description: "Bad Request: chat not found" })]);
  });

  it("holds inside a conversation, whose Api is its own: a refused answer does not end it", async () => {
    const w = await start((bot) => {
      bot.use(conversations());
      bot.use(
        createConversation(async (conversation: Conversation<BotContext>) => {
          const first = await conversation.waitForCallbackQuery("go");
          await first.answerCallbackQuery({ text: "one" });
          await first.answerCallbackQuery({ text: "again" });
          await first.reply("first");
          const second = await conversation.waitForCallbackQuery("go");
          await second.answerCallbackQuery({ text: "two" });
          await second.reply("second");
        }, "presses"),
      );
      bot.command("walk", (ctx) => ctx.conversation.enter("presses"));
    });
    w.user.sendText("/walk");
    w.emu.failNext("answerCallbackQuery", { code: 400, description: TOO_OLD });
    await press(w);
    // The next press replays the first from the conversation's log: no call is made again.
    await press(w);
    expect(w.user.chat.messages().map((m) => m.plain)).toEqual(["Pick", "first", "second"]);
    expect(answers(w)).toEqual([
      ["one", false],
      ["two", true],
    ]);
    expect(w.failed).toEqual([]);
  });
});

describe("the guard below the Bot API client", () => {
  it("resolves an answer whose request failed on the network as given", async () => {
    const logs: Array<Record<string, unknown>> = [];
    const info = (fields: object) => void logs.push(fields as Record<string, unknown>);
    const pressAnswers = new PressAnswers({ now: () => new Date(), logger: { debug: () => undefined, info } });
    const refused = pressAnswers.fetch(() => Promise.reject(new Error("socket hang up")));
    const res = await refused("http://127.0.0.1:9/bot1:x/answerCallbackQuery", { method: "POST", body: '{"callback_query_id":"77"}' });
    expect(await res.json()).toEqual({ ok: true, result: true });
    expect(logs.map((l) => [l.callbackQueryId, (l.err as Error).message])).toEqual([["77", "socket hang up"]]);
    // Any other request's failure is the caller's.
    await expect(refused("http://127.0.0.1:9/bot1:x/sendMessage", { method: "POST", body: "{}" })).rejects.toThrow("socket hang up");
  });
});
