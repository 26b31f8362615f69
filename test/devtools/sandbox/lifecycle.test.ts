import { afterEach, describe, expect, it } from "vitest";
import {
  ManualClock,
  SAMPLE_ADDRESSES,
  startSandbox,
  type SandboxOptions,
  type SandboxServer,
} from "../../../src/devtools/sandbox/server.js";
import { call } from "./http.js";

let sandbox: SandboxServer | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function start(opts: SandboxOptions): Promise<SandboxServer> {
  sandbox = await startSandbox(opts);
  return sandbox;
}

async function create(sb: SandboxServer): Promise<string> {
  const a = await call(sb, "exchange-create", {
    from: "LTC",
    to: "BTC",
    amount: "10",
    destinationAddress: SAMPLE_ADDRESSES.BTC!,
    refundAddress: SAMPLE_ADDRESSES.LTC!,
  });
  expect(a.body.id).toBeTypeOf("string");
  return a.body.id!;
}

async function statusOf(sb: SandboxServer, id: string) {
  return (await call(sb, "exchange-status", { id })).body;
}

const timing = { depositAfterMs: 1_000, expireAfterMs: 60_000, confirmMs: 2_000, exchangeMs: 3_000, sendMs: 4_000 };

describe("sandbox lifecycle on a ManualClock", () => {
  it("walks every happy-path status as the clock advances, then fills txId and amountTo", async () => {
    const clock = new ManualClock();
    const sb = await start({ clock, lifecycle: timing });
    const id = await create(sb);
    const seen: string[] = [];
    const check = async () => {
      const s = await statusOf(sb, id);
      seen.push(s.status!);
      return s;
    };
    expect((await check()).txId).toBeNull();
    clock.advance(999);
    await check();
    clock.advance(1);
    await check();
    clock.advance(2_000);
    await check();
    clock.advance(3_000);
    const sending = await check();
    expect(sending.amountTo).toBeNull();
    clock.advance(4_000);
    const done = await check();
    expect(seen).toEqual(["waiting_deposit", "waiting_deposit", "deposit_received", "exchanging", "sending", "success"]);
    expect(done.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(done.amountTo).toBe(done.expectedAmountTo);
    // success is terminal
    clock.advance(10 * 60_000);
    expect((await statusOf(sb, id)).status).toBe("success");
  });

  it("a big jump applies every due transition at once, with the times they were due", async () => {
    const clock = new ManualClock();
    const sb = await start({ clock, lifecycle: timing });
    const id = await create(sb);
    const t0 = clock.now();
    clock.advance(60_000);
    const order = sb.orders.get(id)!;
    expect(order.status).toBe("success");
    expect(order.history.map((h) => [h.status, h.at - t0])).toEqual([
      ["waiting_deposit", 0],
      ["deposit_received", 1_000],
      ["exchanging", 3_000],
      ["sending", 6_000],
      ["success", 10_000],
    ]);
  });

  it("expires a waiting order when no deposit comes", async () => {
    const clock = new ManualClock();
    const sb = await start({ clock, lifecycle: { ...timing, depositAfterMs: null } });
    const id = await create(sb);
    clock.advance(59_999);
    expect((await statusOf(sb, id)).status).toBe("waiting_deposit");
    clock.advance(1);
    expect((await statusOf(sb, id)).status).toBe("time_expired");
  });

  it("deposit() moves a waiting order at once and the clock carries on from there", async () => {
    const clock = new ManualClock();
    const sb = await start({ clock, lifecycle: { ...timing, depositAfterMs: null } });
    const id = await create(sb);
    sb.orders.deposit(id);
    expect((await statusOf(sb, id)).status).toBe("deposit_received");
    clock.advance(2_000);
    expect((await statusOf(sb, id)).status).toBe("exchanging");
    expect(() => sb.orders.deposit(id)).toThrow(/not waiting_deposit/);
  });
});

describe("sandbox lifecycle: manual mode and failure branches", () => {
  it("in manual mode nothing moves with time; advance() walks the happy path", async () => {
    const clock = new ManualClock();
    const sb = await start({ clock, lifecycle: "manual" });
    const id = await create(sb);
    clock.advance(24 * 3600_000);
    expect((await statusOf(sb, id)).status).toBe("waiting_deposit");
    const walked = [1, 2, 3, 4].map(() => sb.orders.advance(id).status);
    expect(walked).toEqual(["deposit_received", "exchanging", "sending", "success"]);
    expect((await statusOf(sb, id)).txId).toMatch(/^[0-9a-f]{64}$/);
    expect(() => sb.orders.advance(id)).toThrow(/cannot advance/);
  });

  it.each(["failed", "sending_failed", "reverted", "time_expired"] as const)("fail(id, %s) ends the order", async (status) => {
    const clock = new ManualClock();
    const sb = await start({ clock, lifecycle: timing });
    const id = await create(sb);
    sb.orders.deposit(id);
    sb.orders.fail(id, status);
    clock.advance(60_000);
    const s = await statusOf(sb, id);
    expect(s.status).toBe(status);
    expect(s.txId).toBeNull();
    expect(s.amountTo).toBeNull();
  });

  it("setStatus() serves any string, even one the spec does not list", async () => {
    const sb = await start({ clock: new ManualClock(), lifecycle: "manual" });
    const id = await create(sb);
    sb.orders.setStatus(id, "on_hold_kyc");
    expect((await statusOf(sb, id)).status).toBe("on_hold_kyc");
  });

  it("orders methods throw on an unknown id", async () => {
    const sb = await start({ lifecycle: "manual" });
    expect(sb.orders.get("nope")).toBeUndefined();
    expect(() => sb.orders.advance("nope")).toThrow(/no order/);
    expect(() => sb.orders.fail("nope", "failed")).toThrow(/no order/);
  });
});

describe("sandbox determinism", () => {
  async function firstOrders(seed: number) {
    const sb = await startSandbox({ seed, clock: new ManualClock(), lifecycle: "manual" });
    try {
      const ids = [await create(sb), await create(sb)];
      return sb.orders.list().map((o) => ({ id: o.id, depositAddress: o.depositAddress, ids }));
    } finally {
      await sb.close();
    }
  }

  it("the same seed gives the same ids and deposit addresses; another seed does not", async () => {
    const a = await firstOrders(7);
    const b = await firstOrders(7);
    const c = await firstOrders(8);
    expect(a).toEqual(b);
    expect(a[0]?.id).not.toBe(c[0]?.id);
    expect(a[0]?.id).not.toBe(a[1]?.id);
  });
});
