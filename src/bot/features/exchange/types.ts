import type { Conversation } from "@grammyjs/conversations";
import type { Draft, Step } from "../../../domain/exchange-draft.js";
import type { BaseContext, BotContext } from "../../context.js";

/** The context inside the exchange conversation (deps and i18n are installed as its plugins). */
export type FlowContext = BaseContext;
export type FlowConversation = Conversation<BotContext, FlowContext>;

/**
 * Thrown inside the flow when the person leaves the current step by Back or Cancel. An Error, so
 * that one escaping the flow by mistake still reaches the error boundary with a name and a stack.
 */
export class FlowExit extends Error {
  constructor(readonly kind: "back" | "cancel") {
    super(`the person left the step (${kind})`);
    this.name = "FlowExit";
  }
}

/**
 * One step being asked: where the flow is, with the answers so far. Every prompt of the step is
 * journaled with these before it is sent (journal.ts).
 */
export interface StepScope {
  conversation: FlowConversation;
  ctx: FlowContext;
  draftId: string;
  draft: Draft;
  step: Step;
}

/** A message of the flow that carries the current step's buttons. */
export interface Prompt {
  chatId: number;
  messageId: number;
  step: Step;
}

/** What prefills a flow: a deep link or an inline result ("0.1 BTC → ETH"). */
export interface FlowPrefill {
  from?: string;
  to?: string;
  amount?: string;
}

/** Why a flow run starts with a message before its prompt: the bot restarted under the person. */
type FlowNotice = "restarted";

/**
 * What one run of the conversation starts from. The flow asks one step per conversation run and
 * hands the grown draft to the next run (index.ts), so a saved replay log covers one step only.
 */
export type FlowStart = { kind: "new"; prefill?: FlowPrefill } | { kind: "step"; draftId: string; draft: Draft; notice?: FlowNotice };
