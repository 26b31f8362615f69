/**
 * Conversation state in the store (its namespace written through), so that a flow's progress within a step survives a
 * restart, and expiry of flows left untouched: their state is removed and the person is told,
 * even if they never write again.
 *
 * The plugin's state is stored as the opaque value the plugin hands over (serialised whole, as
 * one JSON string): never looked into, never rewritten. Where a chat's flow is lives in the flow
 * record (features/exchange/record.ts), which drops this state whenever it moves on; so a state
 * found here is never older than the prompt on screen, and a lost one costs nothing the record
 * cannot give back (see docs/design.md).
 */
import { inflateRawSync } from "node:zlib";
import type { Api } from "grammy";
import type { VersionedState, VersionedStateStorage } from "@grammyjs/conversations";
import type { DataStore, KeyValueStore } from "../store/data-store.js";
import type { Logger } from "../log.js";
import { clearRecord } from "./features/exchange/record.js";

/** What is kept per chat: the plugin's state, as one string, plus when it was last written. */
interface StoredConversation {
  savedAt: string;
  chatId: number;
  /**
   * The plugin's state as JSON text. A string, so that the store copies and writes it as one value
   * and never walks into it. (It was deflated once, in `packed`; that cost more CPU per step than
   * the bytes it saved, once the small file took only what changed: bench/flow-cpu.results.md.)
   */
  json?: string;
  /** The plugin's state as deflated JSON in base64, as an earlier version kept it: still read. */
  packed?: string;
}

/** The plugin's state from what is stored, or undefined when nothing usable is. */
function stateOf(stored: Partial<StoredConversation> | undefined): unknown {
  if (typeof stored?.json === "string") return JSON.parse(stored.json);
  if (typeof stored?.packed === "string") return JSON.parse(inflateRawSync(Buffer.from(stored.packed, "base64")).toString("utf8"));
  return undefined;
}

/**
 * A key adapter for `conversations({ storage: { type: "key", adapter } })` over the store.
 * The namespace is written through, but nothing depends on this state reaching the disk: the
 * record, written before every prompt, is what a restart resumes from. A delete (the flow is over: ended, left by a command, expired) also forgets the
 * chat's flow record. A value stored by an earlier version of the bot that is neither JSON text
 * nor packed reads as nothing: the plugin would not take its version anyway.
 */
export function conversationAdapter<S>(store: DataStore, now: () => Date): VersionedStateStorage<string, S> {
  const repo = store.conversations;
  return {
    read: async (key) => {
      return stateOf((await repo.get(key)) as Partial<StoredConversation> | undefined) as VersionedState<S> | undefined;
    },
    write: async (key, state) => {
      await repo.set(key, { savedAt: now().toISOString(), chatId: Number(key), json: JSON.stringify(state) } satisfies StoredConversation);
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
