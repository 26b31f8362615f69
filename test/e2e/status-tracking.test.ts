/**
 * Status tracking end to end: the real app (poller, outbox, /status, /history) against the
 * sandbox exchange (manual lifecycle: statuses move only when a test says so) and the Bot API
 * emulator. Cycles are run with `app.poller.runCycle({ all: true })` and notices awaited with
 * `app.delivery.idle()`; the automatic timer is kept out of the way with a one-hour interval.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver, leadingIcon } from "./chat-driver.js";
import { cycle, exchangeInChatToSuccess, iconsFrom, openExchange, type TestUser } from "./fixtures.js";
import { storedExchange, storedUser } from "./stored.js";
import { until } from "../until.js";

/**
 * The bot's messages in the person's chat that are order cards of exchange `id`: its title, then
 * its status line (a final card has no refresh button to know it by).
 */
function cards(user: TestUser, id: string) {
  return user.chat.messages().filter((m) => m.plain.includes(`Exchange ${id}\nStatus: `));
}

describe("status tracking, end to end", () => {
  let h: Harness;
  let user: TestUser;

  beforeEach(async () => {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000" } });
    user = h.emulator.user({ id: 3001, first_name: "Ada", language_code: "en" });
    user.sendText("/start");
    await h.emulator.waitFor(() => user.chat.last());
  });
  afterEach(async () => {
    await h.close();
  });

  it("walks a whole lifecycle: one card edited in place, and the milestone messages in order", async () => {
    const ex = await openExchange(h, user);
    const card = user.chat.last()!;
    expect(card.message_id).toBe(ex.cardMessageId);
    expect(card.plain).toContain("Waiting for your deposit");
    expect(card.plain).toContain("▰▱▱▱▱ 1/5");
    expect(card.plain).toContain("I will tell you about every status change");
    expect(card.buttons().map((b) => b.callback_data)).toContain(`st:${ex.id}`);
    const start = user.chat.messages().length;

    h.sandbox.orders.deposit(ex.id);
    expect((await cycle(h)).changed).toBe(1);
    expect(user.chat.byId(card.message_id)!.plain).toContain("Deposit received");
    h.sandbox.orders.advance(ex.id);
    await cycle(h);
    expect(user.chat.byId(card.message_id)!.plain).toContain("▰▰▰▱▱ 3/5");
    h.sandbox.orders.advance(ex.id);
    await cycle(h);
    h.sandbox.orders.advance(ex.id);
    await cycle(h);

    const order = h.sandbox.orders.get(ex.id)!;
    const final = user.chat.byId(card.message_id)!;
    expect(final.plain).toContain("Completed");
    expect(final.plain).toContain("▰▰▰▰▰ 5/5");
    expect(final.plain).toContain(`TxID: ${order.txId}`);
    expect(final.plain).not.toContain("I will tell you about every status change");
    // Nothing is left to refresh: the card of a final status has no button.
    expect(final.buttons()).toEqual([]);

    const after = user.chat.messages().slice(start);
    expect(after.map((m) => leadingIcon(m.plain))).toEqual(["📥", "✅"]);
    expect(after[0]!.plain).toContain(`deposit of 0.1 BTC for exchange ${ex.id} has arrived`);
    expect(after[1]!.plain).toContain(`Exchange ${ex.id} is complete`);
    expect(after[1]!.plain).toContain(order.txId!);
    expect(cards(user, ex.id)).toHaveLength(1);

    const stored = await storedExchange(h.app, ex.id);
    expect(stored.statusHistory.map((s) => s.status)).toEqual(["waiting_deposit", "deposit_received", "exchanging", "sending", "success"]);
    expect(stored.lastNotifiedStatus).toBe("success");
    // Final: no longer polled, nothing more said.
    const requests = h.sandbox.requests.count("exchange-status");
    expect((await cycle(h)).checked).toBe(0);
    expect(h.sandbox.requests.count("exchange-status")).toBe(requests);
    expect(user.chat.messages()).toHaveLength(start + 2);
  });

  it("takes an exchange made in the chat from its deposit instructions to success, on one card", async () => {
    const { order } = await exchangeInChatToSuccess(h, user);
    expect(cards(user, order.id)).toHaveLength(1);
  });

  it("sends a notice stored before a restart exactly once after it, and tracks on", async () => {
    const ex = await openExchange(h, user);
    const start = user.chat.messages().length;
    h.sandbox.orders.deposit(ex.id);
    // The process "dies" after the store write and the notice's entry, before the send.
    await h.app.delivery.stop();
    await h.app.poller.runCycle({ all: true });
    expect((await storedExchange(h.app, ex.id)).status).toBe("deposit_received");
    expect(user.chat.messages()).toHaveLength(start);

    await h.restart();
    await h.emulator.waitFor(() => user.chat.messages().length > start);
    await h.app.delivery.idle();
    expect(iconsFrom(user, start)).toEqual(["📥"]);
    expect(user.chat.byId(ex.cardMessageId!)!.plain).toContain("Deposit received");

    // A second restart has nothing left to send.
    await h.restart();
    await h.app.delivery.idle();
    expect(user.chat.messages()).toHaveLength(start + 1);

    h.sandbox.orders.advance(ex.id);
    h.sandbox.orders.advance(ex.id);
    h.sandbox.orders.advance(ex.id);
    await cycle(h);
    expect(iconsFrom(user, start)).toEqual(["📥", "✅"]);
    expect(cards(user, ex.id)).toHaveLength(1);
  });

  it("rides out the partner being down, then catches up without losing the change", async () => {
    const ex = await openExchange(h, user);
    const start = user.chat.messages().length;
    h.sandbox.faults.down();
    h.sandbox.orders.deposit(ex.id);
    const down = await cycle(h);
    expect(down.failed).toBe(down.checked);
    expect(h.app.poller.backoffLevel).toBe(1);
    expect((await storedExchange(h.app, ex.id)).status).toBe("waiting_deposit");
    expect(user.chat.messages()).toHaveLength(start);

    h.sandbox.faults.up();
    const back = await cycle(h);
    expect(back.changed).toBe(1);
    expect(h.app.poller.backoffLevel).toBe(0);
    expect(iconsFrom(user, start)).toEqual(["📥"]);
  });

  it("stops writing to a person who blocked the bot, and keeps tracking their exchange", async () => {
    const ex = await openExchange(h, user);
    user.blockBot();
    h.sandbox.orders.deposit(ex.id);
    await cycle(h);
    expect((await storedUser(h.app, user.id)).blocked).toBe(true);
    const callsAfterBlock = h.emulator.calls.length;

    h.sandbox.orders.advance(ex.id);
    await cycle(h);
    expect((await storedExchange(h.app, ex.id)).status).toBe("exchanging");
    // Not one more attempt to reach them.
    expect(h.emulator.calls.slice(callsAfterBlock).filter((c) => c.method !== "getUpdates")).toEqual([]);
    expect((await storedExchange(h.app, ex.id)).lastNotifiedStatus).toBe("exchanging");
  });

  it("shows a status the spec does not list as it is, with a neutral icon, and keeps polling it", async () => {
    const ex = await openExchange(h, user);
    const start = user.chat.messages().length;
    h.sandbox.orders.setStatus(ex.id, "on_hold<review>");
    await cycle(h);
    const card = user.chat.byId(ex.cardMessageId!)!;
    expect(card.plain).toContain("🔹 Exchange");
    expect(card.plain).toContain("Status: on_hold<review>");
    expect(card.plain).not.toMatch(/\d\/5/);
    expect(user.chat.messages()).toHaveLength(start);
    const before = h.sandbox.requests.count("exchange-status");
    expect((await cycle(h)).checked).toBe(1);
    expect(h.sandbox.requests.count("exchange-status")).toBe(before + 1);
  });

  it("answers another person's id exactly like a wrong one, and shows a person their own live", async () => {
    const ex = await openExchange(h, user);
    const other = h.emulator.user({ id: 3002, first_name: "Eve", language_code: "en" });
    const requests = h.sandbox.requests.count("exchange-status");

    other.sendText(`/status ${ex.id}`);
    const theirs = await h.emulator.waitFor(() => other.chat.last());
    other.sendText("/status nosuchid");
    const wrong = await h.emulator.waitFor(() => (other.chat.messages().length === 2 ? other.chat.last() : undefined));
    expect(theirs.text).toBe(wrong.text!.replace("nosuchid", ex.id));
    expect(theirs.plain).toContain("I found no exchange of yours");
    expect(h.sandbox.requests.count("exchange-status")).toBe(requests);

    h.sandbox.orders.deposit(ex.id);
    const since = user.chat.messages().length;
    const asked = user.sendText(`/status ${ex.id}`);
    // Live: the change is stored and notified (old card edited, milestone), then a fresh card.
    const fresh = await h.emulator.waitFor(() =>
      user.chat
        .messages()
        .slice(since)
        .find((m) => m.plain.includes("Status:")),
    );
    expect(fresh.plain).toContain("Deposit received");
    expect(user.chat.messages().slice(since)[0]!.plain).toContain("has arrived");
    await asked.handled;
    // The fresh card's id is stored after Telegram confirmed it: wait for it rather than a quiet spell.
    await until(async () => (await storedExchange(h.app, ex.id)).cardMessageId === fresh.message_id);
    expect(h.sandbox.requests.count("exchange-status")).toBe(requests + 1);
    // The poller sees nothing new afterwards: the notice is not sent twice.
    await cycle(h);
    expect(user.chat.messages().filter((m) => m.plain.includes("has arrived"))).toHaveLength(1);
  });

  it("lists /history newest first with icons; an item opens its card; refresh on the card edits it", async () => {
    const first = await openExchange(h, user);
    const second = await openExchange(h, user);
    h.sandbox.orders.fail(first.id, "time_expired");
    await cycle(h);
    expect(user.chat.last()!.plain).toContain("expired");

    user.sendText("/history");
    const list = await h.emulator.waitFor(() => (user.chat.last()?.plain.includes("Your exchanges") ? user.chat.last() : undefined));
    const items = list.buttons().filter((b) => b.callback_data?.startsWith("st:"));
    expect(items.map((b) => b.callback_data)).toEqual([`st:${second.id}`, `st:${first.id}`]);
    expect(items[0]!.text.startsWith("⏳")).toBe(true);
    expect(items[1]!.text.startsWith("⌛")).toBe(true);

    const since = user.chat.messages().length;
    user.pressButton(list, `st:${first.id}`);
    const opened = await h.emulator.waitFor(() =>
      user.chat
        .messages()
        .slice(since)
        .find((m) => m.plain.includes("Status:")),
    );
    expect(opened.plain).toContain("Expired");

    h.sandbox.orders.deposit(second.id);
    user.pressButton(second.cardMessageId!, `st:${second.id}`);
    await h.emulator.waitFor(() => user.lastToast() === "Status updated");
    expect(user.chat.byId(second.cardMessageId!)!.plain).toContain("Deposit received");
  });

  it("sends no edit when a status check changes nothing the card shows, so Telegram never answers 'not modified'", async () => {
    const chat = new ChatDriver(h, user);
    const { card: confirm } = await chat.toConfirmationCard();
    const since = chat.mark();
    await user.pressButton(confirm, "x:c:confirm").handled;
    const card = await chat.waitNew("Waiting for your deposit", since);
    const order = h.sandbox.orders.list()[0]!;
    await until(async () => (await h.app.store.exchanges.get(order.id))?.cardMessageId === card.message_id);

    const cardEdits = () =>
      h.emulator
        .callsOf("editMessageText")
        .filter((c) => c.params.message_id === card.message_id)
        .map((c) => c.error?.description ?? "ok");

    // The first check fills in the figures the service expects, which the card already showed.
    await cycle(h);
    expect((await storedExchange(h.app, order.id)).expectedAmountFrom).toBeDefined();
    expect(cardEdits()).toEqual([]);
    // A change the card shows is still edited in.
    h.sandbox.orders.deposit(order.id);
    await cycle(h);
    expect(cardEdits()).toEqual(["ok"]);
    expect(user.chat.byId(card.message_id)!.plain).toContain("Deposit received");
  });

  it("waits out a 429 from Telegram, resends a card that cannot be edited, ignores 'not modified'", async () => {
    const ex = await openExchange(h, user);
    h.emulator.failNext("editMessageText", { code: 429, retryAfter: 1 });
    h.sandbox.orders.deposit(ex.id);
    await cycle(h);
    const edits = h.emulator.callsOf("editMessageText");
    expect(edits.map((c) => c.error?.code ?? 200)).toEqual([429, 200]);
    expect(edits[1]!.at - edits[0]!.at).toBeGreaterThanOrEqual(900);

    h.emulator.failNext("editMessageText", { code: 400, description: "Bad Request: message to edit not found" });
    h.sandbox.orders.advance(ex.id);
    await cycle(h);
    const moved = (await storedExchange(h.app, ex.id)).cardMessageId!;
    expect(moved).not.toBe(ex.cardMessageId);
    expect(user.chat.byId(moved)!.plain).toContain("Exchanging");

    h.emulator.failNext("editMessageText", {
      code: 400,
      description: "Bad Request: message is not modified: specified new message content and reply markup are exactly the same",
    });
    h.sandbox.orders.advance(ex.id);
    await cycle(h);
    expect((await storedExchange(h.app, ex.id)).cardMessageId).toBe(moved);
    expect((await storedExchange(h.app, ex.id)).lastNotifiedStatus).toBe("sending");
  });
});

describe("failure notices", () => {
  it.each([
    [{}, "Need help? Contact support and quote the exchange ID"],
    [{ SUPPORT_CONTACT: "@help_desk" }, "Need help? Write to @help_desk and quote the exchange ID"],
  ])("say what happens to the coins and how to reach support (%j)", async (env, expected) => {
    const h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000", ...env } });
    try {
      const user = h.emulator.user({ id: 3101, first_name: "Flo", language_code: "en" });
      user.sendText("/start");
      await h.emulator.waitFor(() => user.chat.last());
      const ex = await openExchange(h, user);
      h.sandbox.orders.deposit(ex.id);
      h.sandbox.orders.fail(ex.id, "failed");
      await cycle(h);
      const notice = await h.emulator.waitFor(() => user.chat.messages().find((m) => m.plain.includes("failed.")));
      expect(notice.plain).toContain(`refund address ${ex.refundAddress}`);
      expect(notice.plain).toContain(`${expected} ${ex.id}`);
    } finally {
      await h.close();
    }
  });
});
