import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Readiness } from "../../src/ops/readiness.js";

describe("Readiness", () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });
  async function fixture() {
    const dir = await mkdtemp(join(tmpdir(), "ops-ready-"));
    dirs.push(dir);
    let now = 1_000_000;
    const r = new Readiness({ dataDir: dir, now: () => now });
    await r.probe();
    r.telegramCall(true);
    return { r, dir, advance: (ms: number) => (now += ms) };
  }

  it("is ready with a writable directory, an answering Telegram and no partner call needed", async () => {
    const { r } = await fixture();
    expect(r.report()).toMatchObject({ ready: true });
  });

  it("is not ready before the store was probed or Telegram answered", () => {
    const r = new Readiness({ dataDir: "unused" });
    const report = r.report();
    expect(report.ready).toBe(false);
    expect(report.checks.store.ok).toBe(false);
    expect(report.checks.telegram).toEqual({ ok: false, reason: "not reached yet" });
  });

  it("is not ready when the data directory is a file", async () => {
    const { r, dir } = await fixture();
    const file = join(dir, "sub");
    await writeFile(file, "x");
    const r2 = new Readiness({ dataDir: file });
    await r2.probe();
    r2.telegramCall(true);
    expect(r2.report().checks.store).toEqual({ ok: false, reason: "data directory not writable (ENOTDIR)" });
    expect(r.report().ready).toBe(true);
  });

  it("is not ready while a store's writes fail, and ready after the next good write", async () => {
    const { r } = await fixture();
    r.storeWrite("db.json", false);
    expect(r.report().checks.store).toEqual({ ok: false, reason: "writes failing: db.json" });
    r.storeWrite("live.json", true);
    expect(r.report().ready).toBe(false);
    r.storeWrite("db.json", true);
    expect(r.report().ready).toBe(true);
  });

  it("is not ready when the last partner call within five minutes was a service failure, but a refusal is fine", async () => {
    const { r, advance } = await fixture();
    r.partnerRequest({ ok: false, errorKind: "rejected", status: 400 });
    expect(r.report().ready).toBe(true);
    r.partnerRequest({ ok: false, errorKind: "timeout" });
    expect(r.report().checks.partner.ok).toBe(false);
    r.partnerRequest({ ok: true });
    expect(r.report().checks.partner.ok).toBe(true);
    r.partnerRequest({ ok: false, errorKind: "http", status: 502 });
    advance(4 * 60_000);
    r.telegramCall(true);
    expect(r.report().checks.partner.ok).toBe(false);
    // No call for over five minutes: none was needed; the failure is old news.
    advance(2 * 60_000);
    r.telegramCall(true);
    expect(r.report().checks.partner.ok).toBe(true);
  });

  it("is not ready when Telegram did not answer, or has not answered for two minutes", async () => {
    const { r, advance } = await fixture();
    r.telegramCall(false, "HttpError");
    expect(r.report().checks.telegram).toEqual({ ok: false, reason: "unreachable (HttpError)" });
    r.telegramCall(true);
    expect(r.report().ready).toBe(true);
    advance(2 * 60_000 + 1);
    expect(r.report().checks.telegram).toEqual({ ok: false, reason: "no answer recently" });
  });

  it("is not ready once stopping", async () => {
    const { r } = await fixture();
    r.stop();
    expect(r.report().checks.store).toEqual({ ok: false, reason: "stopping" });
  });
});
