import { describe, expect, it } from "vitest";
import { createMetrics } from "../../src/ops/metrics.js";
import { InFlightUpdates, markUpdateFailed } from "../../src/bot/middleware/in-flight.js";
import type { Context } from "grammy";
import { parsePromText, sumOf } from "./prom-text.js";

describe("app metrics", () => {
  it("keeps two apps' metrics apart (a registry each)", async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.telegramError("sendMessage", 403);
    a.telegramError("sendMessage", 403);
    b.telegramError("getUpdates", "network");
    const ta = parsePromText(await a.render());
    const tb = parsePromText(await b.render());
    expect(sumOf(ta, "telegram_api_errors_total", { method: "sendMessage", code: "403" })).toBe(2);
    expect(sumOf(tb, "telegram_api_errors_total", { method: "sendMessage" })).toBe(0);
    expect(sumOf(tb, "telegram_api_errors_total", { code: "network" })).toBe(1);
  });

  it("reads the store's figures when scraped, and reports NaN when its source throws", async () => {
    const m = createMetrics({ defaultMetrics: false });
    let open: Record<string, number> = { waiting_deposit: 2, exchanging: 1 };
    m.setSources({
      openExchangesByStatus: () => open,
      outboxBacklog: () => {
        throw new Error("store closed");
      },
      storeFileBytes: () => ({ "db.json": 1234 }),
      pollerLagSeconds: () => 12,
      readiness: () => ({ ready: false, checks: { store: { ok: true }, partner: { ok: false }, telegram: { ok: true } } }),
    });
    let s = parsePromText(await m.render());
    expect(sumOf(s, "exchanges_open", { status: "waiting_deposit" })).toBe(2);
    expect(sumOf(s, "store_file_bytes", { file: "db.json" })).toBe(1234);
    // Unknown, which 0 ("nothing waiting") would hide.
    expect(s.get("outbox_backlog")).toBeNaN();
    expect(s.get("poller_lag_seconds")).toBe(12);
    expect(s.get("bot_ready")).toBe(0);
    expect(sumOf(s, "bot_ready_check", { check: "partner" })).toBe(0);
    expect(sumOf(s, "bot_ready_check", { check: "store" })).toBe(1);
    open = { exchanging: 1 };
    s = parsePromText(await m.render());
    // A status no exchange is in any more is gone, not stuck at its old value.
    expect(sumOf(s, "exchanges_open", { status: "waiting_deposit" })).toBe(0);
    expect(sumOf(s, "exchanges_open")).toBe(1);
  });

  it("counts partner attempts by endpoint and outcome with their duration", async () => {
    const m = createMetrics({ defaultMetrics: false });
    m.partnerRequest({ endpoint: "currencies", ms: 30, ok: true });
    m.partnerRequest({ endpoint: "currencies", ms: 12_000, ok: false, errorKind: "timeout" });
    const s = parsePromText(await m.render());
    expect(sumOf(s, "partner_requests_total", { endpoint: "currencies", outcome: "ok" })).toBe(1);
    expect(sumOf(s, "partner_requests_total", { endpoint: "currencies", outcome: "timeout" })).toBe(1);
    expect(sumOf(s, "partner_request_duration_seconds_sum")).toBeCloseTo(12.03);
    expect(sumOf(s, "partner_request_duration_seconds_bucket", { le: "0.05" })).toBe(1);
  });

  it("reports an update as failed when the error boundary marked it, and as ok otherwise", async () => {
    const done: Array<{ type: string; outcome: string }> = [];
    const inFlight = new InFlightUpdates((d) => done.push({ type: d.type, outcome: d.outcome }));
    const ctx = (update: object) => ({ update }) as unknown as Context;
    await inFlight.middleware(ctx({ update_id: 1, message: {} }), async () => {});
    const failing = { update_id: 2, callback_query: {} };
    await inFlight.middleware(ctx(failing), () => {
      markUpdateFailed(failing as never);
      return Promise.resolve();
    });
    await expect(inFlight.middleware(ctx({ update_id: 3, inline_query: {} }), async () => Promise.reject(new Error("x")))).rejects.toThrow(
      "x",
    );
    expect(done).toEqual([
      { type: "message", outcome: "ok" },
      { type: "callback_query", outcome: "error" },
      { type: "inline_query", outcome: "error" },
    ]);
    expect(inFlight.active).toBe(0);
  });

  it("gives /stats the same counts /metrics shows", async () => {
    const m = createMetrics({ defaultMetrics: false });
    m.updateHandled("message", "ok", 0.01, "start");
    m.updateHandled("callback_query", "error", 0.02, "exchange");
    m.updateHandled("message", "ok", 0.01, "none");
    m.telegramError("sendMessage", 429);
    expect(await m.totals()).toEqual({ updates: 3, failedUpdates: 1, telegramErrors: 1 });
    const s = parsePromText(await m.render());
    expect(sumOf(s, "bot_updates_total")).toBe(3);
    expect(sumOf(s, "bot_updates_total", { outcome: "error" })).toBe(1);
    expect(sumOf(s, "bot_feature_duration_seconds_count", { feature: "exchange" })).toBe(1);
    expect(sumOf(s, "bot_feature_duration_seconds_count")).toBe(3);
  });

  it("counts retried Bot API failures by reason, and the PostgreSQL store's statements by kind", async () => {
    const m = createMetrics({ defaultMetrics: false });
    m.telegramAttemptFailed("429");
    m.telegramAttemptFailed("429");
    m.telegramAttemptFailed("network");
    m.storeStatement("write", 3);
    m.storeStatement("read", 1);
    const s = parsePromText(await m.render());
    expect(sumOf(s, "telegram_api_retried_failures_total", { reason: "429" })).toBe(2);
    expect(sumOf(s, "telegram_api_retried_failures_total", { reason: "network" })).toBe(1);
    expect(sumOf(s, "store_statement_duration_seconds_count", { kind: "write" })).toBe(1);
    expect(sumOf(s, "store_statement_duration_seconds_sum", { kind: "write" })).toBeCloseTo(0.003);
  });
});
