/**
 * callback_data of the exchange flow's buttons: `x:<step>:<action>[:<argument>]`.
 *
 * Every button carries the step whose prompt it belongs to, so a press on a button of another step
 * (an old prompt, or a prompt shown before a restart) is recognised and refused instead of being
 * read as an answer to the current question. All start with "x:" so the flow can tell its own
 * buttons from others (which it lets through to their handlers). Codes are at most 20 characters,
 * so every value stays far below Telegram's 64-byte limit (checked in a test).
 */
import type { Step } from "../../../domain/exchange-draft.js";

/** The flow's prefix. */
export const FLOW_PREFIX = "x:";

const STEP_CODES = {
  from: "f",
  to: "t",
  amount: "a",
  destination: "d",
  destinationTag: "g",
  refund: "r",
  refundTag: "h",
  confirm: "c",
} as const satisfies Record<Step, string>;

const STEP_BY_CODE = new Map<string, Step>(Object.entries(STEP_CODES).map(([step, code]) => [code, step as Step]));

/** What a flow button does. */
export type FlowAction =
  | { kind: "cancel" | "back" | "retry" | "next" | "min" | "confirm" | "edit" | "noop" }
  | { kind: "coin"; code: string }
  | { kind: "page"; page: number }
  | { kind: "edit-target"; target: EditTargetName };

export type EditTargetName = "pair" | "amount" | "destination" | "refund";

const SIMPLE = new Set(["cancel", "back", "retry", "next", "min", "confirm", "edit", "noop"]);
const EDIT_TARGETS = new Set<EditTargetName>(["pair", "amount", "destination", "refund"]);
const CODE = /^[A-Z0-9]{1,20}$/;

/** The callback_data of `action` on a prompt of `step`. */
export function flowData(step: Step, action: FlowAction): string {
  const head = `${FLOW_PREFIX}${STEP_CODES[step]}:`;
  switch (action.kind) {
    case "coin":
      return `${head}c:${action.code}`;
    case "page":
      return `${head}p:${action.page}`;
    case "edit-target":
      return `${head}e:${action.target}`;
    default:
      return `${head}${action.kind}`;
  }
}

/** Reads a flow button's data; undefined for anything that is not one (or is malformed). */
export function readFlowData(data: string): { step: Step; action: FlowAction } | undefined {
  if (!data.startsWith(FLOW_PREFIX)) return undefined;
  const [code, verb, argument, ...rest] = data.slice(FLOW_PREFIX.length).split(":");
  const step = STEP_BY_CODE.get(code ?? "");
  if (!step || verb === undefined || rest.length > 0) return undefined;
  if (argument === undefined) return SIMPLE.has(verb) ? { step, action: { kind: verb } as FlowAction } : undefined;
  if (verb === "c" && CODE.test(argument)) return { step, action: { kind: "coin", code: argument } };
  if (verb === "p" && /^\d{1,4}$/.test(argument)) return { step, action: { kind: "page", page: Number(argument) } };
  if (verb === "e" && EDIT_TARGETS.has(argument as EditTargetName))
    return { step, action: { kind: "edit-target", target: argument as EditTargetName } };
  return undefined;
}

/** Shorthands for building keyboards of one step. */
export function stepButtons(step: Step) {
  return {
    cancel: flowData(step, { kind: "cancel" }),
    back: flowData(step, { kind: "back" }),
    retry: flowData(step, { kind: "retry" }),
    next: flowData(step, { kind: "next" }),
    min: flowData(step, { kind: "min" }),
    confirm: flowData(step, { kind: "confirm" }),
    edit: flowData(step, { kind: "edit" }),
    noop: flowData(step, { kind: "noop" }),
    coin: (code: string) => flowData(step, { kind: "coin", code }),
    page: (page: number) => flowData(step, { kind: "page", page }),
    editTarget: (target: EditTargetName) => flowData(step, { kind: "edit-target", target }),
  };
}
