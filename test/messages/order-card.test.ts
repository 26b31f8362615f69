/**
 * The order card of a finished exchange (issue 24's playground findings): once the coins are
 * received the card says how many, and no longer what was expected beside it; and (issue 35's) it
 * offers no Refresh, as a final status does not change.
 */
import { describe, expect, it } from "vitest";
import { createI18n, translatorOf, type SupportedLocale } from "../../src/messages/i18n.js";
import { renderOrderCard } from "../../src/messages/order-card.js";
import type { ExchangeRecord } from "../../src/domain/types.js";

const t = translatorOf(createI18n());
const at = "2026-11-26T10:00:00.000Z";

function record(status: ExchangeRecord["status"], amountTo?: string): ExchangeRecord {
  return {
    id: "card1",
    userId: 1,
    chatId: 1,
    from: "BTC",
    to: "ETH",
    amountFrom: "0.1",
    quotedAmountTo: "2.02",
    ...(amountTo ? { amountTo } : {}),
    destinationAddress: "0x0efb118d42d9d65eee4c9ec9b3c8d550a845de3e",
    destinationTag: "",
    refundAddress: "bc1q8y0zvcfxpdjefx43cxhwcl8cy2d8yhjygpnm8l",
    refundTag: "",
    depositAddress: "bc1q8y0zvcfxpdjefx43cxhwcl8cy2d8yhjygpnm8l",
    depositTag: "",
    status,
    statusHistory: [{ status, at }],
    createdAt: at,
    updatedAt: at,
  };
}

describe("the order card", () => {
  it.each<[SupportedLocale, string, string]>([
    ["en", "You get:", "Received: <b>2.01 ETH</b>"],
    ["ru", "Вы получите:", "Получено: <b>2.01 ETH</b>"],
  ])("in %s, shows Received instead of the expected amount once the coins arrived", (locale, expected, received) => {
    const tr = (key: string, vars?: Record<string, string | number>) => t(locale, key, vars);
    const done = renderOrderCard(record("success", "2.01"), tr).text;
    expect(done).toContain(received);
    expect(done).not.toContain(expected);
    // While the coins are on their way, the expected amount is what the card says.
    const open = renderOrderCard(record("exchanging"), tr).text;
    expect(open).toContain(`${expected} ≈ <b>2.02 ETH</b>`);
  });

  /** The callback data of the card's buttons (copy buttons have none). */
  const pressable = (status: ExchangeRecord["status"]) =>
    (renderOrderCard(record(status), (key, vars) => t("en", key, vars)).reply_markup?.inline_keyboard ?? [])
      .flat()
      .flatMap((b) => ("callback_data" in b ? [b.callback_data] : []));

  it.each<ExchangeRecord["status"]>(["success", "failed", "reverted", "time_expired"])(
    "offers no Refresh once %s, a final status",
    (status) => {
      expect(pressable(status)).toEqual([]);
    },
  );

  it.each<ExchangeRecord["status"]>(["waiting_deposit", "exchanging", "sending_failed", "payment_time_expired"])(
    "offers Refresh while %s, which can still move",
    (status) => {
      expect(pressable(status)).toEqual(["st:card1"]);
    },
  );
});
