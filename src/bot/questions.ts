/**
 * The short questions a chat can be asked outside the exchange flow (a late deposit's other refund
 * address, a rate alert's threshold, a saved address's new name), run by @grammyjs/conversations,
 * the project's dialog library, the way its documentation means: each question is a conversation,
 * its state the plugin's own, kept in the store after each update (written through). A question
 * shown just before a kill may come twice (the inbox hands its update back), never zero times.
 *
 * The one rule for which question a text answers, for these and the exchange flow alike: a chat
 * has at most one open question, and it is its asker's. Opening a short question while the
 * person's exchange flow is open is refused with a word why (the flow reads typed text); opening
 * the flow, or another short question, closes the one open. An open question sees its asker's
 * updates first (this feature stands before the flow in create-bot.ts), takes their text, and
 * lets everything else through: other people's messages in a group (a question's state is kept
 * per person there), other buttons, and commands, which also close it (/cancel says so). Every
 * question lapses after FLOW_TIMEOUT_MINUTES of silence, as a flow step does.
 *
 * The plugin runs around an update only when its asker has a question stored: for any other
 * update it would build its controls and an entry per question (about 7 % of what a /start
 * allocated in a flood) to find nothing to resume. A feature that opens or closes a question
 * does it through the functions below, which run the plugin around that act when it was not run
 * around the update: `ctx.conversation` is theirs alone (a lint rule keeps the features off it).
 */
import { Composer, type Context, type MiddlewareFn } from "grammy";
import {
  conversations,
  createConversation,
  type Conversation,
  type VersionedState,
  type VersionedStateStorage,
} from "@grammyjs/conversations";
import type { BotContext } from "./context.js";
import type { BotDeps } from "./deps.js";
import type { I18nFlavor } from "../messages/i18n.js";
import { decodeCallback, type CallbackData, type CallbackKind, type CallbackOf } from "../messages/callback-data.js";
import { readCommand } from "./command-text.js";
import { inOrder } from "./middleware/in-order.js";
import { htmlByDefault } from "../messages/html-by-default.js";
import { noEmptyKeyboardRows } from "../messages/no-empty-rows.js";
import { inFlow } from "./features/exchange/flow-state.js";
import type { DataStore } from "../store/data-store.js";

/** The context inside a question: the plugin builds it afresh for each replay, with our deps and translations. */
export type QuestionContext = Context & I18nFlavor & { deps: BotDeps };
export type QuestionConversation = Conversation<BotContext, QuestionContext>;

/** A short question: its id, its conversation, and what it says when it cannot be asked during an exchange flow. */
export interface Question<A extends unknown[]> {
  readonly id: string;
  /** The locale key of the refusal while the person's exchange flow is open. */
  readonly busy: string;
  readonly run: (conversation: QuestionConversation, ctx: QuestionContext, ...args: A) => Promise<void>;
}

/** A question of any argument list, as the feature registers them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the questions take arguments of their own
export type AnyQuestion = Question<any[]>;

/** Declares a question (a conversation of the plugin). */
export function defineQuestion<A extends unknown[]>(id: string, busy: string, run: Question<A>["run"]): Question<A> {
  return { id, busy, run };
}

/** What is kept per key: the plugin's state, as one string, and when it was written. */
interface StoredQuestion {
  savedAt: string;
  /** The plugin's state as JSON text: the store copies and writes it as one value, never walking into it. */
  json: string;
}

/**
 * The plugin's state of a chat (in a group, of one person in it), as the plugin hands it over:
 * opaque, never looked into. Written through (store/durability.ts).
 */
function questionStorage<S>(store: Pick<DataStore, "conversations">, now: () => Date): VersionedStateStorage<string, S> {
  const repo = store.conversations;
  return {
    read: async (key) => {
      const stored = (await repo.get(key)) as Partial<StoredQuestion> | undefined;
      return typeof stored?.json === "string" ? (JSON.parse(stored.json) as VersionedState<S>) : undefined;
    },
    write: async (key, state) => {
      await repo.set(key, { savedAt: now().toISOString(), json: JSON.stringify(state) } satisfies StoredQuestion);
    },
    delete: async (key) => {
      await repo.delete(key);
    },
  };
}

/** Whose question an update reaches: the chat's in a private chat, the person's in a group. */
function questionKey(ctx: Context): string | undefined {
  const chat = ctx.chat;
  if (chat === undefined) return undefined;
  if (chat.type === "private") return String(chat.id);
  return ctx.from === undefined ? undefined : `${chat.id}:${ctx.from.id}`;
}

/** The plugin with its questions, by the deps of the bot it was built for: what {@link withControls} runs. */
const pluginOf = new WeakMap<BotDeps, MiddlewareFn<BotContext>>();
/** The updates the plugin runs around: their `ctx.conversation` is its controls. */
const underPlugin = new WeakSet<Context>();
/** The updates the plugin was run for around one act alone ({@link withControls}). */
const actedAlone = new WeakSet<Context>();

/** The questions' feature: the plugin over the store, and each question with the one expiry. */
export function questionsFeature(deps: BotDeps, questions: readonly AnyQuestion[]): Composer<BotContext> {
  const plugins = [
    (ctx: QuestionContext, next: () => Promise<void>) => {
      ctx.deps = deps;
      // The inner context's Api is the plugin's own: bot.api's transformers do not reach it.
      ctx.api.config.use(htmlByDefault());
      ctx.api.config.use(noEmptyKeyboardRows());
      return next();
    },
    deps.i18n,
  ];
  const plugin = inOrder<BotContext>(
    conversations<BotContext, QuestionContext>({
      storage: { type: "key", getStorageKey: questionKey, prefix: "", adapter: questionStorage(deps.store, deps.now) },
    }),
    ...questions.map((q) =>
      createConversation<BotContext, QuestionContext>(q.run, {
        id: q.id,
        maxMillisecondsToWait: deps.config.flowTimeoutMs,
        plugins,
      }),
    ),
  );
  pluginOf.set(deps, plugin);
  return new Composer<BotContext>(async (ctx, next) => {
    if (outsideQuestions(ctx)) return next();
    const key = questionKey(ctx);
    // Nothing stored for this asker: no question to see the update (see the module comment).
    if (key !== undefined && (await deps.store.conversations.get(key)) === undefined) return next();
    underPlugin.add(ctx);
    return plugin(ctx, next);
  });
}

/**
 * Runs `act` with the plugin's controls for this update: its own when the plugin runs around the
 * update; else the plugin is run around `act` alone, which reads the asker's state and writes what
 * `act` changed, as around a whole update. The plugin runs once per update at most: a second act
 * on an update it was not run around is refused, never lost.
 */
async function withControls(ctx: BotContext, act: (controls: BotContext["conversation"]) => Promise<unknown>): Promise<void> {
  if (underPlugin.has(ctx)) {
    await act(ctx.conversation);
    return;
  }
  const plugin = pluginOf.get(ctx.deps);
  if (plugin === undefined) throw new Error("questions: the questions feature is not installed on this bot");
  if (actedAlone.has(ctx)) throw new Error("questions: one act on a question per update, when the plugin did not run around it");
  actedAlone.add(ctx);
  // Nothing was stored for the asker when the update came: no question of theirs takes it from `act`.
  await plugin(ctx, () => act(ctx.conversation).then(() => undefined));
}

/**
 * Whether an update can neither answer a question nor open one: it comes from no chat and presses
 * no button (an inline query, a chosen inline result). Such an update goes on without the plugin,
 * which would otherwise set up its controls and read its storage for it, under the key "undefined"
 * (the plugin prefixes whatever the key function returns): a read for every inline query, which on
 * PostgreSQL is a round trip. Every update of a chat still reaches the plugin, so an open question
 * sees each of its asker's updates, commands included.
 */
function outsideQuestions(ctx: Context): boolean {
  return ctx.chat === undefined && ctx.callbackQuery === undefined;
}

/**
 * Opens `question` for the person of this update (see the module comment). Returns false, having
 * said why, when their exchange flow is open.
 */
export async function askQuestion<A extends unknown[]>(ctx: BotContext, question: Question<A>, ...args: A): Promise<boolean> {
  const chatId = ctx.chat?.id;
  if (chatId !== undefined && ctx.chat?.type === "private" && (await inFlow(ctx.deps, chatId))) {
    await ctx.reply(ctx.t(question.busy));
    return false;
  }
  await withControls(ctx, async (controls) => {
    await controls.exitAll();
    await controls.enter(question.id, ...args);
  });
  return true;
}

/** Closes the short question open in this chat for this person, if any (their exchange flow opens, their data is forgotten). */
export async function leaveQuestions(ctx: BotContext): Promise<void> {
  await withControls(ctx, (controls) => controls.exitAll());
}

/** Closes `question` if it is open for this update's asker (answered another way). */
export async function leaveQuestion(ctx: BotContext, question: AnyQuestion): Promise<void> {
  await withControls(ctx, (controls) => controls.exit(question.id));
}

/** What answers a question: its asker's text, or one of its own buttons. */
export type Answer<K extends CallbackKind> =
  { kind: "text"; text: string; ctx: QuestionContext } | { kind: "button"; button: CallbackOf<K>; ctx: QuestionContext };

/**
 * Waits for the asker's next answer: a text, or a button of a kind in `own`. Everything else goes
 * on to the other handlers while the question waits: another person's update, another button, a
 * message that is not text. A command of this bot closes the question and reaches its handler;
 * /cancel is answered with `cancelled` (a locale key) instead.
 */
export async function nextAnswer<K extends CallbackKind>(
  conversation: QuestionConversation,
  asker: number,
  own: readonly K[],
  cancelled: string,
): Promise<Answer<K>> {
  for (;;) {
    const ctx = await conversation.wait();
    if (ctx.from?.id !== asker) await conversation.skip({ next: true });
    const text = ctx.message?.text;
    const command = readCommand(text, ctx.me.username);
    if (command) {
      if (!command.forUs) await conversation.skip({ next: true });
      if (command.name.toLowerCase() === "cancel") {
        await ctx.reply(ctx.t(cancelled));
        await conversation.halt();
      }
      await conversation.halt({ next: true });
    }
    const data = ctx.callbackQuery?.data;
    if (data !== undefined) {
      const pressed: CallbackData | undefined = decodeCallback(data);
      if (pressed !== undefined && (own as readonly string[]).includes(pressed.kind)) {
        return { kind: "button", button: pressed as CallbackOf<K>, ctx };
      }
      await conversation.skip({ next: true });
    }
    // An inline result posted "via @bot" is not an answer either.
    if (text !== undefined && ctx.message?.via_bot === undefined) return { kind: "text", text, ctx };
    await conversation.skip({ next: true });
  }
}

/** Forgets the questions that lapsed (their chat never wrote again); returns how many. */
export async function pruneLapsedQuestions(store: Pick<DataStore, "conversations">, now: Date, timeoutMs: number): Promise<number> {
  const lapsed = (value: unknown) => {
    const savedAt = (value as Partial<StoredQuestion> | undefined)?.savedAt;
    return value !== undefined && !(now.getTime() - Date.parse(savedAt ?? "") <= timeoutMs);
  };
  let pruned = 0;
  for (const [key, value] of await store.conversations.entries()) {
    if (!lapsed(value)) continue;
    // Re-checked in the same step as the delete: a question asked again meanwhile stays.
    const outcome = { taken: false };
    await store.conversations.update(key, (current) => {
      outcome.taken = lapsed(current);
      return outcome.taken ? undefined : current;
    });
    if (outcome.taken) pruned++;
  }
  return pruned;
}
