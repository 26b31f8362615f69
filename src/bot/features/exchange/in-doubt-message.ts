/**
 * What the person is told of a create in doubt (its answer was lost): with a button to start again
 * with the same details when they may (its text then says not to pay anything for the first
 * attempt), else the word of before. Told by the flow (create-flow.ts) and at start-up
 * (interrupted.ts); the button's press is start-again.ts's.
 */
import { InlineKeyboard } from "grammy";
import { encodeCallback } from "../../../messages/callback-data.js";
import type { HtmlText } from "../../../messages/html.js";
import type { MessageVariables, Translate } from "../../../messages/i18n.js";

/** The message and its keyboard; `vars` are the attempt's `amount`, `from` and `to`, as shown (escaped by `t`). */
export function inDoubtMessage(
  t: Translate,
  vars: MessageVariables,
  startAgain: { draftId: string } | undefined,
): { text: HtmlText; keyboard?: InlineKeyboard } {
  const data = startAgain === undefined ? undefined : encodeCallback({ kind: "start-again", draftId: startAgain.draftId });
  if (data === undefined) return { text: t("flow-create-in-doubt", vars) };
  const keyboard = new InlineKeyboard().text(t("flow-start-again-button"), data);
  return { text: t("flow-create-in-doubt-start-again", vars), keyboard };
}
