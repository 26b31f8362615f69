import { rename, rm, writeFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { openExchange } from "./fixtures.js";
import { parsePromText, sumOf } from "../ops/prom-text.js";

const TOKEN = "metrics-token-0123456789abcdef";

async function get(h: Harness, path: string, headers: Record<string, string> = {}) {
  const url = h.app.ops.server?.url;
  if (!url) throw new Error("the ops server is not running (PORT unset?)");
  const res = await fetch(url + path, { headers });
  const body = await res.text();
  return { status: res.status, body, type: res.headers.get("content-type") ?? "" };
}

async function readyWhen(h: Harness, status: number) {
  return h.emulator.waitFor(async () => {
    const r = await get(h, "/readyz");
    return r.status === status ? r : undefined;
  });
}

describe("health and metrics on PORT (real app, emulator, sandbox)", () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it("answers /healthz and /readyz from what it knows, never asking the partner or Telegram; ready once all three are fine", async () => {
    h = await startHarness({ env: { PORT: "0" } });
    await h.app.ops.readiness.probe();
    const ready = await readyWhen(h, 200);
    expect(JSON.parse(ready!.body)).toMatchObject({
      ready: true,
      checks: { store: { ok: true }, partner: { ok: true }, telegram: { ok: true } },
    });
    // What keeps the probes fast is that nothing slow is called on their way: a probe that asked
    // the partner or Telegram would be as slow as they are, and an orchestrator would restart a
    // healthy bot. Counted, not timed: a loaded machine makes any bound in ms flaky.
    const asked: string[] = [];
    const stopPartner = h.sandbox.onRequest((e) => {
      if (e.phase === "received") asked.push(`partner ${e.request.endpoint}`);
    });
    // The long poll's getUpdates runs on its own, probes or not.
    const stopTelegram = h.emulator.onApiCall((c) => {
      if (c.method !== "getUpdates") asked.push(`telegram ${c.method}`);
    });
    try {
      for (let i = 0; i < 20; i++) {
        const [health, readiness] = await Promise.all([get(h, "/healthz"), get(h, "/readyz")]);
        expect(health.status).toBe(200);
        expect(readiness.status).toBe(200);
      }
    } finally {
      stopPartner();
      stopTelegram();
    }
    expect(asked).toEqual([]);
    expect((await get(h, "/nothing-here")).status).toBe(404);
  });

  it("turns /readyz unready while the data directory cannot be written, and ready again after", async () => {
    h = await startHarness({ env: { PORT: "0" } });
    await h.app.ops.readiness.probe();
    await readyWhen(h, 200);
    // A file where the directory was: writes fail even for root, which chmod would not stop.
    const away = `${h.dataDir}-away`;
    await rename(h.dataDir, away);
    await writeFile(h.dataDir, "not a directory");
    try {
      await h.app.ops.readiness.probe();
      const unready = await get(h, "/readyz");
      expect(unready.status).toBe(503);
      const report = JSON.parse(unready.body) as { ready: boolean; checks: { store: { ok: boolean; reason?: string } } };
      expect(report.ready).toBe(false);
      expect(report.checks.store.ok).toBe(false);
      expect(report.checks.store.reason).toMatch(/not writable/);
      // The reason names the error, never a path of the machine.
      expect(unready.body).not.toContain(h.dataDir);
      expect((await get(h, "/healthz")).status).toBe(200);
    } finally {
      await rm(h.dataDir, { force: true });
      await rename(away, h.dataDir);
    }
    await h.app.ops.readiness.probe();
    expect((await get(h, "/readyz")).status).toBe(200);
  });

  it("serves /metrics as Prometheus text whose counters move with a /start and an exchange", async () => {
    h = await startHarness({ env: { PORT: "0" } });
    const before = parsePromText((await get(h, "/metrics")).body);
    // Default process metrics are there.
    expect(sumOf(before, "process_cpu_user_seconds_total")).toBeGreaterThan(0);

    const user = h.emulator.user({ id: 7001, first_name: "Mo", language_code: "en" });
    user.sendText("/start");
    await h.emulator.waitFor(() => user.chat.last());
    const chat = new ChatDriver(h, user);
    await chat.send("/exchange", "Which coin do you send?");
    const exchange = await openExchange(h, user);
    await h.app.poller.runCycle({ all: true });
    await h.app.files?.store.whenDurable();

    const res = await get(h, "/metrics");
    expect(res.status).toBe(200);
    expect(res.type).toContain("text/plain");
    const after = parsePromText(res.body);
    const moved = (name: string, labels: Record<string, string> = {}) => sumOf(after, name, labels) - sumOf(before, name, labels);
    expect(moved("bot_updates_total", { type: "message", outcome: "ok" })).toBeGreaterThanOrEqual(2);
    expect(moved("bot_update_duration_seconds_count", { type: "message" })).toBeGreaterThanOrEqual(2);
    // The feature that took each update: /start, and /exchange (a step of the exchange flow).
    expect(moved("bot_feature_duration_seconds_count", { feature: "start" })).toBe(1);
    expect(moved("bot_feature_duration_seconds_count", { feature: "exchange" })).toBe(1);
    expect(sumOf(after, "bot_ready")).toBe(1);
    expect(sumOf(after, "bot_ready_check", { check: "store" })).toBe(1);
    expect(
      moved("partner_requests_total", { endpoint: "exchange-create", outcome: "ok" }) + moved("partner_requests_total", { outcome: "ok" }),
    ).toBeGreaterThan(0);
    expect(moved("partner_request_duration_seconds_count")).toBeGreaterThanOrEqual(2);
    expect(moved("poller_cycle_duration_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(sumOf(after, "exchanges_open", { status: exchange.status })).toBe(1);
    expect(sumOf(after, "store_file_bytes", { file: "db.json" })).toBeGreaterThan(0);
    expect(moved("store_write_duration_seconds_count", { file: "db.json" })).toBeGreaterThanOrEqual(1);
    expect(sumOf(after, "poller_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(after.has("outbox_backlog")).toBe(true);

    // Figures read from the store come back after a restart; a fresh registry starts the counters over.
    await h.restart();
    const restarted = parsePromText((await get(h, "/metrics")).body);
    expect(sumOf(restarted, "exchanges_open", { status: exchange.status })).toBe(1);
    expect(sumOf(restarted, "bot_updates_total")).toBe(0);
  });

  it("wants the bearer METRICS_TOKEN on /metrics only, and never logs it", async () => {
    h = await startHarness({ env: { PORT: "0", METRICS_TOKEN: TOKEN } });
    expect((await get(h, "/metrics")).status).toBe(401);
    expect((await get(h, "/metrics", { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await get(h, "/metrics", { authorization: TOKEN })).status).toBe(401);
    const ok = await get(h, "/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    parsePromText(ok.body);
    expect((await get(h, "/healthz")).status).toBe(200);
    await h.app.stop();
    expect(h.logs.join("")).not.toContain(TOKEN);
  });

  it("starts no ops server without PORT", async () => {
    h = await startHarness();
    expect(h.app.ops.server).toBeUndefined();
  });
});
