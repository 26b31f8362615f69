/**
 * A kill right after a status notice reached the person: after the restart the notice is not sent
 * again. Measured before the fix: the "already told" mark was saved on the store's one-second
 * timer, so a kill within that second repeated the notice (6–7 duplicate final notices per soak
 * run, and duplicate "deposit received" messages).
 *
 * The kill comes 300 ms after Telegram accepted the notice: the bot has its answer by then, and a
 * mark written through is on disk; only a mark left to the one-second timer is lost. (A kill
 * before the bot reads Telegram's answer cannot be told apart from a lost message by any bot.)
 */
import { afterEach, expect, it } from "vitest";
import { NOTICES, TIMING } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { startCrashWorld, textCall, type CrashWorld } from "./world.js";

let world: CrashWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** How long after Telegram's answer the kill comes. */
const AFTER_ANSWER_MS = 300;

it("sends neither the deposit notice nor the final notice twice when killed right after each", async () => {
  const w = (world = await startCrashWorld());
  const bo = new Person(w.emulator, 5201, "Bo");
  const plan = btcToEth("0.1");
  const card = await bo.toCard(plan);
  await bo.confirm(card);
  const order = w.sandbox.orders.list()[0]!;

  // The deposit arrives; the bot is killed just after telling the person.
  const afterDeposit = w.killOnApiCall(textCall("sendMessage", NOTICES.deposit_received, bo.id), { delayMs: AFTER_ANSWER_MS });
  w.sandbox.orders.deposit(order.id);
  await afterDeposit.fired;
  await w.restartAfterKill();
  // Several poll intervals: a notice caught up after the restart would be sent by now.
  await bo.think(TIMING.duplicateWatchMs);
  expect
    .soft(
      bo.noticesAbout(order.id, NOTICES.deposit_received).map((m) => m.plain),
      "deposit notices",
    )
    .toHaveLength(1);

  // The coins are sent; the bot is killed just after the final notice.
  const afterSuccess = w.killOnApiCall(textCall("sendMessage", NOTICES.success, bo.id), { delayMs: AFTER_ANSWER_MS });
  for (let i = 0; i < 3; i++) w.sandbox.orders.advance(order.id);
  expect(w.sandbox.orders.get(order.id)?.status).toBe("success");
  await afterSuccess.fired;
  await w.restartAfterKill();
  await bo.think(TIMING.duplicateWatchMs);
  expect(
    bo.noticesAbout(order.id, NOTICES.success).map((m) => m.plain),
    "final notices",
  ).toHaveLength(1);
}, 90_000);
