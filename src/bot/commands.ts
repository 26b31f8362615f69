import type { Api } from "grammy";
import type { Translator } from "../messages/i18n.js";
import { SUPPORTED_LOCALES } from "../messages/i18n.js";

/** Commands everyone sees in Telegram's menu, in this order. */
export const USER_COMMANDS = [
  "exchange",
  "rate",
  "alert",
  "status",
  "history",
  "addresses",
  "export",
  "language",
  "privacy",
  "forget",
  "help",
  "cancel",
] as const;

/** Publishes the command menu in every supported language (English is also the default). */
export async function registerCommands(api: Api, t: Translator): Promise<void> {
  for (const locale of SUPPORTED_LOCALES) {
    const commands = USER_COMMANDS.map((command) => ({ command, description: t(locale, `command-${command}`) }));
    await api.setMyCommands(commands, locale === "en" ? {} : { language_code: locale });
  }
}

/**
 * The menu button of every private chat: the Mini App where the bot has one (an https address for
 * it), else the command list, Telegram's default (so a Mini App taken away leaves no dead button).
 * Telegram keeps one default menu button for all languages: it is labelled in English.
 */
export async function registerMenuButton(api: Api, t: Translator, webAppUrl: string | undefined): Promise<void> {
  await api.setChatMenuButton({
    menu_button:
      webAppUrl === undefined ? { type: "commands" } : { type: "web_app", text: t("en", "menu-button-app"), web_app: { url: webAppUrl } },
  });
}
