/**
 * The maintenance switch (`/maintenance on|off [message]`): while on, new exchanges are refused
 * with a message; tracking and notifications go on untouched.
 */
import type { SettingsStore } from "../store/data-store.js";
import type { HtmlText } from "../messages/html.js";
import type { Translate } from "../messages/i18n.js";
import { clip, MAX_MAINTENANCE_MESSAGE } from "../messages/fit.js";

/**
 * The text a person sees instead of a new exchange while maintenance is on (HTML, the admin's
 * message escaped by the translator), or undefined when it is off.
 */
export async function maintenanceNotice(settings: Pick<SettingsStore, "getMaintenance">, t: Translate): Promise<HtmlText | undefined> {
  const m = await settings.getMaintenance();
  if (!m?.on) return undefined;
  // Cut as well as refused at /maintenance: a text stored by an older version may be longer.
  return t("flow-maintenance", { message: clip(m.message ?? "", MAX_MAINTENANCE_MESSAGE) }).trim() as HtmlText;
}
