/**
 * A kill right after a step's prompt reached the person: after the restart, the person's next
 * answer belongs to the prompt they last saw. The bot takes it as that step's answer, or says
 * plainly that the step must be repeated (keeping what was entered): never reads it as the answer
 * to another question. Measured before the fix: a tag typed after a kill 0.3 s after the XRP
 * "Destination tag" prompt was taken as the amount, and an order for 123456 BTC was created.
 */
import { afterEach, expect, it } from "vitest";
import type { BotMessage } from "../../src/devtools/emulator/server.js";
import { PROMPTS, REPEAT_STEP, RIGHT_REPLIES, TIMING } from "./expectations.js";
import { btcToXrp, Person, replyKind } from "./person.js";
import { startCrashWorld, textCall, type CrashWorld } from "./world.js";

let world: CrashWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Replies that belong to another step than the tag step, described for the failure message. */
function wrongStepReplies(replies: BotMessage[]): string[] {
  return replies
    .filter((m) => {
      const kind = replyKind(m);
      return kind !== undefined && !RIGHT_REPLIES.destinationTag.includes(kind);
    })
    .map((m) => `${replyKind(m)}: ${m.plain}`);
}

it("reads the tag typed after a kill right after the Destination tag prompt as the tag, never as another answer", async () => {
  const w = (world = await startCrashWorld());
  const ann = new Person(w.emulator, 5101, "Ann", { thinkMs: TIMING.slowThinkMs });
  const plan = btcToXrp("0.01", "123456");

  const quote = await ann.toQuote(plan);
  await ann.press(quote, "x:next", PROMPTS.destination);
  await ann.think();
  const kill = w.killOnApiCall(textCall("sendMessage", PROMPTS.tag, ann.id));
  ann.user.sendText(plan.destination);
  await kill.fired;
  // The person has seen the prompt: it is the last thing in their chat.
  expect(ann.messages().at(-1)?.plain).toMatch(PROMPTS.tag);
  await w.restartAfterKill();
  await ann.think();

  const since = ann.mark();
  ann.user.sendText(plan.destinationTag!);
  const replies = (await ann.repliesSince(since)) ?? [];
  expect(wrongStepReplies(replies), "the tag was answered as if it belonged to another step").toEqual([]);

  const accepted = replies.some((m) => replyKind(m) === "tag" && m.plain.includes(plan.destinationTag!));
  const repeat = replies.some((m) => REPEAT_STEP.test(m.plain));
  expect(
    accepted || repeat,
    `neither taken as the tag nor asked to repeat the step; the bot said: ${JSON.stringify(replies.map((m) => m.plain))}`,
  ).toBe(true);

  if (!accepted) {
    // Asked to repeat: the tag prompt is the live one again, and the tag is typed once more.
    await ann.waitNew(PROMPTS.tag, since);
    await ann.send(plan.destinationTag!, PROMPTS.refund);
  } else {
    await ann.waitNew(PROMPTS.refund, since);
  }
  await ann.think();
  const card = await ann.send(plan.refund, PROMPTS.card);
  // Everything typed before the kill was kept.
  expect(card.plain).toContain(`You send: ${plan.amount} BTC`);
  expect(card.plain).toContain(plan.destination);
  expect(card.plain).toContain(`Destination tag: ${plan.destinationTag}`);

  await ann.press(card, "x:confirm", /Exchange created/, TIMING.replyMs);
  const orders = w.sandbox.orders.list();
  expect(
    orders.filter((o) => o.amountFrom === plan.destinationTag),
    "an order with the tag as its amount",
  ).toEqual([]);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    from: "BTC",
    to: "XRP",
    amountFrom: plan.amount,
    destinationAddress: plan.destination,
    destinationTag: plan.destinationTag,
    refundAddress: plan.refund,
  });
}, 90_000);
