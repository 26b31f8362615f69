/**
 * Reading a command out of a message's text, for the places grammY's `bot.command` does not
 * cover: the exchange flow, which sees every update of its chat first, and the fallback for
 * whatever no feature took. Both must leave `/cmd@OtherBot` alone: Telegram sends it to every
 * bot of a group, and it is not ours in a private chat either.
 */

/** `/cmd` or `/cmd@name` at the start of a text, as Telegram writes a bot command. */
const COMMAND = /^\/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]{1,64}))?(?:\s|$)/;

/** A command in a message's text. */
export interface CommandText {
  /** The command without the slash, as typed. */
  name: string;
  /** Whether it names this bot (`/cmd` or `/cmd@ThisBot`, any case) rather than another one. */
  forUs: boolean;
}

/** The command `text` starts with, or undefined for text that is not one. */
export function readCommand(text: string | undefined, botUsername: string): CommandText | undefined {
  const match = text === undefined ? null : COMMAND.exec(text);
  const name = match?.[1];
  if (match === null || name === undefined) return undefined;
  const addressee = match[2];
  return { name, forUs: addressee === undefined || addressee.toLowerCase() === botUsername.toLowerCase() };
}
