/**
 * The real bot under Telegram's flood limits: the emulator paces it (a short burst, then about one
 * message a second into the chat, 429 with retry_after past that), and the bot still delivers every
 * message of an exchange, from /exchange to the completion notice, once each and in order.
 *
 * The only end-to-end test with flood limits on (the harness keeps them off so the others stay
 * fast); it takes some seconds by design.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RecordedCall } from "../../src/devtools/emulator/server.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { flowButtonData } from "./chat-driver.js";
import type { TestUser } from "./fixtures.js";

/** Long enough for a step that waits out a 429 or two. */
const PACED_MS = 15_000;

describe("flood limits, end to end", () => {
  let h: Harness;
  let user: TestUser;
  beforeEach(async () => {
    // Telegram's figures, but a burst of two so that every step of the flow meets the limit.
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000" }, emulator: { floodLimits: { perChatBurst: 2 } } });
    user = h.emulator.user({ id: 5001, first_name: "Ada", language_code: "en" });
  });
  afterEach(async () => {
    await h.close();
  });

  /** Waits for a new bot message containing `text` after the first `since` ones. */
  const botSays = (text: string, since: number) =>
    h.emulator.waitFor(() => user.chat.messagesFrom(since).find((m) => m.plain.includes(text)), PACED_MS);
  const say = async (text: string, expected: string) => {
    const since = user.chat.count();
    user.sendText(text);
    return botSays(expected, since);
  };
  const press = async (message: Awaited<ReturnType<typeof botSays>>, data: string, expected: string) => {
    const since = user.chat.count();
    user.pressButton(message, flowButtonData(message, data));
    return botSays(expected, since);
  };

  it("waits out every 429 and delivers the whole exchange in order, each message once", async () => {
    await say("/start", "");
    const pickFrom = await say("/exchange", "Which coin do you send?");
    const pickTo = await press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    const askAmount = await press(pickTo, "x:c:ETH", "How much BTC do you send?");
    expect(askAmount.plain).toContain("minimum");
    const quote = await say("0.1", "You get:");
    await press(quote, "x:next", "address that will receive");
    await say(SAMPLE_ADDRESSES.ETH!, "refund address");
    const card = await say(SAMPLE_ADDRESSES.BTC!, "Check your exchange");
    const beforeConfirm = user.chat.count();
    const statusCard = await press(card, "x:c:confirm", "I will tell you about every status change");

    const order = h.sandbox.orders.list()[0]!;
    h.sandbox.orders.deposit(order.id);
    await h.app.poller.runCycle({ all: true });
    await botSays("has arrived", beforeConfirm);
    for (let i = 0; i < 3; i++) h.sandbox.orders.advance(order.id);
    await h.app.poller.runCycle({ all: true });
    await botSays(`Exchange ${order.id} is complete`, beforeConfirm);
    await h.app.delivery.idle();

    // The limits were met: sends were refused with 429 and a retry_after, and sent again after it.
    const sends = h.emulator.calls.filter((c) => c.method === "sendMessage" || c.method === "sendPhoto");
    const refused = sends.filter((c) => c.error?.code === 429);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.every((c) => c.error?.description === "Too Many Requests: retry after 1")).toBe(true);
    const key = (c: RecordedCall) => JSON.stringify([c.method, c.params.text ?? c.params.caption]);
    const delivered = sends.filter((c) => c.ok);
    for (const call of refused) expect(delivered.map(key)).toContain(key(call));
    // Nothing was sent twice, and the chat shows the deposit instructions, then the notices, in order.
    expect(new Set(delivered.map(key)).size).toBe(delivered.length);
    const after = user.chat.messagesFrom(beforeConfirm);
    const at = (text: string) => after.findIndex((m) => m.plain.includes(text));
    const positions = [
      at("Exchange created"),
      at(order.depositAddress),
      after.findIndex((m) => m.photo !== undefined),
      after.findIndex((m) => m.message_id === statusCard.message_id),
      at("has arrived"),
      at("is complete"),
    ];
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(after.filter((m) => m.photo !== undefined)).toHaveLength(1);
    expect(user.chat.byId(statusCard.message_id)!.plain).toContain("Completed");
  }, 60_000);
});
