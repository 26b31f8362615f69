/**
 * The store's namespaces by name, for tests that name one by its string: the real ones as their
 * owners declare them (durability, file), any other name as an undeclared kind would be: coalesced,
 * in the main file.
 */
import { namespace, type Namespace } from "../../src/store/namespace.js";
import { CONVERSATIONS } from "../../src/store/data-store.js";
import { FLOW_STATES } from "../../src/bot/features/exchange/flow-state.js";
import { CREATE_MARKERS } from "../../src/exchange/create-once.js";
import { LATE_DEPOSIT_MARKS } from "../../src/bot/features/late-deposit.js";
import { ADDRESS_BOOKS } from "../../src/exchange/address-book.js";
import { OUTBOX_NAMESPACE } from "../../src/delivery/queue-storage.js";
import { CARDS_NAMESPACE, NOTIFIED_NAMESPACE } from "../../src/delivery/delivery.js";
import { INBOX_MARKS_NAMESPACE, INBOX_NAMESPACE } from "../../src/updates/inbox.js";
import { UPDATES_NAMESPACE } from "../../src/webhook/shared-updates.js";
import { METRICS_NAMESPACE } from "../../src/support/funnel.js";
import { BROADCASTS_NAMESPACE, recipientMarks } from "../../src/support/broadcast.js";
import { ALERTS_NAMESPACE as SUPPORT_ALERTS } from "../../src/support/alerts.js";
import { ALERTS_NAMESPACE as RATE_ALERTS } from "../../src/alerts/rate-alerts.js";

/** Every namespace the bot declares, but the per-job ones of broadcasts. */
export const DECLARED: readonly Namespace<unknown>[] = [
  CONVERSATIONS,
  FLOW_STATES,
  CREATE_MARKERS,
  LATE_DEPOSIT_MARKS,
  ADDRESS_BOOKS,
  OUTBOX_NAMESPACE,
  CARDS_NAMESPACE,
  NOTIFIED_NAMESPACE,
  INBOX_NAMESPACE,
  INBOX_MARKS_NAMESPACE,
  UPDATES_NAMESPACE,
  METRICS_NAMESPACE,
  BROADCASTS_NAMESPACE,
  SUPPORT_ALERTS,
  RATE_ALERTS,
] as Namespace<unknown>[];

const BY_NAME = new Map(DECLARED.map((ns) => [ns.name, ns]));

/** The namespace `name` (see the module comment). */
export function ns<T = unknown>(name: string): Namespace<T> {
  if (name.startsWith("broadcast:")) return recipientMarks(name.slice("broadcast:".length)) as Namespace<T>;
  return (BY_NAME.get(name) ?? namespace<unknown>(name, "coalesced")) as Namespace<T>;
}
