/**
 * The maintenance switch (`/maintenance on|off [message]`): while on, new exchanges are refused
 * with a message; tracking and notifications go on untouched.
 */
import type { SettingsStore } from "../store/data-store.js";
import { escapeHtml } from "../messages/html.js";

/**
 * The text a person sees instead of a new exchange while maintenance is on (HTML, the admin's
 * message escaped), or undefined when it is off.
 */
export async function maintenanceNotice(
  settings: Pick<SettingsStore, "getMaintenance">,
  t: (key: string, vars?: Record<string, string | number>) => string,
): Promise<string | undefined> {
  const m = await settings.getMaintenance();
  if (!m?.on) return undefined;
  return t("flow-maintenance", { message: escapeHtml(m.message ?? "") }).trim();
}
