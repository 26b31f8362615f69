/**
 * The first alert to a support person who has not opened the bot yet (issue 15): Telegram (and
 * the emulator) answers 403 "bot can't initiate conversation with a user", and the alert used to
 * be dropped for good. Now it waits and arrives when they first open the bot, in order, once.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { openExchange, type TestUser } from "./fixtures.js";
import { storedUser } from "./stored.js";

const ADMIN_ID = 9301;

async function cycle(h: Harness) {
  await h.app.poller.runCycle({ all: true });
  await h.app.delivery.idle();
  await h.app.support.alerts.idle();
  await h.app.delivery.idle();
}

const alertsIn = (admin: TestUser) => admin.chat.messages().filter((m) => m.plain.includes("Alert"));

describe("alerts to an admin who has not opened the bot yet", () => {
  let h: Harness;
  let user: TestUser;
  let admin: TestUser;

  beforeEach(async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN_ID), POLL_INTERVAL_MS: "3600000" } });
    user = h.emulator.user({ id: 2601, first_name: "Ada", language_code: "en" });
    // Known to Telegram, never pressed Start.
    admin = h.emulator.user({ id: ADMIN_ID, first_name: "Sam", language_code: "en" });
    await new ChatDriver(h, user).send("/start", "Hi");
  });
  afterEach(async () => {
    await h.close();
  });

  it("keeps them through the 403 and a restart, and delivers them in order, once, on the admin's /start", async () => {
    const a = await openExchange(h, user);
    const b = await openExchange(h, user);
    h.sandbox.orders.setStatus(a.id, "failed");
    await cycle(h);
    // The emulator answered 403, exactly as Telegram does for a chat that never started the bot.
    const refused = h.emulator.callsOf("sendMessage").filter((c) => Number(c.params.chat_id) === ADMIN_ID);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.map((c) => c.error)).toEqual(
      refused.map(() => ({ code: 403, description: "Forbidden: bot can't initiate conversation with a user" })),
    );
    expect(admin.chat.messages()).toEqual([]);

    // A second alert later, and a restart in between: both still wait.
    await h.restart();
    h.sandbox.orders.setStatus(b.id, "reverted");
    await cycle(h);
    expect(admin.chat.messages()).toEqual([]);

    const since = admin.chat.messages().length;
    admin.sendText("/start");
    await h.emulator.waitFor(() => (alertsIn(admin).length >= 2 ? true : undefined));
    await h.app.delivery.idle();
    const alerts = alertsIn(admin);
    expect(alerts.map((m) => (m.plain.includes(a.id) ? "a" : m.plain.includes(b.id) ? "b" : "?"))).toEqual(["a", "b"]);
    expect(alerts[0]!.plain).toContain("reached Failed (failed)");
    expect(alerts[1]!.plain).toContain("reached Refunded (reverted)");
    // The greeting too; nothing twice, even after more cycles and another message.
    expect(
      admin.chat
        .messages()
        .slice(since)
        .some((m) => m.plain.includes("Hi, Sam")),
    ).toBe(true);
    await cycle(h);
    await new ChatDriver(h, admin).send("/help", "/exchange");
    await h.app.delivery.idle();
    expect(alertsIn(admin)).toHaveLength(2);
  });

  it("still drops a person's own notices on 403: only support's alerts wait", async () => {
    const ex = await openExchange(h, user);
    user.blockBot();
    h.sandbox.orders.deposit(ex.id);
    await cycle(h);
    const pending = await h.app.delivery.pending(user.id);
    expect(pending).toEqual([]);
    expect((await storedUser(h.app, user.id)).blocked).toBe(true);
  });
});
