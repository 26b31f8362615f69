/**
 * Support tools end to end: the real app against the sandbox exchange (manual lifecycle) and the
 * Bot API emulator, with ADMIN_IDS=9001. Every admin command, a non-admin trying each of them,
 * alerts and their de-duplication, broadcasts (including one interrupted by a restart) and the
 * maintenance switch. No fixed sleeps: waits go through `emulator.waitFor`, alert scans take an
 * explicit time, and the poller's timer is kept out of the way with a one-hour interval.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { readFunnel } from "../../src/support/funnel.js";
import { ADMIN_COMMANDS } from "../../src/bot/features/admin/commands.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver, leadingIcon } from "./chat-driver.js";
import { openExchange, type TestUser } from "./fixtures.js";
import { storedExchange, storedUser } from "./stored.js";

const ETH = SAMPLE_ADDRESSES.ETH!;
const ADMIN_ID = 9001;

async function cycle(h: Harness) {
  const report = await h.app.poller.runCycle({ all: true });
  await h.app.delivery.idle();
  await h.app.support.alerts.idle();
  await h.app.delivery.idle();
  return report;
}

/** Sends `text` and waits for `count` new bot messages in that chat; returns them. */
async function ask(h: Harness, who: TestUser, text: string, count = 1) {
  const since = who.chat.messages().length;
  who.sendText(text);
  await h.emulator.waitFor(() => who.chat.messages().length >= since + count);
  return who.chat.messages().slice(since);
}

/** Texts the admin received as alerts (they all start with one of the alert icons). */
const alertsIn = (admin: TestUser) => admin.chat.messages().filter((m) => /^(🚨|⏳|🚩|🔥|✅ The exchange service)/u.test(m.plain));

describe("support tools, end to end", () => {
  let h: Harness;
  let admin: TestUser;
  let user: TestUser;

  beforeEach(async () => {
    h = await startHarness({
      env: { ADMIN_IDS: String(ADMIN_ID), POLL_INTERVAL_MS: "3600000", STUCK_ALERT_MINUTES: "30", PARTNER_DOWN_ALERT_MINUTES: "3" },
    });
    admin = h.emulator.user({ id: ADMIN_ID, first_name: "Sam", username: "sam_support", language_code: "en" });
    user = h.emulator.user({ id: 3001, first_name: "Ada", username: "ada_l", language_code: "en" });
    await ask(h, admin, "/start");
    await ask(h, user, "/start");
  });
  afterEach(async () => {
    await h.close();
  });

  it("answers a non-admin's admin commands exactly like an unknown command, and logs the attempt", async () => {
    const [unknown] = await ask(h, user, "/nosuchcommand");
    expect(unknown!.plain).toContain("I did not understand that");
    for (const command of ADMIN_COMMANDS) {
      const [answer] = await ask(h, user, `/${command} on 1`);
      expect(answer!.text).toBe(unknown!.text);
      expect(answer!.reply_markup).toEqual(unknown!.reply_markup);
    }
    const warned = h.logs.filter((l) => l.includes("admin command from a non-admin"));
    expect(warned).toHaveLength(ADMIN_COMMANDS.length);
    expect(warned.every((l) => l.includes(`"userId":${user.id}`) && l.includes('"level":40'))).toBe(true);
    // Nothing happened: maintenance still off.
    expect((await h.app.store.settings.getMaintenance())?.on ?? false).toBe(false);
  });

  it("lists the admin commands only in the admins' chats", () => {
    const everyone = h.emulator.commands()!.map((c) => c.command);
    expect(everyone).not.toContain("find");
    const mine = h.emulator.commands({ type: "chat", chat_id: ADMIN_ID })!.map((c) => c.command);
    expect(mine).toEqual(expect.arrayContaining([...ADMIN_COMMANDS, "exchange", "status"]));
    const ru = h.emulator.commands({ type: "chat", chat_id: ADMIN_ID }, "ru")!;
    expect(ru.find((c) => c.command === "stats")!.description).toBe("Поддержка: статистика");
  });

  it("/find by id, user id, @username and address; re-check, resend and open the user from its buttons", async () => {
    const ex = await openExchange(h, user);
    for (const query of [ex.id, String(user.id), "@ada_l", ex.depositAddress, ETH]) {
      const [count, record] = await ask(h, admin, `/find ${query}`, 2);
      expect(count!.plain).toContain("Found 1");
      expect(record!.plain).toContain(`Exchange ${ex.id}`);
      expect(record!.plain).toContain("@ada_l");
      expect(record!.plain).toContain(`Deposit: ${ex.depositAddress}`);
      expect(record!.plain).toContain("Status history");
    }
    const record = admin.chat.last()!;
    const [none] = await ask(h, admin, "/find <nothing>");
    expect(none!.plain).toContain("Nothing matches <nothing>");

    // Re-check now: the live status is stored, the person's card and milestone follow.
    h.sandbox.orders.deposit(ex.id);
    const userBefore = user.chat.messages().length;
    // Waited for by its toast: the notices now go through the outbox, whose durable marks (fsync)
    // can leave the bot quiet for longer than `handled`'s quiet period.
    admin.pressButton(record, `adm:r:${ex.id}`);
    await h.emulator.waitFor(() => admin.lastToast() === "Live status: deposit_received");
    await h.emulator.waitFor(() => admin.chat.byId(record.message_id)!.plain.includes("Deposit received") || undefined);
    expect((await storedExchange(h.app, ex.id)).status).toBe("deposit_received");
    expect(admin.chat.byId(record.message_id)!.plain).toContain("Deposit received");
    expect(user.chat.byId(ex.cardMessageId!)!.plain).toContain("Deposit received");
    expect(
      user.chat
        .messages()
        .slice(userBefore)
        .map((m) => leadingIcon(m.plain)),
    ).toEqual(["📥"]);

    // Resend the instructions: address, QR and a new live card reach the person.
    const before = user.chat.messages().length;
    admin.pressButton(record, `adm:d:${ex.id}`);
    await h.emulator.waitFor(() => admin.lastToast() === "Deposit instructions sent again.");
    const resent = user.chat.messages().slice(before);
    expect(resent.some((m) => m.plain === ex.depositAddress)).toBe(true);
    expect((await storedExchange(h.app, ex.id)).cardMessageId).toBe(user.chat.last()!.message_id);

    // Open the user.
    const since = admin.chat.messages().length;
    admin.pressButton(record, `adm:u:${user.id}`);
    const summary = await h.emulator.waitFor(() => admin.chat.messages()[since]);
    expect(summary.plain).toContain("@ada_l");
    expect(summary.plain).toContain("Exchanges: 1");
  });

  it("/user shows language, blocked, first/last seen, exchanges by status and volume", async () => {
    const ex = await openExchange(h, user);
    h.sandbox.orders.deposit(ex.id);
    for (let i = 0; i < 3; i++) h.sandbox.orders.advance(ex.id);
    await cycle(h);
    await openExchange(h, user);
    for (const query of ["@ada_l", String(user.id)]) {
      const [summary] = await ask(h, admin, `/user ${query}`);
      expect(summary!.plain).toContain("Language: en");
      expect(summary!.plain).toContain("Has blocked the bot: no");
      expect(summary!.plain).toMatch(/First seen \d{4}-\d\d-\d\d \d\d:\d\d UTC, last seen/);
      expect(summary!.plain).toContain("Exchanges: 2");
      expect(summary!.plain).toContain("Completed: 1");
      expect(summary!.plain).toContain("Waiting for your deposit: 1");
      expect(summary!.plain).toContain("• 0.1 BTC");
    }
    const [none] = await ask(h, admin, "/user @nobody");
    expect(none!.plain).toContain("No person known as @nobody");
  });

  it("/stats shows users, exchanges, volume, the funnel, partner health and poller lag", async () => {
    // A whole exchange through the chat, so every funnel step is counted where it happens.
    const chat = new ChatDriver(h, user);
    const { card: confirm } = await chat.toConfirmationCard();
    await chat.press(confirm, "x:confirm", "Waiting for your deposit");
    const order = h.sandbox.orders.list()[0]!;
    h.sandbox.orders.deposit(order.id);
    await cycle(h);
    for (let i = 0; i < 3; i++) h.sandbox.orders.advance(order.id);
    await cycle(h);
    expect((await readFunnel(h.app.store)).map((f) => f.count)).toEqual([1, 1, 1, 1, 1]);

    const [stats] = await ask(h, admin, "/stats");
    expect(stats!.plain).toContain("Users: 2 (active 24 h: 2, 7 days: 2; blocked: 0)");
    expect(stats!.plain).toContain("Exchanges: 1 (created 24 h: 1, 7 days: 1; completed 24 h: 1, 7 days: 1)");
    expect(stats!.plain).toContain("• 0.1 BTC");
    expect(stats!.plain).toContain("started 1 → quoted 1 → confirmed 1 → deposit 1 → success 1");
    expect(stats!.plain).toMatch(/• exchange-status: \d+ requests, 0\.0% errors, p50 \d+ ms, p95 \d+ ms/);
    expect(stats!.plain).toMatch(/• rate: \d+ requests/);
    expect(stats!.plain).toMatch(/Poller: last cycle \d+ s ago, backoff level 0, 0 open exchanges/);
    // The counters /metrics shows: the admin's and the person's updates so far, none failed.
    const ops = /Since start: (\d+) updates \((\d+) failed\), (\d+) Telegram API errors; outbox: (\d+) waiting/.exec(stats!.plain);
    expect(ops).not.toBeNull();
    expect(Number(ops![1])).toBeGreaterThanOrEqual(8);
    expect(ops!.slice(2).map(Number)).toEqual([0, 0, 0]);
  });

  it("alerts support once per failure, unknown status, stuck exchange and partner outage, with look-up buttons", async () => {
    const a = await openExchange(h, user);
    const b = await openExchange(h, user);
    h.sandbox.orders.deposit(a.id);
    h.sandbox.orders.setStatus(a.id, "failed");
    h.sandbox.orders.setStatus(b.id, "on_hold");
    await cycle(h);
    let alerts = alertsIn(admin);
    expect(alerts).toHaveLength(2);
    // The poller checks in parallel: the two alerts may come in either order.
    const failed = alerts.find((m) => m.plain.includes("reached Failed (failed)"))!;
    expect(failed.plain).toContain(a.id);
    expect(failed.buttons().map((x) => x.callback_data)).toEqual([`adm:f:${a.id}`, `adm:u:${user.id}`]);
    expect(alerts.find((m) => m.plain.includes("reached on_hold (on_hold)"))!.plain).toContain(b.id);

    // The look-up button opens the full record.
    const since = admin.chat.messages().length;
    admin.pressButton(failed, `adm:f:${a.id}`);
    await h.emulator.waitFor(() =>
      admin.chat
        .messages()
        .slice(since)
        .find((m) => m.plain.includes("Status history")),
    );

    // Seen again (another cycle, a re-check) → no second alert.
    await cycle(h);
    expect(alertsIn(admin)).toHaveLength(2);

    // Stuck: b has been on_hold longer than the 30-minute threshold (as of a scan an hour ahead).
    const later = new Date(Date.now() + 3_600_000);
    expect(await h.app.support.alerts.scan(later)).toBe(1);
    expect(await h.app.support.alerts.scan(later)).toBe(0);
    await h.app.support.alerts.idle();
    await h.app.delivery.idle();
    alerts = alertsIn(admin);
    expect(alerts).toHaveLength(3);
    expect(alerts[2]!.plain).toContain("has been on_hold since");

    // Partner outage: failing for more than 3 minutes → one alert; recovery → one alert.
    h.sandbox.faults.down();
    const c = await openExchange(h, user).catch(() => undefined);
    expect(c).toBeUndefined();
    await h.app.poller.runCycle({ all: true });
    const inFourMinutes = new Date(Date.now() + 4 * 60_000);
    expect(await h.app.support.alerts.scan(inFourMinutes)).toBe(1);
    expect(await h.app.support.alerts.scan(inFourMinutes)).toBe(0);
    h.sandbox.faults.up();
    await h.app.poller.runCycle({ all: true });
    expect(await h.app.support.alerts.scan(inFourMinutes)).toBe(1);
    await h.app.support.alerts.idle();
    await h.app.delivery.idle();
    alerts = alertsIn(admin);
    expect(alerts.map((m) => leadingIcon(m.plain))).toEqual(["🚨", "🚨", "⏳", "🔥", "✅"]);

    // After a restart nothing is repeated.
    await h.restart();
    await cycle(h);
    expect(await h.app.support.alerts.scan(new Date(Date.now() + 3_600_000))).toBe(0);
    expect(alertsIn(admin)).toHaveLength(5);
  });

  it("/broadcast: preview, confirm, plain text to everyone not blocked, blocked counted, final count", async () => {
    const blocked = h.emulator.user({ id: 3002, first_name: "Bo", language_code: "en" });
    await ask(h, blocked, "/start");
    blocked.blockBot();
    const [preview] = await ask(h, admin, "/broadcast We are <b>back</b> & running");
    expect(preview!.plain).toContain("this goes to 3 people");
    expect(preview!.plain).toContain("We are <b>back</b> & running");
    const id = preview!.buttons()[0]!.callback_data!.slice("adm:bc:go:".length);

    admin.pressButton(preview!, `adm:bc:go:${id}`);
    const final = await h.emulator.waitFor(() => admin.chat.messages().find((m) => m.plain.startsWith("📣 Broadcast finished")));
    expect(final.plain).toContain("sent 2, blocked 1, failed 0 (of 3)");
    expect(user.chat.last()!.text).toBe("We are <b>back</b> & running");
    expect(user.chat.last()!.parse_mode).toBeUndefined();
    expect((await storedUser(h.app, blocked.id)).blocked).toBe(true);
    // The preview's buttons are gone: it cannot be started twice.
    expect(admin.chat.byId(preview!.message_id)!.buttons()).toEqual([]);
  });

  it("/broadcast can be discarded at the preview and cancelled while it runs", async () => {
    const [preview] = await ask(h, admin, "/broadcast nope");
    const id = preview!.buttons()[1]!.callback_data!.slice("adm:bc:no:".length);
    // `handled` is only a quiet spell of the bot's calls, and the discard's write comes first:
    // wait for what the admin sees.
    admin.pressButton(preview!, `adm:bc:no:${id}`);
    await h.emulator.waitFor(() => admin.chat.byId(preview!.message_id)!.plain.includes("Broadcast discarded"));
    expect(user.chat.last()!.plain).not.toContain("nope");

    // Cancelled while running: it stops, and the final count says how far it got.
    const people: TestUser[] = [];
    for (let i = 0; i < 40; i++) people.push(h.emulator.user({ id: 6000 + i, first_name: `Q${i}`, language_code: "en" }));
    await Promise.all(people.map((p) => ask(h, p, "/start")));
    const [second] = await ask(h, admin, "/broadcast stop me");
    const secondId = second!.buttons()[0]!.callback_data!.slice("adm:bc:go:".length);
    admin.pressButton(second!, `adm:bc:go:${secondId}`);
    const progress = await h.emulator.waitFor(() => admin.chat.messages().find((m) => m.plain.startsWith("📣 Broadcasting")));
    await h.emulator.waitFor(() => people.filter((p) => p.chat.last()?.text === "stop me").length >= 2);
    // The job is marked cancelled before the press is answered: wait for the answer, not a quiet spell.
    const cancel = admin.pressButton(progress, `adm:bc:c:${secondId}`);
    await h.emulator.waitFor(() => admin.lastCallbackAnswer()?.callback_query_id === cancel.callback_query_id);
    expect(admin.lastToast()).toContain("Cancelling");
    await h.app.support.broadcasts.finished(secondId);
    const final = admin.chat.byId(progress.message_id)!;
    expect(final.plain).toMatch(/^📣 Broadcast cancelled: sent \d+, blocked 0, failed 0 \(of 42\)/);
    const sent = (await h.app.support.broadcasts.counts(secondId))!.sent;
    expect(sent).toBeLessThan(42);
    expect([...people, user, admin].filter((p) => p.chat.messages().some((m) => m.text === "stop me"))).toHaveLength(sent);
  });

  it("a broadcast interrupted by a restart resumes and never writes to anyone twice", async () => {
    const people: TestUser[] = [user];
    for (let i = 0; i < 40; i++) people.push(h.emulator.user({ id: 5000 + i, first_name: `P${i}`, language_code: "en" }));
    await Promise.all(people.slice(1).map((p) => ask(h, p, "/start")));
    const [preview] = await ask(h, admin, "/broadcast Maintenance tonight");
    const id = preview!.buttons()[0]!.callback_data!.slice("adm:bc:go:".length);
    const got = (p: TestUser) => p.chat.messages().filter((m) => m.text === "Maintenance tonight").length;
    admin.pressButton(preview!, `adm:bc:go:${id}`);
    await h.emulator.waitFor(() => people.filter((p) => got(p) > 0).length >= 3);

    await h.restart();
    const job = (await h.app.support.broadcasts.get(id))!;
    expect(job.state).toBe("running");
    const resumedFrom = (await h.app.support.broadcasts.counts(id))!;
    expect(resumedFrom.sent).toBeGreaterThanOrEqual(3);
    expect(resumedFrom.sent).toBeLessThan(people.length + 1);

    await h.emulator.waitFor(() => admin.chat.messages().find((m) => m.plain.startsWith("📣 Broadcast finished")), 10_000);
    expect(await h.app.support.broadcasts.counts(id)).toMatchObject({
      total: people.length + 1,
      sent: people.length + 1,
      unconfirmed: 0,
      remaining: 0,
    });
    for (const p of [...people, admin]) expect(got(p)).toBe(1);
    // Paced: no 26 of its messages within one second (≤ 25/s overall).
    const times = h.emulator
      .callsOf("sendMessage")
      .filter((c) => c.ok && c.params.text === "Maintenance tonight")
      .map((c) => c.at);
    const windows = times.slice(25).map((t, i) => t - times[i]!);
    expect(Math.min(...windows)).toBeGreaterThanOrEqual(950);
  });

  it("/maintenance pauses new exchanges everywhere, stops an open flow at confirmation, and resumes", async () => {
    const chat = new ChatDriver(h, user);
    // A flow already open before maintenance starts.
    const { card: confirm } = await chat.toConfirmationCard();

    const [on] = await ask(h, admin, "/maintenance on Back at 18:00");
    expect(on!.plain).toContain("Maintenance ON");

    const sinceConfirm = chat.mark();
    await chat.press(confirm, "x:confirm", "paused for maintenance. Back at 18:00");
    expect(h.sandbox.orders.list()).toHaveLength(0);
    // Nothing suggests an exchange is being created.
    expect(
      chat.user.chat
        .messages()
        .slice(sinceConfirm)
        .map((m) => m.plain)
        .join("\n"),
    ).not.toContain("Creating your exchange");

    const [viaCommand] = await ask(h, user, "/exchange");
    expect(viaCommand!.plain).toBe("🛠 New exchanges are paused for maintenance. Back at 18:00");
    const [greeting] = await ask(h, user, "/start");
    await chat.press(greeting!, "x:new", "paused for maintenance");
    const [viaLink] = await ask(h, user, "/start x_BTC_ETH_0d1");
    expect(viaLink!.plain).toContain("paused for maintenance");

    // Tracking goes on meanwhile.
    const ex = await openExchange(h, user);
    h.sandbox.orders.deposit(ex.id);
    await cycle(h);
    expect(user.chat.byId(ex.cardMessageId!)!.plain).toContain("Deposit received");

    const [off] = await ask(h, admin, "/maintenance off");
    expect(off!.plain).toContain("Maintenance OFF");
    await chat.send("/exchange", "Which coin do you send?");
  });
});
