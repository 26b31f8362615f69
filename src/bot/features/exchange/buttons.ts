/**
 * The data of one step's buttons. What the data looks like, and how it is read back, is the
 * callback codec's (src/messages/callback-data.ts, kind "flow"); which step has which code is the
 * step table's (steps/table.ts).
 */
import { encodeCallback, type FlowAction } from "../../../messages/callback-data.js";

/** The callback_data of `action` on a prompt of the step whose code is `step`. */
const flowData = (step: string, action: FlowAction): string => encodeCallback({ kind: "flow", step, action });

/** The data of every button a prompt of the step `code` may carry. */
export function stepButtons(code: string) {
  return {
    cancel: flowData(code, { kind: "cancel" }),
    back: flowData(code, { kind: "back" }),
    retry: flowData(code, { kind: "retry" }),
    next: flowData(code, { kind: "next" }),
    min: flowData(code, { kind: "min" }),
    confirm: flowData(code, { kind: "confirm" }),
    edit: flowData(code, { kind: "edit" }),
    noop: flowData(code, { kind: "noop" }),
    fixed: flowData(code, { kind: "fixed" }),
    floating: flowData(code, { kind: "floating" }),
    receive: flowData(code, { kind: "receive" }),
    send: flowData(code, { kind: "send" }),
    coin: (coinCode: string) => flowData(code, { kind: "coin", code: coinCode }),
    ticker: (ticker: string) => flowData(code, { kind: "ticker", ticker }),
    page: (page: number) => flowData(code, { kind: "page", page }),
    editTarget: (target: string) => flowData(code, { kind: "edit-target", target }),
    amount: (value: string) => flowData(code, { kind: "amount", value }),
    saved: (id: number) => flowData(code, { kind: "saved", id }),
  };
}

/** A step's buttons, as {@link stepButtons} gives them. */
export type StepButtons = ReturnType<typeof stepButtons>;
