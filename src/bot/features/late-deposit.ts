/**
 * The late-deposit choice (payment/emergency, beyond our contract; PARTNER_FEATURES `emergency`):
 * the buttons of the one message the outbox sends when the service holds a deposit that came after
 * the order expired, or short (delivery.ts, messages/late-deposit.ts).
 *
 * Once only, whatever happens: the choice is claimed in the exchange's record (one atomic update
 * that succeeds only while no choice is stored) and made durable before the request leaves. So a
 * second press, a press of the other button, another replica, a crash or a restart finds the
 * choice stored and sends nothing: the service hears at most one choice, once. If its answer is
 * lost (a time-out, a 5xx), the choice stays, marked in doubt, and support is alerted to confirm
 * it with the service; only an answer that proves nothing was done (a refusal, a request that
 * never left) frees the person to choose again.
 */
import { randomUUID } from "node:crypto";
import { type Composer } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import type { LateDepositChoice } from "../../domain/types.js";
import { awaitsLateDepositChoice } from "../../domain/status.js";
import { onCallback } from "../../messages/callback-data.js";
import { lateChoiceWords, lateStateWords } from "../../messages/late-deposit.js";
import { isPartnerError } from "../../partner/errors.js";
import { namespace } from "../../store/namespace.js";

/** What the feature uses. */
export type LateDepositDeps = Pick<BotDeps, "store" | "partner" | "config" | "delivery" | "support" | "logger" | "now">;

/**
 * The kv namespace of each exchange's late-deposit claim, written through (store/durability.ts):
 * its write is what makes the choice stored in the exchange's record durable.
 */
export const LATE_DEPOSIT_MARKS = namespace<LateDepositMark>("late-deposit", "through");

/** One exchange's claim, as its mark. */
interface LateDepositMark {
  claim: string;
  state: LateDepositChoice["state"];
}

/** Longest service reason repeated to the person. */
const MAX_REASON = 200;

/** The two buttons of the late-deposit message that choose at once (the third: late-refund-address.ts). */
export function lateDepositFeature(deps: LateDepositDeps): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();
  onCallback(feature, "late-continue", (ctx, { exchangeId }) => chooseLateDeposit(ctx, deps, exchangeId, "continue"));
  onCallback(feature, "late-refund", (ctx, { exchangeId }) => chooseLateDeposit(ctx, deps, exchangeId, "refund"));
  return feature;
}

/** Whether a failed request provably did nothing at the service, so the choice may be made again. */
function provablyNotDone(err: unknown): boolean {
  if (!isPartnerError(err)) return false;
  if (err.kind === "rejected" || err.notSent) return true;
  return err.kind === "http" && err.status !== undefined && err.status < 500;
}

/** Where a refund goes when the person gave another address than the one given at the start. */
export interface RefundDestination {
  refundAddress: string;
  refundTag: string;
}

/** How a press ended: the choice sent, in doubt, refused by the service; or nothing sent (`none`). */
export type ChoiceOutcome = "sent" | "in-doubt" | "refused" | "none";

/**
 * Makes the choice `choice` for exchange `id` once (see the module comment), answering the pressed
 * button. A refund goes to `refund` when given (another address, already checked: late-refund-address.ts),
 * else to the refund address given at the start.
 */
export async function chooseLateDeposit(
  ctx: BotContext,
  deps: LateDepositDeps,
  id: string,
  choice: LateDepositChoice["choice"],
  refund?: RefundDestination,
): Promise<ChoiceOutcome> {
  const { store, partner, config, delivery, support, logger, now } = deps;
  const record = await store.exchanges.get(id);
  // Another person's id gets nothing, as a wrong id does.
  if (!record || record.userId !== ctx.from?.id) {
    await ctx.answerCallbackQuery();
    return "none";
  }
  const send = partner.emergency;
  if (!config.partnerFeatures.has("emergency") || send === undefined) {
    await ctx.answerCallbackQuery();
    await ctx.reply(ctx.t("late-deposit-unavailable"));
    return "none";
  }
  const claim = randomUUID();
  const to = refund ?? { refundAddress: record.refundAddress, refundTag: record.refundTag };
  const mine: LateDepositChoice = {
    choice,
    state: "sending",
    at: now().toISOString(),
    claim,
    ...(choice === "refund" ? { refundAddress: to.refundAddress, ...(to.refundTag ? { refundTag: to.refundTag } : {}) } : {}),
  };
  // The claim: stored only while no choice is, and the order still waits for one.
  const stored = await store.exchanges.update(id, (r) => {
    if (r.lateDeposit === undefined && awaitsLateDepositChoice(r)) r.lateDeposit = mine;
    return r;
  });
  await ctx.answerCallbackQuery();
  const held = stored.lateDeposit;
  if (held?.claim !== claim) {
    await ctx.reply(
      held
        ? ctx.t("late-deposit-already", { choice: lateChoiceWords(held, ctx.t), state: lateStateWords(held, ctx.t) })
        : ctx.t("late-deposit-not-waiting"),
    );
    return "none";
  }
  // Durable before the request leaves: a crash after this point never sends it again. The mark is
  // written through, and a written-through write carries the record's update made before it.
  const marks = store.kv(LATE_DEPOSIT_MARKS);
  await marks.set(id, { claim, state: "sending" });

  let state: "sent" | "in-doubt" | "refused";
  let reason = "";
  try {
    await send({ id, choice, refundAddress: mine.refundAddress, refundTag: mine.refundTag });
    state = "sent";
  } catch (err) {
    state = provablyNotDone(err) ? "refused" : "in-doubt";
    reason = isPartnerError(err) ? (err.serviceMessage ?? err.message) : "";
    logger.warn({ err, exchangeId: id, choice, state }, "late deposit: payment/emergency failed");
  }
  const after = await store.exchanges.update(id, (r) => {
    if (r.lateDeposit?.claim !== claim) return r;
    if (state === "refused") delete r.lateDeposit;
    else r.lateDeposit = { ...r.lateDeposit, state };
    return r;
  });
  // The outcome, durable before the person is told it (as the claim above).
  if (state === "refused") await marks.delete(id);
  else await marks.set(id, { claim, state });
  // The offer's buttons go once the choice is made (they stay after a refusal, to choose again).
  if (state !== "refused") await ctx.editMessageReplyMarkup({ reply_markup: undefined }).catch(() => undefined);
  logger.info({ exchangeId: id, choice, state }, "late deposit: choice made");
  // The card says what was chosen (and a refused choice brings the offer back with the next notice).
  await delivery.notice(id);
  if (state === "sent") {
    await ctx.reply(ctx.t("late-deposit-sent", { choice: lateChoiceWords(mine, ctx.t) }));
  } else if (state === "refused") {
    await ctx.reply(ctx.t("late-deposit-refused", { reason: reason.slice(0, MAX_REASON) }));
  } else {
    await ctx.reply(ctx.t("late-deposit-in-doubt", { choice: lateChoiceWords(mine, ctx.t) }));
    await support.alerts.raise({ key: `late-deposit-in-doubt:${id}`, kind: "late-deposit-in-doubt", exchange: after });
  }
  return state;
}
