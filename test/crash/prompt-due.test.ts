/**
 * A kill between recording the next step and sending its prompt: the answered prompt has lost its
 * buttons (or been edited to read its answer back, "✅ …"), the record says the next step, and
 * nothing asks the person anything.
 * After the restart the person must see the next prompt without typing anything, once, and their
 * answer to it must be taken. Measured before the fix: nothing came; the chat stayed silent until
 * the person typed, which they had no reason to do (issue 26, gap 1).
 */
import { afterEach, expect, it } from "vitest";
import { flowButtonData } from "../e2e/chat-driver.js";
import { PROMPTS, TIMING } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { startCrashWorld, textCall, type CrashWorld } from "./world.js";

let world: CrashWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

it("shows the refund prompt after a kill right after the destination address was acknowledged", async () => {
  const w = (world = await startCrashWorld());
  const ann = new Person(w.emulator, 5201, "Ann");
  const plan = btcToEth("0.1");

  const quote = await ann.toQuote(plan);
  await ann.press(quote, "x:next", PROMPTS.destination);
  await ann.think();
  // The destination prompt is edited to read "✅ ETH address: …" back after the record of the
  // refund step, before its prompt.
  const kill = w.killOnApiCall(textCall("editMessageText", /\n✅ .+ address:/, ann.id));
  ann.user.sendText(plan.destination);
  await kill.fired;
  expect(
    ann.messages().filter((m) => PROMPTS.refund.test(m.plain)),
    "the refund prompt before the kill",
  ).toEqual([]);

  const since = ann.mark();
  await w.restartAfterKill();
  // Nothing typed: the prompt owed is shown by the restarted bot on its own.
  const refund = await ann.waitNew(PROMPTS.refund, since, TIMING.owedMessageMs);
  expect(refund.buttons().length, "the refund prompt has its buttons").toBeGreaterThan(0);
  await ann.think();

  const card = await ann.send(plan.refund, PROMPTS.card);
  expect(card.plain).toContain(plan.destination);
  expect(card.plain).toContain(plan.refund);
  expect(
    ann
      .messages()
      .slice(since)
      .filter((m) => PROMPTS.refund.test(m.plain)),
    "the refund prompt, shown once",
  ).toHaveLength(1);
}, 90_000);

it("shows the destination prompt after a kill right after Continue took the buttons off the quote", async () => {
  const w = (world = await startCrashWorld());
  const bo = new Person(w.emulator, 5202, "Bo");
  const plan = btcToEth("0.1");

  const quote = await bo.toQuote(plan);
  // Continue records the destination step, then retires the quote (its buttons go), then asks.
  const kill = w.killOnApiCall((call) => call.ok && call.method === "editMessageReplyMarkup" && Number(call.params.chat_id) === bo.id);
  const since = bo.mark();
  bo.user.pressButton(quote, flowButtonData(quote, "x:next"));
  await kill.fired;
  expect(bo.messages().at(-1)?.buttons() ?? [], "the quote lost its buttons").toEqual([]);

  await w.restartAfterKill();
  const destination = await bo.waitNew(PROMPTS.destination, since, TIMING.owedMessageMs);
  expect(destination.buttons().length).toBeGreaterThan(0);
  await bo.think();
  await bo.send(plan.destination, PROMPTS.refund);
  expect(
    bo
      .messages()
      .slice(since)
      .filter((m) => PROMPTS.destination.test(m.plain)),
    "the destination prompt, shown once",
  ).toHaveLength(1);
}, 90_000);

it("shows the quote after a kill right after a typed amount took the buttons off its prompt", async () => {
  const w = (world = await startCrashWorld());
  const cy = new Person(w.emulator, 5203, "Cy");
  const plan = btcToEth("0.1");

  const pickFrom = await cy.send("/exchange", PROMPTS.pickFrom);
  await cy.think();
  const pickTo = await cy.press(pickFrom, `x:c:${plan.from}`, PROMPTS.pickTo);
  await cy.think();
  const ask = await cy.press(pickTo, `x:c:${plan.to}`, PROMPTS.amount);
  await cy.think();
  // A quote replaces the amount prompt: its buttons go first, then the quote is sent.
  const kill = w.killOnApiCall((call) => call.ok && call.method === "editMessageReplyMarkup" && Number(call.params.chat_id) === cy.id);
  const since = cy.mark();
  cy.user.sendText(plan.amount);
  await kill.fired;
  expect(cy.user.chat.byId(ask.message_id)?.buttons() ?? [], "the amount prompt lost its buttons").toEqual([]);

  await w.restartAfterKill();
  // Nothing typed: the quote of the amount typed, recorded before the prompt lost its buttons,
  // comes on its own, with its buttons; the amount is not asked again.
  const quote = await cy.waitNew(PROMPTS.quote, since, TIMING.owedMessageMs);
  expect(quote.plain).toContain(`You send: ${plan.amount} BTC`);
  expect(
    cy
      .messages()
      .slice(since)
      .filter((m) => PROMPTS.amount.test(m.plain)),
  ).toEqual([]);
  await cy.think();
  await cy.press(quote, "x:next", PROMPTS.destination);
}, 90_000);
