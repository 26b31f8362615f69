/**
 * The playground walk of a late deposit refunded, over the control API as the page drives it:
 * the system started as `npm start` starts it in sandbox mode, with PARTNER_FEATURES=emergency.
 * An exchange made in the chat, the panel's "Late deposit" button, the offer in the chat, the
 * refund pressed (to the refund address given at the start, or to another one typed then), and the
 * order refunded at the sandbox, exactly once.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.js";
import { loadDevConfig, startDevSystem, type DevSystem } from "../../src/devtools/system.js";
import { PLAYGROUND_USER } from "../../src/devtools/playground/server.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { playgroundDriver, type PlaygroundDriver, type PlaygroundMessage } from "./playground-driver.js";

describe("the playground: a late deposit refunded", () => {
  let system: DevSystem;
  let dataDir: string;
  let base: string;
  let driver: PlaygroundDriver;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "swapbot-playground-late-"));
    const env = { DATA_DIR: dataDir, SANDBOX_PORT: "0", LOG_LEVEL: "silent", PARTNER_FEATURES: "emergency" };
    system = await startDevSystem(loadDevConfig(env), createLogger({ level: "silent", secrets: [] }));
    driver = playgroundDriver(system);
    base = driver.api;
  });
  afterEach(async () => {
    await system.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An exchange made in the chat, then the panel's "Late deposit" button: the order's id and the offer. */
  const lateDepositWalk = async (u: number): Promise<{ order: { id: string }; offer: PlaygroundMessage }> => {
    await driver.exchangeToInstructions(u);

    const [order] = ((await (await fetch(`${base}/orders`)).json()) as { orders: { id: string }[] }).orders;
    // The panel's "Late deposit" button.
    expect((await driver.post(`orders/${order!.id}/late`, {})).body).toEqual({ status: "payment_time_expired" });
    const offer = await driver.botSays(u, "The service holds it until you choose");
    expect(offer.buttons.flat().map((b) => b.data)).toEqual([`ld:c:${order!.id}`, `ld:r:${order!.id}`, `ld:o:${order!.id}`]);
    return { order: order!, offer };
  };

  it("walks it to another address: the address asked, checked, confirmed, refunded there once", async () => {
    const u = PLAYGROUND_USER.id;
    const other = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
    const { order, offer } = await lateDepositWalk(u);
    await driver.post("press", { user: u, message_id: offer.id, data: `ld:o:${order.id}` });
    await driver.botSays(u, "should go back to");
    await driver.post("send", { user: u, text: other });
    const confirm = await driver.botSays(u, `Refund the deposit of exchange ${order.id} to ${other}`);
    await driver.post("press", { user: u, message_id: confirm.id, data: confirm.buttons.flat()[0]!.data });
    await driver.botSays(u, `Sent to the service: refund to ${other}`);
    await driver.botSays(u, `Exchange ${order.id} was reverted`);
    expect(system.sandbox.orders.get(order.id)).toMatchObject({ status: "reverted", refundAddress: other });
    expect(system.sandbox.requests.count("payment/emergency")).toBe(1);
  }, 60_000);

  it("walks it: exchange, Late deposit, Refund, refunded once", async () => {
    const u = PLAYGROUND_USER.id;
    const { order, offer } = await lateDepositWalk(u);
    await driver.post("press", { user: u, message_id: offer.id, data: `ld:r:${order.id}` });
    await driver.botSays(u, `Sent to the service: refund to ${SAMPLE_ADDRESSES.BTC!}`);
    await driver.botSays(u, `Exchange ${order.id} was reverted`);
    expect(system.sandbox.orders.get(order.id)).toMatchObject({ status: "reverted", refundAddress: SAMPLE_ADDRESSES.BTC });
    expect(system.sandbox.requests.count("payment/emergency")).toBe(1);
    // A late deposit needs an order still waiting (or expired): the panel refuses it now.
    expect((await driver.post(`orders/${order.id}/late`, {})).status).toBe(400);
  }, 60_000);
});
