import { describe, expect, it } from "vitest";
import { PartnerHealth, quantile } from "../../src/support/partner-health.js";

const T0 = Date.parse("2024-05-01T12:00:00Z");
const at = (ms: number) => new Date(T0 + ms);

describe("PartnerHealth", () => {
  it("computes error rate and nearest-rank p50/p95 per endpoint over the last hour", () => {
    const h = new PartnerHealth();
    for (let i = 1; i <= 100; i++) h.record({ endpoint: "rate", ms: i, ok: i % 10 !== 0 }, at(i));
    h.record({ endpoint: "exchange-status", ms: 7, ok: true }, at(0));
    const snap = h.snapshot(at(1000));
    expect(snap).toEqual([
      { endpoint: "exchange-status", requests: 1, errors: 0, errorRate: 0, p50Ms: 7, p95Ms: 7 },
      { endpoint: "rate", requests: 100, errors: 10, errorRate: 0.1, p50Ms: 50, p95Ms: 95 },
    ]);
  });

  it("forgets what is older than the window", () => {
    const h = new PartnerHealth();
    h.record({ endpoint: "rate", ms: 5, ok: false }, at(0));
    h.record({ endpoint: "rate", ms: 9, ok: true }, at(30 * 60_000));
    expect(h.snapshot(at(61 * 60_000))).toEqual([{ endpoint: "rate", requests: 1, errors: 0, errorRate: 0, p50Ms: 9, p95Ms: 9 }]);
  });

  it("reports an outage once after it has lasted the threshold, and its recovery once", () => {
    const h = new PartnerHealth();
    h.record({ endpoint: "rate", ms: 1, ok: false }, at(0));
    h.record({ endpoint: "rate", ms: 1, ok: false }, at(60_000));
    expect(h.transition(at(2 * 60_000), 3 * 60_000)).toBeUndefined();
    expect(h.transition(at(3 * 60_000), 3 * 60_000)).toEqual({ kind: "down", since: at(0) });
    expect(h.transition(at(10 * 60_000), 3 * 60_000)).toBeUndefined();
    h.record({ endpoint: "rate", ms: 1, ok: true }, at(11 * 60_000));
    expect(h.transition(at(12 * 60_000), 3 * 60_000)).toEqual({ kind: "up", since: at(0), until: at(11 * 60_000) });
    expect(h.transition(at(13 * 60_000), 3 * 60_000)).toBeUndefined();
    expect(h.failingSince).toBeUndefined();
  });

  it("counts only real service failures toward an outage: refusals and 4xx answers are the service up", () => {
    const h = new PartnerHealth();
    h.record({ endpoint: "exchange-create", ms: 1, ok: false, errorKind: "http", status: 400 }, at(0));
    h.record({ endpoint: "exchange-status", ms: 1, ok: false, errorKind: "http", status: 404 }, at(60_000));
    h.record({ endpoint: "rate", ms: 1, ok: false, errorKind: "rejected" }, at(2 * 60_000));
    expect(h.failingSince).toBeUndefined();
    expect(h.transition(at(10 * 60_000), 3 * 60_000)).toBeUndefined();
    // They still count in the error rate.
    expect(h.snapshot(at(10 * 60_000)).find((e) => e.endpoint === "exchange-create")!.errors).toBe(1);

    for (const [i, e] of (
      [{ errorKind: "network" }, { errorKind: "timeout" }, { errorKind: "http", status: 502 }, { errorKind: "invalid-response" }] as const
    ).entries()) {
      h.record({ endpoint: "rate", ms: 1, ok: false, ...e }, at(11 * 60_000 + i * 60_000));
    }
    expect(h.failingSince).toEqual(at(11 * 60_000));
    // A 404 in the middle of an outage does not end it either.
    h.record({ endpoint: "exchange-status", ms: 1, ok: false, errorKind: "http", status: 404 }, at(15 * 60_000));
    expect(h.failingSince).toEqual(at(11 * 60_000));
    expect(h.transition(at(15 * 60_000), 3 * 60_000)).toEqual({ kind: "down", since: at(11 * 60_000) });
  });

  it("does not report a short blip, nor its end", () => {
    const h = new PartnerHealth();
    h.record({ endpoint: "rate", ms: 1, ok: false }, at(0));
    h.record({ endpoint: "rate", ms: 1, ok: true }, at(60_000));
    expect(h.transition(at(10 * 60_000), 3 * 60_000)).toBeUndefined();
  });

  it("quantile handles empty and small inputs", () => {
    expect(quantile([], 0.5)).toBe(0);
    expect(quantile([3], 0.95)).toBe(3);
    expect(quantile([1, 2], 0.5)).toBe(1);
  });
});
