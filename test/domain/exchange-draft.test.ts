import { describe, expect, it } from "vitest";
import {
  chooseFrom,
  chooseTo,
  clearStep,
  coinLabel,
  editDraft,
  goBack,
  nextStep,
  previousStep,
  type Draft,
} from "../../src/domain/exchange-draft.js";
import type { Currency } from "../../src/domain/types.js";

const coin = (code: string, tagName = "", network?: string): Currency => ({ code, minAmount: "0.01", tagName, network });
const BTC = coin("BTC");
const ETH = coin("ETH");
const XRP = coin("XRP", "Destination tag");
const XLM = coin("XLM", "MEMO");

const full: Draft = {
  from: XRP,
  to: XLM,
  amount: "100",
  destinationAddress: "GDEST",
  destinationTag: "memo",
  refundAddress: "rREFUND",
  refundTag: "42",
};

describe("exchange draft steps", () => {
  it("asks for each missing value in order, tags only where the coin has one", () => {
    expect(nextStep({})).toBe("from");
    expect(nextStep({ from: BTC })).toBe("to");
    expect(nextStep({ from: BTC, to: ETH })).toBe("amount");
    expect(nextStep({ from: BTC, to: ETH, amount: "1" })).toBe("destination");
    expect(nextStep({ from: BTC, to: ETH, amount: "1", destinationAddress: "0x" })).toBe("refund");
    expect(nextStep({ from: BTC, to: XRP, amount: "1", destinationAddress: "r" })).toBe("destinationTag");
    expect(nextStep({ ...full, refundTag: undefined })).toBe("refundTag");
    expect(nextStep(full)).toBe("confirm");
  });

  it("goes back to the previous applicable step, skipping tags a coin does not need", () => {
    const noTags: Draft = { from: BTC, to: ETH, amount: "1", destinationAddress: "0xabc" };
    expect(previousStep(noTags, "refund")).toBe("destination");
    expect(nextStep(goBack(noTags, "refund"))).toBe("destination");
    expect(previousStep(full, "refund")).toBe("destinationTag");
    expect(previousStep(full, "from")).toBeUndefined();
    expect(goBack({}, "from")).toEqual({});
  });

  it("keeps later values when going back, so nothing typed is lost", () => {
    const back = goBack(full, "refundTag");
    expect(back.refundAddress).toBeUndefined();
    expect(back.destinationAddress).toBe("GDEST");
    expect(nextStep(back)).toBe("refund");
  });

  it("edits clear exactly what is entered again", () => {
    expect(nextStep(editDraft(full, "amount"))).toBe("amount");
    expect(editDraft(full, "amount").destinationAddress).toBe("GDEST");
    const dest = editDraft(full, "destination");
    expect([dest.destinationAddress, dest.destinationTag]).toEqual([undefined, undefined]);
    expect(nextStep(dest)).toBe("destination");
    const refund = editDraft(full, "refund");
    expect(nextStep(refund)).toBe("refund");
    expect(refund.refundTag).toBeUndefined();
    expect(nextStep(editDraft(full, "pair"))).toBe("from");
  });

  it("drops the amount and refund address when the coin to send changes, keeps them when it does not", () => {
    const same = chooseFrom(editDraft(full, "pair"), XRP, ["XLM"]);
    expect(same.amount).toBe("100");
    expect(same.refundAddress).toBe("rREFUND");
    const changed = chooseFrom(editDraft(full, "pair"), BTC, ["XLM"]);
    expect(changed.amount).toBeUndefined();
    expect(changed.refundAddress).toBeUndefined();
    expect(changed.refundTag).toBeUndefined();
    expect(changed.destinationAddress).toBe("GDEST");
  });

  it("keeps the destination when the pair is re-picked with the same coin to receive", () => {
    const repicked = chooseTo(chooseFrom(editDraft(full, "pair"), XRP, ["XLM"]), XLM);
    expect(repicked).toEqual(full);
    const otherTarget = chooseTo(chooseFrom(editDraft(full, "pair"), XRP, ["XLM", "ETH"]), ETH);
    expect(otherTarget.destinationAddress).toBeUndefined();
    expect(otherTarget.amount).toBe("100");
  });

  it("drops the coin to receive when the new coin to send cannot be exchanged for it", () => {
    const next = chooseFrom(full, BTC, ["ETH"]);
    expect(next.to).toBeUndefined();
    expect(next.destinationAddress).toBeUndefined();
  });

  it("drops the destination address and tag when the coin to receive changes", () => {
    const next = chooseTo(full, ETH);
    expect(next.destinationAddress).toBeUndefined();
    expect(next.destinationTag).toBeUndefined();
    expect(chooseTo(full, XLM).destinationAddress).toBe("GDEST");
  });

  it("clearStep leaves the draft unchanged on confirm", () => {
    expect(clearStep(full, "confirm")).toEqual(full);
  });
});

describe("coinLabel", () => {
  it("shows the network once", () => {
    expect(coinLabel({ code: "USDTERC20", network: "ERC20" })).toBe("USDT · ERC20");
    expect(coinLabel({ code: "USDC", network: "ERC20" })).toBe("USDC · ERC20");
    expect(coinLabel({ code: "BTC", network: undefined })).toBe("BTC");
    expect(coinLabel({ code: "TRX", network: "" })).toBe("TRX");
    expect(coinLabel({ code: "BTC", network: "BTC" })).toBe("BTC");
    expect(coinLabel({ code: "BNB", network: "BEP2" })).toBe("BNB · BEP2");
  });
});
