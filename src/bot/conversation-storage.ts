/**
 * Conversation state in the store, so that a flow survives a restart, and expiry of flows left
 * untouched: their state is removed and the person is told, even if they never write again.
 */
import type { Api } from "grammy";
import type { VersionedState, VersionedStateStorage } from "@grammyjs/conversations";
import type { Store } from "../store/store.js";
import type { Logger } from "../log.js";

/** What is kept per chat: the plugin's state plus when it was last written. */
export interface StoredConversation {
  savedAt: string;
  chatId: number;
  state: VersionedState<unknown>;
}

/** A key adapter for `conversations({ storage: { type: "key", adapter } })` over the store. */
export function conversationAdapter<S>(store: Store, now: () => Date): VersionedStateStorage<string, S> {
  const repo = store.conversations;
  return {
    read: (key) => (repo.get(key) as StoredConversation | undefined)?.state as VersionedState<S> | undefined,
    write: (key, state) => {
      repo.set(key, { savedAt: now().toISOString(), chatId: chatIdOfKey(key), state } satisfies StoredConversation);
    },
    delete: (key) => {
      repo.delete(key);
    },
  };
}

/** The plugin's key is the chat id, optionally behind a prefix such as "v2:". */
function chatIdOfKey(key: string): number {
  return Number(key.slice(key.lastIndexOf(":") + 1));
}

export interface ExpiryOptions {
  store: Store;
  api: Api;
  logger: Logger;
  now: () => Date;
  timeoutMs: number;
  /** The message for a chat whose flow expired, in that chat's language. */
  expiredText: (chatId: number) => string;
}

/**
 * Removes every conversation state older than `timeoutMs` and tells its chat. Returns the number
 * removed. Run on a timer by the app; a failed message does not keep the state alive.
 */
export async function expireConversations(opts: ExpiryOptions): Promise<number> {
  const cutoff = opts.now().getTime() - opts.timeoutMs;
  let removed = 0;
  for (const [key, value] of [...opts.store.conversations.entries()]) {
    const stored = value as StoredConversation | undefined;
    if (!stored || Date.parse(stored.savedAt) > cutoff) continue;
    opts.store.conversations.delete(key);
    removed += 1;
    opts.logger.info({ chatId: stored.chatId }, "exchange flow expired");
    if (Number.isFinite(stored.chatId)) {
      await opts.api
        .sendMessage(stored.chatId, opts.expiredText(stored.chatId))
        .catch((err: unknown) => opts.logger.warn({ err, chatId: stored.chatId }, "could not announce an expired flow"));
    }
  }
  return removed;
}
