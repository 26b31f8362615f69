/**
 * The synthetic exchanges the store benchmarks fill a data file with: addresses of real lengths,
 * a status history of 1–5 steps, deterministic in `i`. Each benchmark places them on its own
 * timeline and decides which stay open; the records are otherwise the same, so the figures of
 * bench/store and bench/archive compare.
 */
import type { ExchangeRecord, ExchangeStatus } from "../src/domain/types.js";

const PAIRS = [
  ["BTC", "ETH"],
  ["ETH", "USDT"],
  ["XRP", "BTC"],
  ["LTC", "XMR"],
  ["USDT", "TRX"],
  ["BTC", "XRP"],
] as const;
const FINAL: readonly ExchangeStatus[] = ["success", "success", "success", "time_expired", "failed", "reverted"];

const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;
const hex = (n: number, len: number) =>
  n
    .toString(16)
    .padStart(len, "0")
    .repeat(Math.ceil(len / 8))
    .slice(0, len);

/** Exchange number `i`, created at `created` by one of `users` people, still open or final. */
export function syntheticExchange(i: number, at: { created: Date; open: boolean; users: number }): ExchangeRecord {
  const { created, open } = at;
  const [from, to] = pick(PAIRS, i);
  const path: ExchangeStatus[] = open
    ? ["waiting_deposit", "deposit_received", "exchanging"].slice(0, 1 + (i % 3))
    : ["waiting_deposit", "deposit_received", "exchanging", "sending", pick(FINAL, i)];
  const status = path.at(-1) as ExchangeStatus;
  const userId = 100_000_000 + (i % at.users);
  return {
    id: `ex${hex(i * 2654435761, 14)}`,
    userId,
    chatId: userId,
    from,
    to,
    amountFrom: (0.001 + (i % 997) / 113).toFixed(8),
    quotedAmountTo: (0.5 + (i % 991) * 1.7).toFixed(8),
    destinationAddress: to === "XRP" ? `r${hex(i, 33)}` : `0x${hex(i * 7, 40)}`,
    destinationTag: to === "XRP" ? String(100_000 + i) : "",
    refundAddress: from === "BTC" ? `bc1q${hex(i * 13, 38)}` : `0x${hex(i * 13, 40)}`,
    refundTag: "",
    depositAddress: `bc1q${hex(i * 17, 38)}`,
    depositTag: "",
    status,
    statusHistory: path.map((s, k) => ({ status: s, at: new Date(created.getTime() + k * 90_000).toISOString() })),
    expectedAmountFrom: (0.001 + (i % 997) / 113).toFixed(8),
    expectedAmountTo: (0.5 + (i % 991) * 1.7).toFixed(8),
    amountTo: open ? null : (0.5 + (i % 991) * 1.69).toFixed(8),
    txId: open ? null : hex(i * 31, 64),
    createdAt: created.toISOString(),
    updatedAt: new Date(created.getTime() + path.length * 90_000).toISOString(),
    lastNotifiedStatus: status,
    cardMessageId: 1000 + i,
  };
}
