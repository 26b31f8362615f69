/**
 * Conversation state in the live store (written through), so that a flow survives a restart, and
 * expiry of flows left untouched: their state is removed and the person is told, even if they
 * never write again.
 *
 * Each saved state records the flow journal's sequence number at the time (features/exchange/
 * journal.ts): the journal is written before each prompt, the state only after the update, so a
 * state whose number is behind the journal's was overtaken by a prompt the person has seen.
 */
import type { Api } from "grammy";
import type { VersionedState, VersionedStateStorage } from "@grammyjs/conversations";
import type { DataStore, KeyValueStore } from "../store/data-store.js";
import type { Logger } from "../log.js";
import { clearJournal, readJournal } from "./features/exchange/journal.js";
import { compactConversationState } from "./features/exchange/compact-replay.js";

/** What is kept per chat: the plugin's state plus when it was last written. */
export interface StoredConversation {
  savedAt: string;
  chatId: number;
  /** The flow journal's sequence number when this state was saved (0: no journal entry). */
  journalSeq: number;
  state: VersionedState<unknown>;
}

/**
 * A key adapter for `conversations({ storage: { type: "key", adapter } })` over the live store.
 * A write is on disk before it resolves, so the next update of the chat (handled after it) never
 * finds an older state; a delete also forgets the chat's flow journal.
 */
export function conversationAdapter<S>(live: DataStore, now: () => Date): VersionedStateStorage<string, S> {
  const repo = live.conversations;
  return {
    read: async (key) => ((await repo.get(key)) as StoredConversation | undefined)?.state as VersionedState<S> | undefined,
    write: async (key, state) => {
      const chatId = chatIdOfKey(key);
      const journalSeq = (await readJournal(live, chatId))?.seq ?? 0;
      await repo.set(key, {
        savedAt: now().toISOString(),
        chatId,
        journalSeq,
        state: compactConversationState(state) as VersionedState<unknown>,
      } satisfies StoredConversation);
    },
    delete: async (key) => {
      await repo.delete(key);
      await clearJournal(live, chatIdOfKey(key));
    },
  };
}

/** The saved flow state of a chat, if any (its key is the chat id). */
export async function storedConversation(live: Pick<DataStore, "conversations">, chatId: number): Promise<StoredConversation | undefined> {
  return (await live.conversations.get(String(chatId))) as StoredConversation | undefined;
}

/** The plugin's key is the chat id, optionally behind a prefix such as "v2:". */
function chatIdOfKey(key: string): number {
  return Number(key.slice(key.lastIndexOf(":") + 1));
}

export interface ExpiryOptions {
  /** The live store, where flow state is kept. */
  store: DataStore;
  api: Api;
  logger: Logger;
  now: () => Date;
  timeoutMs: number;
  /** The message for a chat whose flow expired, in that chat's language. */
  expiredText: (chatId: number) => Promise<string>;
}

/**
 * Removes every conversation state older than `timeoutMs` and tells its chat. Returns the number
 * removed. Run on a timer by the app; a failed message does not keep the state alive.
 *
 * Each removal re-checks the state in the same atomic step: a flow the person moved on since the
 * scan (here, or in another process sharing the store) is newer and stays.
 */
export async function expireConversations(opts: ExpiryOptions): Promise<number> {
  const cutoff = opts.now().getTime() - opts.timeoutMs;
  const isStale = (value: unknown): value is StoredConversation => {
    const stored = value as StoredConversation | undefined;
    return stored !== undefined && Date.parse(stored.savedAt) <= cutoff;
  };
  let removed = 0;
  for (const [key, value] of await opts.store.conversations.entries()) {
    if (!isStale(value)) continue;
    const stored = await takeIf(opts.store.conversations, key, isStale);
    if (!stored) continue;
    await clearJournal(opts.store, stored.chatId);
    removed += 1;
    opts.logger.info({ chatId: stored.chatId }, "exchange flow expired");
    // Gone from disk before the person is told, or a crash would leave a flow they were told ended.
    if (Number.isFinite(stored.chatId)) {
      await opts.api
        .sendMessage(stored.chatId, await opts.expiredText(stored.chatId))
        .catch((err: unknown) => opts.logger.warn({ err, chatId: stored.chatId }, "could not announce an expired flow"));
    }
  }
  return removed;
}

/** Deletes `key` if its value passes `test`, in one atomic step; returns the value deleted. */
async function takeIf<T, V extends T>(
  kv: KeyValueStore<T>,
  key: string,
  test: (value: T | undefined) => value is V,
): Promise<V | undefined> {
  let taken: V | undefined;
  await kv.update(key, (current) => {
    // `update` may run this more than once: only the last run's verdict counts.
    taken = test(current) ? current : undefined;
    return taken === undefined ? current : undefined;
  });
  return taken;
}
