/**
 * The sandbox's test hooks: `onRequest` at "received" (nothing done yet) and "answered" (the
 * order exists), and the "delay" fault that handles a request at once but answers late.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES, startSandbox, type SandboxRequestEvent, type SandboxServer } from "../../../src/devtools/sandbox/server.js";
import { call } from "./http.js";

let sandbox: SandboxServer | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const createParams = {
  from: "BTC",
  to: "ETH",
  amount: "0.1",
  destinationAddress: SAMPLE_ADDRESSES.ETH!,
  refundAddress: SAMPLE_ADDRESSES.BTC!,
};

describe("onRequest", () => {
  it("fires before an order is created and after it was answered, then stops after removal", async () => {
    const sb = (sandbox = await startSandbox({ lifecycle: "manual" }));
    const seen: { phase: string; endpoint: string; orders: number; status: number | undefined }[] = [];
    const remove = sb.onRequest((e: SandboxRequestEvent) => {
      seen.push({ phase: e.phase, endpoint: e.request.endpoint, orders: sb.orders.list().length, status: e.request.status });
    });
    const answer = await call(sb, "exchange-create", createParams);
    expect(answer.status).toBe(200);
    expect(seen).toEqual([
      { phase: "received", endpoint: "exchange-create", orders: 0, status: undefined },
      { phase: "answered", endpoint: "exchange-create", orders: 1, status: 200 },
    ]);
    remove();
    await call(sb, "currencies");
    expect(seen).toHaveLength(2);
  });

  it("sees a request held by a timeout fault arrive, and never answered", async () => {
    const sb = (sandbox = await startSandbox());
    const phases: string[] = [];
    sb.onRequest((e) => phases.push(e.phase));
    sb.faults.inject({ kind: "timeout", times: 1 });
    await expect(fetch(`${sb.url}/currencies?key=${sb.apiKey}`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect(phases).toEqual(["received"]);
  });
});

describe("the delay fault", () => {
  it("creates the order at once and answers only after the delay", async () => {
    const sb = (sandbox = await startSandbox({ lifecycle: "manual" }));
    sb.faults.inject({ endpoint: "exchange-create", kind: "delay", ms: 300, times: 1 });
    const started = Date.now();
    const pending = call(sb, "exchange-create", createParams);
    await new Promise((r) => setTimeout(r, 100));
    // Handled on arrival: the order exists while its answer is still on the way.
    expect(sb.orders.list()).toHaveLength(1);
    const answer = await pending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(answer.body.id).toBe(sb.orders.list()[0]!.id);
    // Only once: the next request is answered at once.
    const quick = Date.now();
    await call(sb, "currencies");
    expect(Date.now() - quick).toBeLessThan(250);
  });

  it("answers with the status as it was on arrival (a stale answer)", async () => {
    const sb = (sandbox = await startSandbox({ lifecycle: "manual" }));
    const { body } = await call(sb, "exchange-create", createParams);
    sb.faults.inject({ endpoint: "exchange-status", kind: "delay", ms: 200, times: 1 });
    const slow = call(sb, "exchange-status", { id: body.id! });
    await new Promise((r) => setTimeout(r, 50));
    sb.orders.deposit(body.id!);
    expect((await call(sb, "exchange-status", { id: body.id! })).body.status).toBe("deposit_received");
    expect((await slow).body.status).toBe("waiting_deposit");
  });

  it("refuses a negative delay", async () => {
    const sb = (sandbox = await startSandbox());
    expect(() => sb.faults.inject({ kind: "delay", ms: -1 })).toThrow(RangeError);
  });
});
