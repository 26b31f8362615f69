/**
 * Creating the exchange at the service exactly once per confirmation.
 *
 * The flow may run the same confirmation twice: a double tap, an update delivered again after a
 * crash, a replay, a Retry. Each flow has a draft id; a marker under that id is made durable
 * *before* the service is called and records the exchange id after, so a second attempt finds the
 * first one instead of creating another order.
 *
 * A create whose answer was lost (a timeout, a dropped connection, a 5xx, a crash of this process
 * while it waited) may have created an order: it is "in doubt". It is never sent again for that
 * draft; the person is told what is known and support is alerted with the draft's details, so a
 * person can never end up with two orders of which the bot knows one.
 */
import type { ExchangeDeps } from "./deps.js";
import type { CreateAttempt, CreatedExchange, ExchangeRecord } from "../domain/types.js";
import { findInHistory } from "./find-in-history.js";
import { PartnerError } from "../partner/errors.js";
import type { ShownQuote } from "../domain/quote.js";
import type { FlowFailure } from "./partner-call.js";
import { countFunnel } from "../support/funnel.js";
import { isFinalStatus } from "../domain/status.js";
import { coinLabel } from "../domain/coin-label.js";
import type { DataStore, KeyValueStore } from "../store/data-store.js";
import { namespace } from "../store/namespace.js";

/**
 * Whether a failed create certainly made no order: the service answered with a refusal, a 4xx
 * (other than 408) or a 503 (the answer of a service that turns work away before doing it:
 * maintenance, overload), or the connection was never made. Anything else (a timeout, a reset, a
 * 500/502/504, an answer that could not be read) may have come after the service acted.
 */
function neverCreated(err: unknown): boolean {
  if (!(err instanceof PartnerError)) return false;
  if (err.kind === "rejected") return true;
  if (err.kind === "http") return err.status === 503 || (err.status !== undefined && err.status < 500 && err.status !== 408);
  if (err.kind === "network") return /ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(err.message);
  return false;
}

/** The creates sent whose answer was never stored: their markers are still "pending". */
export async function pendingCreates(store: Pick<DataStore, "kv">): Promise<Array<Extract<CreateMarker, { state: "pending" }>>> {
  const pending = [];
  for (const [, marker] of await store.kv(CREATE_MARKERS).entries()) {
    if (marker.state === "pending") pending.push(marker);
  }
  return pending;
}

/**
 * A create whose process stopped waiting for the service (it died, or its update failed) is now in
 * doubt: marks it so, unless it is not pending any more, and returns its attempt for the caller to
 * tell the person and support. Durable when it resolves (the markers are written through).
 */
export function takeInterruptedCreate(store: Pick<DataStore, "kv">, draftId: string): Promise<CreateAttempt | undefined> {
  // Re-checked in the same step as the change: a create that finished meanwhile stays finished,
  // and of two processes taking it at once only one gets it.
  return markInDoubt(store.kv(CREATE_MARKERS), draftId, "restart");
}

/**
 * Turns the marker of `draftId` from "pending" into "in-doubt" atomically; returns its attempt,
 * or undefined when it was not pending any more.
 */
async function markInDoubt(markers: KeyValueStore<CreateMarker>, draftId: string, reason: string): Promise<CreateAttempt | undefined> {
  let taken: CreateAttempt | undefined;
  await markers.update(draftId, (current) => {
    // `update` may run this more than once: only the last run's verdict counts.
    taken = current?.state === "pending" ? { ...attemptOf(current), at: current.at } : undefined;
    return taken ? { state: "in-doubt", reason, ...taken } : current;
  });
  return taken;
}

/**
 * What the flow asks to create: the attempt's details (without its time) and the quote shown;
 * with the capabilities of issue 22, `fix` (sent as the SDK's `fix` when defined), or `amountTo`
 * (a "receive exactly" order, created by `payment/exchange-create`), and what the quote promised.
 */
export type CreateRequest = Omit<CreateAttempt, "at"> & {
  quote: ShownQuote;
  quoteKind?: "fixed" | "exact";
};

export type CreateOutcome =
  | { kind: "created" | "already"; record: ExchangeRecord }
  /**
   * Another attempt for this draft is under way or ended without an answer; nothing is sent twice.
   * `startAgain`: the person may be offered to start again with the same details (start-again.ts).
   */
  | { kind: "in-doubt"; startAgain: boolean }
  | { kind: "failed"; failure: FlowFailure };

/**
 * A pending marker names the process that sent the create (`owner`, a {@link ExchangeDeps.processId};
 * absent on markers of earlier versions) and, as every attempt, when it began (`at`).
 */
export type CreateMarker =
  | ({ state: "pending"; owner?: string } & CreateAttempt)
  /** `restartedAs`: the draft id of the flow the person started again from it (start-again.ts). */
  | ({ state: "in-doubt"; reason: string; restartedAs?: string } & CreateAttempt)
  | { state: "done"; exchangeId: string };

/** The store namespace of the once-only markers. */
export const CREATE_MARKERS = namespace<CreateMarker>("exchange-create", "through");

/** The attempt's own fields, without what a caller or a marker adds (the quote, the state) and its time. */
function attemptOf(from: Omit<CreateAttempt, "at">): Omit<CreateAttempt, "at"> {
  return {
    draftId: from.draftId,
    userId: from.userId,
    chatId: from.chatId,
    from: from.from,
    to: from.to,
    amount: from.amount,
    destinationAddress: from.destinationAddress,
    destinationTag: from.destinationTag,
    refundAddress: from.refundAddress,
    refundTag: from.refundTag,
    ...(from.fix === undefined ? {} : { fix: from.fix }),
    ...(from.amountTo === undefined ? {} : { amountTo: from.amountTo }),
  };
}

/** The reason of an in-doubt marker whose order the service made but the store could not keep. */
const STORED_REASON = "stored: ";

/**
 * Whether the person may start again from this marker with the same details (a new order): only
 * when the service's answer was lost, so nothing is known of the first order and nothing was shown
 * to pay; not when the order is known (made and not stored: support takes it over), nor twice.
 */
export function canStartAgain(marker: CreateMarker | undefined): boolean {
  return marker?.state === "in-doubt" && marker.restartedAs === undefined && !marker.reason.startsWith(STORED_REASON);
}

/** The pair as the catalog names it now (what the person was just shown); the codes if it cannot say. */
async function coinLabels(deps: Pick<ExchangeDeps, "catalog">, from: string, to: string): Promise<{ from: string; to: string }> {
  const index = await deps.catalog.index().catch(() => undefined);
  const label = (code: string) => {
    const coin = index?.get(code);
    return coin === undefined ? code : coinLabel(coin);
  };
  return { from: label(from), to: label(to) };
}

/**
 * What an attempt finds when this draft's marker exists: the exchange the first attempt made
 * (wherever it is kept now), else an attempt under way or ended without an answer.
 */
async function earlierAttempt(deps: ExchangeDeps, req: CreateRequest): Promise<CreateOutcome> {
  const existing = await deps.store.kv(CREATE_MARKERS).get(req.draftId);
  if (existing?.state === "done") {
    const record = await deps.store.lookup.ofUser(req.userId, existing.exchangeId);
    if (record) return { kind: "already", record };
  }
  return { kind: "in-doubt", startAgain: canStartAgain(existing) };
}

/** Calls exchange-create at most once for `req.draftId` and stores the exchange before returning. */
export async function createExchangeOnce(deps: ExchangeDeps, req: CreateRequest): Promise<CreateOutcome> {
  const markers = deps.store.kv(CREATE_MARKERS);
  const attempt: CreateAttempt = { ...attemptOf(req), at: deps.now().toISOString() };
  // The marker is the once-only guarantee: `add` lets exactly one attempt (of this process or of
  // another one sharing the store) have it; every other attempt finds the first one's marker.
  if (!(await markers.add(req.draftId, { state: "pending", owner: deps.processId, ...attempt }))) return earlierAttempt(deps, req);
  let created;
  try {
    const addresses = {
      from: req.from,
      to: req.to,
      destinationAddress: req.destinationAddress,
      destinationTag: req.destinationTag || undefined,
      refundAddress: req.refundAddress,
      refundTag: req.refundTag || undefined,
    };
    if (req.amountTo !== undefined) {
      if (!deps.partner.createPayment) throw new Error("the partner client has no payment/exchange-create");
      created = await deps.partner.createPayment({ ...addresses, amountTo: req.amountTo });
    } else {
      created = await deps.partner.createExchange({ ...addresses, amount: req.amount, ...(req.fix === undefined ? {} : { fix: req.fix }) });
    }
  } catch (err) {
    if (neverCreated(err)) {
      // The service said no, or was never reached: there is no order, and the person may retry.
      await markers.delete(req.draftId);
      deps.logger.warn({ err, draftId: req.draftId, chatId: req.chatId }, "exchange-create failed");
      return {
        kind: "failed",
        failure: err instanceof PartnerError ? { kind: err.kind, serviceMessage: err.serviceMessage } : { kind: "internal" },
      };
    }
    const reason = err instanceof PartnerError ? err.kind : "internal";
    // With the service's history, the order it may have made is looked for, and adopted if found.
    const adopted = await adoptFromHistory(deps, req, attempt);
    if (adopted) return adopted;
    await markers.set(req.draftId, { state: "in-doubt", reason, ...attempt });
    deps.logger.error(
      { err, draftId: req.draftId, chatId: req.chatId, userId: req.userId },
      "exchange-create answer lost: the order may exist; not creating it again",
    );
    await deps.support.alerts.raise({ key: `create-in-doubt:${req.draftId}`, kind: "create-in-doubt", attempt, reason, startAgain: true });
    return { kind: "in-doubt", startAgain: true };
  }

  return storeCreated(deps, req, attempt, created);
}

/**
 * PARTNER_FEATURES `history`: the order a create in doubt made, found in the service's history
 * (find-in-history.ts) and stored as if its answer had come; undefined when it is not found (or
 * the capability is off), and the create stays in doubt.
 */
async function adoptFromHistory(deps: ExchangeDeps, req: CreateRequest, attempt: CreateAttempt): Promise<CreateOutcome | undefined> {
  const history = deps.partner.exchangeHistory;
  if (!deps.config.partnerFeatures.has("history") || history === undefined) return undefined;
  const partner = { exchangeHistory: history, exchangeStatus: (id: string) => deps.partner.exchangeStatus(id) };
  const found = await findInHistory(partner, attempt, (id) => deps.store.exchanges.has(id)).catch((err: unknown) => {
    deps.logger.warn({ err, draftId: req.draftId }, "exchange-create in doubt: the history search failed");
    return undefined;
  });
  if (!found) {
    deps.logger.warn({ draftId: req.draftId }, "exchange-create in doubt: no single matching order in the service's history");
    return undefined;
  }
  deps.logger.warn(
    { draftId: req.draftId, exchangeId: found.id },
    "exchange-create in doubt: the order was found in the service's history",
  );
  const outcome = await storeCreated(deps, req, attempt, {
    id: found.id,
    depositAddress: found.live.depositAddress,
    depositTag: found.live.depositTag,
  });
  return outcome.kind === "created" ? outcome : undefined;
}

/** Stores the exchange the service made for `req` (answered, or found in its history) and marks the draft done. */
async function storeCreated(
  deps: ExchangeDeps,
  req: CreateRequest,
  attempt: CreateAttempt,
  created: CreatedExchange,
): Promise<CreateOutcome> {
  const markers = deps.store.kv(CREATE_MARKERS);
  const now = deps.now().toISOString();
  const record: ExchangeRecord = {
    id: created.id,
    userId: req.userId,
    chatId: req.chatId,
    from: req.from,
    to: req.to,
    amountFrom: req.amount,
    quotedAmountTo: req.quote.amountTo,
    ...(req.quoteKind ? { quoteKind: req.quoteKind } : {}),
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
    labels: await coinLabels(deps, req.from, req.to),
  };
  try {
    await deps.store.exchanges.insert(record);
  } catch (err) {
    // The order exists at the service but could not be stored (an id the store already has, a
    // store that is closing): the person must not be left at "Creating…", nor create it again.
    const reason = `${STORED_REASON}${created.id}`;
    await markers.set(req.draftId, { state: "in-doubt", reason, ...attempt });
    deps.logger.error(
      { err, draftId: req.draftId, exchangeId: created.id },
      "exchange created at the service but not stored; support must take it over",
    );
    await deps.support.alerts.raise({ key: `create-in-doubt:${req.draftId}`, kind: "create-in-doubt", attempt, reason });
    return { kind: "in-doubt", startAgain: false };
  }
  await markers.set(req.draftId, { state: "done", exchangeId: record.id });
  await countFunnel(deps.store, "confirmed");
  deps.logger.info({ exchangeId: record.id, userId: req.userId, pair: `${req.from}/${req.to}`, amount: req.amount }, "exchange created");
  return { kind: "created", record };
}

/**
 * Drops the "done" markers of exchanges that are final, once the exchange is older than
 * `minAgeMs` (the flow timeout): by then the flow that made it has ended or expired, so no
 * confirmation can come back to find its marker, and the marker would only grow the data file.
 * "pending" and "in-doubt" markers are kept: they are support's record of an order that may exist.
 * Returns how many were dropped.
 */
export async function pruneCreateMarkers(store: Pick<DataStore, "kv" | "exchanges">, now: Date, minAgeMs: number): Promise<number> {
  const markers = store.kv(CREATE_MARKERS);
  let n = 0;
  for (const [draftId, marker] of await markers.entries()) {
    if (marker.state !== "done") continue;
    const record = await store.exchanges.get(marker.exchangeId);
    if (!record || !isFinalStatus(record.status)) continue;
    if (now.getTime() - Date.parse(record.createdAt) < minAgeMs) continue;
    // A "done" marker never changes again, so no re-check is needed before removing it.
    await markers.delete(draftId);
    n++;
  }
  return n;
}
