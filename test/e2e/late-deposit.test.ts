/**
 * A deposit that arrives after the order expired (the service's `payment_time_expired` with
 * `emergency: EXPIRED`), end to end against the sandbox: with PARTNER_FEATURES `emergency` the
 * person gets one message with the choice, and the choice reaches payment/emergency exactly once
 * (a second press, the other button, a lost answer, a restart); without it, they are told to
 * contact support and support is alerted.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { BTC, cycle, openExchange, type TestUser } from "./fixtures.js";
import { storedExchange } from "./stored.js";

const ADMIN_ID = 9101;

/** The late-deposit messages in the person's chat (offer or "contact support"). */
const lateMessages = (user: TestUser, id: string) =>
  user.chat.messages().filter((m) => m.plain.includes(`deposit for exchange ${id} arrived after the order had expired`));

async function setUp(features: string): Promise<{ h: Harness; user: TestUser; admin: TestUser }> {
  const h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000", ADMIN_IDS: String(ADMIN_ID), PARTNER_FEATURES: features } });
  const user = h.emulator.user({ id: 3101, first_name: "Ada", language_code: "en" });
  const admin = h.emulator.user({ id: ADMIN_ID, first_name: "Sam", language_code: "en" });
  user.sendText("/start");
  admin.sendText("/start");
  await h.emulator.waitFor(() => user.chat.last() && admin.chat.last());
  return { h, user, admin };
}

/** Presses `data` on `message` and waits for the bot's next message in the chat. */
async function press(h: Harness, user: TestUser, messageId: number, data: string) {
  const since = user.chat.messages().length;
  user.pressButton(messageId, data);
  return h.emulator.waitFor(() => user.chat.messages()[since]);
}

describe("late deposit, end to end", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("with `emergency`: one offer, a refund sent once, the card and /find say what was chosen", async () => {
    const s = await setUp("emergency");
    h = s.h;
    const { user, admin } = s;
    const ex = await openExchange(h, user);
    h.sandbox.orders.lateDeposit(ex.id);
    await cycle(h);

    const [offer, ...more] = lateMessages(user, ex.id);
    expect(more).toEqual([]);
    expect(offer!.plain).toContain(`refund address ${BTC}`);
    expect(offer!.buttons().map((b) => b.callback_data)).toEqual([`ld:c:${ex.id}`, `ld:r:${ex.id}`, `ld:o:${ex.id}`]);
    const card = user.chat.byId(ex.cardMessageId!)!;
    expect(card.plain).toContain("Deposit arrived after the order expired");
    expect(card.plain).toContain("Your deposit arrived after the order had expired: the service holds it.");

    // A double press, of both buttons: the first is sent, the second finds it chosen.
    const since = user.chat.messages().length;
    user.pressButton(offer!.message_id, `ld:r:${ex.id}`);
    user.pressButton(offer!.message_id, `ld:c:${ex.id}`);
    const [answer, again] = await h.emulator.waitFor(() => {
      const replies = user.chat
        .messages()
        .slice(since)
        .filter((m) => m.plain.includes("the service") && !m.plain.includes("Status:"));
      return replies.length >= 2 ? replies : undefined;
    });
    expect(answer!.plain).toContain(`Sent to the service: refund to ${BTC}`);
    expect(again!.plain).toContain(`You already chose: refund to ${BTC} (accepted by the service)`);
    expect(h.sandbox.requests.count("payment/emergency")).toBe(1);
    const order = h.sandbox.orders.get(ex.id)!;
    expect(order.status).toBe("reverted");
    expect(order.emergencyChoice).toEqual({ needExchange: false, refundAddress: BTC, refundTag: "" });
    expect((await storedExchange(h.app, ex.id)).lateDeposit).toMatchObject({ choice: "refund", state: "sent", refundAddress: BTC });
    // The offer's buttons are gone; the card says what was chosen.
    expect(user.chat.byId(offer!.message_id)!.buttons()).toEqual([]);
    await h.emulator.waitFor(() => user.chat.byId(ex.cardMessageId!)!.plain.includes("Your choice for the late deposit: refund to"));

    // The poller sees the refund: the milestone, and still one offer.
    await cycle(h);
    expect(user.chat.messages().some((m) => m.plain.includes(`Exchange ${ex.id} was reverted`))).toBe(true);
    expect(lateMessages(user, ex.id)).toHaveLength(1);

    const seen = admin.chat.messages().length;
    admin.sendText(`/find ${ex.id}`);
    const found = await h.emulator.waitFor(() => admin.chat.messages().find((m, i) => i >= seen && m.plain.includes("Late deposit:")));
    expect(found.plain).toContain(`Late deposit: the person chose to refund to ${BTC} (accepted by the service)`);
  });

  it("with `emergency`: a lost answer is never sent again, not after a restart either; support is alerted", async () => {
    const s = await setUp("emergency");
    h = s.h;
    const { user, admin } = s;
    const ex = await openExchange(h, user);
    h.sandbox.orders.lateDeposit(ex.id);
    await cycle(h);
    const [offer] = lateMessages(user, ex.id);
    // The service does it, and the answer is lost on the way back.
    h.sandbox.faults.inject({ endpoint: "payment/emergency", kind: "http", status: 502, times: 1 });
    const answer = await press(h, user, offer!.message_id, `ld:c:${ex.id}`);
    expect(answer.plain).toContain("The service did not answer in time");
    expect(h.sandbox.requests.count("payment/emergency")).toBe(1);
    expect((await storedExchange(h.app, ex.id)).lateDeposit).toMatchObject({ choice: "continue", state: "in-doubt" });
    await h.app.support.alerts.idle();
    await h.emulator.waitFor(() => admin.chat.messages().find((m) => m.plain.includes("its answer was lost")));

    expect(user.chat.byId(offer!.message_id)!.buttons()).toEqual([]);
    await h.emulator.waitFor(() =>
      user.chat.byId(ex.cardMessageId!)!.plain.includes("the service did not confirm it; support will check it"),
    );

    await h.restart();
    await cycle(h);
    await h.app.delivery.idle();
    expect(h.sandbox.requests.count("payment/emergency")).toBe(1);
    expect(lateMessages(user, ex.id)).toHaveLength(1);
  });

  it("with `emergency`: a refusal frees the choice, and the next press is sent", async () => {
    const s = await setUp("emergency");
    h = s.h;
    const { user } = s;
    const ex = await openExchange(h, user);
    h.sandbox.orders.lateDeposit(ex.id);
    await cycle(h);
    const [offer] = lateMessages(user, ex.id);
    h.sandbox.faults.inject({ endpoint: "payment/emergency", kind: "rejected", message: "try later", times: 1 });
    const refused = await press(h, user, offer!.message_id, `ld:c:${ex.id}`);
    expect(refused.plain).toContain("The service refused this choice: try later");
    expect((await storedExchange(h.app, ex.id)).lateDeposit).toBeUndefined();
    const sent = await press(h, user, offer!.message_id, `ld:c:${ex.id}`);
    expect(sent.plain).toContain("Sent to the service: continue at the current rate");
    expect(h.sandbox.orders.get(ex.id)!.status).toBe("exchanging");
    expect(h.sandbox.requests.count("payment/emergency")).toBe(2);
  });

  it("without `emergency`: the person is told plainly to contact support, support is alerted, nothing is sent", async () => {
    const s = await setUp("");
    h = s.h;
    const { user, admin } = s;
    const ex = await openExchange(h, user);
    h.sandbox.orders.lateDeposit(ex.id);
    await cycle(h);
    const [told, ...more] = lateMessages(user, ex.id);
    expect(more).toEqual([]);
    expect(told!.plain).toContain("The service holds it: it is not lost");
    expect(told!.plain).toContain(`quote the exchange ID ${ex.id}`);
    expect(told!.buttons()).toEqual([]);
    await h.app.support.alerts.idle();
    const alert = await h.emulator.waitFor(() => admin.chat.messages().find((m) => m.plain.includes(ex.id) && m.plain.includes("Alert")));
    expect(alert.plain).toContain("Deposit arrived after the order expired");
    await cycle(h);
    expect(h.sandbox.requests.count("payment/emergency")).toBe(0);
    expect(lateMessages(user, ex.id)).toHaveLength(1);
  });
});
