/**
 * /alert: "tell me when 1 BTC buys at least 20 ETH" (`/alert btc eth >= 20`) or at most
 * (`/alert btc eth <= 18`). With no arguments, the person's alerts with a delete button each.
 * An alert belongs to the person who set it, in a group too: only they see it in /alert and can
 * delete it, whatever a button's data says.
 *
 * The guided path starts at a quote's "Alert me" button (the `alert-pair` callback, under /rate's
 * quote and the flow's): the bot shows the rate now with choices (5 or 10 % either way, the
 * `alert-step` callback), and, outside an exchange flow, asks the person for the threshold
 * (`>= 20` or `<= 18`), a short question (bot/questions.ts); in a flow, typed text is the flow's
 * (an amount), so it names /alert instead.
 *
 * The check that fires them, and the storage, are src/alerts/rate-alerts.ts.
 */
import { type Composer, InlineKeyboard } from "grammy";
import { FeatureComposer } from "../feature-composer.js";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import { encodeCallback, onCallback } from "../../messages/callback-data.js";
import { showAmount } from "../../messages/order-card.js";
import { html, htmlPart, joinHtml, type HtmlText } from "../../messages/html.js";
import type { Translate } from "../../messages/i18n.js";
import { Dec } from "../../domain/amount.js";
import { inFlow as inExchangeFlow } from "./exchange/flow-state.js";
import { askQuestion, defineQuestion, leaveQuestion, nextAnswer } from "../questions.js";
import { replyToAsker } from "./button-owner.js";
import { MAX_ALERTS_PER_PERSON, parseAlertInput, parseThreshold, type AlertDirection, type RateAlert } from "../../domain/rate-alert.js";

/** The guided path's buttons: this many percent above or below the rate now. */
const CHOICE_PERCENTS = [5, 10] as const;

type Deps = Pick<BotDeps, "rateAlerts" | "catalog" | "store" | "now" | "logger" | "config">;

/**
 * The guided path's question: the threshold of the pair, typed by the person who pressed "Alert
 * me" (its prompt, with the rate now and the choices, is the press's reply).
 */
export const thresholdQuestion = defineQuestion(
  "alert-threshold",
  "rate-alert-ask-in-flow",
  async (conversation, ctx, from: string, to: string) => {
    const asker = ctx.from?.id;
    if (asker === undefined) return;
    for (;;) {
      const answer = await nextAnswer(conversation, asker, [], "rate-alert-question-cancelled");
      if (answer.kind !== "text") continue;
      const threshold = parseThreshold(answer.text);
      if (!threshold.ok) {
        await answer.ctx.reply(answer.ctx.t(`rate-alert-bad-${threshold.reason}`));
        continue;
      }
      const input = { from, to, direction: threshold.direction, threshold: threshold.threshold };
      const said = await conversation.external(async (octx) => addAlert(octx.deps, octx.t, octx.chat?.id, asker, input));
      await answer.ctx.reply(said);
      return;
    }
  },
);

/** Builds the feature. */
export function rateAlertsFeature(deps: Deps): Composer<BotContext> {
  const feature = new FeatureComposer<BotContext>();

  feature.command("alert", async (ctx) => {
    const chatId = ctx.chat.id;
    const text = typeof ctx.match === "string" ? ctx.match.trim() : "";
    if (text === "") {
      const [list, other] = listMessage(ctx, await deps.rateAlerts.list(chatId, ctx.from?.id ?? chatId));
      // In a group, a reply to the asker: the delete buttons are theirs.
      await ctx.reply(list, { ...other, ...replyToAsker(ctx) });
      return;
    }
    const input = parseAlertInput(text);
    if (!input.ok) {
      await ctx.reply(ctx.t(input.reason === "usage" ? "rate-alert-usage" : `rate-alert-bad-${input.reason}`));
      return;
    }
    await ctx.reply(await addAlert(deps, ctx.t, chatId, ctx.from?.id ?? chatId, input));
  });

  onCallback(feature, "alert-delete", async (ctx, { alertId }) => {
    const chatId = ctx.chat?.id;
    if (chatId === undefined) return ctx.answerCallbackQuery();
    // Only the person's own alert goes: data a client made up names nobody else's.
    const removed = await deps.rateAlerts.remove(chatId, ctx.from.id, alertId);
    await ctx.answerCallbackQuery({ text: ctx.t(removed ? "rate-alert-deleted" : "rate-alert-gone") });
    const [text, other] = listMessage(ctx, await deps.rateAlerts.list(chatId, ctx.from.id));
    await ctx.editMessageText(text, other).catch(() => undefined);
  });

  onCallback(feature, "alert-pair", async (ctx, { from, to }) => {
    await ctx.answerCallbackQuery();
    const chatId = ctx.chat?.id;
    if (chatId === undefined) return;
    const price = await deps.rateAlerts.unitPrice(from, to).catch(() => undefined);
    // In an exchange flow the flow reads typed text (an amount): the choices and /alert answer there.
    const inFlow = ctx.chat?.type === "private" && (await inExchangeFlow(deps, chatId));
    const lines = [ctx.t(inFlow ? "rate-alert-ask-in-flow" : "rate-alert-ask", { from, to })];
    if (price !== undefined) lines.unshift(ctx.t("rate-alert-now", { from, to, price: showAmount(price) }));
    await ctx.reply(joinHtml(lines, "\n\n"), {
      ...(price === undefined ? {} : { reply_markup: choices(ctx, from, to) }),
      ...replyToAsker(ctx),
    });
    // Asked after the question is shown: a kill in between asks it again when the press is handled again.
    if (!inFlow) await askQuestion(ctx, thresholdQuestion, from, to);
  });

  onCallback(feature, "alert-step", async (ctx, { from, to, direction, percent }) => {
    await ctx.answerCallbackQuery();
    let price: string;
    try {
      price = await deps.rateAlerts.unitPrice(from, to);
    } catch (err) {
      deps.logger.warn({ err }, "rate alerts: no rate for the chosen threshold");
      await ctx.reply(ctx.t("error-generic"));
      return;
    }
    const factor = new Dec(100 + (direction === "above" ? percent : -percent)).div(100);
    const threshold = new Dec(price).mul(factor).toSignificantDigits(6, Dec.ROUND_HALF_UP).toFixed();
    // A choice pressed answers the threshold question too.
    await leaveQuestion(ctx, thresholdQuestion);
    await ctx.reply(await addAlert(deps, ctx.t, ctx.chat?.id, ctx.from.id, { from, to, direction, threshold }));
  });
  return feature;
}

/** The guided path's choices: 5 and 10 % either way of the rate now. */
function choices(ctx: BotContext, from: string, to: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const direction of ["above", "below"] as const) {
    for (const percent of CHOICE_PERCENTS) {
      keyboard.text(
        ctx.t(`rate-alert-choice-${direction}`, { percent }),
        encodeCallback({ kind: "alert-step", from, to, direction, percent }),
      );
    }
    keyboard.row();
  }
  return keyboard;
}

/** Checks the coins against the catalog, then adds the alert within the person's limit; returns what to say. */
async function addAlert(
  deps: Pick<Deps, "catalog" | "logger" | "rateAlerts">,
  t: Translate,
  chatId: number | undefined,
  userId: number,
  input: { from: string; to: string; direction: AlertDirection; threshold: string },
): Promise<string> {
  if (chatId === undefined) return t("error-generic");
  let index;
  try {
    index = await deps.catalog.index();
  } catch (err) {
    deps.logger.warn({ err }, "rate alerts: catalog unavailable");
    return t("error-generic");
  }
  for (const code of [input.from, input.to]) {
    if (!index.get(code)) return t("rate-alert-unknown-coin", { coin: code });
  }
  if (!index.canExchange(input.from, input.to)) return t("rate-alert-no-pair", { from: input.from, to: input.to });
  const added = await deps.rateAlerts.add(chatId, userId, input);
  if (added === "limit") return t("rate-alert-limit", { max: MAX_ALERTS_PER_PERSON });
  return t(`rate-alert-set-${added.direction}`, describe(added));
}

function describe(a: RateAlert): Record<string, string> {
  return { from: a.from, to: a.to, threshold: showAmount(a.threshold) };
}

/** /alert's list: one line and one delete button per alert, or how to set one. */
function listMessage(ctx: BotContext, alerts: readonly RateAlert[]): [HtmlText, { reply_markup?: InlineKeyboard }] {
  if (alerts.length === 0) return [ctx.t("rate-alert-none"), {}];
  const keyboard = new InlineKeyboard();
  const lines = [ctx.t("rate-alert-list-title", { count: alerts.length, max: MAX_ALERTS_PER_PERSON })];
  alerts.forEach((a, i) => {
    const n = String(i + 1);
    lines.push(html`${n}. ${htmlPart(ctx.t(`rate-alert-line-${a.direction}`, describe(a)))}`.text);
    keyboard.text(ctx.t("rate-alert-button-delete", { n }), encodeCallback({ kind: "alert-delete", alertId: a.id }));
    if ((i + 1) % 5 === 0) keyboard.row();
  });
  return [joinHtml(lines), { reply_markup: keyboard }];
}
