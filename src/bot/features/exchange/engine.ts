/**
 * The exchange flow's engine: plain handlers over the flow record (flow-state.ts), the one place
 * that says where a chat is. For every update of a chat in the flow it reads the record, hands the
 * input to the step the record names (its descriptor, steps/step.ts), and carries out what the
 * step says happens next, always in this order: the record is written (durable), and only then is
 * anything shown. The same code shows a prompt owed after a restart (owed-prompts.ts), from the
 * record alone: there is no second copy of the state to keep in step with it.
 *
 * Writes per prompt: one before it (the new step or view, its prompt due), one after Telegram has
 * it (the prompt's message, no longer due). A kill between them shows the prompt again at start-up:
 * of "maybe twice" and "maybe never", never is worse.
 */
import { InlineKeyboard } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import type { FlowAction } from "../../../messages/callback-data.js";
import { joinHtml } from "../../../messages/html.js";
import { stepButtons } from "./buttons.js";
import { createFromCard } from "./create-flow.js";
import { retire, type Retirement, type Surface } from "./surface.js";
import { writeFlow, type FlowRecord, type RetryInput } from "./flow-state.js";
import { callPartner, failureText } from "../../../exchange/partner-call.js";
import type { Ack, AnyStep, Draft, Entered, Outcome, Prompt, StepIO } from "./steps/step.js";
import { EDIT_GROUPS, nextStep, previousStep, stepById, stepNumber, stepsOfGroup, takeBack, withAnswer } from "./steps/table.js";

/** The record with its step, as the engine works on it. */
interface At {
  record: FlowRecord;
  step: AnyStep;
}

/** Something the step does not read as an answer of its own. */
export type Input = { kind: "text"; text: string } | { kind: "button"; action: FlowAction };

/** The record of `surface`'s chat as a step being asked, or undefined (creating, ended, or a step no longer in the table). */
export function atStep(record: FlowRecord): At | undefined {
  const step = stepById(record.step);
  return step === undefined ? undefined : { record, step };
}

/** A step's view of the surface: what its functions may do (steps/step.ts). */
function stepIO(surface: Surface, step: AnyStep, spoke: { said: boolean }): StepIO {
  const { deps, chatId, t } = surface;
  return {
    t,
    deps,
    chatId,
    // A private chat's id is its person's.
    userId: chatId,
    buttons: stepButtons(step.code),
    editGroups: EDIT_GROUPS,
    titled(text) {
      const number = stepNumber(step);
      return number ? joinHtml([t("flow-step-number", { n: number.n, total: number.total }), text], " ") : text;
    },
    async say(text, keyboard) {
      spoke.said = true;
      await surface.api.sendMessage(chatId, text, keyboard ? { reply_markup: keyboard } : {});
    },
    call: (what, task) => callPartner(deps, chatId, what, task),
  };
}

/** Writes the next record of the chat after `seen`; the update being handled is its author. */
function save(surface: Surface, seen: FlowRecord | undefined, next: Omit<FlowRecord, "seq" | "at" | "owner" | "by">): Promise<FlowRecord> {
  const { deps, chatId, updateId } = surface;
  // An outside writer (start-up) keeps the update that last moved the chat.
  const by = updateId ?? seen?.by;
  return writeFlow(deps.store, chatId, seen, { ...next, owner: deps.processId, ...(by === undefined ? {} : { by }) }, deps.now());
}

/**
 * The record of a step whose prompt is not on screen yet: what the write before a prompt says.
 * Every message of the flow's earlier prompts is older than the prompt to come (`newerThan`): a
 * button of a message newer than them is of this prompt, even a copy whose id a kill kept from
 * the record (owed-prompts.ts shows one again).
 */
function asked(
  record: Pick<FlowRecord, "draftId" | "prompts" | "newerThan">,
  step: AnyStep,
  draft: Draft,
  view: unknown,
  retry?: FlowRecord["retry"],
): Omit<FlowRecord, "seq" | "at" | "owner" | "by"> {
  const newerThan = Math.max(record.newerThan ?? 0, ...(record.prompts ?? []));
  return {
    step: step.id,
    draftId: record.draftId,
    draft,
    ...(view === undefined ? {} : { view }),
    ...(retry ? { retry } : {}),
    prompts: [],
    ...(newerThan > 0 ? { newerThan } : {}),
    due: true,
  };
}

/**
 * Handles `input` at the step on screen, or Retry of a failed call. `spoke` tracks whether the
 * step said anything (a refusal), which decides how an answer is read back.
 */
export async function answerStep(surface: Surface, at: At, input: Input | { kind: "retry" }): Promise<void> {
  const spoke = { said: false };
  const io = stepIO(surface, at.step, spoke);
  const { record, step } = at;
  if (input.kind === "retry") {
    const retry = record.retry;
    if (retry === undefined) return;
    if (retry.input.kind === "enter") return advance(surface, record, record.draft, {}, { enterOnly: true });
    return answerStep(surface, { record: { ...record, retry: undefined }, step }, retry.input);
  }
  let outcome: Outcome<unknown, unknown>;
  if (input.kind === "text") {
    if (step.onText === undefined) {
      await io.say(surface.t("flow-use-buttons"));
      outcome = { kind: "stay" };
    } else outcome = await step.onText(io, record.draft, record.view, input.text);
  } else {
    outcome = step.onButton === undefined ? { kind: "stay" } : await step.onButton(io, record.draft, record.view, input.action);
  }
  await carryOut(surface, at, outcome, spoke.said, input);
}

/** Carries out what a step said happens next. */
async function carryOut(surface: Surface, at: At, outcome: Outcome<unknown, unknown>, said: boolean, input: Input): Promise<void> {
  const { record, step } = at;
  const draft = outcome.kind === "answer" || outcome.kind === "view" ? withQuoted(record.draft, outcome.quoted) : record.draft;
  // The answer is read back in the prompt only when nothing was said since it.
  const adjacent = !said && record.said !== true;
  switch (outcome.kind) {
    case "stay":
      // Only that the step spoke is new: an answer later is read back below, not in the prompt.
      if (said && record.said !== true) await save(surface, record, { ...without(record), said: true });
      return;
    case "view": {
      if (outcome.inPlace && (record.prompts?.length ?? 0) > 0) {
        const written = await save(surface, record, { ...without(record), draft, view: outcome.view });
        await redraw(surface, { record: written, step });
        return;
      }
      const written = await save(surface, record, asked(record, step, draft, outcome.view));
      await retire(surface, record, {});
      await show(surface, { record: written, step });
      return;
    }
    case "retry": {
      const retry = { failure: outcome.failure, input: input satisfies RetryInput };
      const written = await save(surface, record, asked(record, step, draft, record.view, retry));
      await retire(surface, record, {});
      await show(surface, { record: written, step });
      return;
    }
    case "answer":
      return advance(surface, record, withAnswer(draft, step, outcome.value), ackOf(outcome.ack, adjacent));
    case "clear":
      return advance(surface, record, takeBack(draft, outcome.steps), {}, { say: outcome.say, sameStep: outcome.steps.length === 0 });
    case "back": {
      const before = previousStep(draft, step);
      return advance(surface, record, before ? takeBack(draft, [before]) : draft, {}, { say: outcome.say });
    }
    case "edit":
      return advance(surface, record, takeBack(draft, stepsOfGroup(outcome.group)), ackOf(outcome.ack, true));
    case "create": {
      const left = await createFromCard(surface, record, outcome);
      if (left === undefined) return;
      const card = { ...left.record, step: step.id };
      if (left.kind === "refused") return advance(surface, card, draft, {}, { sameStep: true, say: left.say });
      const written = await save(
        surface,
        left.record,
        asked(card, step, draft, undefined, { failure: left.failure, input: { kind: "enter" } }),
      );
      return show(surface, { record: written, step });
    }
  }
}

/** Back pressed at the step on screen. */
export function goBack(surface: Surface, at: At): Promise<void> {
  return carryOut(surface, at, { kind: "back" }, false, { kind: "button", action: { kind: "back" } });
}

/** `draft`, marked as having shown a quote when `quoted`. */
function withQuoted(draft: Draft, quoted: true | undefined): Draft {
  return quoted && !draft.quoted ? { ...draft, quoted } : draft;
}

/** The record without what belongs to one prompt only. */
function without(record: FlowRecord): Omit<FlowRecord, "seq" | "at" | "owner" | "by"> {
  const { seq: _seq, at: _at, owner: _owner, by: _by, ...rest } = record;
  return rest;
}

/** How the prompt is retired, given whether nothing was said since it (see {@link Ack}). */
function ackOf(ack: Ack | undefined, adjacent: boolean): Retirement {
  if (ack === undefined) return {};
  if (ack.edit !== undefined && ack.say !== undefined) return adjacent ? { edit: ack.edit, ifNotEdited: ack.say } : { say: ack.say };
  return ack;
}

interface AdvanceOptions {
  /** Said after the answered prompt is retired, before the next prompt. */
  say?: string | undefined;
  /** The current step is entered again (its view drawn anew); not the next one. */
  sameStep?: boolean;
  /** Retry of a failed entry: the step the record names is entered again. */
  enterOnly?: boolean;
  /** Said before anything else (a word why the question comes again). */
  first?: string;
  /** A new flow's once-only id (else the record's). */
  draftId?: string;
  /** A new flow: the last record's prompt is retired only when that flow was still open. */
  retireLast?: boolean;
  /**
   * Runs once the record is on disk and before anything is shown; false stops there (the record
   * stays written, for the caller to undo).
   */
  beforeShowing?: () => Promise<boolean>;
}

/**
 * Moves the flow on from `record` with `draft`: enters the next step (its service calls, or an
 * answer without asking, in which case the one after it), writes the record of the step to ask
 * (durable, its prompt due), retires the prompt that was answered (`ack`), says what the steps had
 * to say, and asks. Bounded: every pass answers a step or takes answers back, and a step that
 * takes answers back asks next.
 */
export async function advance(
  surface: Surface,
  record: FlowRecord | undefined,
  start: Draft,
  ack: Retirement,
  options: AdvanceOptions = {},
): Promise<void> {
  const sayings = options.say ? [options.say] : [];
  let draft = start;
  let step = options.enterOnly || options.sameStep ? (stepById(record?.step ?? "") ?? nextStep(draft)) : nextStep(draft);
  let entered: Entered<unknown, unknown> = { kind: "view", view: undefined };
  const spoke = { said: false };
  for (let pass = 0; ; pass++) {
    if (pass > 2 * 16) throw new Error("internal error: the exchange flow's steps went round in a circle");
    entered = step.enter ? await step.enter(stepIO(surface, step, spoke), draft) : { kind: "view", view: undefined };
    if (entered.kind === "answer") {
      draft = withAnswer(draft, step, entered.value);
      if (entered.say) sayings.push(entered.say);
    } else if (entered.kind === "clear" || entered.kind === "back") {
      if (entered.say) sayings.push(entered.say);
      const before = entered.kind === "back" ? previousStep(draft, step) : undefined;
      draft = takeBack(draft, entered.kind === "back" ? (before ? [before] : []) : entered.steps);
      if (entered.kind === "clear" && entered.steps.length === 0) continue;
    } else break;
    step = nextStep(draft);
  }
  const draftId = options.draftId ?? record?.draftId;
  if (draftId === undefined) throw new Error("internal error: a flow without its draft id");
  const retry = entered.kind === "retry" ? { failure: entered.failure, input: { kind: "enter" as const } } : undefined;
  const view = entered.kind === "view" ? entered.view : undefined;
  const next = asked({ ...record, draftId }, step, withQuoted(draft, entered.kind === "view" ? entered.quoted : undefined), view, retry);
  const written = await save(surface, record, next);
  if (options.beforeShowing && !(await options.beforeShowing())) return;
  if (options.first) await surface.api.sendMessage(surface.chatId, options.first);
  if (record && (options.draftId === undefined || options.retireLast)) await retire(surface, record, ack);
  for (const text of sayings) await surface.api.sendMessage(surface.chatId, text);
  await show(surface, { record: written, step });
}

/**
 * Starts a flow with `draftId` at the draft's first missing step, after the chat's last record (if
 * any): a flow still open there gives way, and its prompt loses its buttons.
 */
export async function begin(
  surface: Surface,
  last: FlowRecord | undefined,
  draftId: string,
  draft: Draft,
  options: Pick<AdvanceOptions, "first" | "beforeShowing"> = {},
): Promise<void> {
  const open = last !== undefined && last.step !== "ended";
  await advance(surface, last, draft, {}, { ...options, draftId, retireLast: open });
}

/** Draws and sends the prompt the record says is due (the step's own, or Retry's), then notes it is on screen. */
export async function show(surface: Surface, at: At): Promise<void> {
  const { record } = at;
  const sent = await surface.api.sendMessage(surface.chatId, ...(await drawn(surface, at)));
  await save(surface, record, { ...without(record), prompts: [...(record.prompts ?? []), sent.message_id], due: undefined });
}

/** The prompt of the record as Telegram's text and options. */
async function drawn(surface: Surface, at: At): Promise<[string, { reply_markup: InlineKeyboardMarkup }]> {
  const { record, step } = at;
  const { t } = surface;
  const buttons = stepButtons(step.code);
  const io = stepIO(surface, step, { said: false });
  const prompt: Prompt = record.retry
    ? { text: failureText(t, record.retry.failure), keyboard: new InlineKeyboard().text(t("flow-button-retry"), buttons.retry) }
    : await step.prompt(io, record.draft, record.view);
  const keyboard = prompt.keyboard ?? new InlineKeyboard();
  keyboard.row();
  if (!prompt.noBack && previousStep(record.draft, step) !== undefined) keyboard.text(t("flow-button-back"), buttons.back);
  keyboard.text(t("flow-button-cancel"), buttons.cancel);
  return [prompt.text, { reply_markup: { inline_keyboard: keyboard.inline_keyboard.filter((row) => row.length > 0) } }];
}

/** Draws the prompt again in its own message (a page turned, the card's Edit choices). */
async function redraw(surface: Surface, at: At): Promise<void> {
  const [text, options] = await drawn(surface, at);
  for (const id of at.record.prompts ?? []) {
    await surface.api.editMessageText(surface.chatId, id, text, options).catch(() => undefined);
  }
}
