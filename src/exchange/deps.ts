/**
 * What the exchange engine (src/exchange/) needs from outside: the rules of an exchange (what is
 * valid, how a quote is read, how an order is created exactly once) know nothing of chats, so the
 * chat's flow and the Mini App use them alike. The bot's own deps (bot/deps.ts) are a superset.
 */
import type { Config } from "../config.js";
import type { Logger } from "../log.js";
import type { PartnerApi } from "../domain/types.js";
import type { Catalog } from "../partner/catalog.js";
import type { PartnerExtras } from "../partner/client.js";
import type { DataStore } from "../store/data-store.js";
import type { SupportServices } from "../support/services.js";
import type { Delivery } from "../delivery/delivery.js";

export interface ExchangeDeps {
  config: Config;
  store: DataStore;
  /** The contract's calls, and those beyond it the client offers (used only when PARTNER_FEATURES names them). */
  partner: PartnerApi & Partial<PartnerExtras>;
  catalog: Catalog;
  logger: Logger;
  now: () => Date;
  /** This process's start, as a random id: written into what it begins and may not finish (a create marker). */
  processId: string;
  /** Support's services (the alert about a create in doubt). */
  support: SupportServices;
  /** The outbox and its ways in (deposit instructions). */
  delivery: Delivery;
}
