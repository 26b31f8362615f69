/**
 * A deposit address no QR code can hold (a service may hand one out: nothing in the contract
 * bounds its length): the chat's deposit instructions still go out whole, the QR code replaced by a
 * line saying why, and the messages after it are not held back.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";

describe("a deposit address too long for a QR code", () => {
  let h: Harness;
  let chat: ChatDriver;

  beforeEach(async () => {
    // 2,400 characters: past the 2,331 bytes of the largest QR code at the chat's error correction.
    h = await startHarness({ sandbox: { depositAddressLength: 2400 } });
    chat = new ChatDriver(h, h.emulator.user({ id: 2301, first_name: "Lea", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  it("sends the instructions with the address whole, a line instead of the QR code, and the live card", async () => {
    const { card } = await chat.toConfirmationCard();
    const since = chat.mark();
    chat.user.pressButton(card, "x:c:confirm");
    // The card is the last part: reaching it means the part before it did not stop the outbox.
    await chat.waitNew("I will tell you about every status change", since);
    const order = h.sandbox.orders.list()[0]!;
    expect(order.depositAddress).toHaveLength(2400);
    const after = chat.user.chat.messages().slice(since);
    expect(after.find((m) => m.plain === order.depositAddress)?.text).toBe(`<code>${order.depositAddress}</code>`);
    expect(after.some((m) => m.photo)).toBe(false);
    const noCode = after.filter((m) => m.plain.includes("too long for a QR code"));
    expect(noCode.map((m) => m.plain)).toEqual(["The BTC deposit address is too long for a QR code: copy it from the message above."]);
    // In the order the instructions are read: the address, the line, then the card.
    const at = (text: string) => after.findIndex((m) => m.plain.includes(text));
    expect(at(order.depositAddress)).toBeLessThan(at("too long for a QR code"));
    expect(at("too long for a QR code")).toBeLessThan(at("I will tell you about every status change"));
  });
});
