/**
 * The steps of the exchange flow, one file each. Which step comes next is the draft's business
 * (domain/exchange-draft.ts: the first one whose value is missing); what a step asks is here.
 * A new step is a file and a line in this table (and its value in the draft).
 */
import type { Step } from "../../../../domain/exchange-draft.js";
import type { StepRun } from "../types.js";
import { fromStep } from "./from.js";
import { toStep } from "./to.js";
import { amountStep } from "./amount.js";
import { destinationStep } from "./destination.js";
import { destinationTagStep } from "./destination-tag.js";
import { refundStep } from "./refund.js";
import { refundTagStep } from "./refund-tag.js";
import { confirmStep } from "./confirm.js";
import { rateKindStep } from "./rate-kind.js";

export const STEPS: Readonly<Record<Step, StepRun>> = {
  from: fromStep,
  to: toStep,
  amount: amountStep,
  rateKind: rateKindStep,
  destination: destinationStep,
  destinationTag: destinationTagStep,
  refund: refundStep,
  refundTag: refundTagStep,
  confirm: confirmStep,
};
