/**
 * Where the exchange flow talks to its person, and how it takes the buttons off a prompt once it is
 * answered. Shared by the engine (engine.ts) and the create (create-flow.ts).
 */
import type { Api } from "grammy";
import type { BotDeps } from "../../deps.js";
import type { Translate } from "../../../messages/i18n.js";
import type { FlowRecord } from "./flow-state.js";

/**
 * Where the flow talks to its person: a private chat, through the bot's Api (HTML by default),
 * in the person's language; inside an update (`updateId`) or outside one (start-up).
 */
export interface Surface {
  readonly deps: BotDeps;
  readonly api: Api;
  readonly t: Translate;
  readonly chatId: number;
  /** The update being handled, written into the records it causes (flow-state.ts `by`). */
  readonly updateId?: number;
}

/** How an answered prompt is retired: a step's `Ack` (steps/step.ts), resolved against what was said since it. */
export interface Retirement {
  edit?: string;
  say?: string;
  /** Said when the prompt could not be edited (its message is not known, or too old). */
  ifNotEdited?: string;
}

/**
 * Takes the buttons off the prompt(s) of `record` as `ack` says, so an old keyboard cannot be
 * pressed by mistake. Failures are harmless and ignored: the message may be too old to edit, or
 * already in that state; what `ack` says is then said in a message of its own.
 */
export async function retire(surface: Surface, record: Pick<FlowRecord, "prompts">, ack: Retirement): Promise<void> {
  const { api, chatId } = surface;
  let edited = false;
  for (const id of record.prompts ?? []) {
    if (ack.edit === undefined) {
      await api.editMessageReplyMarkup(chatId, id, { reply_markup: undefined }).catch(() => undefined);
      continue;
    }
    const done = await api.editMessageText(chatId, id, ack.edit).then(
      () => true,
      () => false,
    );
    edited ||= done;
  }
  const said = ack.say ?? (edited ? undefined : ack.ifNotEdited);
  if (said !== undefined) await api.sendMessage(chatId, said);
}
