/**
 * The maintenance switch (`/maintenance on|off [message]`): while on, new exchanges are refused
 * with a message; tracking and notifications go on untouched.
 */
import type { SettingsRepo } from "../store/store.js";
import { escapeHtml } from "../messages/html.js";

/**
 * The text a person sees instead of a new exchange while maintenance is on (HTML, the admin's
 * message escaped), or undefined when it is off.
 */
export function maintenanceNotice(
  settings: Pick<SettingsRepo, "get">,
  t: (key: string, vars?: Record<string, string | number>) => string,
): string | undefined {
  const m = settings.get("maintenance");
  if (!m?.on) return undefined;
  return t("flow-maintenance", { message: escapeHtml(m.message ?? "") }).trim();
}
