/**
 * A create in doubt, settled without the service's history (issue 22, point 7): the person gets
 * one button to start again with the same details. It opens a new flow (a new draft id, so a new
 * once-only marker) at the confirmation card, with a fresh quote, for the person to confirm again.
 * The first attempt's order, if the service made one, is never shown to pay and simply expires
 * unpaid; the message says so, and support's alert about it stays.
 *
 * The details come from the attempt's create marker (create-exchange.ts), which is durable, so
 * the button works after a restart; its data names the attempt's draft id only, never an address.
 * Only the person who made the attempt can use it, and only once: the marker keeps the draft id
 * of the flow started from it (`restartedAs`).
 */
import type { BotContext } from "../../context.js";
import type { CreateAttempt } from "../../../domain/types.js";
import { maintenanceNotice } from "../../../support/maintenance.js";
import { countFunnel } from "../../../support/funnel.js";
import { CREATE_MARKERS, canStartAgain } from "../../../exchange/create-once.js";
import { begin } from "./engine.js";
import { clearFlow, readFlow } from "./flow-state.js";
import { surfaceOf } from "./in-flow.js";
import { newDraftId, startingDraft } from "./open-flow.js";
import type { KnownOrder } from "./steps/step.js";

/** What an attempt knew, for the steps to take where it still fits (a coin gone is asked again). */
function knownOf(attempt: CreateAttempt): KnownOrder {
  return {
    from: attempt.from,
    to: attempt.to,
    amount: attempt.amount,
    ...(attempt.amountTo === undefined ? {} : { amountTo: attempt.amountTo }),
    ...(attempt.fix === undefined ? {} : { fix: attempt.fix }),
    destinationAddress: attempt.destinationAddress,
    destinationTag: attempt.destinationTag,
    refundAddress: attempt.refundAddress,
    refundTag: attempt.refundTag,
  };
}

/**
 * The button pressed: opens the new flow at its first missing step (the card, when nothing was
 * dropped).
 *
 * The new flow's record is written (durable, its prompt due) before the press is claimed in the
 * marker: a kill between the two still shows the card at start-up, and leaves the button usable
 * once more rather than used with nothing to show for it.
 */
export async function startAgain(ctx: BotContext, draftId: string): Promise<void> {
  const { deps } = ctx;
  const chatId = ctx.chat?.type === "private" ? ctx.chat.id : undefined;
  const markers = deps.store.kv(CREATE_MARKERS);
  const marker = await markers.get(draftId);
  await ctx.answerCallbackQuery();
  // Another person's attempt (data a modified client made up), or no attempt by that id: nothing.
  if (
    chatId === undefined ||
    marker === undefined ||
    marker.state === "done" ||
    marker.userId !== ctx.from?.id ||
    marker.chatId !== chatId
  ) {
    deps.logger.warn({ chatId, draftId }, "start again: not this person's attempt; ignored");
    return;
  }
  if (!canStartAgain(marker)) {
    await ctx.reply(ctx.t("flow-start-again-used"));
    return;
  }
  const paused = await maintenanceNotice(deps.store.settings, (key, vars) => ctx.t(key, vars));
  if (paused) {
    await ctx.reply(paused);
    return;
  }
  // Without the catalog the details could not be checked: the button stays for a later press.
  if ((await deps.catalog.index().catch(() => undefined)) === undefined) {
    await ctx.reply(ctx.t("flow-start-again-later"));
    return;
  }
  const draft = await startingDraft(deps, knownOf(marker));
  const newId = newDraftId();
  const last = await readFlow(deps.store, chatId);
  const claim = { taken: false };
  await begin(surfaceOf(ctx, chatId), last, newId, draft, {
    first: ctx.t("flow-start-again-started"),
    // The claim, after the new flow's record is on disk and before anything is shown; re-checked
    // in the same step as the change (the kv's update is atomic).
    beforeShowing: async () => {
      const after = await markers.update(draftId, (current) =>
        current?.state === "in-doubt" && canStartAgain(current) ? { ...current, restartedAs: newId } : current,
      );
      claim.taken = after?.state === "in-doubt" && after.restartedAs === newId;
      if (claim.taken) await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
      return claim.taken;
    },
  });
  if (!claim.taken) {
    // Only another process handling this chat at once could have taken it; its flow stands.
    const record = await readFlow(deps.store, chatId);
    if (record?.draftId === newId) await clearFlow(deps.store, chatId);
    await ctx.reply(ctx.t("flow-start-again-used"));
    return;
  }
  deps.logger.info({ chatId, draftId, newDraftId: newId }, "start again: a new flow with the details of a create in doubt");
  await countFunnel(deps.store, "flow_started");
}
