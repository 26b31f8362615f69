/**
 * Flows left untouched for longer than a flow waits (FLOW_TIMEOUT_MS since the record's last
 * write) end, and their person is told, even if they never write again. Run on a timer by the app.
 *
 * Each end re-checks the record in the same atomic step (its sequence number): a flow the person
 * moved on since the scan (here, or in another process sharing the store) is newer and stays. The
 * end is on disk before the person is told: a crash never leaves a flow they were told ended.
 */
import type { Api } from "grammy";
import type { BotDeps } from "../../deps.js";
import { chatTranslator } from "../../../messages/i18n.js";
import { changeFlow, endedAfter, flowEntries, isOpen } from "./flow-state.js";
import { retire } from "./surface.js";

/** Ends every lapsed flow and tells its chat; returns how many ended. A failed message ends it all the same. */
export async function expireFlows(deps: BotDeps, api: Api, at: Date = deps.now()): Promise<number> {
  const timeoutMs = deps.config.flowTimeoutMs;
  let ended = 0;
  for (const [chatId, seen] of await flowEntries(deps.store)) {
    // A flow creating its exchange is settled by interrupted.ts, never expired.
    if (seen.step === "ended" || seen.step === "creating" || isOpen(seen, at, timeoutMs)) continue;
    const written = await changeFlow(deps.store, chatId, seen.seq, (record) => endedAfter(record, deps.processId), at);
    if (written === undefined) continue;
    ended += 1;
    deps.logger.info({ chatId }, "exchange flow expired");
    try {
      const t = await chatTranslator(deps.t, deps.store, chatId);
      await retire({ deps, api, t, chatId }, seen, {});
      await api.sendMessage(chatId, t("flow-expired", { minutes: Math.round(timeoutMs / 60_000) }));
    } catch (err) {
      deps.logger.warn({ err, chatId }, "could not announce an expired flow");
    }
  }
  return ended;
}
