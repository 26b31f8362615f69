/**
 * The step table (src/bot/features/exchange/steps/table.ts): the order, Back, what a changed answer
 * clears, the card's Edit groups and the prefill are all derived from it. Pure: no catalog read,
 * no service, no chat.
 */
import { describe, expect, it } from "vitest";
import {
  EDIT_GROUPS,
  LAST_STEP,
  nextStep,
  previousStep,
  recallDraft,
  STEP_TABLE,
  stepByCode,
  stepById,
  stepNumber,
  stepsOfGroup,
  takeBack,
  withAnswer,
} from "../../src/bot/features/exchange/steps/table.js";
import type { Draft } from "../../src/bot/features/exchange/steps/step.js";
import { fromStep } from "../../src/bot/features/exchange/steps/from.js";
import { fromNetworkStep, sendCoin } from "../../src/bot/features/exchange/steps/from-network.js";
import { toStep } from "../../src/bot/features/exchange/steps/to.js";
import { receiveCoin, toNetworkStep } from "../../src/bot/features/exchange/steps/to-network.js";
import { amountStep } from "../../src/bot/features/exchange/steps/amount.js";
import { rateKindStep } from "../../src/bot/features/exchange/steps/rate-kind.js";
import { destinationStep } from "../../src/bot/features/exchange/steps/destination.js";
import { destinationTagStep } from "../../src/bot/features/exchange/steps/destination-tag.js";
import { refundStep } from "../../src/bot/features/exchange/steps/refund.js";
import { refundTagStep } from "../../src/bot/features/exchange/steps/refund-tag.js";
import { confirmStep } from "../../src/bot/features/exchange/steps/confirm.js";
import { orderOf } from "../../src/bot/features/exchange/steps/order.js";
import { buildCatalogIndex } from "../../src/domain/catalog-index.js";
import type { Currency } from "../../src/domain/types.js";

const coin = (code: string, extra: Partial<Currency> = {}): Currency => ({ code, minAmount: "0.01", tagName: "", network: code, ...extra });
const BTC = coin("BTC", { ticker: "BTC" });
const ETH = coin("ETH", { ticker: "ETH" });
const XRP = coin("XRP", { tagName: "Destination tag", ticker: "XRP" });
const USDT_TRC20 = coin("USDTTRC20", { network: "TRC20", ticker: "USDT" });

const empty: Draft = { answers: {} };

/** A draft with `answers` given in order, as a person would. */
function walk(...answers: Array<[{ id: string }, unknown]>): Draft {
  let draft = empty;
  for (const [step, value] of answers)
    draft = withAnswer(
      draft,
      STEP_TABLE.find((s) => s.id === step.id)!,
      value,
    );
  return draft;
}

const btcToEth = walk(
  [fromStep, { ticker: "BTC", coin: BTC }],
  [toStep, { ticker: "ETH", coin: ETH }],
  [amountStep, { amount: "0.1" }],
  [destinationStep, { address: "0xdest" }],
  [refundStep, { address: "bc1refund" }],
);

describe("the step table", () => {
  it("gives every step a one-letter code of its own, and finds each by id and code", () => {
    const codes = STEP_TABLE.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const step of STEP_TABLE) {
      expect(step.code).toMatch(/^[a-z]$/);
      expect(stepByCode(step.code)).toBe(step);
      expect(stepById(step.id)).toBe(step);
    }
    expect(LAST_STEP).toBe(confirmStep);
  });

  it("names only earlier steps as what a step depends on", () => {
    STEP_TABLE.forEach((step, i) => {
      for (const before of step.after)
        expect(STEP_TABLE.indexOf(before as (typeof STEP_TABLE)[number]), `${step.id} after ${before.id}`).toBeLessThan(i);
    });
  });

  it("asks for each missing answer in order, the network only for a ticker on several, tags only where the coin has one", () => {
    expect(nextStep(empty)).toBe(fromStep);
    expect(nextStep(walk([fromStep, { ticker: "BTC", coin: BTC }]))).toBe(toStep);
    expect(nextStep(walk([fromStep, { ticker: "USDT" }]))).toBe(fromNetworkStep);
    const usdt = walk([fromStep, { ticker: "USDT" }], [fromNetworkStep, USDT_TRC20], [toStep, { ticker: "XRP", coin: XRP }]);
    expect(nextStep(usdt)).toBe(amountStep);
    expect(sendCoin(usdt)).toEqual(USDT_TRC20);
    expect(receiveCoin(usdt)).toEqual(XRP);
    const toTag = withAnswer(withAnswer(usdt, amountStep, { amount: "10" }), destinationStep, { address: "rDEST" });
    expect(nextStep(toTag)).toBe(destinationTagStep);
    expect(nextStep(btcToEth)).toBe(confirmStep);
  });

  it("skips the tag step when a saved address brought its tag", () => {
    const withSaved = walk(
      [fromStep, { ticker: "BTC", coin: BTC }],
      [toStep, { ticker: "XRP", coin: XRP }],
      [amountStep, { amount: "0.1" }],
      [destinationStep, { address: "rDEST", tag: "42" }],
    );
    expect(nextStep(withSaved)).toBe(refundStep);
    expect(orderOf(withAnswer(withSaved, refundStep, { address: "bc1" }))?.destinationTag).toBe("42");
  });

  it("asks the rate kind only when fixed rates are offered and no amount to receive was fixed", () => {
    const offered: Draft = { ...btcToEth, offers: { fixed: true } };
    expect(rateKindStep.applies?.(offered)).toBe(true);
    expect(rateKindStep.applies?.(btcToEth)).toBe(false);
    expect(rateKindStep.applies?.(withAnswer(offered, amountStep, { amount: "0.1", amountTo: "2" }))).toBe(false);
  });

  it("goes back to the previous step that applies, skipping a network that was not asked", () => {
    expect(previousStep(btcToEth, refundStep)).toBe(destinationStep);
    expect(previousStep(btcToEth, toStep)).toBe(fromStep);
    expect(previousStep(walk([fromStep, { ticker: "USDT" }]), toStep)).toBe(fromNetworkStep);
    expect(previousStep(btcToEth, fromStep)).toBeUndefined();
  });

  it("keeps later answers when one is taken back and given again unchanged", () => {
    const edited = takeBack(btcToEth, stepsOfGroup("pair"));
    expect(nextStep(edited)).toBe(fromStep);
    const same = withAnswer(withAnswer(edited, fromStep, { ticker: "BTC", coin: BTC }), toStep, { ticker: "ETH", coin: ETH });
    expect(nextStep(same)).toBe(confirmStep);
    expect(orderOf(same)).toEqual(orderOf(btcToEth));
  });

  it("clears what depends on an answer that changed, and only that", () => {
    const edited = takeBack(btcToEth, stepsOfGroup("pair"));
    // Another coin to send: its amount and refund address go; the coin received keeps its address.
    const other = withAnswer(withAnswer(edited, fromStep, { ticker: "USDT", coin: USDT_TRC20 }), toStep, { ticker: "ETH", coin: ETH });
    expect(amountStep.value(other)).toBeUndefined();
    expect(refundStep.value(other)).toBeUndefined();
    expect(destinationStep.value(other)).toEqual({ address: "0xdest" });
    // Another coin to receive: its address goes; the amount sent is still the person's.
    const otherTo = withAnswer(withAnswer(edited, fromStep, { ticker: "BTC", coin: BTC }), toStep, { ticker: "XRP", coin: XRP });
    expect(destinationStep.value(otherTo)).toBeUndefined();
    expect(refundStep.value(otherTo)).toEqual({ address: "bc1refund" });
    expect(amountStep.value(otherTo)).toEqual({ amount: "0.1" });
    expect(nextStep(otherTo)).toBe(destinationStep);
    // An amount to receive is an amount of the coin received: it goes with it.
    const exact = withAnswer(btcToEth, amountStep, { amount: "0.1", amountTo: "2" });
    const exactOther = withAnswer(withAnswer(takeBack(exact, [toStep]), fromStep, { ticker: "BTC", coin: BTC }), toStep, {
      ticker: "XRP",
      coin: XRP,
    });
    expect(amountStep.value(exactOther)).toBeUndefined();
  });

  it("takes a coin picked again as the same one whatever its catalog entry says now", () => {
    const edited = takeBack(btcToEth, [fromStep]);
    const again = withAnswer(edited, fromStep, { ticker: "BTC", coin: { ...BTC, minAmount: "0.5" } });
    expect(amountStep.value(again)).toEqual({ amount: "0.1" });
  });

  it("offers an Edit group for each kind of answer on the card, and asks exactly its steps again", () => {
    expect(EDIT_GROUPS).toEqual(["pair", "amount", "destination", "refund"]);
    expect(stepsOfGroup("pair")).toEqual([fromStep, fromNetworkStep, toStep, toNetworkStep]);
    expect(stepsOfGroup("amount")).toEqual([amountStep, rateKindStep]);
    expect(stepsOfGroup("destination")).toEqual([destinationStep, destinationTagStep]);
    expect(stepsOfGroup("refund")).toEqual([refundStep, refundTagStep]);
    expect(nextStep(takeBack(btcToEth, stepsOfGroup("destination")))).toBe(destinationStep);
  });

  it("numbers the five steps every exchange has", () => {
    expect([fromStep, toStep, amountStep, destinationStep, refundStep].map((s) => stepNumber(s))).toEqual(
      [1, 2, 3, 4, 5].map((n) => ({ n, total: 5 })),
    );
    expect(stepNumber(fromNetworkStep)).toBeUndefined();
    expect(stepNumber(confirmStep)).toBeUndefined();
  });

  describe("prefill from details known beforehand", () => {
    const index = buildCatalogIndex([BTC, ETH, XRP, USDT_TRC20], { BTC: ["ETH", "XRP", "USDTTRC20"], USDTTRC20: ["BTC", "XRP"] });

    it("takes a deep link's pair and amount when they fit, and the coin on its own network", () => {
      const draft = recallDraft({ from: "USDTTRC20", to: "BTC", amount: "12" }, empty, index);
      expect(sendCoin(draft)?.code).toBe("USDTTRC20");
      expect(fromNetworkStep.applies?.(draft)).toBe(false);
      expect(receiveCoin(draft)?.code).toBe("BTC");
      expect(amountStep.value(draft)).toEqual({ amount: "12" });
      expect(nextStep(draft)).toBe(destinationStep);
    });

    it("drops what no longer fits and keeps the rest: a closed pair, an amount under the minimum", () => {
      expect(nextStep(recallDraft({ from: "ETH", to: "BTC" }, empty, index))).toBe(fromStep);
      const closed = recallDraft({ from: "BTC", to: "BTC", amount: "1" }, empty, index);
      expect(nextStep(closed)).toBe(toStep);
      expect(amountStep.value(closed)).toEqual({ amount: "1" });
      expect(amountStep.value(recallDraft({ from: "BTC", to: "ETH", amount: "0.001" }, empty, index))).toBeUndefined();
    });

    it("takes every detail of a create started again, tags checked by the chain's rule", () => {
      const known = {
        from: "BTC",
        to: "XRP",
        amount: "0.5",
        destinationAddress: "rDEST",
        destinationTag: "123",
        refundAddress: "bc1refund",
        refundTag: "",
      };
      const draft = recallDraft(known, empty, index);
      expect(nextStep(draft)).toBe(confirmStep);
      expect(orderOf(draft)).toMatchObject({ amount: "0.5", destinationAddress: "rDEST", destinationTag: "123", refundTag: "" });
      expect(destinationTagStep.value(recallDraft({ ...known, destinationTag: "not a number" }, empty, index))).toBeUndefined();
    });
  });
});
