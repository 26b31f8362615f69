/** The sandbox's capabilities beyond our contract (issue 22): all offered by default, each can be left out. */
import { afterEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES, startSandbox, type SandboxServer } from "../../../src/devtools/sandbox/server.js";
import { NO_PARTNER_FEATURES, type PartnerFeature } from "../../../src/partner/features.js";
import { call } from "./http.js";

let sandbox: SandboxServer | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const payment = {
  from: "BTC",
  to: "ETH",
  amountTo: "2",
  destinationAddress: SAMPLE_ADDRESSES.ETH!,
  refundAddress: SAMPLE_ADDRESSES.BTC!,
};

describe("sandbox capabilities", () => {
  it("answers fix, a fixed quote a little below the floating one, and payment/rate's total to send", async () => {
    sandbox = await startSandbox();
    const floating = await call(sandbox, "rate", { from: "BTC", to: "ETH", amount: "1", fix: "0" });
    const fixed = await call(sandbox, "rate", { from: "BTC", to: "ETH", amount: "1", fix: "1" });
    expect(floating.body).toMatchObject({ result: true, fix: false });
    expect(fixed.body).toMatchObject({ result: true, fix: true });
    expect(fixed.body.rate!).toBeLessThan(floating.body.rate!);
    // Without `fix` the answer is our contract's, exactly as before.
    expect("fix" in (await call(sandbox, "rate", { from: "BTC", to: "ETH", amount: "1" })).body).toBe(false);

    const quote = await call(sandbox, "payment/rate", { from: "BTC", to: "ETH", amountTo: "2" });
    // `rate` is the amount of BTC to send for 2 ETH (+ the fee) at about 20 ETH a BTC: a total, not a price.
    expect(quote.body.rate!).toBeGreaterThan(0.09);
    expect(quote.body.rate!).toBeLessThan(0.11);
    expect(quote.body).toMatchObject({ minamount: 0.0005, maxamount: 50 });
    const created = await call(sandbox, "payment/exchange-create", payment);
    expect(sandbox.orders.get(created.body.id!)).toMatchObject({ expectedAmountTo: "2", expectedAmountFrom: String(quote.body.rate) });
  });

  it("checks a receive-exactly create's addresses and tags as exchange-create does, and opens no order for a refused one", async () => {
    sandbox = await startSandbox();
    const cases: [Record<string, string>, string][] = [
      [{ destinationAddress: SAMPLE_ADDRESSES.BTC! }, "invalid destination address for ETH"],
      [{ refundAddress: SAMPLE_ADDRESSES.ETH! }, "invalid refund address for BTC"],
      [{ to: "XRP", amountTo: "100", destinationAddress: SAMPLE_ADDRESSES.XRP! }, "destinationTag is required for XRP (Destination tag)"],
      [{ from: "XLM", refundAddress: SAMPLE_ADDRESSES.XLM!, refundTag: "m".repeat(29) }, "invalid refundTag for XLM (MEMO): too-long"],
    ];
    for (const [override, error] of cases) {
      const refused = await call(sandbox, "payment/exchange-create", { ...payment, ...override });
      expect(refused.body, error).toMatchObject({ result: false, error: expect.stringContaining(error) as unknown });
    }
    expect(sandbox.orders.list()).toHaveLength(0);
    // A tag where the coin takes one is kept; the deposit gets one where the sent coin has tags.
    const tagged = await call(sandbox, "payment/exchange-create", {
      ...payment,
      from: "XRP",
      to: "XLM",
      amountTo: "100",
      destinationAddress: SAMPLE_ADDRESSES.XLM!,
      destinationTag: "memo-1",
      refundAddress: SAMPLE_ADDRESSES.XRP!,
      refundTag: "12345",
    });
    expect(tagged.body.depositTag).toMatch(/^\d+$/);
    expect(sandbox.orders.get(tagged.body.id!)).toMatchObject({ destinationTag: "memo-1", refundTag: "12345", expectedAmountTo: "100" });
  });

  it("moves its rates on request, from the rates at start", async () => {
    sandbox = await startSandbox();
    const before = (await call(sandbox, "rate", { from: "BTC", to: "ETH", amount: "1" })).body.rate!;
    sandbox.moveRates(-10);
    const after = (await call(sandbox, "rate", { from: "BTC", to: "ETH", amount: "1" })).body.rate!;
    expect(after / before).toBeCloseTo(0.9, 6);
    sandbox.moveRates(0);
    expect((await call(sandbox, "rate", { from: "BTC", to: "ETH", amount: "1" })).body.rate).toBe(before);
  });

  it("answers a call of a capability left out as an unknown call, and ignores `fix`", async () => {
    sandbox = await startSandbox({ features: NO_PARTNER_FEATURES });
    expect(await call(sandbox, "payment/rate", { from: "BTC", to: "ETH", amountTo: "2" })).toMatchObject({ status: 404 });
    expect(await call(sandbox, "payment/exchange-create", payment)).toMatchObject({ status: 404 });
    const plain = await call(sandbox, "rate", { from: "BTC", to: "ETH", amount: "1" });
    const fixed = await call(sandbox, "rate", { from: "BTC", to: "ETH", amount: "1", fix: "1" });
    expect(fixed.body).toEqual(plain.body);
    expect(sandbox.orders.list()).toHaveLength(0);
  });

  it("reads the set it was given on every request, so a switch takes effect at once", async () => {
    const features = new Set<PartnerFeature>(["receive"]);
    sandbox = await startSandbox({ features });
    expect((await call(sandbox, "payment/rate", { from: "BTC", to: "ETH", amountTo: "2" })).status).toBe(200);
    features.delete("receive");
    expect((await call(sandbox, "payment/rate", { from: "BTC", to: "ETH", amountTo: "2" })).status).toBe(404);
  });
});
