/**
 * Support's command menu: shown only in the admins' own chats (a `chat` scope per admin per
 * language), on top of everyone's commands, since a chat scope replaces the default menu there.
 */
import type { Api } from "grammy";
import type { Translator } from "../../../messages/i18n.js";
import { SUPPORTED_LOCALES } from "../../../messages/i18n.js";
import { USER_COMMANDS } from "../../commands.js";

/** The admin-only commands, in menu order. */
export const ADMIN_COMMANDS = ["find", "user", "stats", "broadcast", "maintenance"] as const;

/**
 * Publishes the admin menu in each admin's private chat. Telegram refuses a chat scope for
 * someone who never started the bot: that admin is logged and skipped, start-up goes on.
 * Returns how many admins got their menu.
 */
export async function registerAdminCommands(
  api: Api,
  t: Translator,
  adminIds: readonly number[],
  logger: { warn(fields: object, msg?: string): void },
): Promise<number> {
  let ok = 0;
  for (const adminId of adminIds) {
    try {
      for (const locale of SUPPORTED_LOCALES) {
        const commands = [...USER_COMMANDS, ...ADMIN_COMMANDS].map((command) => ({
          command,
          description: t(
            locale,
            USER_COMMANDS.includes(command as (typeof USER_COMMANDS)[number]) ? `command-${command}` : `admin-command-${command}`,
          ),
        }));
        const scope = { type: "chat" as const, chat_id: adminId };
        await api.setMyCommands(commands, locale === "en" ? { scope } : { scope, language_code: locale });
      }
      ok++;
    } catch (err) {
      logger.warn({ err, adminId }, "admin menu: Telegram refused it (has this admin started the bot?)");
    }
  }
  return ok;
}
