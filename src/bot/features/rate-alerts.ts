/**
 * /alert: "tell me when 1 BTC buys at least 20 ETH" (`/alert btc eth >= 20`) or at most
 * (`/alert btc eth <= 18`). With no arguments, the person's alerts with a delete button each.
 *
 * The guided path starts at a quote's "Alert me" button (the `alert-pair` callback, under /rate's
 * quote and the flow's): the bot shows the rate now with choices (5 or 10 % either way, the
 * `alert-step` callback), and, outside an exchange flow, reads the next text of the chat as the
 * threshold (`>= 20` or `<= 18`); in a flow, typed text is the flow's (an amount), so it names
 * /alert instead. The question is kept in the kv namespace {@link QUESTION_NAMESPACE} per chat,
 * for {@link QUESTION_TTL_MS}.
 *
 * The check that fires them, and the storage, are src/alerts/rate-alerts.ts.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../context.js";
import type { BotDeps } from "../deps.js";
import { encodeCallback, onCallback } from "../../messages/callback-data.js";
import { showAmount } from "../../messages/order-card.js";
import { escapeHtml } from "../../messages/html.js";
import { Dec } from "../../domain/amount.js";
import { inFlow as inExchangeFlow } from "./exchange/flow-state.js";
import { MAX_ALERTS_PER_PERSON, parseAlertInput, parseThreshold, type AlertDirection, type RateAlert } from "../../domain/rate-alert.js";

/** Per chat: the pair whose threshold the bot asked for (the guided path). */
export const QUESTION_NAMESPACE = "rate-alert-question";
/** A threshold question is answered within this long, or the text goes to whoever else reads it. */
const QUESTION_TTL_MS = 15 * 60_000;

interface ThresholdQuestion {
  from: string;
  to: string;
  at: string;
}

/** The guided path's buttons: this many percent above or below the rate now. */
const CHOICE_PERCENTS = [5, 10] as const;

type Deps = Pick<BotDeps, "rateAlerts" | "catalog" | "store" | "now" | "logger" | "config">;

/** Builds the feature. */
export function rateAlertsFeature(deps: Deps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  const questions = deps.store.kv<ThresholdQuestion>(QUESTION_NAMESPACE);

  feature.command("alert", async (ctx) => {
    const chatId = ctx.chat.id;
    const text = typeof ctx.match === "string" ? ctx.match.trim() : "";
    if (text === "") {
      await ctx.reply(...listMessage(ctx, await deps.rateAlerts.list(chatId)));
      return;
    }
    const input = parseAlertInput(text);
    if (!input.ok) {
      await ctx.reply(ctx.t(input.reason === "usage" ? "rate-alert-usage" : `rate-alert-bad-${input.reason}`));
      return;
    }
    await addAlert(ctx, deps, input);
  });

  onCallback(feature, "alert-delete", async (ctx, { alertId }) => {
    const chatId = ctx.chat?.id;
    if (chatId === undefined) return ctx.answerCallbackQuery();
    const removed = await deps.rateAlerts.remove(chatId, alertId);
    await ctx.answerCallbackQuery({ text: ctx.t(removed ? "rate-alert-deleted" : "rate-alert-gone") });
    const [text, other] = listMessage(ctx, await deps.rateAlerts.list(chatId));
    await ctx.editMessageText(text, other).catch(() => undefined);
  });

  onCallback(feature, "alert-pair", async (ctx, { from, to }) => {
    await ctx.answerCallbackQuery();
    const chatId = ctx.chat?.id;
    if (chatId === undefined) return;
    const price = await deps.rateAlerts.unitPrice(from, to).catch(() => undefined);
    // In an exchange flow the flow reads typed text (an amount): the choices and /alert answer there.
    const inFlow = await inExchangeFlow(deps, chatId);
    // Written before the question is shown: an answer always finds it.
    if (!inFlow) await questions.set(String(chatId), { from, to, at: deps.now().toISOString() });
    const lines = [ctx.t(inFlow ? "rate-alert-ask-in-flow" : "rate-alert-ask", { from, to })];
    if (price !== undefined) lines.unshift(ctx.t("rate-alert-now", { from, to, price: showAmount(price) }));
    await ctx.reply(lines.join("\n\n"), price === undefined ? {} : { reply_markup: choices(ctx, from, to) });
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
    await questions.delete(String(ctx.chat?.id ?? ""));
    await addAlert(ctx, deps, { from, to, direction, threshold });
  });

  feature.on("message:text", async (ctx, next) => {
    const text = ctx.message.text;
    if (text.startsWith("/")) return next();
    const key = String(ctx.chat.id);
    const question = await questions.get(key);
    if (!question) return next();
    if (deps.now().getTime() - Date.parse(question.at) > QUESTION_TTL_MS) {
      await questions.delete(key);
      return next();
    }
    const answer = parseThreshold(text);
    if (!answer.ok) {
      await ctx.reply(ctx.t(`rate-alert-bad-${answer.reason}`));
      return;
    }
    await questions.delete(key);
    await addAlert(ctx, deps, { from: question.from, to: question.to, direction: answer.direction, threshold: answer.threshold });
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

/** Checks the coins against the catalog, then adds the alert within the person's limit. */
async function addAlert(
  ctx: BotContext,
  deps: Deps,
  input: { from: string; to: string; direction: AlertDirection; threshold: string },
): Promise<void> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return;
  let index;
  try {
    index = await deps.catalog.index();
  } catch (err) {
    deps.logger.warn({ err }, "rate alerts: catalog unavailable");
    await ctx.reply(ctx.t("error-generic"));
    return;
  }
  for (const code of [input.from, input.to]) {
    if (!index.get(code)) {
      await ctx.reply(ctx.t("rate-alert-unknown-coin", { coin: escapeHtml(code) }));
      return;
    }
  }
  if (!index.canExchange(input.from, input.to)) {
    await ctx.reply(ctx.t("rate-alert-no-pair", { from: input.from, to: input.to }));
    return;
  }
  const added = await deps.rateAlerts.add(chatId, input);
  if (added === "limit") {
    await ctx.reply(ctx.t("rate-alert-limit", { max: MAX_ALERTS_PER_PERSON }));
    return;
  }
  await ctx.reply(ctx.t(`rate-alert-set-${added.direction}`, describe(added)));
}

function describe(a: RateAlert): Record<string, string> {
  return { from: a.from, to: a.to, threshold: showAmount(a.threshold) };
}

/** /alert's list: one line and one delete button per alert, or how to set one. */
function listMessage(ctx: BotContext, alerts: readonly RateAlert[]): [string, { reply_markup?: InlineKeyboard }] {
  if (alerts.length === 0) return [ctx.t("rate-alert-none"), {}];
  const keyboard = new InlineKeyboard();
  const lines = [ctx.t("rate-alert-list-title", { count: alerts.length, max: MAX_ALERTS_PER_PERSON })];
  alerts.forEach((a, i) => {
    const n = String(i + 1);
    lines.push(`${n}. ${ctx.t(`rate-alert-line-${a.direction}`, describe(a))}`);
    keyboard.text(ctx.t("rate-alert-button-delete", { n }), encodeCallback({ kind: "alert-delete", alertId: a.id }));
    if ((i + 1) % 5 === 0) keyboard.row();
  });
  return [lines.join("\n"), { reply_markup: keyboard }];
}
