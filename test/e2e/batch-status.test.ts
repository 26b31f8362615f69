/**
 * Batch status (PARTNER_FEATURES `batch-status`), end to end against the sandbox: the poller asks
 * about every due exchange in one exchanges-status request and reads in full (exchange-status)
 * only those whose status moved. Without the capability, one exchange-status per exchange as
 * before; with it but a service that does not answer the call, one by one as before.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { cycle, openExchange, type TestUser } from "./fixtures.js";
import { storedExchange } from "./stored.js";
import { NO_PARTNER_FEATURES } from "../../src/partner/features.js";

async function setUp(features: string, sandboxFeatures?: typeof NO_PARTNER_FEATURES): Promise<{ h: Harness; user: TestUser }> {
  const h = await startHarness({
    env: { POLL_INTERVAL_MS: "3600000", PARTNER_FEATURES: features },
    sandbox: sandboxFeatures ? { features: sandboxFeatures } : {},
  });
  const user = h.emulator.user({ id: 3201, first_name: "Ada", language_code: "en" });
  user.sendText("/start");
  await h.emulator.waitFor(() => user.chat.last());
  return { h, user };
}

/** Status requests of each kind made by `run`. */
async function requestsOf(h: Harness, run: () => Promise<unknown>): Promise<{ single: number; batch: number }> {
  const single = h.sandbox.requests.count("exchange-status");
  const batch = h.sandbox.requests.count("exchanges-status");
  await run();
  return { single: h.sandbox.requests.count("exchange-status") - single, batch: h.sandbox.requests.count("exchanges-status") - batch };
}

describe("batch status, end to end", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("with `batch-status`: one request for every exchange, a full read only for the one that moved", async () => {
    const s = await setUp("batch-status");
    h = s.h;
    const exchanges = [await openExchange(h, s.user), await openExchange(h, s.user), await openExchange(h, s.user)];
    expect(await requestsOf(h, () => cycle(h!))).toEqual({ single: 0, batch: 1 });
    const [moved] = exchanges;
    h.sandbox.orders.deposit(moved!.id);
    let report;
    expect(await requestsOf(h, async () => (report = await cycle(h!)))).toEqual({ single: 1, batch: 1 });
    expect(report).toMatchObject({ checked: 3, changed: 1, failed: 0 });
    expect((await storedExchange(h.app, moved!.id)).status).toBe("deposit_received");
    expect(s.user.chat.byId(moved!.cardMessageId!)!.plain).toContain("Deposit received");
    expect(s.user.chat.messages().some((m) => m.plain.includes(`deposit of 0.1 BTC for exchange ${moved!.id} has arrived`))).toBe(true);
    // The ids went in the `ids` header, as the service's SDK sends them.
    expect(h.sandbox.requests.count("exchanges-status")).toBe(2);
  });

  it("without `batch-status`: one exchange-status per exchange, as before", async () => {
    const s = await setUp("");
    h = s.h;
    for (let i = 0; i < 3; i++) await openExchange(h, s.user);
    expect(await requestsOf(h, () => cycle(h!))).toEqual({ single: 3, batch: 0 });
  });

  it("with `batch-status` against a service without the call: one by one, nothing missed", async () => {
    const s = await setUp("batch-status", NO_PARTNER_FEATURES);
    h = s.h;
    const ex = await openExchange(h, s.user);
    await openExchange(h, s.user);
    h.sandbox.orders.deposit(ex.id);
    let report;
    expect(await requestsOf(h, async () => (report = await cycle(h!)))).toEqual({ single: 2, batch: 1 });
    expect(report).toMatchObject({ checked: 2, changed: 1, failed: 0 });
    expect((await storedExchange(h.app, ex.id)).status).toBe("deposit_received");
  });
});
