/**
 * Creating the exchange at the service exactly once per confirmation.
 *
 * The flow may run the same confirmation twice: a double tap, an update delivered again after a
 * crash, a replay. Each flow has a draft id; a marker under that id is made durable *before* the
 * service is called and records the exchange id after, so a second attempt finds the first one
 * instead of creating another order.
 */
import type { BotDeps } from "../../deps.js";
import type { ExchangeRecord } from "../../../domain/types.js";
import { PartnerError } from "../../../partner/errors.js";
import type { ShownQuote } from "../../ui/exchange-messages.js";
import type { FlowFailure } from "./partner-call.js";
import { countFunnel } from "../../../support/funnel.js";
import { isFinalStatus } from "../../../domain/status.js";
import type { Store } from "../../../store/store.js";

export interface CreateRequest {
  draftId: string;
  userId: number;
  chatId: number;
  from: string;
  to: string;
  amount: string;
  destinationAddress: string;
  destinationTag: string;
  refundAddress: string;
  refundTag: string;
  quote: ShownQuote;
}

export type CreateOutcome =
  | { kind: "created" | "already"; record: ExchangeRecord }
  /** Another attempt for this draft is under way or ended without an answer; nothing is sent twice. */
  | { kind: "in-doubt" }
  | { kind: "failed"; failure: FlowFailure };

type Marker = { state: "pending"; at: string } | { state: "done"; exchangeId: string };

/** The store namespace of the once-only markers. */
export const CREATE_MARKERS = "exchange-create";

/** Calls exchange-create at most once for `req.draftId` and stores the exchange before returning. */
export async function createExchangeOnce(deps: BotDeps, req: CreateRequest): Promise<CreateOutcome> {
  const markers = deps.store.kv<Marker>(CREATE_MARKERS);
  const existing = markers.get(req.draftId);
  if (existing?.state === "done") {
    const record = deps.store.exchanges.get(existing.exchangeId);
    if (record) return { kind: "already", record };
  }
  if (existing?.state === "pending") return { kind: "in-doubt" };

  markers.set(req.draftId, { state: "pending", at: deps.now().toISOString() });
  await deps.store.flush();
  let created;
  try {
    created = await deps.partner.createExchange({
      from: req.from,
      to: req.to,
      amount: req.amount,
      destinationAddress: req.destinationAddress,
      destinationTag: req.destinationTag || undefined,
      refundAddress: req.refundAddress,
      refundTag: req.refundTag || undefined,
    });
  } catch (err) {
    // The service answered with an error or could not be reached: no order to track. The person
    // may retry; a timed-out request could in rare cases have created an order nobody will fund,
    // which simply expires at the service.
    markers.delete(req.draftId);
    deps.logger.warn({ err, draftId: req.draftId, chatId: req.chatId }, "exchange-create failed");
    return {
      kind: "failed",
      failure: err instanceof PartnerError ? { kind: err.kind, serviceMessage: err.serviceMessage } : { kind: "internal" },
    };
  }

  const now = deps.now().toISOString();
  const record: ExchangeRecord = {
    id: created.id,
    userId: req.userId,
    chatId: req.chatId,
    from: req.from,
    to: req.to,
    amountFrom: req.amount,
    quotedAmountTo: req.quote.amountTo,
    destinationAddress: req.destinationAddress,
    destinationTag: req.destinationTag,
    refundAddress: req.refundAddress,
    refundTag: req.refundTag,
    depositAddress: created.depositAddress,
    depositTag: created.depositTag,
    status: "waiting_deposit",
    statusHistory: [{ status: "waiting_deposit", at: now }],
    createdAt: now,
    updatedAt: now,
    lastNotifiedStatus: "waiting_deposit",
  };
  deps.store.exchanges.insert(record);
  markers.set(req.draftId, { state: "done", exchangeId: record.id });
  countFunnel(deps.store, "confirmed");
  await deps.store.flush();
  deps.logger.info({ exchangeId: record.id, userId: req.userId, pair: `${req.from}/${req.to}`, amount: req.amount }, "exchange created");
  return { kind: "created", record };
}

/**
 * Drops the "done" markers of exchanges that are final, once the exchange is older than
 * `minAgeMs` (the flow timeout): by then the flow that made it has ended or expired, so no
 * confirmation can come back to find its marker, and the marker would only grow the data file.
 * "pending" markers (a create whose answer was lost) are left for the in-doubt handling.
 * Returns how many were dropped.
 */
export function pruneCreateMarkers(store: Pick<Store, "kv" | "exchanges">, now: Date, minAgeMs: number): number {
  const markers = store.kv<Marker>(CREATE_MARKERS);
  let n = 0;
  for (const [draftId, marker] of markers.entries()) {
    if (marker.state !== "done") continue;
    const record = store.exchanges.get(marker.exchangeId);
    if (!record || !isFinalStatus(record.status)) continue;
    if (now.getTime() - Date.parse(record.createdAt) < minAgeMs) continue;
    markers.delete(draftId);
    n++;
  }
  return n;
}
