/**
 * Partner API calls from inside the flow. They go through `conversation.external` (the flow is
 * replayed on every update, and a replay must not call the service again), and they come back as
 * plain data, never as a thrown error, because only plain data survives the conversation's log.
 */
import { InlineKeyboard } from "grammy";
import type { BotDeps } from "../../deps.js";
import { PartnerError } from "../../../partner/errors.js";
import { escapeHtml } from "../../../messages/html.js";
import { clip, MAX_SERVICE_MESSAGE } from "../../../messages/fit.js";
import { stepButtons } from "./callbacks.js";
import { owePrompt, retirePrompt, sendPrompt, waitForInput } from "./input.js";
import type { FlowContext, FlowConversation, StepScope } from "./types.js";

/** A failure as the flow needs to know it: can the person retry, and what did the service say. */
export interface FlowFailure {
  kind: PartnerError["kind"] | "internal";
  serviceMessage?: string;
}

export type Settled<T> = { ok: true; value: T } | { ok: false; failure: FlowFailure };

/**
 * Runs `task` once (never again on replay) and settles it into plain data. The result is kept in
 * the flow's saved replay log: return the few values the step needs, never a catalog.
 */
export function callPartner<T>(conversation: FlowConversation, what: string, task: (deps: BotDeps) => Promise<T>): Promise<Settled<T>> {
  return conversation.external(async (octx): Promise<Settled<T>> => {
    try {
      return { ok: true, value: await task(octx.deps) };
    } catch (err) {
      octx.deps.logger.warn({ err, what, chatId: octx.chat?.id }, "partner call failed in the exchange flow");
      if (err instanceof PartnerError) {
        return { ok: false, failure: { kind: err.kind, serviceMessage: err.serviceMessage } };
      }
      return { ok: false, failure: { kind: "internal" } };
    }
  });
}

/** The friendly text for a failure; the service's own words where it gave a reason. */
export function failureText(ctx: FlowContext, failure: FlowFailure): string {
  if (failure.kind === "rejected") {
    return failure.serviceMessage
      ? ctx.t("flow-partner-rejected", { message: escapeHtml(clip(failure.serviceMessage, MAX_SERVICE_MESSAGE)) })
      : ctx.t("flow-partner-rejected-generic");
  }
  return ctx.t("flow-partner-error");
}

/**
 * Calls the service until it answers. On a failure the person sees what happened with Retry,
 * Back and Cancel; everything entered so far stays in the draft. A rejection (the service said
 * no) is returned to the caller, which knows what the person should change.
 */
export async function callPartnerWithRetry<T>(scope: StepScope, what: string, task: (deps: BotDeps) => Promise<T>): Promise<Settled<T>> {
  for (;;) {
    const result = await callPartner(scope.conversation, what, task);
    if (result.ok || result.failure.kind === "rejected") return result;
    await offerRetry(scope, failureText(scope.ctx, result.failure));
  }
}

/**
 * Shows `text` with Retry, Back and Cancel, and returns when Retry is pressed (Back and Cancel
 * leave the step through {@link FlowExit}, as everywhere in the flow).
 */
export async function offerRetry(scope: StepScope, text: string): Promise<void> {
  const { ctx } = scope;
  const buttons = stepButtons(scope.step);
  const prompt = await sendPrompt(
    scope,
    text,
    new InlineKeyboard()
      .text(ctx.t("flow-button-retry"), buttons.retry)
      .row()
      .text(ctx.t("flow-button-back"), buttons.back)
      .text(ctx.t("flow-button-cancel"), buttons.cancel),
  );
  for (;;) {
    const input = await waitForInput(scope, prompt);
    if (input.kind === "button" && input.action.kind === "retry") break;
    await input.ctx.reply(ctx.t("flow-use-buttons"));
  }
  // The call is tried again and its step asks next: owed before this prompt loses its buttons.
  await owePrompt(scope);
  await retirePrompt(ctx, prompt);
}
