/**
 * A second run in sandbox mode (issue 15): the bot's data outlives a restart, and so must the
 * sandbox exchange's orders, or the bot's open exchanges turn "not found" and are given up. Here
 * the bot and the sandbox restart together, as a second `npm start` restarts them.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.js";
import { loadDevConfig, startDevSystem } from "../../src/devtools/system.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { storedExchange } from "./stored.js";

/** One poller cycle over every open exchange, then every notice it caused. */
async function cycle(h: Harness) {
  const report = await h.app.poller.runCycle({ all: true });
  await h.app.delivery.idle();
  await h.app.delivery.idle();
  return report;
}

describe("a restart of the bot and the sandbox exchange together", () => {
  let h: Harness;
  let chat: ChatDriver;

  beforeEach(async () => {
    h = await startHarness({ sandboxStateInDataDir: true, env: { POLL_INTERVAL_MS: "3600000" } });
    chat = new ChatDriver(h, h.emulator.user({ id: 2401, first_name: "Ren", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  it("keeps tracking the first run's exchange and completes it", async () => {
    const { card } = await chat.toConfirmationCard();
    await chat.press(card, "x:confirm", "I will tell you about every status change");
    const [order] = h.sandbox.orders.list();
    const firstSandbox = h.sandbox;

    await h.restart(undefined, { sandbox: true });
    expect(h.sandbox).not.toBe(firstSandbox);
    expect(h.sandbox.orders.list()).toEqual([order]);

    // The new run's poller finds it (no "not found"), and moves with it to the end.
    expect(await cycle(h)).toMatchObject({ checked: 1, notFound: 0, failed: 0 });
    h.sandbox.orders.deposit(order!.id);
    await cycle(h);
    await chat.waitNew("has arrived", 0);
    for (let i = 0; i < 3; i++) h.sandbox.orders.advance(order!.id);
    await cycle(h);
    await chat.waitNew(`Exchange ${order!.id} is complete`, 0);
    const done = await storedExchange(h.app, order!.id);
    expect(done.status).toBe("success");
    expect(done.txId).toBe(h.sandbox.orders.get(order!.id)!.txId);
    expect(done.tracking?.stoppedReason).toBeUndefined();

    // /status answers from the service, and a second exchange gets a new id.
    await chat.send(`/status ${order!.id}`, "Completed");
    const { card: card2 } = await chat.toConfirmationCard();
    await chat.press(card2, "x:confirm", "I will tell you about every status change");
    const ids = h.sandbox.orders.list().map((o) => o.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });
});

describe("npm start in sandbox mode, twice on one DATA_DIR", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "swapbot-second-run-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("gives the second run's sandbox the first run's orders", async () => {
    const env = { DATA_DIR: dataDir, SANDBOX_PORT: "0", LOG_LEVEL: "silent" };
    const start = () => startDevSystem(loadDevConfig(env), createLogger({ level: "silent", secrets: [] }));
    const first = await start();
    const created = await first.app.partner.createExchange({
      from: "BTC",
      to: "ETH",
      amount: "0.1",
      destinationAddress: SAMPLE_ADDRESSES.ETH!,
      refundAddress: SAMPLE_ADDRESSES.BTC!,
    });
    await first.close();

    const second = await start();
    try {
      expect(second.sandbox.orders.list().map((o) => o.id)).toEqual([created.id]);
      expect((await second.app.partner.exchangeStatus(created.id)).status).toBe("waiting_deposit");
    } finally {
      await second.close();
    }
  });
});
