/**
 * The exchange feature: the conversations plugin (its state in the store), the flow, and
 * the ways in (/exchange, the greeting's button, a /start deep link) and out (/cancel).
 *
 * Around the conversation, the flow record (record.ts) decides which run to enter:
 * - **Next step.** A run asks one step and ends by recording the next one (flow.ts); once the
 *   update is through the conversation, the run the record names is entered in the same update.
 * - **Answer after a restart.** When the plugin has no state for the chat (lost in a crash, or
 *   saved by another version of the flow) but the record shows a step's prompt on screen, the
 *   person's text or button is that step's answer: the step's run is entered with it.
 */
import { Composer, InlineKeyboard, type MiddlewareFn } from "grammy";
import { conversations, createConversation } from "@grammyjs/conversations";
import { inOrder } from "../../middleware/in-order.js";
import type { BaseContext, BotContext } from "../../context.js";
import type { BotDeps } from "../../deps.js";
import { conversationAdapter } from "../../conversation-storage.js";
import { decodeCallback, onCallback } from "../../../messages/callback-data.js";
import { htmlByDefault } from "../../../messages/html-by-default.js";
import { nextStep } from "../../../domain/exchange-draft.js";
import { EXCHANGE_FLOW_ID, exchangeFlow } from "./flow.js";
import { clearRecord, conversationKey, readRecord, type FlowRecord } from "./record.js";
import { STEPS } from "./steps/index.js";
import { endsFlow } from "./input.js";
import { readCommand } from "../../command-text.js";
import type { FlowPrefill, FlowStart } from "./types.js";
import { decodeExchangePayload } from "../../../domain/deep-link.js";
import { maintenanceNotice } from "../../../support/maintenance.js";
import { startAgain } from "./start-again.js";
import { countFunnel } from "../../../support/funnel.js";

/**
 * Bumped whenever a change to the flow would make saved states replay differently ("Bad
 * replay"): the plugin then ignores a state of another version, and the record takes over.
 */
const FLOW_VERSION = 5;

/** Start payload that opens the flow from a group's "open a private chat" button. */
const START_EXCHANGE_PAYLOAD = "exchange";

/**
 * Buttons whose meaning lives in what the step showed last (a quote to accept, a call to retry, a
 * card to confirm): after a restart that lost it, the step is shown again instead.
 */
const ASK_AGAIN = new Set(["next", "retry", "confirm"]);

/** Builds the feature. Install it before the other features: an active flow sees updates first. */
export function exchangeFeature(deps: BotDeps): Composer<BotContext> {
  // The commands and buttons that open or settle a flow, for an update no conversation took.
  const entries = new Composer<BotContext>();
  entries.command("exchange", (ctx) => openFlow(ctx));
  onCallback(entries, "start-exchange", async (ctx) => {
    await ctx.answerCallbackQuery();
    await openFlow(ctx);
  });
  entries.command("start", async (ctx, next) => {
    if (ctx.match === START_EXCHANGE_PAYLOAD) return openFlow(ctx);
    // "x_BTC_ETH_0d1" from an inline result or /rate: the flow re-checks pair and minimum.
    const prefill = decodeExchangePayload(ctx.match);
    if (prefill) return openFlow(ctx, prefill);
    return next();
  });
  // A create in doubt: a new flow with the same details, at the card (start-again.ts).
  onCallback(entries, "start-again", (ctx, { draftId }) => startAgain(ctx, draftId, (chatId, seq) => enterSteps(ctx, chatId, seq)));
  // An active flow handles /cancel itself; reaching this handler means there was nothing to cancel.
  entries.command("cancel", (ctx) => ctx.reply(ctx.t("flow-nothing-to-cancel")));
  // A flow button pressed after its flow ended (finished, cancelled, expired).
  onCallback(entries, "flow", (ctx) => ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") }));

  // In order, entering only what an update reaches (middleware/in-order.ts): a step of an active
  // flow stops at its conversation and never enters the handlers after it.
  return new Composer<BotContext>(
    inOrder<BotContext>(
      conversations<BotContext, BaseContext>({
        storage: {
          type: "key",
          version: FLOW_VERSION,
          getStorageKey: (ctx) => (ctx.chatId === undefined ? undefined : conversationKey(ctx.chatId)),
          adapter: conversationAdapter(deps.store, deps.now),
        },
      }),
      enterNextSteps,
      createConversation<BotContext, BaseContext>(exchangeFlow, {
        id: EXCHANGE_FLOW_ID,
        maxMillisecondsToWait: deps.config.flowTimeoutMs,
        // The inner context is built afresh for each replay, with an Api of its own that bot.api's
        // transformers do not reach: give it what the outer one has. Telegram's 429s and 5xx are
        // retried below the replay layer (bot/telegram-fetch.ts), so a replay never waits again; the
        // one transformer installed here, HTML by default, only rewrites payloads.
        plugins: [
          (ctx, next) => {
            ctx.deps = deps;
            ctx.api.config.use(htmlByDefault());
            return next();
          },
          deps.i18n,
        ],
      }),
      // Reached by an update no conversation took: none is active for the chat.
      answerFromRecord,
      entries,
    ),
  );
}

/**
 * Around an active flow's update: when its run recorded the next step, enters that step's run.
 * A command the flow let through to its handler (/help, /status…; input.ts) is followed by a
 * word that the exchange is still open, so the next answer is not a surprise.
 */
const enterNextSteps: MiddlewareFn<BotContext> = async (ctx, next) => {
  const chatId = ctx.chat?.type === "private" ? ctx.chat.id : undefined;
  if (chatId === undefined || ctx.conversation.active(EXCHANGE_FLOW_ID) === 0) return next();
  const seq = (await readRecord(ctx.deps.store, chatId))?.seq;
  const command = readCommand(ctx.message?.text, ctx.me.username);
  await next();
  if (command?.forUs && !endsFlow(command.name) && ctx.conversation.active(EXCHANGE_FLOW_ID) > 0) await ctx.reply(ctx.t("flow-still-open"));
  await enterSteps(ctx, chatId, seq);
};

/** With no flow state for the chat, a flow input answers the step the record shows (module comment). */
const answerFromRecord: MiddlewareFn<BotContext> = async (ctx, next) => {
  const chatId = ctx.chat?.type === "private" ? ctx.chat.id : undefined;
  const record = chatId !== undefined && isFlowInput(ctx) ? await readRecord(ctx.deps.store, chatId) : undefined;
  if (chatId === undefined || record === undefined) return next();
  await resume(ctx, chatId, record, next);
};

/** A flow input found the record without the plugin's state: the step on screen takes it. */
async function resume(ctx: BotContext, chatId: number, record: FlowRecord, next: () => Promise<void>): Promise<void> {
  const live = ctx.deps.store;
  const age = ctx.deps.now().getTime() - Date.parse(record.at);
  if (record.step === "ended" || !(age < ctx.deps.config.flowTimeoutMs)) {
    // Over, or left longer than a flow waits: the update is not the flow's.
    await clearRecord(live, chatId);
    return next();
  }
  const step = nextStep(record.draft);
  const pressed = decodeFlowButton(ctx);
  if (pressed && pressed.step !== step) {
    await ctx.answerCallbackQuery({ text: ctx.t("flow-stale-button") });
    return;
  }
  const { draftId, draft } = record;
  // On the card, only a button answers: Confirm, or typed text, gets the card (a fresh quote) again.
  const answers = record.step !== "creating" && !record.reask && (pressed ? !ASK_AGAIN.has(pressed.action.kind) : step !== "confirm");
  if (!answers) {
    // "creating" is settled at start-up, or with replicas by the leader within minutes
    // (interrupted.ts); one not settled yet shows the card again, whose Confirm finds the
    // create's marker and never sends it twice.
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
    ctx.deps.logger.info({ chatId, step: record.step }, "exchange flow: no saved state for the step on screen; asking it again");
  }
  await enterSteps(
    ctx,
    chatId,
    record.seq,
    answers ? { kind: "answer", draftId, draft } : { kind: "step", draftId, draft, restarted: true },
  );
}

/** The flow button of the update, if it is one. */
function decodeFlowButton(ctx: BotContext) {
  const data = ctx.callbackQuery?.data;
  const decoded = data === undefined ? undefined : decodeCallback(data);
  return decoded?.kind === "flow" ? decoded : undefined;
}

/** Typed text (not a command) and flow buttons: what a flow would read as an answer. */
function isFlowInput(ctx: BotContext): boolean {
  const text = ctx.message?.text;
  if (text !== undefined) return !text.startsWith("/");
  return decodeFlowButton(ctx) !== undefined;
}

/**
 * Enters `start` (if any), then, while no run waits and the record moved on from `seq` within this
 * update, the run of the step it names. Each pass needs a new record, and a step that asks
 * nothing moves to a step that does (the pair is gone: the coins), so this ends within two.
 */
async function enterSteps(ctx: BotContext, chatId: number, seq: number | undefined, start?: FlowStart): Promise<void> {
  for (let pass = 0; pass <= Object.keys(STEPS).length; pass++) {
    if (start === undefined) {
      if (ctx.conversation.active(EXCHANGE_FLOW_ID) > 0) return;
      const record = await readRecord(ctx.deps.store, chatId);
      if (record === undefined || record.seq === seq || record.step === "ended" || record.step === "creating") return;
      seq = record.seq;
      start = { kind: "step", draftId: record.draftId, draft: record.draft };
    }
    // Nothing is active here, but a run that finished inside enter() leaves the plugin an empty
    // entry for the flow, and enter() would then throw "a conversation was already entered".
    await ctx.conversation.exit(EXCHANGE_FLOW_ID);
    await ctx.conversation.enter(EXCHANGE_FLOW_ID, start);
    start = undefined;
  }
  ctx.deps.logger.error({ chatId }, "exchange flow: more steps in one update than the flow has; stopped");
}

/** Enters the flow in a private chat; in a group, points to the private chat instead. */
async function openFlow(ctx: BotContext, prefill?: FlowPrefill): Promise<void> {
  if (ctx.chat?.type !== "private") {
    const link = `https://t.me/${ctx.me.username}?start=${START_EXCHANGE_PAYLOAD}`;
    await ctx.reply(ctx.t("flow-group-redirect"), {
      reply_markup: new InlineKeyboard().url(ctx.t("flow-group-button"), link),
    });
    return;
  }
  const paused = await maintenanceNotice(ctx.deps.store.settings, (key, vars) => ctx.t(key, vars));
  if (paused) {
    await ctx.reply(paused);
    return;
  }
  await countFunnel(ctx.deps.store, "flow_started");
  // Entering while a flow is active would leave two; start over cleanly instead.
  await ctx.conversation.exitAll();
  await enterSteps(ctx, ctx.chat.id, (await readRecord(ctx.deps.store, ctx.chat.id))?.seq, { kind: "new", prefill });
}
