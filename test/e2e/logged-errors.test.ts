/**
 * What a failed Bot API call leaves in the log (issue 36): the method, Telegram's code and
 * description, and ids, never the request's text or the addresses in it. /forget promises these go;
 * a log line must not keep them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";

/** The log lines at warn and above (pino's levels), parsed. */
function problems(h: Harness): Array<Record<string, unknown>> {
  return h.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => (l.level as number) >= 40);
}

describe("errors in the log", () => {
  let h: Harness;
  let chat: ChatDriver;

  beforeEach(async () => {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000" } });
    chat = new ChatDriver(h, h.emulator.user({ id: 3602, first_name: "Lena", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  it("a refused deposit instructions message is logged with its method and Telegram's words, and without an address", async () => {
    const { card } = await chat.toConfirmationCard();
    // The intro goes; the next message, the deposit address alone, is refused.
    const stop = h.emulator.onApiCall((call) => {
      if (call.method !== "sendMessage" || !call.ok || !String(call.params.text).includes("Exchange created")) return;
      h.emulator.failNext("sendMessage", { code: 400, description: "Bad Request: message is too long" });
      stop();
    });
    await chat.press(card, "x:confirm", "Exchange created");
    await h.emulator.waitFor(() => h.emulator.callsOf("sendMessage").some((c) => c.error?.code === 400));
    await chat.settle();
    await h.app.delivery.idle();

    const order = h.sandbox.orders.list()[0]!;
    // The refused messages held the deposit address: Telegram was asked to show it.
    const refused = h.emulator.callsOf("sendMessage").filter((c) => c.error?.code === 400);
    expect(refused.some((c) => String(c.params.text).includes(order.depositAddress))).toBe(true);
    const lines = problems(h).filter((l) => String(l.msg).includes("refused the message for good"));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]!.err).toMatchObject({
      type: "GrammyError",
      method: "sendMessage",
      error_code: 400,
      description: "Bad Request: message is too long",
    });
    expect(lines[0]!.err).not.toHaveProperty("payload");
    const all = h.logs.join("");
    for (const address of [order.depositAddress, SAMPLE_ADDRESSES.ETH!, SAMPLE_ADDRESSES.BTC!]) expect(all).not.toContain(address);
  });

  it("a failed handler's line names the call and the update, not the message it tried to send", async () => {
    h.emulator.failNext("sendMessage", { code: 400, description: "Bad Request: can't parse entities" }, 2);
    chat.user.sendText("/start");
    await h.emulator.waitFor(() => problems(h).find((l) => l.msg === "update failed"));
    await chat.settle();
    const greeting = h.emulator.callsOf("sendMessage").find((c) => c.error?.code === 400)!;
    const text = String(greeting.params.text);
    expect(text).toContain("Lena");
    const line = problems(h).find((l) => l.msg === "update failed")!;
    expect(line).toMatchObject({ chatId: 3602, userId: 3602, updateId: expect.any(Number) as number });
    expect(line.err).toMatchObject({ type: "GrammyError", method: "sendMessage", error_code: 400 });
    const all = h.logs.join("");
    expect(all).not.toContain(text.slice(0, 40));
    expect(all).not.toContain(JSON.stringify(text).slice(1, 41));
  });
});
