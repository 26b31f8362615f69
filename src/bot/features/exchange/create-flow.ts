/**
 * Confirm pressed on the card: the exchange is created once (create-exchange.ts) on the quote the
 * person saw, and its deposit instructions handed to delivery. The record says "creating" (durable)
 * before "Creating your exchange…" is shown, so a kill during the create is settled at start-up
 * (interrupted.ts), and "ended" once the outcome is known; the message itself is deleted then.
 */
import { maintenanceNotice } from "../../../support/maintenance.js";
import type { ShownQuote } from "../../../domain/quote.js";
import { createOrder } from "../../../exchange/create.js";
import { retire, type Surface } from "./surface.js";
import { endedAfter, writeFlow, type FlowRecord } from "./flow-state.js";
import { failureText, type FlowFailure } from "../../../exchange/partner-call.js";
import { inDoubtMessage } from "./in-doubt-message.js";
import { coinLabel } from "../../../domain/coin-label.js";
import type { QuoteKind } from "../../../exchange/quote.js";
import { orderOf } from "./steps/order.js";

/**
 * Writes the record as `step`: "creating" keeps the draft (a create interrupted is settled from it,
 * interrupted.ts), "ended" keeps nothing of it.
 */
function place(surface: Surface, seen: FlowRecord, step: "creating" | "ended"): Promise<FlowRecord> {
  const { deps, chatId, updateId } = surface;
  const ended = endedAfter(seen, deps.processId, updateId);
  return writeFlow(deps.store, chatId, seen, step === "ended" ? ended : { ...ended, step, draft: seen.draft }, deps.now());
}

/**
 * What is left to do when the create made nothing: the card again after a refusal (said why), or
 * Retry after a failure; the record is "creating" until the engine writes the card's again.
 */
export type NotCreated =
  { kind: "refused"; record: FlowRecord; say: string } | { kind: "failed"; record: FlowRecord; failure: FlowFailure };

/** Creates the exchange of the card in `record` on `confirmed` (see the module comment). */
export async function createFromCard(
  surface: Surface,
  record: FlowRecord,
  confirmed: { quote: ShownQuote; quoteKind: QuoteKind },
): Promise<NotCreated | undefined> {
  const { deps, api, chatId, t } = surface;
  const order = orderOf(record.draft);
  if (order === undefined) throw new Error("internal error: Confirm without a whole order");
  // Maintenance switched on while this flow was open: stop at the last step, create nothing.
  const paused = await maintenanceNotice(deps.store.settings, t);
  if (paused !== undefined) {
    await place(surface, record, "ended");
    await retire(surface, record, {});
    await api.sendMessage(chatId, paused);
    return undefined;
  }
  const creating = await place(surface, record, "creating");
  await retire(surface, record, {});
  const creatingMessage = await api.sendMessage(chatId, t("flow-creating"));
  // Deleted once the service answered, before the instructions are queued: the person never reads
  // a create that seems to be running still below its result.
  const answered = (): Promise<void> => unsay(surface, creatingMessage.message_id);
  const outcome = await createOrder(deps, { draftId: record.draftId, userId: chatId, chatId, order, ...confirmed, answered });
  switch (outcome.kind) {
    case "created":
      // The instructions are the outbox's (exchange/create.ts): found again at start-up after a crash.
      await place(surface, creating, "ended");
      return undefined;
    case "already":
      await place(surface, creating, "ended");
      await api.sendMessage(chatId, t("flow-already-created", { id: outcome.record.id }));
      // A way to pay, not just an id: the instructions if they never arrived, else the card.
      await deps.delivery.offerPayment(outcome.record, { from: order.from, to: order.to });
      return undefined;
    case "in-doubt": {
      await place(surface, creating, "ended");
      const vars = { amount: order.amount, from: coinLabel(order.from), to: coinLabel(order.to) };
      // Where the service's answer was lost, one button starts again with these details (start-again.ts).
      const told = inDoubtMessage(t, vars, outcome.startAgain ? { draftId: record.draftId } : undefined);
      await api.sendMessage(chatId, told.text, told.keyboard ? { reply_markup: told.keyboard } : {});
      return undefined;
    }
    case "failed":
      // The service said no (an address it refuses now, a pair closed): the card again, after why.
      // Any other failure made nothing either: Retry shows the card anew.
      return outcome.failure.kind === "rejected"
        ? { kind: "refused", record: creating, say: failureText(t, outcome.failure) }
        : { kind: "failed", record: creating, failure: outcome.failure };
  }
}

/**
 * Deletes "Creating your exchange…" once the service answered the create. Only cosmetic: its id is
 * not stored, so a crash before this leaves it in the chat, and a delete that fails (the message
 * already gone, Telegram refusing) is ignored, never failing the update.
 */
async function unsay(surface: Surface, messageId: number): Promise<void> {
  const { api, chatId, deps } = surface;
  await api
    .deleteMessage(chatId, messageId)
    .catch((err: unknown) => deps.logger.debug({ err, chatId }, "could not delete the creating message"));
}
