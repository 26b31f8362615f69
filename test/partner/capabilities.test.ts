/** The partner client's calls beyond our contract (issue 22), against the sandbox. */
import { afterEach, describe, expect, it } from "vitest";
import { createPartnerClient, type PartnerClient } from "../../src/partner/client.js";
import { SAMPLE_ADDRESSES, startSandbox, type SandboxServer } from "../../src/devtools/sandbox/server.js";
import { NO_PARTNER_FEATURES } from "../../src/partner/features.js";
import { fixFlagSchema } from "../../src/partner/fixed-rate.js";

let sandbox: SandboxServer | undefined;
let client: PartnerClient | undefined;
afterEach(async () => {
  client?.close();
  await sandbox?.close();
  sandbox = client = undefined;
});

async function start(features?: typeof NO_PARTNER_FEATURES): Promise<PartnerClient> {
  sandbox = await startSandbox(features ? { features } : {});
  client = createPartnerClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, retries: 0 });
  return client;
}

describe("partner client: fixed rate and receive exactly", () => {
  it("sends fix only when asked, and reads the answer's fix", async () => {
    const c = await start();
    expect((await c.rate("BTC", "ETH", "1")).fixed).toBeUndefined();
    expect((await c.rate("BTC", "ETH", "1", { fix: true })).fixed).toBe(true);
    expect((await c.rate("BTC", "ETH", "1", { fix: false })).fixed).toBe(false);
    expect(sandbox!.requests.list().map((r) => r.params.fix)).toEqual([undefined, "1", "0"]);
  });

  it("reads payment/rate's rate as the amount to send, and creates a payment order", async () => {
    const c = await start();
    const quote = await c.paymentRate!("BTC", "ETH", "2");
    expect(quote).toMatchObject({ amountTo: "2", minAmount: "0.0005", maxAmount: "50" });
    expect(Number(quote.amountFrom)).toBeGreaterThan(0.09);
    const created = await c.createPayment!({
      from: "BTC",
      to: "ETH",
      amountTo: "2",
      destinationAddress: SAMPLE_ADDRESSES.ETH!,
      refundAddress: SAMPLE_ADDRESSES.BTC!,
    });
    expect(sandbox!.orders.get(created.id)).toMatchObject({ expectedAmountTo: "2", expectedAmountFrom: quote.amountFrom });
  });

  it("fails with an http error when the service lacks the call", async () => {
    const c = await start(NO_PARTNER_FEATURES);
    await expect(c.paymentRate!("BTC", "ETH", "2")).rejects.toMatchObject({ kind: "http", status: 404 });
  });

  it("takes fix in the forms services send it, and nothing else as fixed", () => {
    for (const yes of [true, 1, "1", "true"]) expect(fixFlagSchema.parse(yes)).toBe(true);
    for (const no of [false, 0, "0", "false"]) expect(fixFlagSchema.parse(no)).toBe(false);
    for (const unknown of [undefined, null, "yes", 2]) expect(fixFlagSchema.parse(unknown)).toBeUndefined();
  });
});
