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

/** One step being asked: where the flow is, with the answers so far. */
export interface StepScope {
  conversation: FlowConversation;
  ctx: FlowContext;
  draftId: string;
  /** The answers so far; a step that shows a quote marks it `quoted` here (see {@link markQuoted}). */
  draft: Draft;
  step: Step;
  /** The flow record already says this step with this draft: the run's first prompt needs no write. */
  recorded?: boolean;
  /**
   * The run was entered with its update as the answer to this step's prompt, already on screen
   * (after a restart that lost the plugin's state): the first prompt is not sent again, and the
   * first input is this update.
   */
  answering?: boolean;
}

/**
 * Records on the scope's draft that a quote was shown, so the prompts recorded from now on and
 * the draft handed to the next step carry it, and the funnel never counts this flow's quote twice.
 */
export function markQuoted(scope: StepScope): void {
  if (!scope.draft.quoted) scope.draft = { ...scope.draft, quoted: true };
}

/** A message of the flow that carries the current step's buttons. */
export interface Prompt {
  chatId: number;
  /** Undefined for a prompt shown before a restart whose message is not known: any of its step's buttons count. */
  messageId?: number;
  step: Step;
}

/** What prefills a flow: a deep link or an inline result ("0.1 BTC → ETH"). */
export interface FlowPrefill {
  from?: string;
  to?: string;
  amount?: string;
}

/**
 * What one run of the conversation starts from. A run asks one step; the next one is entered from
 * the flow record (index.ts), so a saved replay log covers one step only.
 * - `new`: a flow just opened (maybe prefilled);
 * - `step`: the step the record names, its prompt to be shown (`restarted`: with a word why);
 * - `answer`: the step the record names, whose prompt is on screen, with this update as its answer.
 */
export type FlowStart =
  | { kind: "new"; prefill?: FlowPrefill }
  | { kind: "step"; draftId: string; draft: Draft; restarted?: boolean }
  | { kind: "answer"; draftId: string; draft: Draft };

/** What a step produced: the grown draft, and what to show once it is on disk; or the flow is over. */
export type StepResult = { draft: Draft; ack?: () => Promise<void> } | "finished";

/** One step of the flow (steps/index.ts lists them): asks its question, returns the grown draft. */
export type StepRun = (scope: StepScope) => Promise<StepResult>;
