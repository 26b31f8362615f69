/**
 * Conversation state in the store (its namespace written through), so that a flow's progress within a step survives a
 * restart, and expiry of flows left untouched: their state is removed and the person is told,
 * even if they never write again.
 *
 * The plugin's state is stored as the opaque value the plugin hands over (serialised and
 * deflated whole): never looked into, never rewritten. Where a chat's flow is lives in the flow
 * record (features/exchange/record.ts), which drops this state whenever it moves on; so a state
 * found here is never older than the prompt on screen, and a lost one costs nothing the record
 * cannot give back (see docs/design.md).
 */
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { Api } from "grammy";
import type { VersionedState, VersionedStateStorage } from "@grammyjs/conversations";
import type { DataStore, KeyValueStore } from "../store/data-store.js";
import type { Logger } from "../log.js";
import { clearRecord } from "./features/exchange/record.js";

/** What is kept per chat: the plugin's state, packed, plus when it was last written. */
interface StoredConversation {
  savedAt: string;
  chatId: number;
  /** The plugin's state as JSON, deflated and in base64: an opaque value, a third of its size. */
  packed: string;
}

/** The plugin's value as stored: deflated JSON, in base64 so the store keeps it as a string. */
function pack(state: unknown): string {
  return deflateRawSync(JSON.stringify(state)).toString("base64");
}

function unpack(packed: string): unknown {
  return JSON.parse(inflateRawSync(Buffer.from(packed, "base64")).toString("utf8"));
}

/**
 * A key adapter for `conversations({ storage: { type: "key", adapter } })` over the store.
 * The namespace is written through, but nothing depends on this state reaching the disk: the
 * record, written before every prompt, is what a restart resumes from. A delete (the flow is over: ended, left by a command, expired) also forgets the
 * chat's flow record. A value stored by an earlier version of the bot (not packed) reads as
 * nothing: the plugin would not take its version anyway.
 */
export function conversationAdapter<S>(store: DataStore, now: () => Date): VersionedStateStorage<string, S> {
  const repo = store.conversations;
  return {
    read: async (key) => {
      const stored = (await repo.get(key)) as Partial<StoredConversation> | undefined;
      return typeof stored?.packed === "string" ? (unpack(stored.packed) as VersionedState<S>) : undefined;
    },
    write: async (key, state) => {
      await repo.set(key, { savedAt: now().toISOString(), chatId: Number(key), packed: pack(state) } satisfies StoredConversation);
    },
    delete: async (key) => {
      await repo.delete(key);
      await clearRecord(store, Number(key));
    },
  };
}

export interface ExpiryOptions {
  /** The store, where flow state is kept. */
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
    await clearRecord(opts.store, stored.chatId);
    removed += 1;
    opts.logger.info({ chatId: stored.chatId }, "exchange flow expired");
    // Both deletes above are written through: gone from disk before the person is told, or a crash
    // would leave a flow they were told ended.
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
