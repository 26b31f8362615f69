/**
 * The tracker's ordering rule, without HTTP: checks of one exchange never overlap, and an answer
 * requested before the stored one is dropped. Plus the create markers' pruning.
 */
import { describe, expect, it } from "vitest";
import { freshStores } from "../store/helpers.js";
import { fileDataStore } from "../../src/store/file-data-store.js";
import { recordStatus } from "../../src/poller/notifier.js";
import { ExchangeTracker } from "../../src/poller/tracker.js";
import { CREATE_MARKERS, pruneCreateMarkers } from "../../src/exchange/create-once.js";
import type { ExchangeRecord } from "../../src/domain/types.js";
import { statusAnswer, storedExchange } from "./fixtures.js";

const { fresh } = freshStores();

const T0 = Date.parse("2026-01-01T00:00:00Z");
const at = (s: number) => new Date(T0 + s * 1000);

function rec(id: string, over: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return storedExchange(id, at(0).toISOString(), over);
}

const live = statusAnswer;

describe("recordStatus: a status never moves backwards", () => {
  it("drops an answer requested before the stored one was, and keeps a later one", async () => {
    const store = await fresh();
    store.exchanges.insert(rec("x"));
    // Requested at 10 s, answered "success" at 11 s.
    const data = fileDataStore(store);
    expect((await recordStatus(data, "x", live("success"), at(11), at(10)))!.statusChanged).toBe(true);
    // Requested earlier (5 s), answered late (12 s) with an older status: dropped.
    const stale = (await recordStatus(data, "x", live("sending"), at(12), at(5)))!;
    expect(stale).toMatchObject({ stale: true, statusChanged: false, cardChanged: false });
    expect(store.exchanges.get("x")!.status).toBe("success");
    expect(store.exchanges.get("x")!.statusHistory.map((h) => h.status)).toEqual(["waiting_deposit", "success"]);
    // Requested after the stored one: taken.
    expect((await recordStatus(data, "x", live("reverted"), at(20), at(19)))!.statusChanged).toBe(true);
  });
});

describe("ExchangeTracker", () => {
  it("never overlaps two checks of one exchange: a slow older answer cannot land after a newer one", async () => {
    const store = await fresh();
    store.exchanges.insert(rec("x"));
    const order: string[] = [];
    let calls = 0;
    const partner = {
      async exchangeStatus() {
        const n = ++calls;
        order.push(`start ${n}`);
        // The first answer is slow and says what was true when it was asked.
        if (n === 1) await new Promise((r) => setTimeout(r, 100));
        order.push(`end ${n}`);
        return live(n === 1 ? "sending" : "success");
      },
    };
    const notices: string[] = [];
    const tracker = new ExchangeTracker({
      store: fileDataStore(store),
      partner,
      notices: { notice: (id) => Promise.resolve(void notices.push(id)) },
    });
    await Promise.all([tracker.check("x"), tracker.check("x")]);
    expect(order).toEqual(["start 1", "end 1", "start 2", "end 2"]);
    expect(store.exchanges.get("x")!.statusHistory.map((h) => h.status)).toEqual(["waiting_deposit", "sending", "success"]);
    expect(notices).toEqual(["x", "x"]);
  });

  it("passes the partner's error on and records nothing", async () => {
    const store = await fresh();
    store.exchanges.insert(rec("x"));
    const tracker = new ExchangeTracker({
      store: fileDataStore(store),
      partner: { exchangeStatus: () => Promise.reject(new Error("down")) },
      notices: { notice: () => Promise.resolve() },
    });
    await expect(tracker.check("x")).rejects.toThrow("down");
    expect(store.exchanges.get("x")!.status).toBe("waiting_deposit");
  });
});

describe("ExchangeTracker and an exchange given up as unknown", () => {
  it("hands it back to the poller when the service knows it again, and only then", async () => {
    const store = await fresh();
    store.exchanges.insert(rec("x", { tracking: { stoppedReason: "not-found", notFoundCount: 5 } }));
    store.exchanges.insert(rec("old", { tracking: { stoppedReason: "max-age" } }));
    let known = false;
    const partner = {
      exchangeStatus: (id: string) =>
        known || id === "old" ? Promise.resolve(live("waiting_deposit")) : Promise.reject(new Error("exchange not found")),
    };
    const tracker = new ExchangeTracker({ store: fileDataStore(store), partner, notices: { notice: () => Promise.resolve() } });
    await expect(tracker.check("x")).rejects.toThrow("not found");
    expect(store.exchanges.get("x")!.tracking).toMatchObject({ stoppedReason: "not-found" });
    known = true;
    await tracker.check("x");
    expect(store.exchanges.get("x")!.tracking?.stoppedReason).toBeUndefined();
    expect(store.exchanges.get("x")!.tracking?.notFoundCount).toBeUndefined();
    // Another reason to stop stays: an exchange too old to poll is not brought back by a check.
    await tracker.check("old");
    expect(store.exchanges.get("old")!.tracking?.stoppedReason).toBe("max-age");
  });
});

describe("pruneCreateMarkers", () => {
  it("drops the done markers of final exchanges older than the flow timeout, and nothing else", async () => {
    const store = await fresh();
    store.exchanges.insert(rec("final-old", { status: "success" }));
    store.exchanges.insert(rec("final-new", { status: "success", createdAt: at(590).toISOString() }));
    store.exchanges.insert(rec("open"));
    const markers = store.kv<unknown>(CREATE_MARKERS.name);
    markers.set("d1", { state: "done", exchangeId: "final-old" });
    markers.set("d2", { state: "done", exchangeId: "final-new" });
    markers.set("d3", { state: "done", exchangeId: "open" });
    markers.set("d4", { state: "pending", at: at(0).toISOString() });
    expect(await pruneCreateMarkers(fileDataStore(store), at(600), 60_000)).toBe(1);
    expect(markers.keys().sort()).toEqual(["d2", "d3", "d4"]);
  });
});
