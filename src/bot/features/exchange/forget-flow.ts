/**
 * The exchange flow's part of /forget (privacy/person-data.ts): the answers of a flow not yet
 * confirmed (coins, amount, the addresses typed) are the person's, and go. An exchange being
 * created (the record says "creating") is in progress: its answers are what settles it after a
 * crash (interrupted.ts), so they are kept until it is settled.
 */
import type { DataStore } from "../../../store/data-store.js";
import { clearFlow, readFlow } from "./flow-state.js";

/** Ends the private chat's open flow and deletes its answers, unless its exchange is being created. */
export async function forgetFlow(store: Pick<DataStore, "kv">, chatId: number): Promise<void> {
  const record = await readFlow(store, chatId);
  if (record === undefined || record.step === "creating") return;
  await clearFlow(store, chatId);
}
