/**
 * Replicas without a webhook: one process long-polls Telegram and the others take no updates
 * (TELEGRAM_UPDATES=none). The others still share the status checks and, as leader, send; so when
 * the polling process dies, the exchanges it started are still told to the end, at once.
 *
 * Measured before claim owners (store/postgres/claim-owners.ts): a kill that landed while the
 * polling replica held its claim on the exchange (a status check in flight) left it unchecked for
 * the whole lease, 2 minutes; the test waited 20 s and failed whenever that happened (more often on
 * a busy machine, where a check takes longer). The kill now always lands there.
 */
import { afterEach, expect, it } from "vitest";
import { NOTICES, TIMING } from "../crash/expectations.js";
import { btcToEth, Person } from "../crash/person.js";
import { killDuringCheck, startReplicaWorld, type ReplicaWorld } from "./world.js";

let world: ReplicaWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

it("a replica that takes no updates checks and tells an exchange to its end after the polling one dies", async () => {
  const w = (world = await startReplicaWorld({ replicas: 2, updates: "polling" }));
  const [polling, worker] = w.replicas;
  const ana = new Person(w.emulator, 6401, "Ana");
  await ana.confirm(await ana.toCard(btcToEth("0.1")));
  const order = w.sandbox.orders.list()[0]!;
  w.sandbox.orders.deposit(order.id);
  await w.emulator.waitFor(() => ana.noticesAbout(order.id, NOTICES.deposit_received).length > 0, TIMING.outboxDeliveryMs);

  // 300 ms after the person saw the notice, its sender (the polling replica leads) has marked it:
  // a kill before that would send it again (lifecycle.test.ts).
  await ana.think(300);
  // The polling replica dies in the middle of a status check of the exchange, holding its claim.
  const { held } = await killDuringCheck(w, polling);
  expect(held.map((h) => h.id)).toEqual([order.id]);
  // Nobody takes updates now: the worker never asks Telegram for them.
  await w.emulator.waitFor(() => !w.emulator.isPolling(), 5_000);
  for (let i = 0; i < 3; i++) w.sandbox.orders.advance(order.id);
  await w.emulator.waitFor(() => ana.noticesAbout(order.id, NOTICES.success).length > 0, 20_000);
  expect(worker!.bot.running).toBe(true);
  expect(ana.noticesAbout(order.id, NOTICES.deposit_received)).toHaveLength(1);
  // Telegram's 409 reads "Conflict: terminated by other getUpdates request". A bare "409" also
  // matched the random ports, times and ids in the worker's own log lines (one run failed so).
  expect(worker!.bot.currentLogs().filter((l) => /getUpdates|\bConflict\b/.test(l.text))).toEqual([]);
}, 120_000);
