/**
 * What a person reads about a late deposit (the service's `payment_time_expired`, or an
 * `emergency` EXPIRED / LESS): the one message that offers the choice (or, when the service behind
 * this deployment takes no choice from the bot, says plainly to contact support), and the words for
 * a choice once made, shown on the card, in answers and in support's /find. Pure functions of the
 * stored record; everything from outside is a string, escaped by the translator.
 */
import { InlineKeyboard } from "grammy";
import type { ExchangeRecord, LateDepositChoice } from "../domain/types.js";
import { EMERGENCY_KINDS } from "../domain/types.js";
import { encodeCallback } from "./callback-data.js";
import { html, htmlPart, plainOf, type Html, type HtmlText } from "./html.js";
import type { Translate } from "./i18n.js";
import type { RenderedMessage } from "./rendered-message.js";

/** The refund address of a record or a choice, and its tag in brackets when there is one. */
export function refundHtml(x: { refundAddress?: string; refundTag?: string }): Html {
  const address = x.refundAddress ?? "";
  return x.refundTag ? html`${address} (${x.refundTag})` : html`${address}`;
}

/**
 * The late-deposit message of `record`: with the buttons (continue, refund to the refund address,
 * refund to another one) when `offer` (the service takes the choice: PARTNER_FEATURES has
 * `emergency`) and they fit in callback data; otherwise the plain word to contact support.
 */
export function renderLateDeposit(record: ExchangeRecord, offer: boolean, t: Translate): RenderedMessage {
  const vars = { id: record.id, kind: record.emergency === "LESS" ? "LESS" : "EXPIRED", refund: refundHtml(record) };
  const go = encodeCallback({ kind: "late-continue", exchangeId: record.id });
  const back = encodeCallback({ kind: "late-refund", exchangeId: record.id });
  const other = encodeCallback({ kind: "late-other", exchangeId: record.id });
  if (!offer || go === undefined || back === undefined) return { text: t("late-deposit-no-choice", vars) };
  const keyboard = new InlineKeyboard()
    .text(plainOf(t("late-deposit-button-continue")), go)
    .row()
    .text(plainOf(t("late-deposit-button-refund")), back);
  if (other !== undefined) keyboard.row().text(plainOf(t("late-deposit-button-other")), other);
  return { text: t("late-deposit-offer", vars), reply_markup: keyboard };
}

/** "continue at the current rate" / "refund to <address>": what was chosen, in words, as a part of a message. */
export function lateChoiceWords(choice: LateDepositChoice, t: Translate): Html {
  return htmlPart(
    choice.choice === "continue" ? t("late-deposit-choice-continue") : t("late-deposit-choice-refund", { refund: refundHtml(choice) }),
  );
}

/** Where a choice stands, in words, as a part of a message. */
export function lateStateWords(choice: LateDepositChoice, t: Translate): Html {
  return htmlPart(t(`late-deposit-state-${choice.state}`));
}

/** The card's line about the service's `emergency`, if it sent one. */
export function emergencyLine(record: Pick<ExchangeRecord, "emergency">, t: Translate): HtmlText | undefined {
  const kind = record.emergency;
  if (kind === undefined) return undefined;
  return (EMERGENCY_KINDS as readonly string[]).includes(kind)
    ? t(`status-emergency-${kind.toLowerCase()}`)
    : t("status-emergency-other", { what: kind.slice(0, 64) });
}

/** The card's line about the person's choice, if they made one. */
export function lateChoiceLine(record: Pick<ExchangeRecord, "lateDeposit">, t: Translate): HtmlText | undefined {
  const choice = record.lateDeposit;
  return choice === undefined
    ? undefined
    : t("late-deposit-card", { choice: lateChoiceWords(choice, t), state: lateStateWords(choice, t) });
}
