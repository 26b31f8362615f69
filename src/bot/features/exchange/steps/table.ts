/**
 * The steps of the exchange flow, in the order they are asked: one line each. Everything else about
 * the order is derived from this list: which step comes next (the first one that applies and is
 * not answered), Back, the button codes, what a changed answer clears (the steps after it that
 * depend on it), the card's Edit choices and the prefill of a deep link. A new step is its file
 * and a line here.
 */
import type { CatalogIndex } from "../../../../domain/catalog-index.js";
import { fromStep } from "./from.js";
import { fromNetworkStep } from "./from-network.js";
import { toStep } from "./to.js";
import { toNetworkStep } from "./to-network.js";
import { amountStep } from "./amount.js";
import { rateKindStep } from "./rate-kind.js";
import { destinationStep } from "./destination.js";
import { destinationTagStep } from "./destination-tag.js";
import { refundStep } from "./refund.js";
import { refundTagStep } from "./refund-tag.js";
import { confirmStep } from "./confirm.js";
import type { AnyStep, Draft, KnownOrder } from "./step.js";

export const STEP_TABLE = [
  fromStep,
  fromNetworkStep,
  toStep,
  toNetworkStep,
  amountStep,
  rateKindStep,
  destinationStep,
  destinationTagStep,
  refundStep,
  refundTagStep,
  confirmStep,
] as const satisfies readonly AnyStep[];

/** The table as steps of any answer, for the code that walks it. */
const STEPS: readonly AnyStep[] = STEP_TABLE;

const BY_ID: ReadonlyMap<string, AnyStep> = new Map(STEPS.map((step) => [step.id, step]));
const BY_CODE: ReadonlyMap<string, AnyStep> = new Map(STEPS.map((step) => [step.code, step]));

/** The step `id` names, if it is one (a record of another version may name one no longer here). */
export function stepById(id: string): AnyStep | undefined {
  return BY_ID.get(id);
}

/** The step whose buttons carry `code`. */
export function stepByCode(code: string): AnyStep | undefined {
  return BY_CODE.get(code);
}

/** The card: the last step, never answered (its Confirm creates the exchange). */
export const LAST_STEP: AnyStep = confirmStep;

/** The groups of the card's Edit choices, in the steps' order. */
export const EDIT_GROUPS: readonly string[] = [...new Set(STEPS.flatMap((step) => (step.edit === undefined ? [] : [step.edit])))];

/** The steps an Edit group asks again. */
export function stepsOfGroup(group: string): AnyStep[] {
  return STEPS.filter((step) => step.edit === group);
}

const applies = (step: AnyStep, draft: Draft) => step.applies?.(draft) ?? true;

/** The step to ask next: the first one that applies and has no answer (at the end, the card). */
export function nextStep(draft: Draft): AnyStep {
  return STEPS.find((step) => step !== LAST_STEP && applies(step, draft) && draft.answers[step.id] === undefined) ?? LAST_STEP;
}

/** The step before `step` that applies to this draft, or undefined on the first one. */
export function previousStep(draft: Draft, step: AnyStep): AnyStep | undefined {
  const index = STEPS.indexOf(step);
  for (let i = index - 1; i >= 0; i--) {
    const candidate = STEPS[i];
    if (candidate !== undefined && applies(candidate, draft)) return candidate;
  }
  return undefined;
}

/** "Step n of N" for a step every exchange has; undefined for the others. */
export function stepNumber(step: AnyStep): { n: number; total: number } | undefined {
  const numbered = STEPS.filter((s) => s.numbered === true);
  const n = numbered.indexOf(step);
  return n < 0 ? undefined : { n: n + 1, total: numbered.length };
}

/** Whether two answers are alike: by the step's own rule, else equal as JSON. */
function same(step: AnyStep, a: unknown, b: unknown): boolean {
  return step.sameAs ? step.sameAs(a, b) : JSON.stringify(a) === JSON.stringify(b);
}

/**
 * `draft` with `step` answered `value`. An answer other than the one taken back earlier (or a
 * first one) clears every answer that depends on it, directly or through another, unless that
 * answer survives the change (its step says so); the same answer given again keeps them all.
 */
export function withAnswer(draft: Draft, step: AnyStep, value: unknown): Draft {
  const answers = new Map(Object.entries(draft.answers)).set(step.id, value);
  const was = new Map(Object.entries(draft.was ?? {}));
  const before = was.get(step.id);
  was.delete(step.id);
  if (before === undefined || !same(step, before, value)) {
    const cleared = new Set<AnyStep>([step]);
    for (const later of STEPS.slice(STEPS.indexOf(step) + 1)) {
      if (!later.after.some((earlier) => cleared.has(earlier))) continue;
      const held = answers.get(later.id) ?? was.get(later.id);
      if (held !== undefined && later.survives?.(held, step) === true) continue;
      cleared.add(later);
      answers.delete(later.id);
      was.delete(later.id);
    }
  }
  return withParts(draft, answers, was);
}

/** `draft` with the answers of `steps` taken back (kept aside, see {@link Draft.was}), to be asked again. */
export function takeBack(draft: Draft, steps: readonly AnyStep[]): Draft {
  const answers = new Map(Object.entries(draft.answers));
  const was = new Map(Object.entries(draft.was ?? {}));
  for (const step of steps) {
    const answer = answers.get(step.id);
    if (answer === undefined) continue;
    was.set(step.id, answer);
    answers.delete(step.id);
  }
  return withParts(draft, answers, was);
}

function withParts(draft: Draft, answers: ReadonlyMap<string, unknown>, was: ReadonlyMap<string, unknown>): Draft {
  const { was: _dropped, ...rest } = draft;
  const next: Draft = { ...rest, answers: Object.fromEntries(answers) };
  return was.size === 0 ? next : { ...next, was: Object.fromEntries(was) };
}

/**
 * A draft filled from details known beforehand (a deep link, a create started again), step by step
 * in order, each step taking its own part if it still fits the catalog of now (its `recall`); a
 * detail that does not fit is asked.
 */
export function recallDraft(known: KnownOrder, start: Draft, index: CatalogIndex): Draft {
  let draft = start;
  for (const step of STEPS) {
    if (step === LAST_STEP || !applies(step, draft) || step.recall === undefined) continue;
    const value: unknown = step.recall(known, draft, index);
    if (value !== undefined) draft = withAnswer(draft, step, value);
  }
  return draft;
}
