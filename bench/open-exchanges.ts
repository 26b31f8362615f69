/**
 * Seeding shared by the poller benchmarks: `count` orders created through the sandbox's HTTP API
 * (so the sandbox knows every one), each with the record the bot would keep for it, handed to
 * `insert` (a lowdb store, PostgreSQL). Every record is open (`waiting_deposit`), created an hour
 * ago and never scheduled, so a poller finds them all due.
 */
import { SAMPLE_ADDRESSES } from "../src/devtools/sandbox/server.js";
import type { ExchangeRecord, PartnerApi } from "../src/domain/types.js";

/** Orders created at once: enough to keep the sandbox busy, few enough for a small pool. */
const PARALLEL = 32;

/** Creates the orders and inserts their records; the ids, in no particular order. */
export async function seedOpenExchanges(
  partner: Pick<PartnerApi, "createExchange">,
  count: number,
  insert: (rec: ExchangeRecord) => unknown,
): Promise<string[]> {
  const ids: string[] = [];
  const old = new Date(Date.now() - 3_600_000).toISOString();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < count) {
        const i = next++;
        const c = await partner.createExchange({
          from: "BTC",
          to: "ETH",
          amount: "0.1",
          destinationAddress: SAMPLE_ADDRESSES.ETH!,
          refundAddress: SAMPLE_ADDRESSES.BTC!,
        });
        await insert({
          id: c.id,
          userId: 1_000 + (i % 1_000),
          chatId: 1_000 + (i % 1_000),
          from: "BTC",
          to: "ETH",
          amountFrom: "0.1",
          quotedAmountTo: "1.5",
          destinationAddress: SAMPLE_ADDRESSES.ETH!,
          destinationTag: "",
          refundAddress: SAMPLE_ADDRESSES.BTC!,
          refundTag: "",
          depositAddress: c.depositAddress,
          depositTag: c.depositTag,
          status: "waiting_deposit",
          statusHistory: [{ status: "waiting_deposit", at: old }],
          createdAt: old,
          updatedAt: old,
          lastNotifiedStatus: "waiting_deposit",
        });
        ids.push(c.id);
      }
    }),
  );
  return ids;
}
