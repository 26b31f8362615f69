import type { Conversation } from "@grammyjs/conversations";
import type { BaseContext, BotContext } from "../../context.js";

/** The context inside the exchange conversation (deps and i18n are installed as its plugins). */
export type FlowContext = BaseContext;
export type FlowConversation = Conversation<BotContext, FlowContext>;

/** Thrown inside the flow when the person leaves the current step by Back or Cancel. */
export class FlowExit {
  constructor(readonly kind: "back" | "cancel") {}
}

/** A message of the flow that carries the current step's buttons. */
export interface Prompt {
  chatId: number;
  messageId: number;
}

/** What prefills a flow: a deep link or an inline result ("0.1 BTC → ETH"). */
export interface FlowPrefill {
  from?: string;
  to?: string;
  amount?: string;
}
