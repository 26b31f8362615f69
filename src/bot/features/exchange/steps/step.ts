/**
 * What a step of the exchange flow is: one descriptor per step file (steps/*.ts), listed once in
 * the table (steps/table.ts), from which everything else is derived: the order, the button codes,
 * what an answer's change clears, the card's Edit buttons, the prefill of a deep link.
 *
 * A step holds no state of its own. Where the chat is in the flow is one record (flow-state.ts):
 * the step, the answers so far (the draft) and the step's view (what its prompt on screen shows:
 * a page of coins, a quote). A step's functions read them and say what happens next (an
 * {@link Outcome}); the engine (engine.ts) writes the record and only then shows anything.
 */
import type { InlineKeyboard } from "grammy";
import type { BotDeps } from "../../../deps.js";
import type { HtmlText } from "../../../../messages/html.js";
import type { Translate } from "../../../../messages/i18n.js";
import type { FlowAction } from "../../../../messages/callback-data.js";
import type { CatalogIndex } from "../../../../domain/catalog-index.js";
import type { FlowFailure, Settled } from "../../../../exchange/partner-call.js";
import type { StepButtons } from "../buttons.js";
import type { ShownQuote } from "../../../../domain/quote.js";
import type { QuoteKind } from "../../../../exchange/quote.js";

/**
 * The answers so far, each under the id of the step that gave it. Read and written only through
 * the steps' own accessors ({@link StepSpec.value}), so each answer has one type, its step's.
 */
export interface Draft {
  readonly answers: Readonly<Record<string, unknown>>;
  /**
   * Answers taken back by Back or Edit, by step: given again unchanged, what depends on them stays
   * (the coins picked again as they were keep the addresses).
   */
  readonly was?: Readonly<Record<string, unknown>>;
  /** A quote was shown in this flow: the funnel counts "quoted" once per flow, the first time. */
  readonly quoted?: true;
  /** What the service offered when the flow began (PARTNER_FEATURES `fixed`, `receive`). */
  readonly offers?: { readonly fixed?: true; readonly receive?: true };
}

/**
 * Details of an exchange known before the flow asks for them: a deep link's pair and amount, or a
 * create in doubt being started again (every field). Each step takes its own part, if it still
 * fits the catalog of now ({@link StepSpec.recall}).
 */
export interface KnownOrder {
  from?: string;
  to?: string;
  amount?: string;
  amountTo?: string;
  fix?: boolean;
  destinationAddress?: string;
  destinationTag?: string;
  refundAddress?: string;
  refundTag?: string;
}

/** What a step may do while it is asked: translate, call the service, say something. */
export interface StepIO {
  readonly t: Translate;
  readonly deps: BotDeps;
  readonly chatId: number;
  /** The person in the flow (in a private chat, the chat's id). */
  readonly userId: number;
  /** The data of this step's buttons. */
  readonly buttons: StepButtons;
  /** The groups of the card's Edit choices, in the steps' order (the step table's). */
  readonly editGroups: readonly string[];
  /**
   * `text` after the step's number ("Step 3 of 5.") for a step every exchange has, else `text`:
   * for the step's own question, not for what follows it (a quote, a refusal).
   */
  titled(text: HtmlText): HtmlText;
  /** Replies now (a refusal, a hint): not a prompt, nothing is recorded but that the step spoke. */
  say(text: HtmlText, keyboard?: InlineKeyboard): Promise<void>;
  /**
   * Calls the service (or reads the catalog) and settles the outcome into data; a failure is
   * logged once. Return only the few values the step needs.
   */
  call<T>(what: string, task: (deps: BotDeps) => Promise<T>): Promise<Settled<T>>;
}

/** A prompt as drawn from the record: the same draft and view always draw the same question. */
export interface Prompt {
  text: HtmlText;
  /** The step's own buttons; the engine adds Back (where there is a step before) and Cancel. */
  keyboard?: InlineKeyboard;
  /** Cancel alone under the step's buttons, without Back (the card's Edit choices). */
  noBack?: true;
}

/**
 * How the answered prompt is retired once the answer is on disk:
 * - `edit`: its text becomes this, without buttons; with `say` too, only when the step said
 *   nothing since the prompt (else the buttons go and `say` follows, as the last word);
 * - `say` alone: the buttons go and this is said;
 * - neither: the buttons go.
 */
export interface Ack {
  edit?: HtmlText;
  say?: HtmlText;
}

/** What entering a step (before its prompt) gives. */
export type Entered<V, W> =
  /** Answered without asking (a coin on one network): the flow goes on to the next step. */
  | { kind: "answer"; value: V; say?: HtmlText }
  /** The prompt, with this view. */
  | { kind: "view"; view: W; quoted?: true }
  | Turn;

/** What a step's answer to an input gives. */
export type Outcome<V, W> =
  /** The step is answered with `value`; the prompt is retired with `ack`. */
  | { kind: "answer"; value: V; ack?: Ack; quoted?: true }
  /**
   * The step asks again with a new view: a new prompt (the old one loses its buttons), or the same
   * message edited (`inPlace`: a page turned, the card's Edit choices).
   */
  | { kind: "view"; view: W; inPlace?: true; quoted?: true }
  /** Nothing changes (the step said why, or there is nothing to do). */
  | { kind: "stay" }
  | Turn;

/** Ways out of a step that the engine takes the same way for every step. */
export type Turn =
  /** The service failed (not a refusal): Retry, Back and Cancel; Retry tries the same input again. */
  | { kind: "retry"; failure: FlowFailure }
  /**
   * Earlier answers no longer hold (a pair closed): they are taken back and asked again, after
   * `say`. No steps: this step is entered again (its prompt drawn from the catalog of now).
   */
  | { kind: "clear"; steps: readonly AnyStep[]; say?: HtmlText }
  /** Back to the step before, as the Back button does, after `say`. */
  | { kind: "back"; say?: HtmlText }
  /** The card's Edit: the steps of `group` are asked again; the card is retired with `ack`. */
  | { kind: "edit"; group: string; ack?: Ack }
  /** The card confirmed: the exchange is created once, on this quote (create-flow.ts). */
  | { kind: "create"; quote: ShownQuote; quoteKind: QuoteKind };

/**
 * A step of the flow; `V` is its answer, `W` what its prompt on screen shows. Both are kept in the
 * record as JSON: plain data, never a catalog.
 */
export interface StepSpec<V = unknown, W = unknown> {
  /** The step's id: the key of its answer, and what the record says while it is asked. */
  readonly id: string;
  /** One lower-case letter: the step in its buttons' data (`x:<code>:…`). */
  readonly code: string;
  /** The earlier steps whose answers this one depends on: a change of theirs clears this one. */
  readonly after: readonly AnyStep[];
  /**
   * Whether this step's answer (or the one taken back) still holds after `changed` changed, though
   * it depends on it: kept then, with what depends on it in turn. Cleared when absent.
   */
  survives?(answer: V, changed: AnyStep): boolean;
  /** The group of the card's Edit buttons that asks this step again (`flow-edit-<group>`). */
  readonly edit?: string;
  /** Counted in "Step n of N" (the steps every exchange has). */
  readonly numbered?: true;
  /** Whether the step is asked for this draft at all; always when absent. */
  applies?(draft: Draft): boolean;
  /** Its answer from details known beforehand, if they still fit (see {@link KnownOrder}). */
  recall?(known: KnownOrder, draft: Draft, index: CatalogIndex): V | undefined;
  /** Runs before the prompt (service calls, an answer without asking); a view of `undefined` without it. */
  enter?(io: StepIO, draft: Draft): Promise<Entered<V, W>>;
  /** Whether two answers are the same choice (default: equal as JSON): a same answer keeps what depends on it. */
  sameAs?(a: V, b: V): boolean;
  /** Draws the prompt from the record alone: a restart draws the same question again. */
  prompt(io: StepIO, draft: Draft, view: W): Prompt | Promise<Prompt>;
  /** Typed text; without it, the person is asked to use the buttons. */
  onText?(io: StepIO, draft: Draft, view: W, text: string): Promise<Outcome<V, W>>;
  /** A button of this step (Back, Cancel and page counters are the engine's). */
  onButton?(io: StepIO, draft: Draft, view: W, action: FlowAction): Promise<Outcome<V, W>>;
}

/** A step of any answer and view, as the table holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table holds steps of every answer type
export type AnyStep = StepSpec<any, any>;

/** A step with typed access to its own answer in a draft. */
export type Step<V, W> = StepSpec<V, W> & {
  /** This step's answer in `draft`, if given. */
  value(draft: Draft): V | undefined;
};

/** Declares a step: its descriptor, with {@link Step.value} bound to its id. */
export function defineStep<V, W = undefined>(spec: StepSpec<V, W>): Step<V, W> {
  return { ...spec, value: (draft) => draft.answers[spec.id] as V | undefined };
}
