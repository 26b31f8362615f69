/**
 * A kill after Telegram was told an update arrived and before the bot finished handling it: after
 * the restart the person's message is handled, once. Measured before the fix: the runner asked for
 * the next batch (which confirms the last one to Telegram) while the answer was still being
 * handled, so the address typed at the prompt was gone with the process and the person waited in
 * silence at a prompt that had been answered.
 *
 * The exact moment: the address check of the answer hangs at the partner (nothing the answer
 * changes is written yet), and Telegram holds no unconfirmed update; then `kill -9`.
 */
import { afterEach, expect, it } from "vitest";
import type { EndpointName, SandboxServer } from "../../src/devtools/sandbox/server.js";
import { PROMPTS, TIMING } from "./expectations.js";
import { btcToEth, Person } from "./person.js";
import { startCrashWorld, type CrashWorld } from "./world.js";

let world: CrashWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Resolves when the sandbox receives a request to `endpoint`. */
function partnerReceives(sandbox: SandboxServer, endpoint: EndpointName): Promise<void> {
  return new Promise((resolve) => {
    const remove = sandbox.onRequest((e) => {
      if (e.phase !== "received" || e.request.endpoint !== endpoint) return;
      remove();
      resolve();
    });
  });
}

/** The bot's "✅ ETH address: …" read-back of the destination (its own message, or under the question). */
const DESTINATION_ACK = /(^|\n)✅ .*ETH.* address:/;

/** How many times the bot read the destination back: messages sent or edited with it. */
function destinationAcks(w: CrashWorld, chatId: number): number {
  return w.emulator.calls.filter(
    (c) =>
      c.ok &&
      (c.method === "sendMessage" || c.method === "editMessageText") &&
      Number(c.params.chat_id) === chatId &&
      typeof c.params.text === "string" &&
      DESTINATION_ACK.test(c.params.text.replace(/<[^>]*>/g, "")),
  ).length;
}

it("handles an answer that Telegram was told had arrived when the bot was killed, once", async () => {
  const w = (world = await startCrashWorld());
  const ann = new Person(w.emulator, 5301, "Ann", { thinkMs: TIMING.thinkMs });
  const plan = btcToEth();
  const quote = await ann.toQuote(plan);
  await ann.press(quote, "x:next", PROMPTS.destination);
  await ann.think();

  // The answer's handling reaches the partner's address check, which never answers.
  w.sandbox.faults.inject({ kind: "timeout", endpoint: "validate-address", times: 1 });
  const checking = partnerReceives(w.sandbox, "validate-address");
  const since = ann.mark();
  ann.user.sendText(plan.destination);
  await checking;
  // Telegram no longer holds it: the bot asked for the next batch.
  await w.emulator.waitFor(() => w.emulator.pendingUpdates() === 0, TIMING.replyMs);
  expect(w.bot.kill()).toBe(true);
  await w.restartAfterKill();

  // The address typed before the kill is taken, and the next question asked.
  await ann.waitNew(PROMPTS.refund, since, TIMING.owedMessageMs);

  // Once: another kill and start does not handle it again (its mark may not be on disk yet, and
  // then the flow's record, written after it arrived, says it was taken).
  expect(w.bot.kill()).toBe(true);
  await w.restartAfterKill();
  await ann.think();
  const card = await ann.send(plan.refund, PROMPTS.card);
  const replies = ann.messages().slice(since);
  expect(destinationAcks(w, ann.id), "the address was taken once").toBe(1);
  expect(
    replies.filter((m) => PROMPTS.refund.test(m.plain)),
    "the refund address was asked once",
  ).toHaveLength(1);
  expect(card.plain).toContain(plan.destination);
  expect(card.plain).toContain(`You send: ${plan.amount} BTC`);
}, 120_000);

it("by webhook: handles an answer the bot had acknowledged with 200 when it was killed, once", async () => {
  const w = (world = await startCrashWorld({ webhook: true }));
  const bo = new Person(w.emulator, 5302, "Bo", { thinkMs: TIMING.thinkMs });
  const plan = btcToEth();
  const quote = await bo.toQuote(plan);
  await bo.press(quote, "x:next", PROMPTS.destination);
  await bo.think();

  w.sandbox.faults.inject({ kind: "timeout", endpoint: "validate-address", times: 1 });
  const checking = partnerReceives(w.sandbox, "validate-address");
  const since = bo.mark();
  const posted = w.emulator.webhookDeliveries.length;
  bo.user.sendText(plan.destination);
  await checking;
  // Telegram was answered 200 (the ack window ran out while the check hangs): it will not post it again.
  await w.emulator.waitFor(() => w.emulator.webhookDeliveries.slice(posted).some((d) => d.status === 200), TIMING.replyMs);
  expect(w.bot.kill()).toBe(true);
  await w.restartAfterKill();

  await bo.waitNew(PROMPTS.refund, since, TIMING.owedMessageMs);
  expect(w.bot.kill()).toBe(true);
  await w.restartAfterKill();
  await bo.think();
  const card = await bo.send(plan.refund, PROMPTS.card);
  const replies = bo.messages().slice(since);
  expect(destinationAcks(w, bo.id), "the address was taken once").toBe(1);
  expect(replies.filter((m) => PROMPTS.refund.test(m.plain))).toHaveLength(1);
  expect(card.plain).toContain(plan.destination);
}, 120_000);
