/**
 * The deposit instructions sent once an exchange is created: the address alone in a message (so
 * a long press copies exactly it), the tag alone with a warning, a QR code, and the order card
 * (with its refresh button), which then stays live.
 * A plain function over the Bot API so support can resend them later with the same result.
 */
import { InputFile, type Api } from "grammy";
import QRCode from "qrcode";
import type { ExchangeRecord } from "../../domain/types.js";
import { coinLabel } from "../../domain/exchange-draft.js";
import { formatAmount } from "../../domain/amount.js";
import { escapeHtml } from "./html.js";
import { renderOrderCard } from "./order-card.js";
import type { Store } from "../../store/store.js";

type T = (key: string, vars?: Record<string, string | number>) => string;

/** What is needed besides the record: the coins' display data from the catalog. */
export interface InstructionCoins {
  from: { code: string; network: string | undefined; tagName: string };
  to: { code: string; network: string | undefined };
}

/** Renders the deposit address as a PNG QR code. */
export function depositQr(address: string): Promise<Buffer> {
  return QRCode.toBuffer(address, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 360 });
}

/**
 * Sends the instructions to `record.chatId`, in order, ending with the live order card; returns
 * the card's message id and, given the store, records it as the exchange's `cardMessageId`.
 */
export async function sendDepositInstructions(
  api: Api,
  record: ExchangeRecord,
  coins: InstructionCoins,
  t: T,
  store?: Pick<Store, "exchanges">,
): Promise<number> {
  const from = coinLabel(coins.from);

  await api.sendMessage(
    record.chatId,
    [
      t("deposit-intro", {
        amount: record.amountFrom,
        coin: from,
        amountTo: formatAmount(record.quotedAmountTo),
        to: coinLabel(coins.to),
        id: escapeHtml(record.id),
      }),
      "",
      t("deposit-address-label", { coin: from }),
    ].join("\n"),
    { parse_mode: "HTML" },
  );
  await api.sendMessage(record.chatId, `<code>${escapeHtml(record.depositAddress)}</code>`, { parse_mode: "HTML" });
  if (record.depositTag) {
    // The service gave a deposit tag for a coin the catalog lists without a tag name: still show it.
    const tagName = escapeHtml(coins.from.tagName || t("deposit-tag-fallback-name"));
    await api.sendMessage(record.chatId, t("deposit-tag", { tagName, tag: escapeHtml(record.depositTag) }), { parse_mode: "HTML" });
  }
  await api.sendPhoto(record.chatId, new InputFile(await depositQr(record.depositAddress), "deposit-address.png"), {
    caption: t("deposit-qr-caption", { coin: from }),
  });
  // The last message is the live order card (its footer is the outro): the poller edits it in
  // place from now on, so its message id is stored on the record.
  const card = renderOrderCard(record, t);
  const sent = await api.sendMessage(record.chatId, card.text, { parse_mode: "HTML", reply_markup: card.reply_markup });
  store?.exchanges.update(record.id, { cardMessageId: sent.message_id });
  return sent.message_id;
}
