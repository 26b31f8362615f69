/**
 * "Not found" told as such (issue 15): when the service answers that it does not know an exchange,
 * the person hears exactly that, with the support contact, in /status and on the card, never "the
 * exchange service is not answering", which would be false: it answered. Support gets an alert of
 * its own kind when the poller gives the exchange up. Here the sandbox forgets its orders the way
 * it did before it kept them in a file: it restarts without one.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { openExchange, type TestUser } from "./fixtures.js";
import { storedExchange } from "./stored.js";

const ADMIN_ID = 9201;

async function cycle(h: Harness) {
  const report = await h.app.poller.runCycle({ all: true });
  await h.app.delivery.idle();
  await h.app.support.alerts.idle();
  await h.app.delivery.idle();
  return report;
}

describe("an exchange the service does not know", () => {
  let h: Harness;
  let user: TestUser;
  let chat: ChatDriver;
  let admin: ChatDriver;

  beforeEach(async () => {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000", ADMIN_IDS: String(ADMIN_ID), SUPPORT_CONTACT: "@swap_help" } });
    user = h.emulator.user({ id: 2501, first_name: "Uma", language_code: "en" });
    chat = new ChatDriver(h, user);
    admin = new ChatDriver(h, h.emulator.user({ id: ADMIN_ID, first_name: "Sam", language_code: "en" }));
    await chat.send("/start", "Hi");
    await admin.send("/start", "Hi");
  });
  afterEach(async () => {
    await h.close();
  });

  it("says in /status that the service does not know it, with the support contact, not that it is down", async () => {
    const ex = await openExchange(h, user);
    // The sandbox restarts with no orders file: it has never heard of the exchange.
    await h.restart(undefined, { sandbox: true });
    expect(h.sandbox.orders.list()).toEqual([]);

    const answer = await chat.send(`/status ${ex.id}`, "does not know");
    expect(answer.plain).toContain(`The exchange service does not know exchange ${ex.id}`);
    expect(answer.plain).toContain(`Please write to @swap_help and quote the exchange ID ${ex.id}`);
    expect(answer.plain).not.toContain("not answering");
    await chat.settle();
    expect(user.chat.messages().some((m) => m.plain.includes("not answering"))).toBe(false);
    // The card comes after it, with the last status known.
    expect(user.chat.last()!.plain).toContain("Waiting for your deposit");

    // Pressing the card's Refresh says it too.
    const card = user.chat.last()!;
    const since = chat.mark();
    user.pressButton(card, `st:${ex.id}`);
    await chat.waitNew("does not know", since);
  });

  it("says it in Russian, and still says 'not answering' when the service really is down", async () => {
    const ru = new ChatDriver(h, h.emulator.user({ id: 2502, first_name: "Оля", language_code: "ru" }));
    await ru.send("/start", "Оля");
    const ex = await openExchange(h, ru.user);
    await h.restart(undefined, { sandbox: true });
    const answer = await ru.send(`/status ${ex.id}`, "Сервис обмена не знает обмен");
    expect(answer.plain).toContain("он ответил, что такого обмена у него нет");
    expect(answer.plain).toContain(`Напишите, пожалуйста, @swap_help и укажите ID обмена ${ex.id}`);

    h.sandbox.faults.down();
    await ru.send(`/status ${ex.id}`, "Сервис обмена сейчас не отвечает");
  });

  it("gives it up after five answers: the card says why, and support gets an alert of its own kind", async () => {
    const ex = await openExchange(h, user);
    const cardId = (await storedExchange(h.app, ex.id)).cardMessageId!;
    await h.restart(undefined, { sandbox: true });
    for (let i = 0; i < 5; i++) await cycle(h);
    expect((await storedExchange(h.app, ex.id)).tracking).toMatchObject({ stoppedReason: "not-found", notFoundCount: 5 });

    const card = user.chat.byId(cardId)!;
    expect(card.plain).toContain("The exchange service does not know this exchange, so it is no longer checked automatically");
    expect(card.plain).toContain("Please write to @swap_help");

    const alert = await admin.waitNew("says it does not know this exchange", 0);
    expect(alert.plain).toContain('answered "not found" 5 times in a row; it is not down');
    expect(alert.plain).toContain(ex.id);
    expect(alert.buttons().map((b) => b.callback_data)).toContain(`adm:f:${ex.id}`);
    // Once.
    await cycle(h);
    expect(admin.user.chat.messages().filter((m) => m.plain.includes("does not know this exchange"))).toHaveLength(1);
  });
});
