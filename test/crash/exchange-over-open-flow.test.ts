/**
 * /exchange typed in the middle of a flow ends that flow and opens a new one. A kill after the old
 * flow was written as ended and before the new one was written must leave the /exchange to be
 * handled after the restart: the new flow's first question comes, and the old flow's prompt does
 * not stay on screen with buttons that answer "This button is no longer active." (issue 37, points
 * 2 and 3).
 *
 * The exact moment: the first question needs the coin catalog, which a freshly started bot fetches
 * from the service on first use; the kill comes as that request arrives. Measured before the fix:
 * the ended flow named the /exchange as handled, start-up skipped it, and the person was left with
 * the old flow's coin list, whose buttons were refused.
 */
import { afterEach, expect, it } from "vitest";
import { PROMPTS, TIMING } from "./expectations.js";
import { Person } from "./person.js";
import { startCrashWorld, type CrashWorld } from "./world.js";

let world: CrashWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

it("asks the new flow's first question after a kill while /exchange was replacing an open flow", async () => {
  const w = (world = await startCrashWorld());
  const di = new Person(w.emulator, 5701, "Di");
  const pickFrom = await di.send("/exchange", PROMPTS.pickFrom);
  await di.think();
  const pickTo = await di.press(pickFrom, "x:c:BTC", PROMPTS.pickTo);
  // A clean restart (its update finished, nothing owed): the new process has not fetched the catalog yet.
  await w.bot.stop();
  await w.bot.start();

  const kill = w.killOnPartnerRequest("currencies", "received");
  const since = di.mark();
  di.user.sendText("/exchange");
  await kill.fired;
  expect(
    di
      .messages()
      .slice(since)
      .filter((m) => PROMPTS.pickFrom.test(m.plain)),
    "the first question came before the kill",
  ).toEqual([]);
  await w.restartAfterKill();

  const again = await di.waitNew(PROMPTS.pickFrom, since, TIMING.owedMessageMs).catch(() => undefined);
  expect(
    again,
    `no first question; the person saw: ${JSON.stringify(
      di
        .messages()
        .slice(since)
        .map((m) => m.plain),
    )}`,
  ).toBeDefined();
  // The old flow's list lost its buttons: nothing left on screen answers "no longer active".
  expect(
    di.user.chat
      .byId(pickTo.message_id)
      ?.buttons()
      .filter((b) => (b.callback_data ?? "").startsWith("x:")) ?? [],
    "the old flow's coin list still has its buttons",
  ).toEqual([]);
  await di.think();
  await di.press(again!, "x:c:ETH", PROMPTS.pickTo);
}, 60_000);
