/**
 * The exchange a person is filling in, and the order of the steps that fill it.
 *
 * The flow never keeps a separate "current step": the next step is always the first one whose
 * value is missing. Back and Edit clear values, and the person is asked for exactly what is
 * missing again, so every way back through the flow goes through the same code.
 */
import { elementAt } from "./checked.js";
import type { Currency } from "./types.js";

export interface Draft {
  from?: Currency;
  to?: Currency;
  amount?: string;
  destinationAddress?: string;
  destinationTag?: string;
  refundAddress?: string;
  refundTag?: string;
  /**
   * A quote has been shown in this flow (at the amount step or on the confirmation card). The
   * funnel counts "quoted" once per flow, the first time; kept through Back and Edit.
   */
  quoted?: boolean;
  /** While the pair is being picked again: the coins the kept values belong to. */
  replacing?: { from?: Currency; to?: Currency };
  /**
   * What the service offered when the flow began (PARTNER_FEATURES `fixed`, `receive`): it decides
   * whether the rate step applies and whether the amount step offers "receive exactly". Absent:
   * our contract only, the flow of before.
   */
  offers?: { fixed?: boolean; receive?: boolean };
  /**
   * Receive exactly: the amount of `to` the person fixed. `amount` is then the service's figure
   * to send (`payment/rate`), asked again before the create.
   */
  amountTo?: string;
  /** Fixed or floating, chosen at the rate step (only when the service offers fixed rates). */
  rateKind?: RateKind;
  /**
   * The amount step is asking for the amount to receive (not to send): recorded with its prompt,
   * so an answer typed there is read as that after a restart too.
   */
  receiving?: boolean;
}

/** A fixed rate (guaranteed if the deposit arrives in time) or a floating one (an estimate). */
export type RateKind = "fixed" | "floating";

export type Step = "from" | "to" | "amount" | "rateKind" | "destination" | "destinationTag" | "refund" | "refundTag" | "confirm";

/** What the confirmation card's Edit button can go back to. */
export type EditTarget = "pair" | "amount" | "destination" | "refund";

const ORDER: readonly Step[] = ["from", "to", "amount", "rateKind", "destination", "destinationTag", "refund", "refundTag", "confirm"];

/** Whether a step applies to this draft at all (tags only where the coin has a tag name). */
function applies(draft: Draft, step: Step): boolean {
  if (step === "destinationTag") return Boolean(draft.to?.tagName);
  if (step === "refundTag") return Boolean(draft.from?.tagName);
  // A "receive exactly" order has no `fix` (the SDK sends none): there is nothing to choose.
  if (step === "rateKind") return draft.offers?.fixed === true && draft.amountTo === undefined;
  return true;
}

function isFilled(draft: Draft, step: Step): boolean {
  switch (step) {
    case "from":
      return draft.from !== undefined;
    case "to":
      return draft.to !== undefined;
    case "amount":
      return draft.amount !== undefined;
    case "rateKind":
      return draft.rateKind !== undefined;
    case "destination":
      return draft.destinationAddress !== undefined;
    case "destinationTag":
      return draft.destinationTag !== undefined;
    case "refund":
      return draft.refundAddress !== undefined;
    case "refundTag":
      return draft.refundTag !== undefined;
    case "confirm":
      return false;
  }
}

/** The step to ask next: the first applicable one whose value is missing. */
export function nextStep(draft: Draft): Step {
  return ORDER.find((step) => applies(draft, step) && !isFilled(draft, step)) ?? "confirm";
}

/** The applicable step before `step`, or undefined on the first one. */
export function previousStep(draft: Draft, step: Step): Step | undefined {
  const index = ORDER.indexOf(step);
  for (let i = index - 1; i >= 0; i--) {
    const candidate = elementAt(ORDER, i);
    if (applies(draft, candidate)) return candidate;
  }
  return undefined;
}

/** Removes the value a step collected, so that `nextStep` asks for it again. */
export function clearStep(draft: Draft, step: Step): Draft {
  const next = { ...draft };
  // Asking for an amount to receive is a state of the amount step's prompt, gone when it is left.
  delete next.receiving;
  switch (step) {
    case "from":
      delete next.from;
      break;
    case "to":
      delete next.to;
      break;
    case "amount":
      // The figures of a choice made at another amount are not the person's any more.
      delete next.amount;
      delete next.amountTo;
      delete next.rateKind;
      break;
    case "rateKind":
      delete next.rateKind;
      break;
    case "destination":
      delete next.destinationAddress;
      break;
    case "destinationTag":
      delete next.destinationTag;
      break;
    case "refund":
      delete next.refundAddress;
      break;
    case "refundTag":
      delete next.refundTag;
      break;
    case "confirm":
      break;
  }
  return next;
}

/** Back from `step`: the previous step's value is cleared and asked again. */
export function goBack(draft: Draft, step: Step): Draft {
  const previous = previousStep(draft, step);
  return previous === undefined ? draft : clearStep(draft, previous);
}

/** Edit from the confirmation card: clears what the person wants to enter again. */
export function editDraft(draft: Draft, target: EditTarget): Draft {
  switch (target) {
    case "pair": {
      // The coins are picked again; the amount and the addresses are kept only if the coins stay.
      const next = clearStep(clearStep(draft, "from"), "to");
      next.replacing = { from: draft.from, to: draft.to };
      return next;
    }
    case "amount":
      return clearStep(draft, "amount");
    case "destination":
      return clearStep(clearStep(draft, "destination"), "destinationTag");
    case "refund":
      return clearStep(clearStep(draft, "refund"), "refundTag");
  }
}

/**
 * Sets the coin to send. Values that belonged to another coin are dropped: the amount (its
 * minimum and meaning differ) and the refund address and tag (they are addresses of that coin).
 * The coin to receive is dropped too when the new coin cannot be exchanged for it.
 */
export function chooseFrom(draft: Draft, coin: Currency, targets: readonly string[]): Draft {
  const next: Draft = { ...draft, from: coin };
  const previous = draft.from ?? draft.replacing?.from;
  if (previous?.code !== coin.code) {
    delete next.amount;
    delete next.amountTo;
    delete next.rateKind;
    delete next.refundAddress;
    delete next.refundTag;
  }
  const receiving = next.to ?? next.replacing?.to;
  if (receiving !== undefined && !targets.includes(receiving.code)) {
    delete next.to;
    delete next.destinationAddress;
    delete next.destinationTag;
    if (next.replacing) delete next.replacing.to;
  }
  return next;
}

/** Sets the coin to receive; the destination address and tag of another coin are dropped. */
export function chooseTo(draft: Draft, coin: Currency): Draft {
  const next: Draft = { ...draft, to: coin };
  const previous = draft.to ?? draft.replacing?.to;
  if (previous?.code !== coin.code) {
    delete next.destinationAddress;
    delete next.destinationTag;
    // An amount to receive is an amount of the coin received.
    if (next.amountTo !== undefined) {
      delete next.amount;
      delete next.amountTo;
      delete next.rateKind;
    }
  }
  delete next.replacing;
  return next;
}

/** Coins are labelled by one rule everywhere; see coin-label.ts. */
export { coinLabel } from "./coin-label.js";
