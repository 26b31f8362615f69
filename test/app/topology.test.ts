import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { INTERRUPTED_AFTER_MS, topologyOf } from "../../src/app/topology.js";

const DATABASE_URL = "postgres://bot:secret@db.example:5432/bot";
const WEBHOOK = { WEBHOOK_URL: "https://bot.example/hook", WEBHOOK_SECRET: "s3cret-token" };

describe("topologyOf", () => {
  it("one process on the data folder's files, polling, by default", () => {
    const topology = topologyOf(loadConfig({ DATA_DIR: "data-here" }));
    expect(topology).toMatchObject({
      kind: "single-process",
      store: { kind: "files", dataDir: "data-here" },
      updates: { kind: "polling" },
      // Every due exchange at once, on claims no other process can take over.
      claims: { claimBatch: Number.MAX_SAFE_INTEGER },
      interruptedCreates: {},
      sharedDedupe: false,
      missedNewsCheckMs: undefined,
    });
  });

  it("replicas with DATABASE_URL: leases, old creates only, news checked every minute", () => {
    const topology = topologyOf(loadConfig({ DATABASE_URL, POLL_LEASE_MS: "90000" }));
    expect(topology).toMatchObject({
      kind: "replicas",
      store: { kind: "postgres", url: DATABASE_URL },
      updates: { kind: "polling" },
      claims: { leaseMs: 90_000 },
      interruptedCreates: { olderThanMs: INTERRUPTED_AFTER_MS, everyMs: 60_000 },
      sharedDedupe: false,
      missedNewsCheckMs: 60_000,
    });
    expect(topology.claims.claimBatch).toBeUndefined();
  });

  it("takes updates by webhook when WEBHOOK_URL is set; replicas then drop repeats through the store", () => {
    expect(topologyOf(loadConfig(WEBHOOK))).toMatchObject({ updates: { kind: "webhook", url: WEBHOOK.WEBHOOK_URL }, sharedDedupe: false });
    expect(topologyOf(loadConfig({ ...WEBHOOK, DATABASE_URL }))).toMatchObject({ kind: "replicas", sharedDedupe: true });
  });

  it("a replica beside the one that takes updates: TELEGRAM_UPDATES=none", () => {
    expect(topologyOf(loadConfig({ DATABASE_URL, TELEGRAM_UPDATES: "none" }))).toMatchObject({
      kind: "replicas",
      updates: { kind: "none" },
    });
  });
});
