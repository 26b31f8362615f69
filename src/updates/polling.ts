/**
 * Long polling through grammY's runner, with each batch on disk before Telegram is told it arrived.
 *
 * The runner confirms a batch by asking for the next one (getUpdates with a higher offset), at once,
 * while the batch is still being handled. Built from the runner's documented parts instead of
 * `run(bot)`: its update fetcher (offsets, retries, back-off), a source over a supplier that keeps
 * each batch in the inbox before it returns it, and the concurrent sink `run` uses. The fetcher's
 * next call, which carries the offset that confirms a batch, is made only after that supplier
 * returned, so only after the batch is durable.
 */
import {
  createConcurrentSink,
  createRunner,
  createSource,
  createUpdateFetcher,
  type RunnerHandle,
  type RunnerOptions,
} from "@grammyjs/runner";
import type { Bot, Context } from "grammy";
import type { Update } from "grammy/types";
import type { Inbox } from "./inbox.js";

/** Pause before trying a failed write of a batch again, ms (doubled each time, up to the last). */
const WRITE_RETRY_MS = [100, 200, 500, 1_000, 2_000, 5_000] as const;

export interface DurablePollingOptions {
  inbox: Inbox;
  /** What each getUpdates asks for (allowed_updates). */
  fetch: RunnerOptions["fetch"];
  logger: { error(fields: object, msg?: string): void };
}

/** Starts polling `bot` (already initialised) and returns the runner's handle. */
export function startDurablePolling<C extends Context>(bot: Bot<C>, opts: DurablePollingOptions): RunnerHandle {
  const fetchUpdates = createUpdateFetcher(bot, { fetch: opts.fetch });
  const source = createSource<Update>({
    async supply(batchSize, signal) {
      // An update the last process kept and never confirmed comes again: start-up has replayed it.
      // It is confirmed with the rest (the fetcher's offset passes it) and not handled twice.
      const updates = (await fetchUpdates(batchSize, signal)).filter((u) => !opts.inbox.keptByEarlierProcess(u.update_id));
      await keep(opts, updates, signal);
      return updates;
    },
  });
  const sink = createConcurrentSink<Update>({ consume: (update) => bot.handleUpdate(update) }, async (error) => {
    try {
      await bot.errorHandler(error as Parameters<typeof bot.errorHandler>[0]);
    } catch (err) {
      opts.logger.error({ err }, "updates: the bot's error handler failed");
    }
  });
  const runner = createRunner(source, sink);
  runner.start();
  return runner;
}

/**
 * Writes the batch until it is on disk. A store that cannot write holds polling here: the batch is
 * not confirmed, so Telegram keeps it. A stop meanwhile throws, which ends the runner's source.
 */
async function keep(opts: DurablePollingOptions, updates: Update[], signal: { readonly aborted: boolean }): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await opts.inbox.receive(updates);
      return;
    } catch (err) {
      if (signal.aborted) throw err;
      opts.logger.error({ err, updates: updates.length }, "updates: could not keep a batch on disk; Telegram keeps it until it is");
      const pause = WRITE_RETRY_MS[Math.min(attempt, WRITE_RETRY_MS.length - 1)];
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
