/** The steps the capabilities of issue 22 add to the draft: the rate choice and "receive exactly". */
import { describe, expect, it } from "vitest";
import { chooseFrom, chooseTo, clearStep, goBack, nextStep, type Draft } from "../../src/domain/exchange-draft.js";
import type { Currency } from "../../src/domain/types.js";

const BTC: Currency = { code: "BTC", minAmount: "0.0005", tagName: "", network: "BTC" };
const ETH: Currency = { code: "ETH", minAmount: "0.005", tagName: "", network: "ETH" };
const LTC: Currency = { code: "LTC", minAmount: "0.1", tagName: "", network: "LTC" };

describe("the draft with capabilities", () => {
  it("asks fixed or floating after the amount only when the service offers fixed rates", () => {
    const draft: Draft = { from: BTC, to: ETH, amount: "0.1" };
    expect(nextStep(draft)).toBe("destination");
    expect(nextStep({ ...draft, offers: { fixed: true } })).toBe("rateKind");
    expect(nextStep({ ...draft, offers: { fixed: true }, rateKind: "fixed" })).toBe("destination");
  });

  it("has nothing to choose for an amount to receive (a payment order has no fix)", () => {
    expect(nextStep({ from: BTC, to: ETH, amount: "0.1", amountTo: "2", offers: { fixed: true, receive: true } })).toBe("destination");
  });

  it("drops the choice and the amount to receive with the amount, and Back from the address asks the choice again", () => {
    const chosen: Draft = { from: BTC, to: ETH, amount: "0.1", amountTo: "2", rateKind: "fixed", offers: { fixed: true } };
    expect(clearStep(chosen, "amount")).toEqual({ from: BTC, to: ETH, offers: { fixed: true } });
    const atAddress: Draft = { from: BTC, to: ETH, amount: "0.1", rateKind: "fixed", offers: { fixed: true } };
    expect(nextStep(goBack(atAddress, "destination"))).toBe("rateKind");
  });

  it("drops an amount to receive when the coin received changes, and keeps a plain amount", () => {
    const exact: Draft = { from: BTC, to: ETH, amount: "0.1", amountTo: "2", offers: { receive: true } };
    expect(chooseTo(exact, LTC)).toEqual({ from: BTC, to: LTC, offers: { receive: true } });
    expect(chooseTo({ from: BTC, to: ETH, amount: "0.1" }, LTC)).toMatchObject({ amount: "0.1" });
    expect(chooseFrom({ ...exact, rateKind: "fixed" }, LTC, ["ETH"])).not.toHaveProperty("rateKind");
  });
});
