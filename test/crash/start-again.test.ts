/**
 * A kill -9 right after "start again with the same details" was pressed and answered (issue 22,
 * point 7): the new flow was on disk before the person saw a word of it, so after the restart
 * the card comes by itself, its Confirm makes the second order once, and the button stays used.
 */
import { afterEach, expect, it } from "vitest";
import { DEPOSIT_INTRO, PROMPTS, TIMING } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { startCrashWorld, textCall, type CrashWorld } from "./world.js";

let world: CrashWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const DO_NOT_PAY = /Do not pay anything for this first attempt/;

it("shows the card after a kill right after starting again, and the second order is created once", async () => {
  const w = (world = await startCrashWorld());
  const ida = new Person(w.emulator, 5401, "Ida");
  const card = await ida.toCard(btcToEth("0.1"));
  w.sandbox.faults.inject({ endpoint: "exchange-create", kind: "lost", status: 502, times: 1 });
  const told = await ida.press(card, "x:confirm", DO_NOT_PAY);
  const data = told.buttons().find((b) => b.text.includes("Start again"))!.callback_data!;

  const kill = w.killOnApiCall(textCall("sendMessage", /Starting again with the same details/, ida.id));
  ida.user.pressButton(told, data);
  await kill.fired;
  const since = ida.mark();
  await w.restartAfterKill();

  // Nothing to type: the card was owed, and start-up shows it.
  const shown = await ida.waitNew(PROMPTS.card, since, TIMING.owedMessageMs);
  expect(shown.plain).toContain("You send: 0.1 BTC");
  // Its Confirm makes the second order (after a restart the card may be shown once more first:
  // a Confirm is only taken on a card shown by the running flow, docs/design.md).
  const at = ida.mark();
  ida.user.pressButton(shown, "x:c:confirm");
  const next = await ida.waitNew(new RegExp(`${PROMPTS.card.source}|${DEPOSIT_INTRO.source}`), at);
  if (!DEPOSIT_INTRO.test(next.plain)) ida.user.pressButton(next, "x:c:confirm");
  await ida.waitNew(DEPOSIT_INTRO, since);
  expect(w.sandbox.orders.list()).toHaveLength(2);
  expect(w.sandbox.requests.count("exchange-create")).toBe(2);

  // The old button (a client that kept it) is used.
  const later = ida.mark();
  ida.user.pressButton(told, data, { forged: true });
  await ida.waitNew(/already used/, later);
  expect(w.sandbox.requests.count("exchange-create")).toBe(2);
}, 90_000);
