/**
 * The exchange feature: the conversations plugin (state in the live store), the flow, and the
 * ways in (/exchange, the greeting's button, a /start deep link) and out (/cancel).
 *
 * Two things happen around the conversation itself:
 * - **Hand-over.** The flow asks one step per conversation run (flow.ts); when a run finishes a
 *   step it leaves the next run's start on the update, and it is entered here in the same update.
 * - **Recovery.** When the flow journal is ahead of the saved conversation state, the process died
 *   after the person saw a prompt whose state never reached the disk. The stale state is dropped
 *   and the step the person last saw is asked again, with everything entered kept; the update
 *   that found it is not read as an answer to anything.
 */
import { Composer, InlineKeyboard, type MiddlewareFn } from "grammy";
import { conversations, createConversation } from "@grammyjs/conversations";
import type { BaseContext, BotContext } from "../../context.js";
import type { BotDeps } from "../../deps.js";
import { conversationAdapter, storedConversation } from "../../conversation-storage.js";
import { decodeCallback, onCallback } from "../../../messages/callback-data.js";
import { htmlByDefault } from "../../../messages/html-by-default.js";
import { EXCHANGE_FLOW_ID, exchangeFlow, takeHandOver } from "./flow.js";
import { clearJournal, readJournal } from "./journal.js";
import type { FlowPrefill, FlowStart } from "./types.js";
import { decodeExchangePayload } from "../../../domain/deep-link.js";
import { maintenanceNotice } from "../../../support/maintenance.js";
import { countFunnel } from "../../../support/funnel.js";

/**
 * Bumped whenever a change to the flow would make saved states replay differently ("Bad
 * replay"): a saved flow of another version is dropped and the person starts again.
 */
const FLOW_VERSION = 3;

/** Start payload that opens the flow from a group's "open a private chat" button. */
const START_EXCHANGE_PAYLOAD = "exchange";

/** More hand-overs than steps in one update would be a loop; stop rather than spin. */
const MAX_HAND_OVERS = 12;

/** The run a recovering update should enter, found before the conversation saw the update. */
const recovering = new WeakMap<object, FlowStart>();

/** Builds the feature. Install it before the other features: an active flow sees updates first. */
export function exchangeFeature(deps: BotDeps): Composer<BotContext> {
  const feature = new Composer<BotContext>();
  feature.use(
    conversations<BotContext, BaseContext>({
      storage: { type: "key", version: FLOW_VERSION, adapter: conversationAdapter(deps.store, deps.now) },
    }),
  );
  feature.use(recoverAndHandOver);
  feature.use(
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
  );
  // Reached only when no conversation took the update: a recovery enters the step it found.
  feature.use(async (ctx, next) => {
    const start = recovering.get(ctx);
    if (!start) return next();
    recovering.delete(ctx);
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
    await enterRuns(ctx, start);
  });

  feature.command("exchange", (ctx) => openFlow(ctx));
  onCallback(feature, "start-exchange", async (ctx) => {
    await ctx.answerCallbackQuery();
    await openFlow(ctx);
  });
  feature.command("start", async (ctx, next) => {
    if (ctx.match === START_EXCHANGE_PAYLOAD) return openFlow(ctx);
    // "x_BTC_ETH_0d1" from an inline result or /rate: the flow re-checks pair and minimum.
    const prefill = decodeExchangePayload(ctx.match);
    if (prefill) return openFlow(ctx, prefill);
    return next();
  });
  // An active flow handles /cancel itself; reaching this handler means there was nothing to cancel.
  feature.command("cancel", (ctx) => ctx.reply(ctx.t("flow-nothing-to-cancel")));
  // A flow button pressed after its flow ended (finished, cancelled, expired, or a restarted bot
  // with a new flow version).
  onCallback(feature, "flow", (ctx) => ctx.answerCallbackQuery({ text: ctx.t("unhandled-callback") }));
  return feature;
}

/**
 * Before the conversation sees an update: finds a state overtaken by the journal (see the module
 * comment). After it: enters the run a finished step handed over.
 */
const recoverAndHandOver: MiddlewareFn<BotContext> = async (ctx, next) => {
  const chatId = ctx.chat?.type === "private" ? ctx.chat.id : undefined;
  if (chatId !== undefined && isFlowInput(ctx)) {
    const live = ctx.deps.store;
    const journal = await readJournal(live, chatId);
    const savedSeq = (await storedConversation(live, chatId))?.journalSeq ?? 0;
    if (journal && journal.seq > savedSeq) {
      ctx.deps.logger.warn(
        { chatId, step: journal.step, seq: journal.seq, savedSeq },
        "exchange flow: the saved state is behind what the person saw; resuming from the journal",
      );
      await ctx.conversation.exitAll();
      if (journal.step === "ended") {
        await clearJournal(live, chatId);
      } else {
        // "creating" is settled at start-up, or with replicas by the leader within minutes
        // (interrupted.ts); one not settled yet shows the card again, whose Confirm finds the
        // create's marker and never sends it twice.
        recovering.set(ctx, { kind: "step", draftId: journal.draftId, draft: journal.draft, notice: "restarted" });
      }
    }
  }
  await next();
  const start = takeHandOver(ctx);
  if (start) await enterRuns(ctx, start);
};

/** Typed text (not a command) and flow buttons: what a flow would read as an answer. */
function isFlowInput(ctx: BotContext): boolean {
  const text = ctx.message?.text;
  if (text !== undefined) return !text.startsWith("/");
  const data = ctx.callbackQuery?.data;
  return data !== undefined && decodeCallback(data)?.kind === "flow";
}

/** Enters `start` and every run a finished step hands over after it, within this update. */
async function enterRuns(ctx: BotContext, start: FlowStart): Promise<void> {
  let next: FlowStart | undefined = start;
  for (let i = 0; next && i < MAX_HAND_OVERS; i++) {
    // A run that finishes inside enter() (a step that needed no answer, such as "this pair is
    // gone") leaves the plugin an empty entry for the flow, and the next enter() would then throw
    // "a conversation was already entered". Nothing is active between two runs: clear it.
    await ctx.conversation.exitAll();
    await ctx.conversation.enter(EXCHANGE_FLOW_ID, next);
    next = takeHandOver(ctx);
  }
  if (next) ctx.deps.logger.error({ chatId: ctx.chat?.id }, "exchange flow: too many steps in one update; stopped");
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
  await enterRuns(ctx, { kind: "new", prefill });
}
