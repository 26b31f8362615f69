/** Plain exchange records and status answers for the poller's and the tracker's tests. */
import type { ExchangeRecord, ExchangeStatusRecord } from "../../src/domain/types.js";

/** A stored BTC → ETH exchange waiting for its deposit since `at` (an ISO time). */
export function storedExchange(id: string, at: string, over: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return {
    id,
    userId: 1,
    chatId: 1,
    from: "BTC",
    to: "ETH",
    amountFrom: "0.1",
    quotedAmountTo: "1.5",
    destinationAddress: "d",
    destinationTag: "",
    refundAddress: "r",
    refundTag: "",
    depositAddress: "a",
    depositTag: "",
    status: "waiting_deposit",
    statusHistory: [{ status: "waiting_deposit", at }],
    createdAt: at,
    updatedAt: at,
    lastNotifiedStatus: "waiting_deposit",
    expectedAmountFrom: "0.1",
    expectedAmountTo: "1.5",
    amountTo: null,
    txId: null,
    ...over,
  };
}

/** The service's answer for that exchange, in `status`. */
export function statusAnswer(status: string): ExchangeStatusRecord {
  return {
    status,
    from: "BTC",
    to: "ETH",
    depositAddress: "a",
    depositTag: "",
    destinationAddress: "d",
    destinationTag: "",
    refundAddress: "r",
    refundTag: "",
    expectedAmountFrom: "0.1",
    expectedAmountTo: "1.5",
    amountFrom: "0.1",
    date: "01.01.2026 00:00:00",
    txId: null,
    amountTo: null,
  };
}
