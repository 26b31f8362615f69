/**
 * Keeps a flow's saved replay log small.
 *
 * The conversations plugin saves every update the flow waited for and every Bot API result it got,
 * whole: a button press carries the pressed message with its keyboard, a sent prompt comes back
 * with its text and keyboard, about a kilobyte each. On replay the flow reads only ids from them
 * (message and chat ids, the person, the text they typed, the button's data), so the rest is dropped
 * before the state is stored. A state whose layout is not the one expected (another plugin
 * version) is stored as it is: bigger, never broken.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** What the flow reads of a chat. */
function compactChat(chat: unknown): unknown {
  return isObject(chat) ? { id: chat.id, type: chat.type } : chat;
}

/**
 * A message as the flow reads it: ids, and for a person's own message the text and its entities
 * (a command is recognised by them) and its sender (the language comes from there).
 */
function compactMessage(message: unknown, keepContent: boolean): unknown {
  if (!isObject(message)) return message;
  const kept: Json = { message_id: message.message_id, date: message.date, chat: compactChat(message.chat) };
  if (keepContent) {
    if (message.from !== undefined) kept.from = message.from;
    if (message.text !== undefined) kept.text = message.text;
    if (message.entities !== undefined) kept.entities = message.entities;
  }
  return kept;
}

/** An update the flow waited for, with only what the flow reads of it. */
function compactUpdate(update: unknown): unknown {
  if (!isObject(update)) return update;
  const kept: Json = { ...update };
  if (isObject(update.message)) kept.message = compactMessage(update.message, true);
  if (isObject(update.callback_query)) {
    const query = update.callback_query;
    kept.callback_query = {
      id: query.id,
      from: query.from,
      chat_instance: query.chat_instance,
      data: query.data,
      ...(query.message !== undefined ? { message: compactMessage(query.message, false) } : {}),
    };
  }
  return kept;
}

/** A recorded Bot API answer: a sent or edited message is reduced to its ids. */
function compactApiAnswer(recorded: unknown): unknown {
  if (!isObject(recorded) || recorded.ok !== true || !isObject(recorded.res)) return recorded;
  const res = recorded.res;
  if (!isObject(res.result) || typeof res.result.message_id !== "number") return recorded;
  return { ...recorded, res: { ...res, result: compactMessage(res.result, false) } };
}

interface ReplayLog {
  send: Array<{ payload?: unknown }>;
  receive: Array<{ send: number; returnValue: unknown }>;
}

function isReplayLog(v: unknown): v is ReplayLog {
  return isObject(v) && Array.isArray(v.send) && Array.isArray(v.receive);
}

/** Compacts one replay log in place (it is the copy about to be stored). */
function compactLog(log: ReplayLog): void {
  for (const entry of log.receive) {
    if (!isObject(entry) || typeof entry.send !== "number") continue;
    const op = log.send[entry.send]?.payload;
    if (op === "wait") entry.returnValue = compactUpdate(entry.returnValue);
    else if (typeof op === "string" && op !== "external") entry.returnValue = compactApiAnswer(entry.returnValue);
  }
}

/**
 * Returns a compacted copy of the plugin's versioned state (`{ version, state: { [id]: [...] } }`);
 * anything not shaped as expected is kept unchanged.
 */
export function compactConversationState<S>(versioned: S): S {
  const copy = structuredClone(versioned) as unknown;
  if (!isObject(copy) || !isObject(copy.state)) return copy as S;
  for (const instances of Object.values(copy.state)) {
    if (!Array.isArray(instances)) continue;
    for (const instance of instances) {
      if (isObject(instance) && isReplayLog(instance.replay)) compactLog(instance.replay);
    }
  }
  return copy as S;
}
