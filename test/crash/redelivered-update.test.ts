/**
 * An update the bot kept on disk but had not yet confirmed to Telegram when it was killed comes
 * twice after the restart: from the disk (start-up replays it, or finds it handled), and from
 * Telegram, which hands over again whatever was not confirmed. It must be handled once.
 *
 * The exact moment: Telegram refuses the bot's next getUpdates for a while (the one whose offset
 * confirms the answer), so the answer is on disk and unconfirmed while it is handled; the kill comes
 * as the next prompt reaches the person. Measured before the fix (and in the crash soak, where a
 * kill a few milliseconds after an update arrived did the same): the tag was taken at its step,
 * and then again as the refund address ("❌ 123456 is not a valid BTC address"); a coin pressed was
 * taken, and then answered "This button belongs to an earlier step.".
 */
import { describe, it, type ExpectStatic } from "vitest";
import type { BotMessage, RecordedCall } from "../../src/devtools/emulator/server.js";
import { flowButtonData } from "../e2e/chat-driver.js";
import { DEAD_BUTTON, PROMPTS, TIMING } from "./expectations.js";
import { btcToXrp, Person, replyKind } from "./person.js";
import { textCall, withCrashWorld, type CrashWorld } from "./world.js";

/** What the bot said, for a failure message. */
const said = (messages: BotMessage[]) => JSON.stringify(messages.map((m) => m.plain));

/**
 * Makes Telegram refuse getUpdates until the bot is killed at `killAt`, so that what the person
 * does next is received and kept, and never confirmed; then restarts the bot, and waits until
 * Telegram has handed everything over again and the bot has said what it had to.
 */
async function killBeforeConfirmed(w: CrashWorld, killAt: (call: RecordedCall) => boolean, act: () => void): Promise<void> {
  w.emulator.failNext("getUpdates", { code: 500, description: "Internal Server Error" }, 1_000);
  const kill = w.killOnApiCall((call) => killAt(call) && w.emulator.pendingUpdates() > 0);
  act();
  await w.emulator.waitFor(() => kill.hasFired, TIMING.replyMs);
  w.emulator.clearFaults("getUpdates");
  await w.restartAfterKill();
  await w.emulator.waitFor(() => w.emulator.pendingUpdates() === 0, TIMING.replyMs);
}

/** The tag step's case: the duplicate of a typed answer would be read as the next step's answer. */
async function tagOnce(w: CrashWorld, expect: ExpectStatic): Promise<void> {
  const ann = new Person(w.emulator, 5801, "Ann");
  const plan = btcToXrp("0.01", "123456");
  const quote = await ann.toQuote(plan);
  await ann.press(quote, "x:next", PROMPTS.destination);
  await ann.think();
  await ann.send(plan.destination, PROMPTS.tag);
  await ann.think();

  const since = ann.mark();
  await killBeforeConfirmed(w, textCall("sendMessage", PROMPTS.refund, ann.id), () => ann.user.sendText(plan.destinationTag!));
  // The refund prompt was sent and never noted as sent: it is shown again after the restart.
  const owed = ann.mark();
  await ann.waitNew(PROMPTS.refund, owed, TIMING.owedMessageMs);
  const replies = (await ann.repliesSince(since)) ?? [];
  expect(
    replies.filter((m) => replyKind(m) === "address"),
    `the tag was taken as another answer; the bot said: ${said(replies)}`,
  ).toEqual([]);
  const card = await ann.send(plan.refund, PROMPTS.card);
  expect(card.plain).toContain(`Destination tag: ${plan.destinationTag}`);
}

/** A coin list's case: the duplicate of a press would be refused as a button of an earlier step. */
async function coinOnce(w: CrashWorld, expect: ExpectStatic): Promise<void> {
  const bo = new Person(w.emulator, 5802, "Bo");
  const pickFrom = await bo.send("/exchange", PROMPTS.pickFrom);
  await bo.think();
  const pickTo = await bo.press(pickFrom, "x:c:BTC", PROMPTS.pickTo);
  await bo.think();

  let query: string | undefined;
  await killBeforeConfirmed(w, textCall("sendMessage", PROMPTS.amount, bo.id), () => {
    query = bo.user.pressButton(pickTo, flowButtonData(pickTo, "x:c:ETH")).callback_query_id;
  });
  await bo.waitNew(PROMPTS.amount, bo.mark(), TIMING.owedMessageMs);
  // Whatever else the restarted bot says about the press has been said once it is quiet.
  await bo.repliesSince(bo.mark(), 1_000);
  const toasts = w.emulator.calls
    .filter((c) => c.method === "answerCallbackQuery" && c.params.callback_query_id === query)
    .map((c) => (typeof c.params.text === "string" ? c.params.text : ""));
  expect(
    toasts.filter((text) => DEAD_BUTTON.test(text)),
    "the press was answered as a stale button",
  ).toEqual([]);
  await bo.send("0.1", PROMPTS.quote);
}

describe.concurrent("an update Telegram hands over again after a restart", () => {
  it("takes a tag typed just before a kill once", ({ expect }) => withCrashWorld({}, (w) => tagOnce(w, expect)), 60_000);
  it("takes a coin pressed just before a kill once", ({ expect }) => withCrashWorld({}, (w) => coinOnce(w, expect)), 60_000);
});
