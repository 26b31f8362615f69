/**
 * What to say for an outbox entry: a pure function of what the entry carries and the exchange as
 * stored when it is sent, so a late or retried notice says what is true then, not what was true
 * when it was queued. No I/O here: delivery.ts reads the record, sends and edits.
 */
import type { InlineKeyboardMarkup } from "grammy/types";
import type { ExchangeRecord, ExchangeStatus } from "../domain/types.js";
import type { Translate } from "../messages/i18n.js";
import { depositParts, type DepositPart, type InstructionCoins } from "../messages/deposit-instructions.js";
import { renderMilestone, renderOrderCard, type RenderOptions } from "../messages/order-card.js";
import type { RenderedMessage } from "../messages/rendered-message.js";
import { renderLateDeposit } from "../messages/late-deposit.js";
import { awaitsDeposit, awaitsLateDepositChoice } from "../domain/status.js";

/** What an outbox entry carries. */
export type DeliveryPayload =
  | { kind: "deposit"; exchangeId: string; coins?: InstructionCoins }
  | { kind: "card"; exchangeId: string }
  | { kind: "milestone"; exchangeId: string; status: ExchangeStatus }
  /** The late-deposit message: the choice when `offer` (PARTNER_FEATURES has `emergency`), else "contact support". */
  | { kind: "late-deposit"; exchangeId: string; offer: boolean }
  | { kind: "text"; text: string; html: boolean; replyMarkup?: InlineKeyboardMarkup };

/** What to send for an entry. */
export type Composition =
  /** Nothing any more: the exchange is gone, or what the entry would say is no longer true. */
  | { kind: "obsolete" }
  /** One message; `html: false` shows the text exactly as written. */
  | { kind: "message"; text: string; html: boolean; replyMarkup?: InlineKeyboardMarkup }
  /** The deposit instructions, in parts (the last is the card); sent from the entry's progress on. */
  | { kind: "deposit"; parts: DepositPart[] }
  /** The live card, edited in place (or sent again when it cannot be). */
  | { kind: "card"; card: RenderedMessage };

/**
 * What to send for `payload`, given the exchange `record` as stored now (undefined: not there),
 * the chat's language, the coins' labels for instructions queued without them, and what the card
 * and notices add from outside the record (the payout's explorer link).
 */
export function compose(
  payload: DeliveryPayload,
  record: ExchangeRecord | undefined,
  t: Translate,
  coins?: InstructionCoins,
  render: RenderOptions = {},
): Composition {
  if (payload.kind === "text") return { kind: "message", text: payload.text, html: payload.html, replyMarkup: payload.replyMarkup };
  if (!record) return { kind: "obsolete" };
  switch (payload.kind) {
    case "deposit": {
      // Instructions to pay into an order that no longer waits for a deposit would mislead.
      if (!awaitsDeposit(record.status)) return { kind: "obsolete" };
      // Bare codes when the catalog could not say more: the address and amount are what matter.
      const bare = (code: string) => ({ code, network: undefined, tagName: "" });
      const labels = payload.coins ?? coins ?? { from: bare(record.from), to: bare(record.to) };
      return { kind: "deposit", parts: depositParts(record, labels, t) };
    }
    case "milestone": {
      const text = renderMilestone(record, payload.status, t, render);
      return text === undefined ? { kind: "obsolete" } : { kind: "message", text, html: true };
    }
    case "card":
      return { kind: "card", card: renderOrderCard(record, t, render) };
    case "late-deposit": {
      // Chosen already (another way in, a press on an earlier copy), or the order moved on.
      if (record.lateDeposit !== undefined || !awaitsLateDepositChoice(record)) return { kind: "obsolete" };
      const said = renderLateDeposit(record, payload.offer, t);
      return { kind: "message", text: said.text, html: true, replyMarkup: said.reply_markup };
    }
  }
}
