/**
 * The deposit instructions sent once an exchange is created: the address alone in a message (so
 * a long press copies exactly it), the tag alone with a warning, a QR code, and the order card
 * (with its refresh button), which then stays live. The amount, the id, the address and the tag
 * each have a copy button too (copy-buttons.ts); the <code> text stays for clients without them.
 *
 * Split into parts so the outbox (src/delivery/) can record, durably, how many of them Telegram
 * has confirmed: after a crash it goes on from the first unconfirmed part instead of repeating
 * the ones the person already has.
 */
import { InputFile, type Api } from "grammy";
import type { ExchangeRecord } from "../domain/types.js";
import { coinLabel } from "../domain/coin-label.js";
import { formatAmount } from "../domain/amount.js";
import { html, htmlPart, joinHtml, plainOf } from "./html.js";
import { shownTagName } from "./tag-name.js";
import { renderOrderCard } from "./order-card.js";
import type { DataStore } from "../store/data-store.js";
import type { Translate } from "./i18n.js";
import { copyButton, withCopyButtons, type CopyButton } from "./copy-buttons.js";

/** What is needed besides the record: the coins' display data from the catalog. */
export interface InstructionCoins {
  from: { code: string; network: string | undefined; tagName: string };
  to: { code: string; network: string | undefined };
}

/** One message of the instructions. */
export type DepositPart =
  /** `copy`: the copy buttons under the message (none when absent). */
  | { kind: "text"; text: string; copy?: CopyButton[] }
  | { kind: "qr"; caption: string }
  /** The live order card: its message id is stored on the record. */
  | { kind: "card" };

/**
 * Renders the deposit address as a PNG QR code. The qrcode package is loaded on the first one, not
 * at start-up: about 40 ms of CPU at every start of the bot, for a code drawn only once an
 * exchange is created.
 */
async function depositQr(address: string): Promise<Buffer> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toBuffer(address, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 360 });
}

/** The instructions' messages, in the order they are sent. Pure. */
export function depositParts(record: ExchangeRecord, coins: InstructionCoins, t: Translate): DepositPart[] {
  // As the exchange was shown when it was created; from the catalog's coins for older records.
  const from = record.labels?.from ?? coinLabel(coins.from);
  const to = record.labels?.to ?? coinLabel(coins.to);
  const parts: DepositPart[] = [
    {
      kind: "text",
      text: joinHtml(
        [
          t(record.quoteKind ? `deposit-intro-${record.quoteKind}` : "deposit-intro", {
            amount: record.amountFrom,
            coin: from,
            amountTo: formatAmount(record.quotedAmountTo),
            to,
            id: record.id,
          }),
          // Who may write to them about this exchange, before they send anything (issue 24, trust).
          t("trust-support"),
          t("deposit-address-label", { coin: from }),
        ],
        "\n\n",
      ),
      copy: present([copyButton(plainOf(t("copy-amount")), record.amountFrom), copyButton(plainOf(t("copy-exchange-id")), record.id)]),
    },
    {
      kind: "text",
      text: html`<code>${record.depositAddress}</code>`.text,
      copy: present([copyButton(plainOf(t("copy-address")), record.depositAddress)]),
    },
  ];
  if (record.depositTag) {
    // The service gave a deposit tag for a coin the catalog lists without a tag name: still show it.
    const tagName = coins.from.tagName ? shownTagName(coins.from.tagName, t) : htmlPart(t("deposit-tag-fallback-name"));
    // The label is a button's plain text: the same words, read back from HTML.
    const label = plainOf(t("copy-tag", { tagName }));
    parts.push({
      kind: "text",
      text: t("deposit-tag", { tagName, tag: record.depositTag }),
      copy: present([copyButton(label, record.depositTag)]),
    });
  }
  parts.push({ kind: "qr", caption: t("deposit-qr-caption", { coin: from }) });
  // The last message is the live order card (its footer is the outro): the poller edits it in
  // place from now on, so its message id is stored on the record.
  parts.push({ kind: "card" });
  return parts;
}

/** The buttons that Telegram takes, or undefined when none does. */
function present(buttons: Array<CopyButton | undefined>): CopyButton[] | undefined {
  const kept = buttons.filter((b): b is CopyButton => b !== undefined);
  return kept.length > 0 ? kept : undefined;
}

/** Sends one part; returns the message id Telegram gave it. */
export async function sendDepositPart(
  api: Api,
  record: ExchangeRecord,
  part: DepositPart,
  t: Translate,
  store?: Pick<DataStore, "exchanges">,
): Promise<number> {
  switch (part.kind) {
    case "text": {
      const keyboard = part.copy ? withCopyButtons(part.copy) : undefined;
      return (await api.sendMessage(record.chatId, part.text, keyboard ? { reply_markup: keyboard } : {})).message_id;
    }
    case "qr":
      return (
        await api.sendPhoto(record.chatId, new InputFile(await depositQr(record.depositAddress), "deposit-address.png"), {
          caption: part.caption,
        })
      ).message_id;
    case "card": {
      const card = renderOrderCard(record, t);
      const sent = await api.sendMessage(record.chatId, card.text, { reply_markup: card.reply_markup });
      if (store && (await store.exchanges.has(record.id))) await store.exchanges.update(record.id, { cardMessageId: sent.message_id });
      return sent.message_id;
    }
  }
}

/**
 * Sends every part at once, in order (support's "resend", test fixtures); returns the card's
 * message id and, given the store, records it as the exchange's `cardMessageId`.
 */
export async function sendDepositInstructions(
  api: Api,
  record: ExchangeRecord,
  coins: InstructionCoins,
  t: Translate,
  store?: Pick<DataStore, "exchanges">,
): Promise<number> {
  let last = 0;
  for (const part of depositParts(record, coins, t)) last = await sendDepositPart(api, record, part, t, store);
  return last;
}
