/** The real grammY Bot, long polling against the emulator, unchanged but for apiRoot. */
import { Bot } from "grammy";
import { afterEach, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../src/devtools/emulator/server.js";

let emu: Emulator | undefined;
let bot: Bot | undefined;
afterEach(async () => {
  if (bot?.isRunning()) await bot.stop();
  await emu?.close();
});

it("a grammY bot replies to /start, handles a button and stops cleanly", async () => {
  emu = await startEmulator();
  bot = new Bot(emu.token, { client: { apiRoot: emu.apiRoot } });
  bot.command("start", (ctx) =>
    ctx.reply(`Welcome, <b>${ctx.from?.first_name ?? ""}</b>! payload=${ctx.match}`, {
      parse_mode: "HTML",
      reply_markup: { inline_keyboard: [[{ text: "Swap", callback_data: "swap" }]] },
    }),
  );
  bot.callbackQuery("swap", async (ctx) => {
    await ctx.answerCallbackQuery({ text: "Let's swap" });
    await ctx.editMessageText("Choose a coin");
  });
  const running = bot.start({ drop_pending_updates: true });
  const user = emu.user({ id: 77, first_name: "Ann" });
  await emu.waitFor(() => emu?.isPolling());

  await user.sendText("/start ref_1").handled;
  const welcome = user.chat.last();
  expect(welcome?.plain).toBe("Welcome, Ann! payload=ref_1");
  expect(welcome?.buttons().map((b) => b.callback_data)).toEqual(["swap"]);

  user.pressButton(welcome ?? 0, "swap");
  const edited = await emu.waitFor(() => user.chat.last()?.edited && user.chat.last());
  expect(edited.plain).toBe("Choose a coin");
  expect(user.lastToast()).toBe("Let's swap");

  await bot.stop();
  await running;
  expect(emu.calls.filter((c) => !c.ok)).toEqual([]);
  expect(emu.calls.map((c) => c.method).slice(0, 2)).toEqual(["getMe", "deleteWebhook"]);
  expect(emu.isPolling()).toBe(false);
});
