/**
 * Creating a confirmed order, for every face: the service is asked exactly once for the draft
 * (create-once.ts), and a created exchange's deposit instructions go to the person's chat through
 * the outbox (on disk before the first message, retried until delivered, found again at start-up),
 * whichever face confirmed it; its two addresses are saved for the person's next exchange.
 */
import type { Order } from "../domain/order.js";
import type { ShownQuote } from "../domain/quote.js";
import { rememberExchangeAddresses } from "./address-book.js";
import { createExchangeOnce, type CreateOutcome } from "./create-once.js";
import type { ExchangeDeps } from "./deps.js";
import type { QuoteKind } from "./quote.js";

/** What is created: the order, on the quote confirmed, by whom. */
export interface Confirmed {
  /** The flow's once-only id: a second create of it finds the first one. */
  draftId: string;
  userId: number;
  /** The person's private chat, where the instructions go. */
  chatId: number;
  order: Order;
  quote: ShownQuote;
  quoteKind: QuoteKind;
  /**
   * Called once the service has answered, whatever the outcome, before any instructions are
   * queued: the chat deletes its "Creating your exchange…" there, so that it never stands below
   * them (the outbox may send them before this function returns).
   */
  answered?: () => Promise<void>;
}

/** Creates `c`'s order once, delivers its instructions and saves its addresses; the outcome, for the face to tell. */
export async function createOrder(deps: ExchangeDeps, c: Confirmed): Promise<CreateOutcome> {
  const { order } = c;
  const outcome = await createExchangeOnce(deps, {
    draftId: c.draftId,
    userId: c.userId,
    chatId: c.chatId,
    from: order.from.code,
    to: order.to.code,
    // The amount the service quoted last (for "receive exactly", its figure to send).
    amount: c.quote.amountFrom,
    destinationAddress: order.destinationAddress,
    destinationTag: order.destinationTag,
    refundAddress: order.refundAddress,
    refundTag: order.refundTag,
    quote: c.quote,
    ...createKindOf(order, c.quoteKind),
  });
  await c.answered?.();
  if (outcome.kind === "created") {
    await deps.delivery.depositInstructions(outcome.record, { from: order.from, to: order.to });
    await rememberAddresses(deps, c.userId, order);
  }
  return outcome;
}

/**
 * Saves the exchange's two addresses for the person's next exchange (issue 24). After the
 * instructions are queued: a store failure here costs a saved address, never the exchange.
 */
async function rememberAddresses(deps: ExchangeDeps, userId: number, order: Order): Promise<void> {
  try {
    await rememberExchangeAddresses(
      deps.store,
      userId,
      [
        { coin: order.to.code, network: order.to.network, address: order.destinationAddress, tag: order.destinationTag || undefined },
        { coin: order.from.code, network: order.from.network, address: order.refundAddress, tag: order.refundTag || undefined },
      ],
      deps.now(),
    );
  } catch (err) {
    deps.logger.warn({ err, userId }, "could not remember the addresses of an exchange");
  }
}

/**
 * How the create is asked for, by the kind of quote confirmed: "receive exactly" by
 * `payment/exchange-create` with the amount to receive; a fixed or floating rate with `fix` only
 * when the flow was offered fixed rates (our contract has no `fix`).
 */
function createKindOf(order: Order, kind: QuoteKind): { fix?: boolean; amountTo?: string; quoteKind?: "fixed" | "exact" } {
  if (kind === "exact" && order.amountTo !== undefined) return { amountTo: order.amountTo, quoteKind: "exact" };
  if (!order.offers?.fixed) return {};
  return kind === "fixed" ? { fix: true, quoteKind: "fixed" } : { fix: false };
}
