/**
 * The sandbox's orders file (issue 15): a sandbox started on the file of an earlier one knows
 * that one's orders, moves them on, and draws new ids that never repeat them.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock, SAMPLE_ADDRESSES, startSandbox, type SandboxServer } from "../../../src/devtools/sandbox/server.js";
import { loadSandboxState } from "../../../src/devtools/sandbox/state-file.js";
import { call } from "./http.js";

const createParams = {
  from: "BTC",
  to: "ETH",
  amount: "0.1",
  destinationAddress: SAMPLE_ADDRESSES.ETH!,
  refundAddress: SAMPLE_ADDRESSES.BTC!,
};

let dir: string;
let file: string;
const open: SandboxServer[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "swapbot-sandbox-state-"));
  file = join(dir, "sandbox-orders.json");
});
afterEach(async () => {
  for (const sb of open.splice(0)) await sb.close();
  await rm(dir, { recursive: true, force: true });
});

async function start(opts: Parameters<typeof startSandbox>[0]): Promise<SandboxServer> {
  const sb = await startSandbox(opts);
  open.push(sb);
  return sb;
}

async function create(sb: SandboxServer): Promise<string> {
  const answer = await call(sb, "exchange-create", createParams);
  const id = (answer.body as { id?: unknown }).id;
  if (typeof id !== "string") throw new Error(`no order created: ${JSON.stringify(answer.body)}`);
  return id;
}

describe("the sandbox's orders file", () => {
  it("has an order on disk by the time its exchange-create is answered", async () => {
    const sb = await start({ stateFile: file, lifecycle: "manual" });
    const id = await create(sb);
    // Read straight after the answer: no later write could have put it there.
    const saved = loadSandboxState(file)!;
    expect(saved.orders.map((o) => o.id)).toEqual([id]);
    sb.orders.deposit(id);
    expect(loadSandboxState(file)!.orders[0]!.status).toBe("deposit_received");
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ version: 1 });
  });

  it("reloads the orders at start: they answer exchange-status and move on; new ids repeat none", async () => {
    const first = await start({ stateFile: file, lifecycle: "manual", seed: 7 });
    const a = await create(first);
    const b = await create(first);
    first.orders.deposit(a);
    const before = first.orders.list();
    await first.close();

    // Another seed, as `npm start` passes a random one each run: the file's position wins.
    const second = await start({ stateFile: file, lifecycle: "manual", seed: 7 });
    expect(second.orders.list()).toEqual(before);
    const status = await call(second, "exchange-status", { id: a });
    expect(status.body).toMatchObject({ result: true, status: "deposit_received", depositAddress: before[0]!.depositAddress });
    second.orders.advance(a);
    expect(second.orders.get(a)!.status).toBe("exchanging");
    const c = await create(second);
    expect([a, b]).not.toContain(c);

    // A sandbox without the file, on the same seed, would have handed out the first run's ids again.
    const forgetful = await start({ lifecycle: "manual", seed: 7 });
    expect(await create(forgetful)).toBe(a);
    await second.close();
    const third = await start({ stateFile: file, lifecycle: "manual", seed: 12345 });
    expect(third.orders.list().map((o) => o.id)).toEqual([a, b, c]);
    expect(third.orders.get(a)!.status).toBe("exchanging");
  });

  it("goes on with a timed lifecycle from where the saved statuses were", async () => {
    const clock = new ManualClock();
    const lifecycle = { depositAfterMs: 1_000, confirmMs: 1_000, exchangeMs: 1_000, sendMs: 1_000 };
    const first = await start({ stateFile: file, clock, lifecycle });
    const id = await create(first);
    await first.close();
    clock.advance(10_000);
    const second = await start({ stateFile: file, clock, lifecycle });
    const order = second.orders.get(id)!;
    expect(order.status).toBe("success");
    expect(order.txId).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a file it cannot read rather than starting empty, naming the file", async () => {
    await writeFile(file, "{ not json");
    await expect(startSandbox({ stateFile: file })).rejects.toThrow(file);
    await writeFile(file, JSON.stringify({ version: 99, seed: 1, rngState: 1, orders: [] }));
    await expect(startSandbox({ stateFile: file })).rejects.toThrow(/not a version-1 sandbox state/);
    // Untouched: nothing overwrote it.
    expect(await readFile(file, "utf8")).toContain('"version":99');
  });
});
