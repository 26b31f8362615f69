import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";

describe("/start end to end (real bot, emulator, sandbox)", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it("greets in the user's Telegram language, with the name escaped", async () => {
    const en = h.emulator.user({ id: 1001, first_name: "Ann <b>", language_code: "en-GB" });
    const ru = h.emulator.user({ id: 1002, first_name: "Иван", language_code: "ru" });
    en.sendText("/start");
    ru.sendText("/start");
    const enGreeting = await h.emulator.waitFor(() => en.chat.last());
    const ruGreeting = await h.emulator.waitFor(() => ru.chat.last());
    expect(enGreeting.plain).toContain("Hi, Ann <b>!");
    expect(enGreeting.buttons().map((b) => b.text)).toContain("🔁 Start an exchange");
    expect(ruGreeting.plain).toContain("Привет, Иван!");
    expect(ruGreeting.buttons().map((b) => b.text)).toContain("🔁 Начать обмен");
  });

  it("publishes the command menu in all six languages at start-up", () => {
    const calls = h.emulator.callsOf("setMyCommands");
    expect(calls.map((c) => (c.params as { language_code?: string }).language_code ?? "default").sort()).toEqual([
      "default",
      "es",
      "pt",
      "ru",
      "tr",
      "uk",
    ]);
    expect(calls.every((c) => c.ok)).toBe(true);
  });

  it("switches language with /language and remembers it across a restart", async () => {
    const user = h.emulator.user({ id: 1003, first_name: "Sam", language_code: "en" });
    user.sendText("/language");
    const picker = await h.emulator.waitFor(() => (user.chat.last()?.buttons().length ? user.chat.last() : undefined));
    user.pressButton(picker, "lang:ru");
    await h.emulator.waitFor(() => user.chat.byId(picker.message_id)?.plain.includes("русский"));
    await h.restart();
    user.sendText("/help");
    const help = await h.emulator.waitFor(() => (user.chat.last()?.plain.includes("Как проходит обмен") ? user.chat.last() : undefined));
    expect(help.plain).toContain("/exchange");
  });

  it("answers text it does not understand with a pointer to /exchange and /help", async () => {
    const user = h.emulator.user({ id: 1004, first_name: "Lee", language_code: "en" });
    user.sendText("hello?");
    const reply = await h.emulator.waitFor(() => user.chat.last());
    expect(reply.plain).toContain("/exchange");
  });

  it("never writes the bot token or the partner key to the log", async () => {
    const user = h.emulator.user({ id: 1005, first_name: "Kim", language_code: "en" });
    user.sendText("/start");
    await h.emulator.waitFor(() => user.chat.last());
    await h.app.stop();
    const log = h.logs.join("");
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(h.emulator.token);
    expect(log).not.toContain(h.sandbox.apiKey);
  });
});
