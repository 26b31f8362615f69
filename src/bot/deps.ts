import type { Config } from "../config.js";
import type { Logger } from "../log.js";
import type { PartnerApi } from "../domain/types.js";
import type { Catalog } from "../partner/catalog.js";
import type { PartnerExtras } from "../partner/client.js";
import type { DataStore } from "../store/data-store.js";
import type { Translations, Translator } from "../messages/i18n.js";
import type { SupportServices } from "../support/services.js";
import type { Delivery } from "../delivery/delivery.js";
import type { ExchangeTracker } from "../poller/tracker.js";
import type { AppMetrics } from "../ops/metrics.js";
import type { RateAlerts } from "../alerts/rate-alerts.js";

/**
 * Everything the bot needs from outside, injected so tests can build it against a sandbox. All of
 * it exists before the first update: app.ts builds the Bot (and so its Api) first, then the parts
 * that send through it, then these deps, and only then installs the features.
 */
export interface BotDeps {
  config: Config;
  store: DataStore;
  /** The contract's calls, and those beyond it the client offers (used only when PARTNER_FEATURES names them). */
  partner: PartnerApi & Partial<PartnerExtras>;
  catalog: Catalog;
  logger: Logger;
  /** The translations' middleware (`ctx.t` in updates, and inside the exchange flow's conversation). */
  i18n: Translations;
  /** Translations for code outside an update (menus, notifications). */
  t: Translator;
  /** The clock; tests may pass their own. */
  now: () => Date;
  /**
   * This process's start, as a random id: written into what it begins and may not finish (a create
   * marker, a flow's journal entry), so that replicas sharing the store can tell whose it is.
   */
  processId: string;
  /** Support's services (alerts, broadcasts, partner health). */
  support: SupportServices;
  /** The outbox and its ways in (deposit instructions, notices). */
  delivery: Delivery;
  /** The one owner of an exchange's status (fetch → record → notify). */
  tracker: ExchangeTracker;
  /** The app's metrics, for /stats to show the same counts as /metrics. */
  metrics: Pick<AppMetrics, "totals">;
  /** Rate alerts: /alert adds, lists and removes them; /stats shows their budget. */
  rateAlerts: RateAlerts;
}
