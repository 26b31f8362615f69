/**
 * Six languages (issue 24): the bot speaks the one of the person's Telegram app, whatever its
 * regional form, and /language switches among all six, confirming in the new one at once.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";

describe("the person's own language", () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  const person = (id: number, languageCode: string) =>
    new ChatDriver(h, h.emulator.user({ id, first_name: "Sam", language_code: languageCode }));

  it.each([
    ["es", "¡Hola, Sam!", "Empezar un intercambio"],
    ["es-419", "¡Hola, Sam!", "Empezar un intercambio"],
    ["pt-BR", "Olá, Sam!", "Iniciar uma troca"],
    ["pt", "Olá, Sam!", "Iniciar uma troca"],
    ["tr", "Merhaba, Sam!", "Takas başlat"],
    ["uk", "Привіт, Sam!", "Почати обмін"],
    ["de", "Hi, Sam!", "Start an exchange"],
  ])("greets a Telegram user whose app speaks %s in that language", async (code, greeting, button) => {
    const chat = person(4101, code);
    const start = await chat.send("/start", greeting);
    expect(start.buttons().map((b) => b.text)).toContain(`🔁 ${button}`);
  });

  it("offers six languages under /language and confirms each choice in the new language", async () => {
    const chat = person(4201, "en");
    const confirmations: Record<string, string> = {
      ru: "Язык: русский.",
      es: "Idioma: español.",
      pt: "Idioma: português.",
      tr: "Dil: Türkçe.",
      uk: "Мова: українська.",
      en: "Language set: English.",
    };
    for (const [locale, confirmation] of Object.entries(confirmations)) {
      const chooser = await chat.send("/language", /./);
      const buttons = chooser.buttons();
      expect(buttons.map((b) => b.text)).toEqual(["English", "Русский", "Español", "Português", "Türkçe", "Українська"]);
      for (const b of buttons) expect(Buffer.byteLength(b.callback_data!)).toBeLessThanOrEqual(64);
      const data = buttons.find((b) => b.callback_data!.endsWith(`:${locale}`))!.callback_data!;
      // The chooser itself turns into the confirmation, in the language just chosen.
      await chat.pressAndEdit(chooser, data, confirmation);
    }
    await chat.send("/help", "How an exchange works");
  });

  it("keeps the chosen language over the app's, and /language <code> switches without buttons", async () => {
    const chat = person(4202, "pt-BR");
    await chat.send("/language uk", "Мова: українська.");
    await chat.send("/help", "Як відбувається обмін");
    const flow = await chat.send("/exchange", "Яку монету ви надсилаєте?");
    expect(flow.buttons().map((b) => b.text)).toContain("✖ Скасувати");
    await chat.send("/cancel", "Обмін скасовано");
    await chat.send("/language TR", "Dil: Türkçe.");
    await chat.send("/start", "Merhaba, Sam!");
    // A language the bot does not speak shows the choice instead.
    const chooser = await chat.send("/language de", "Dilinizi seçin:");
    expect(chooser.buttons()).toHaveLength(6);
  });
});
