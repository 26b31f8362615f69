/**
 * The maintenance switch (`/maintenance on|off [message]`): while on, new exchanges are refused
 * with a message; tracking and notifications go on untouched.
 */
import type { SettingsStore } from "../store/data-store.js";
import { escapeHtml } from "../messages/html.js";
import { clip, MAX_MAINTENANCE_MESSAGE } from "../messages/fit.js";

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
  // Cut as well as refused at /maintenance: a text stored by an older version may be longer.
  return t("flow-maintenance", { message: escapeHtml(clip(m.message ?? "", MAX_MAINTENANCE_MESSAGE)) }).trim();
}
