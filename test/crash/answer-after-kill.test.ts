/**
 * A kill right after a step's prompt reached the person, before the flow's state was saved: the
 * person answers the prompt on their screen once, and that answer is the step's. Measured before
 * the flow record took over (the step was asked again with "I was restarted" and the answer was
 * dropped): the person had to type the tag, or press the coin, twice.
 */
import { afterEach, expect, it } from "vitest";
import type { BotMessage } from "../../src/devtools/emulator/server.js";
import { flowButtonData } from "../e2e/chat-driver.js";
import { PROMPTS, REPEAT_STEP, TIMING } from "./expectations.js";
import { btcToXrp, Person } from "./person.js";
import { startCrashWorld, textCall, type CrashWorld } from "./world.js";

let world: CrashWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** What the bot said after `since`, for a failure message. */
const said = (messages: BotMessage[]) => JSON.stringify(messages.map((m) => m.plain));

it("takes the tag typed after a kill right after the Destination tag prompt as the tag, asked once", async () => {
  const w = (world = await startCrashWorld());
  const ann = new Person(w.emulator, 5121, "Ann", { thinkMs: TIMING.slowThinkMs });
  const plan = btcToXrp("0.01", "123456");

  const quote = await ann.toQuote(plan);
  await ann.press(quote, "x:next", PROMPTS.destination);
  await ann.think();
  const kill = w.killOnApiCall(textCall("sendMessage", PROMPTS.tag, ann.id));
  ann.user.sendText(plan.destination);
  await kill.fired;
  expect(ann.messages().at(-1)?.plain).toMatch(PROMPTS.tag);
  await w.restartAfterKill();
  await ann.think();

  const since = ann.mark();
  ann.user.sendText(plan.destinationTag!);
  const refund = await ann.waitNew(PROMPTS.refund, since).catch(() => undefined);
  const replies = ann.messages().slice(since);
  expect(refund, `the tag was not taken; the bot said: ${said(replies)}`).toBeDefined();
  expect(
    replies.filter((m) => REPEAT_STEP.test(m.plain) || PROMPTS.tag.test(m.plain)),
    "asked again",
  ).toEqual([]);
  expect(replies[0]?.plain).toContain(`Destination tag: ${plan.destinationTag}`);

  const card = await ann.send(plan.refund, PROMPTS.card);
  expect(card.plain).toContain(`Destination tag: ${plan.destinationTag}`);
  await ann.press(card, "x:confirm", /Exchange created/, TIMING.replyMs);
  expect(w.sandbox.orders.list()).toMatchObject([{ amountFrom: plan.amount, destinationTag: plan.destinationTag }]);
}, 90_000);

it("takes the coin pressed after a kill right after the coin list as the coin, asked once", async () => {
  const w = (world = await startCrashWorld());
  const bo = new Person(w.emulator, 5122, "Bo", { thinkMs: TIMING.slowThinkMs });
  const pickFrom = await bo.send("/exchange", PROMPTS.pickFrom);
  await bo.think();
  const kill = w.killOnApiCall(textCall("sendMessage", PROMPTS.pickTo, bo.id));
  bo.user.pressButton(pickFrom, flowButtonData(pickFrom, "x:c:BTC"));
  await kill.fired;
  const pickTo = bo.messages().at(-1)!;
  expect(pickTo.plain).toMatch(PROMPTS.pickTo);
  await w.restartAfterKill();
  await bo.think();

  const since = bo.mark();
  const amount = await bo.press(pickTo, "x:c:ETH", PROMPTS.amount).catch(() => undefined);
  const replies = bo.messages().slice(since);
  expect(amount, `the coin was not taken; the bot said: ${said(replies)}`).toBeDefined();
  expect(
    replies.filter((m) => REPEAT_STEP.test(m.plain) || PROMPTS.pickTo.test(m.plain)),
    "asked again",
  ).toEqual([]);
  await bo.send("0.1", PROMPTS.quote);
}, 90_000);
