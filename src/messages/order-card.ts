/**
 * The live order card: one message per exchange, edited in place as the status moves (status,
 * a progress bar through the steps, expected and actual amounts, the txId once there is one), and
 * the milestone messages sent beside it for what must not be missed.
 *
 * Plain functions from a stored record to text, so the outbox's notices, /status and /history render the
 * same card. Everything that came from the person or the service is a string, escaped by the
 * translator (messages/html.ts).
 */
import { InlineKeyboard } from "grammy";
import type { ExchangeRecord, ExchangeStatus, KnownStatus } from "../domain/types.js";
import { KNOWN_STATUSES, SERVICE_EXTRA_STATUSES } from "../domain/types.js";
import { formatAmount } from "../domain/amount.js";
import { awaitsDeposit, isFinalStatus, PROGRESS_STEPS, progressStep, statusIcon } from "../domain/status.js";
import { emergencyLine, lateChoiceLine, refundHtml } from "./late-deposit.js";
import { BLANK, html, htmlPart, joinHtml, plainOf, type HtmlText } from "./html.js";
import { encodeCallback } from "./callback-data.js";
import type { Translate } from "./i18n.js";
import { copyButton, withCopyButtons } from "./copy-buttons.js";
import type { RenderedMessage } from "./rendered-message.js";

/** A decimal from the store or the service, formatted; shown as it is (outside text) if it is not a number. */
export function showAmount(value: string): string {
  try {
    return formatAmount(value);
  } catch {
    return value;
  }
}

/** Statuses told in words: the spec's, and those the service publishes beyond it. */
const WORDED_STATUSES: readonly string[] = [...KNOWN_STATUSES, ...SERVICE_EXTRA_STATUSES];

/** The status in words: a translation for the statuses the service publishes, the raw value (escaped) otherwise. */
export function statusLabel(status: ExchangeStatus, t: Translate): HtmlText {
  return WORDED_STATUSES.includes(status) ? t(`status-name-${status as KnownStatus}`) : html`${status}`.text;
}

/** The coins of an exchange as the person was shown them ("USDT · BEP20"); the codes on older records. */
function coinsOf(record: Pick<ExchangeRecord, "from" | "to" | "labels">): { from: string; to: string } {
  return { from: record.labels?.from ?? record.from, to: record.labels?.to ?? record.to };
}

/** Final statuses in which nothing was exchanged: the card says what happened, not what would be received. */
const UNFULFILLED: ReadonlySet<ExchangeStatus> = new Set(["failed", "reverted", "time_expired"]);

/** "▰▰▱▱▱ 2/5", or undefined for statuses that are off the happy path. */
function progressBar(status: ExchangeStatus): string | undefined {
  const step = progressStep(status);
  if (step === undefined) return undefined;
  return `${"▰".repeat(step)}${"▱".repeat(PROGRESS_STEPS - step)} ${step}/${PROGRESS_STEPS}`;
}

/**
 * What the card and notices may add from outside the record: `txUrl`, the block explorer link of
 * the payout transaction (domain/explorer.ts), already checked to be https and encoded.
 */
export interface RenderOptions {
  txUrl?: string;
}

/** The transaction id line: a link to its explorer when there is one. */
function txLine(txId: string, t: Translate, txUrl: string | undefined): HtmlText {
  return txUrl === undefined ? t("status-card-txid", { txId }) : t("status-card-txid-link", { txId, url: txUrl });
}

/**
 * The card's text and its buttons: refresh while the exchange can still move (when the id fits in
 * callback_data) and, while the deposit is awaited, copy buttons for the address and tag it shows.
 */
export function renderOrderCard(record: ExchangeRecord, t: Translate, options: RenderOptions = {}): RenderedMessage {
  const lines: HtmlText[] = [
    t("status-card-title", { icon: statusIcon(record.status), id: record.id }),
    t("status-card-status", { status: htmlPart(statusLabel(record.status, t)) }),
  ];
  const bar = progressBar(record.status);
  if (bar) lines.push(html`${bar}`.text);
  const coins = coinsOf(record);
  lines.push(BLANK, t("status-card-send", { amount: showAmount(record.expectedAmountFrom ?? record.amountFrom), coin: coins.from }));
  if (UNFULFILLED.has(record.status)) {
    // No amount is promised any more: the card says what happened to the coins instead.
    lines.push(t(`status-card-outcome-${record.status}`, { refund: refundHtml(record) }));
  } else if (!record.amountTo) {
    // Once coins are received the card says how many ("Received"), not what was expected.
    // "≈" for a floating estimate (our contract); a fixed or exact amount is said as what it is.
    const expected = record.quoteKind ? `status-card-expected-${record.quoteKind}` : "status-card-expected";
    lines.push(t(expected, { amount: showAmount(record.expectedAmountTo ?? record.quotedAmountTo), coin: coins.to }));
  }
  const emergency = emergencyLine(record, t);
  if (emergency) lines.push(emergency);
  const chosen = lateChoiceLine(record, t);
  if (chosen) lines.push(chosen);
  if (awaitsDeposit(record.status)) {
    // While the deposit is awaited the card is a way to pay on its own: /status and /history
    // answer with it, and it may be all that is left after the instructions scrolled away.
    lines.push(t("status-card-deposit-address", { address: record.depositAddress }));
    if (record.depositTag) lines.push(t("status-card-deposit-tag", { tag: record.depositTag }));
  }
  if (record.amountTo) lines.push(t("status-card-received", { amount: showAmount(record.amountTo), coin: coins.to }));
  if (record.txId) lines.push(txLine(record.txId, t, options.txUrl));
  // While open, the footer promises updates; once the poller has given up on it, it says why:
  // the service said it does not know the exchange (not that it is down), or it got too old.
  if (record.tracking?.stoppedReason === "not-found") lines.push(BLANK, t("status-card-unknown-at-service"));
  else if (record.tracking?.stoppedReason) lines.push(BLANK, t("status-tracking-stopped"));
  else if (!isFinalStatus(record.status)) lines.push(BLANK, t(record.quoteKind ? `deposit-outro-${record.quoteKind}` : "deposit-outro"));

  // A final status is the last word (domain/status.ts): a Refresh there would only say so again.
  const data = isFinalStatus(record.status) ? undefined : encodeCallback({ kind: "status", exchangeId: record.id });
  const refresh = data ? new InlineKeyboard().text(plainOf(t("status-card-refresh")), data) : undefined;
  const copies = awaitsDeposit(record.status)
    ? [
        copyButton(plainOf(t("copy-address")), record.depositAddress),
        record.depositTag
          ? copyButton(plainOf(t("copy-tag", { tagName: htmlPart(t("deposit-tag-fallback-name")) })), record.depositTag)
          : undefined,
      ]
    : [];
  return { text: joinHtml(lines), reply_markup: withCopyButtons(copies, refresh) };
}

/**
 * The message for a milestone `status` (see domain/status.ts), or undefined when the status is
 * not one. Failures say what happens next: the refund address, and how to reach support.
 */
export function renderMilestone(
  record: ExchangeRecord,
  status: ExchangeStatus,
  t: Translate,
  options: RenderOptions = {},
): string | undefined {
  const id = record.id;
  const refund = refundHtml(record);
  switch (status) {
    case "deposit_received":
      return t("status-notice-deposit", {
        id,
        amount: showAmount(record.expectedAmountFrom ?? record.amountFrom),
        coin: coinsOf(record).from,
      });
    case "success": {
      const text = t("status-notice-success", {
        id,
        amount: showAmount(record.amountTo ?? record.expectedAmountTo ?? record.quotedAmountTo),
        coin: coinsOf(record).to,
      });
      return record.txId ? joinHtml([text, txLine(record.txId, t, options.txUrl)]) : text;
    }
    case "failed":
    case "sending_failed":
    case "reverted":
    case "time_expired":
      return joinHtml([t(`status-notice-${status}`, { id, refund }), t("status-notice-support", { id })], "\n\n");
    default:
      return undefined;
  }
}
