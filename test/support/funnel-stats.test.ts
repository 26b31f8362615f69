import { describe, expect, it } from "vitest";
import { countFunnel, funnelEventsOfChange, readFunnel } from "../../src/support/funnel.js";
import { exchangeStats, exchangesSummary, userStats, withArchivedTotals } from "../../src/support/stats.js";
import type { ExchangeRecord, UserRecord } from "../../src/domain/types.js";
import type { Namespace } from "../../src/store/namespace.js";

function memoryStore() {
  const spaces = new Map<string, Map<string, unknown>>();
  return {
    kv<T>({ name }: Namespace<T>) {
      if (!spaces.has(name)) spaces.set(name, new Map());
      const m = spaces.get(name)!;
      return {
        get: (k: string) => Promise.resolve(m.get(k) as T | undefined),
        update: (k: string, change: (current: T | undefined) => T | undefined) => {
          const next = change(m.get(k) as T | undefined);
          if (next === undefined) m.delete(k);
          else m.set(k, next);
          return Promise.resolve(next);
        },
      };
    },
  };
}

describe("funnel", () => {
  it("counts each step and reads them in funnel order", async () => {
    const store = memoryStore();
    await countFunnel(store, "quoted");
    await countFunnel(store, "quoted");
    await countFunnel(store, "flow_started");
    expect(await readFunnel(store)).toEqual([
      { step: "flow_started", count: 1 },
      { step: "quoted", count: 2 },
      { step: "confirmed", count: 0 },
      { step: "deposit_received", count: 0 },
      { step: "success", count: 0 },
    ]);
  });

  it("counts the deposit the first time an exchange gets past waiting, even when the poller skipped deposit_received", () => {
    expect(funnelEventsOfChange(["waiting_deposit"], "deposit_received")).toEqual(["deposit_received"]);
    expect(funnelEventsOfChange(["waiting_deposit"], "exchanging")).toEqual(["deposit_received"]);
    expect(funnelEventsOfChange(["waiting_deposit"], "success")).toEqual(["deposit_received", "success"]);
    expect(funnelEventsOfChange(["waiting_deposit", "deposit_received"], "exchanging")).toEqual([]);
    // Through a status the spec does not list and back: not counted twice.
    expect(funnelEventsOfChange(["waiting_deposit", "deposit_received", "on_hold"], "exchanging")).toEqual([]);
    expect(funnelEventsOfChange(["waiting_deposit"], "time_expired")).toEqual([]);
    expect(funnelEventsOfChange(["waiting_deposit", "sending", "success", "on_hold"], "success")).toEqual([]);
  });
});

const NOW = new Date("2024-05-10T12:00:00Z");
const iso = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * 3_600_000).toISOString();

function user(id: number, seenHoursAgo: number, blocked = false): UserRecord {
  return { id, firstName: "x", blocked, firstSeenAt: iso(1000), lastSeenAt: iso(seenHoursAgo) };
}

function exchange(
  id: string,
  status: string,
  createdHoursAgo: number,
  amount: string,
  from = "BTC",
  doneHoursAgo?: number,
): ExchangeRecord {
  const history = [{ status: "waiting_deposit", at: iso(createdHoursAgo) }];
  if (doneHoursAgo !== undefined) history.push({ status, at: iso(doneHoursAgo) });
  return {
    id,
    userId: 1,
    chatId: 1,
    from,
    to: "ETH",
    amountFrom: amount,
    quotedAmountTo: "1",
    destinationAddress: "d",
    destinationTag: "",
    refundAddress: "r",
    refundTag: "",
    depositAddress: "a",
    depositTag: "",
    status,
    statusHistory: history,
    createdAt: iso(createdHoursAgo),
    updatedAt: iso(doneHoursAgo ?? createdHoursAgo),
  };
}

describe("stats", () => {
  it("counts users by activity window and blocked", async () => {
    expect(await userStats([user(1, 1), user(2, 30), user(3, 24 * 8, true)], NOW)).toEqual({
      total: 3,
      active24h: 1,
      active7d: 2,
      blocked: 1,
    });
  });

  it("counts exchanges by status and window, and sums completed volume with decimals", async () => {
    const s = await exchangeStats(
      [
        exchange("a", "success", 2, "0.1", "BTC", 1),
        exchange("b", "success", 100, "0.2", "BTC", 50),
        exchange("c", "waiting_deposit", 1, "5"),
        exchange("d", "success", 400, "1.000000000000000001", "ETH", 300),
      ],
      NOW,
    );
    expect(s.byStatus).toEqual({ success: 3, waiting_deposit: 1 });
    expect(s).toMatchObject({ total: 4, created24h: 2, created7d: 3, completed24h: 1, completed7d: 2 });
    expect(s.volume).toEqual({ BTC: "0.3", ETH: "1.000000000000000001" });
  });

  it("adds the archived exchanges' counts and volume, and nothing to the 24 h / 7 day windows", async () => {
    const hot = await exchangeStats([exchange("a", "success", 2, "0.1", "BTC", 1), exchange("c", "waiting_deposit", 1, "5")], NOW);
    const s = withArchivedTotals(hot, { count: 3, byStatus: { success: 2, failed: 1 }, volume: { BTC: "0.25", XRP: "10" } });
    expect(s).toEqual({
      ...hot,
      total: 5,
      byStatus: { success: 3, waiting_deposit: 1, failed: 1 },
      volume: { BTC: "0.35", XRP: "10" },
    });
    expect(withArchivedTotals(hot, { count: 0, byStatus: {}, volume: {} })).toEqual(hot);
  });

  it("summarises one person's exchanges", () => {
    expect(exchangesSummary([exchange("a", "success", 2, "0.1", "BTC", 1), exchange("b", "failed", 2, "3")])).toEqual({
      total: 2,
      byStatus: { success: 1, failed: 1 },
      volume: { BTC: "0.1" },
    });
  });
});
