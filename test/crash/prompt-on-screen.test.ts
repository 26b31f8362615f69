/**
 * After a kill, a button of the prompt on screen is answered as that prompt's answer, or the
 * prompt is shown again with a word why; never "This button is no longer active" or "belongs to an
 * earlier step" (issue 37, point 2). The kill comes as the prompt reaches the person (the bot never
 * learns it was sent) or just after; the person presses a button of it once the bot is back. (A
 * coin list pressed after such a kill: step-prompt.test.ts.)
 *
 * Measured before the flow record became the only state: Continue pressed on the quote on screen
 * after a kill as the quote was sent was not taken, and the quote was not shown again either: "I
 * was restarted just after my last question…" and the amount was asked again (the quote lived only
 * in the conversation plugin's state, which the kill lost). In a soak of 12 kills × 8 people, 4
 * presses of the prompt on screen were refused outright.
 */
import { afterEach, expect, it } from "vitest";
import type { BotMessage } from "../../src/devtools/emulator/server.js";
import { flowButtonData } from "../e2e/chat-driver.js";
import { DEAD_BUTTON, DEPOSIT_INTRO, PROMPTS, REPEAT_STEP, TIMING } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { startCrashWorld, textCall, type CrashWorld } from "./world.js";

let world: CrashWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** What the bot said, for a failure message. */
const said = (messages: BotMessage[]) => JSON.stringify(messages.map((m) => m.plain));

/**
 * The person presses `data` on `prompt` (the one they saw before the kill) with the bot back up,
 * and expects `answer` (the prompt's answer was taken) or `prompt` asked again with a word why.
 */
async function pressOnScreen(
  w: CrashWorld,
  person: Person,
  prompt: BotMessage,
  data: string,
  answer: RegExp,
  asked: RegExp,
): Promise<void> {
  const since = person.mark();
  const id = person.user.pressButton(prompt, flowButtonData(prompt, data)).callback_query_id;
  const answers = () => w.emulator.calls.filter((c) => c.method === "answerCallbackQuery" && c.params.callback_query_id === id);
  await w.emulator.waitFor(() => answers().length > 0 || person.mark() > since, TIMING.replyMs);
  const toasts = answers().map((c) => (typeof c.params.text === "string" ? c.params.text : ""));
  expect(
    toasts.filter((text) => DEAD_BUTTON.test(text)),
    "the press of the prompt on screen was refused",
  ).toEqual([]);
  const replies = (await person.repliesSince(since)) ?? [];
  const taken = replies.some((m) => answer.test(m.plain));
  const again = replies.some((m) => REPEAT_STEP.test(m.plain)) && replies.some((m) => asked.test(m.plain));
  expect(taken || again, `neither taken nor asked again with a word why; the bot said: ${said(replies)}`).toBe(true);
}

it.each([0, 100])(
  "takes Continue pressed on the quote on screen after a kill %i ms after the quote was sent",
  async (delayMs) => {
    const w = (world = await startCrashWorld());
    const ann = new Person(w.emulator, 5601 + delayMs, "Ann");
    const plan = btcToEth("0.1");
    const pickFrom = await ann.send("/exchange", PROMPTS.pickFrom);
    await ann.think();
    const pickTo = await ann.press(pickFrom, `x:c:${plan.from}`, PROMPTS.pickTo);
    await ann.think();
    await ann.press(pickTo, `x:c:${plan.to}`, PROMPTS.amount);
    await ann.think();
    const kill = w.killOnApiCall(textCall("sendMessage", /Quote\b[\s\S]*You get:/, ann.id), { delayMs });
    ann.user.sendText(plan.amount);
    await kill.fired;
    const quote = ann.messages().at(-1)!;
    expect(quote.plain).toMatch(PROMPTS.quote);
    await w.restartAfterKill();
    await pressOnScreen(w, ann, quote, "x:next", PROMPTS.destination, PROMPTS.quote);
  },
  60_000,
);

it("takes Confirm pressed on the card on screen after a kill as the card was sent", async () => {
  const w = (world = await startCrashWorld());
  const cy = new Person(w.emulator, 5621, "Cy");
  const plan = btcToEth("0.1");
  const quote = await cy.toQuote(plan);
  await cy.press(quote, "x:next", PROMPTS.destination);
  await cy.think();
  await cy.send(plan.destination, PROMPTS.refund);
  await cy.think();
  const kill = w.killOnApiCall(textCall("sendMessage", PROMPTS.card, cy.id));
  cy.user.sendText(plan.refund);
  await kill.fired;
  const card = cy.messages().at(-1)!;
  expect(card.plain).toMatch(PROMPTS.card);
  await w.restartAfterKill();
  await pressOnScreen(w, cy, card, "x:c:confirm", new RegExp(`${PROMPTS.creating.source}|${DEPOSIT_INTRO.source}`), PROMPTS.card);
}, 60_000);
