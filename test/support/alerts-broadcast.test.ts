import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/store.js";
import { fileDataStore } from "../../src/store/file-data-store.js";
import { AlertCenter, isAlertStatus } from "../../src/support/alerts.js";
import type { AlertEvent, BroadcastJob } from "../../src/domain/reports.js";
import { PartnerHealth } from "../../src/support/partner-health.js";
import { BroadcastRunner, type SendOutcome } from "../../src/support/broadcast.js";
import { loadConfig } from "../../src/config.js";
import type { ExchangeRecord } from "../../src/domain/types.js";

const silent = { info() {}, warn() {}, error() {} };
let dir: string;
let store: Store;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "swapbot-support-"));
  store = await openStore({ dataDir: dir, flushDelayMs: 0 });
});
afterEach(async () => {
  await store.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

function record(id: string, status: string, at: string): ExchangeRecord {
  return {
    id,
    userId: 1,
    chatId: 1,
    from: "BTC",
    to: "ETH",
    amountFrom: "1",
    quotedAmountTo: "1",
    destinationAddress: "d",
    destinationTag: "",
    refundAddress: "r",
    refundTag: "",
    depositAddress: "a",
    depositTag: "",
    status,
    statusHistory: [{ status, at }],
    createdAt: at,
    updatedAt: at,
  };
}

function center(s: Store, health?: PartnerHealth) {
  const delivered: AlertEvent[] = [];
  const alerts = new AlertCenter({
    store: fileDataStore(s),
    health,
    stuckAfterMs: 60 * 60_000,
    partnerDownAfterMs: 3 * 60_000,
    logger: silent,
    deliver: (a) => {
      delivered.push(a);
      return Promise.resolve();
    },
  });
  return { alerts, delivered };
}

describe("alerts", () => {
  it("pages for failure statuses and statuses the spec does not list, not for the happy path", () => {
    expect(["failed", "sending_failed", "reverted", "on_hold"].every(isAlertStatus)).toBe(true);
    expect(["waiting_deposit", "exchanging", "success", "time_expired"].some(isAlertStatus)).toBe(false);
  });

  it("sends each alert once, also across a restart of the store", async () => {
    const { alerts, delivered } = center(store);
    const rec = record("x1", "failed", new Date().toISOString());
    alerts.onStatus(rec);
    alerts.onStatus(rec);
    alerts.onStatus({ ...rec, status: "sending_failed" });
    alerts.onStatus({ ...rec, status: "exchanging" });
    await alerts.idle();
    expect(delivered.map((a) => a.key)).toEqual(["status:x1:failed", "status:x1:sending_failed"]);

    await store.close();
    store = await openStore({ dataDir: dir, flushDelayMs: 0 });
    const again = center(store);
    again.alerts.onStatus(rec);
    await again.alerts.idle();
    expect(again.delivered).toEqual([]);
  });

  it("finds stuck open exchanges once per status, and reports partner outages once each way", async () => {
    const t0 = Date.parse("2024-05-01T00:00:00Z");
    store.exchanges.insert(record("s1", "exchanging", new Date(t0).toISOString()));
    store.exchanges.insert(record("s2", "waiting_deposit", new Date(t0 + 50 * 60_000).toISOString()));
    const health = new PartnerHealth();
    const { alerts, delivered } = center(store, health);
    expect(await alerts.scan(new Date(t0 + 61 * 60_000))).toBe(1);
    expect(await alerts.scan(new Date(t0 + 90 * 60_000))).toBe(0);
    health.record({ endpoint: "exchange-status", ms: 1, ok: false }, new Date(t0));
    expect(await alerts.scan(new Date(t0 + 111 * 60_000))).toBe(2); // s2 now stuck too, and the outage
    health.record({ endpoint: "exchange-status", ms: 1, ok: true }, new Date(t0 + 112 * 60_000));
    expect(await alerts.scan(new Date(t0 + 113 * 60_000))).toBe(1);
    await alerts.idle();
    expect(delivered.map((a) => a.kind)).toEqual(["stuck", "stuck", "partner-down", "partner-up"]);
  });
});

describe("broadcast runner", () => {
  function seedUsers(n: number) {
    for (let i = 1; i <= n; i++) store.users.upsertSeen({ id: i, first_name: `u${i}` }, new Date());
  }

  function runner(send: (id: number) => Promise<SendOutcome>, finals: string[] = []) {
    return new BroadcastRunner({
      store: fileDataStore(store),
      logger: silent,
      perSecond: 1000,
      batchSize: 3,
      send: (id) => send(id),
      onProgress: (job, c, final) => {
        if (final) finals.push(`${job.state}:${c.sent}/${c.blocked}/${c.failed}/${c.unconfirmed}`);
        return Promise.resolve();
      },
    });
  }

  it("sends to everyone not blocked, once, counting blocked and failed", async () => {
    seedUsers(6);
    store.users.setBlocked(6, true);
    const sentTo: number[] = [];
    const finals: string[] = [];
    const r = runner((id) => {
      sentTo.push(id);
      return Promise.resolve(id === 2 ? "blocked" : id === 3 ? "failed" : "sent");
    }, finals);
    const job = await r.createDraft(99, 99, "hi");
    expect((await r.get(job.id))!.state).toBe("draft");
    await r.start(job.id);
    expect(await r.start(job.id)).toBeUndefined(); // a second confirmation starts nothing
    await r.finished(job.id);
    expect(sentTo).toEqual([1, 2, 3, 4, 5]);
    expect(finals).toEqual(["done:3/1/1/0"]);
  });

  it("a clean stop undoes the marks it did not send; the next run sends exactly the rest", async () => {
    seedUsers(7);
    const sentTo: number[] = [];
    let release!: () => void;
    let entered!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const onSecond = new Promise<void>((resolve) => (entered = resolve));
    const first = runner(async (id) => {
      if (id === 2) {
        entered();
        await gate; // the stop arrives while the 2nd message is on its way
      }
      sentTo.push(id);
      return "sent";
    });
    const job = await first.createDraft(99, 99, "hi");
    await first.start(job.id);
    await onSecond;
    const stopped = first.stop();
    release();
    await stopped;
    expect(sentTo).toEqual([1, 2]);
    expect(await first.counts(job.id)).toMatchObject({ sent: 2, unconfirmed: 0, remaining: 5 });

    const second = runner((id) => {
      sentTo.push(id);
      return Promise.resolve("sent");
    });
    expect(await second.resumeAll()).toBe(1);
    await second.finished(job.id);
    expect(sentTo).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await second.get(job.id))!.state).toBe("done");
  });

  it("after a crash, people marked 'sending' are skipped and counted unconfirmed (never sent twice)", async () => {
    seedUsers(4);
    const job: BroadcastJob = {
      id: "bcrash",
      adminId: 99,
      chatId: 99,
      text: "hi",
      state: "running",
      createdAt: new Date().toISOString(),
      recipients: [1, 2, 3, 4],
    };
    store.kv<BroadcastJob>("broadcasts").set(job.id, job);
    store.kv<string>("broadcast:bcrash").set("1", "sent");
    store.kv<string>("broadcast:bcrash").set("2", "sending");
    const sentTo: number[] = [];
    const finals: string[] = [];
    const r = runner((id) => {
      sentTo.push(id);
      return Promise.resolve("sent");
    }, finals);
    await r.resumeAll();
    await r.finished(job.id);
    expect(sentTo).toEqual([3, 4]);
    expect(finals).toEqual(["done:3/0/0/1"]);
  });

  it("cancel drops a draft, and stops a running job after the current message", async () => {
    seedUsers(5);
    const r = runner(() => Promise.resolve("sent"));
    const draft = await r.createDraft(99, 99, "x");
    expect(await r.cancel(draft.id)).toBe("cancelled");
    expect(await r.start(draft.id)).toBeUndefined();

    const finals: string[] = [];
    let count = 0;
    let job!: BroadcastJob;
    const r2 = runner(async () => {
      if (++count === 2) await r2.cancel(job.id);
      return "sent";
    }, finals);
    job = await r2.createDraft(99, 99, "y");
    await r2.start(job.id);
    await r2.finished(job.id);
    expect(finals).toEqual(["cancelled:2/0/0/0"]);
  });
});

describe("config: alert thresholds", () => {
  it("defaults to 120 minutes stuck and 3 minutes partner down, and reads both from the environment", () => {
    expect(loadConfig({})).toMatchObject({ stuckAlertMs: 120 * 60_000, partnerDownAlertMs: 3 * 60_000 });
    expect(loadConfig({ STUCK_ALERT_MINUTES: "15", PARTNER_DOWN_ALERT_MINUTES: "5" })).toMatchObject({
      stuckAlertMs: 15 * 60_000,
      partnerDownAlertMs: 5 * 60_000,
    });
  });

  it("names a bad value", () => {
    expect(() => loadConfig({ STUCK_ALERT_MINUTES: "0" })).toThrow(/STUCK_ALERT_MINUTES must be at least 1/);
    expect(() => loadConfig({ PARTNER_DOWN_ALERT_MINUTES: "soon" })).toThrow(/PARTNER_DOWN_ALERT_MINUTES must be a whole number/);
  });
});
