/**
 * Shorthands for the buttons of one step of the exchange flow. What the data looks like, and how
 * it is read back, is the callback codec's (src/messages/callback-data.ts, kind "flow").
 */
import type { Step } from "../../../domain/exchange-draft.js";
import { encodeCallback, type EditTargetName, type FlowAction } from "../../../messages/callback-data.js";

/** The callback_data of `action` on a prompt of `step`. */
const flowData = (step: Step, action: FlowAction): string => encodeCallback({ kind: "flow", step, action });

/** The data of every button a prompt of `step` may carry. */
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
    fixed: flowData(step, { kind: "fixed" }),
    floating: flowData(step, { kind: "floating" }),
    receive: flowData(step, { kind: "receive" }),
    send: flowData(step, { kind: "send" }),
    coin: (code: string) => flowData(step, { kind: "coin", code }),
    page: (page: number) => flowData(step, { kind: "page", page }),
    editTarget: (target: EditTargetName) => flowData(step, { kind: "edit-target", target }),
    amount: (value: string) => flowData(step, { kind: "amount", value }),
    saved: (id: number) => flowData(step, { kind: "saved", id }),
  };
}
