/**
 * Texts that carry outside words always fit Telegram's 4096 characters: a service's very long
 * reason, a broadcast as long as a message can be, a long maintenance text. The emulator refuses
 * an over-long text as Telegram does ("message is too long"), so a text that did not fit would
 * show up here as "Something went wrong" or a missing message.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import type { TestUser } from "./fixtures.js";

const ADMIN_ID = 9001;

/** Sends `text` and waits for `count` new bot messages in that chat; returns them. */
async function ask(h: Harness, who: TestUser, text: string, count = 1) {
  const since = who.chat.messages().length;
  who.sendText(text);
  await h.emulator.waitFor(() => who.chat.messages().length >= since + count);
  return who.chat.messages().slice(since);
}

/** `n` characters of words, so nothing about them is special but their length. */
const words = (n: number, seed = "lorem") => `${seed} ipsum <dolor> & sit amet `.repeat(Math.ceil(n / 26)).slice(0, n);

describe("texts that include outside words fit in a message", () => {
  let h: Harness;
  let admin: TestUser;
  let person: ChatDriver;

  beforeEach(async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN_ID), POLL_INTERVAL_MS: "3600000" } });
    admin = h.emulator.user({ id: ADMIN_ID, first_name: "Sam", username: "sam_support", language_code: "en" });
    person = new ChatDriver(h, h.emulator.user({ id: 2001, first_name: "Ada", language_code: "en" }));
    await ask(h, admin, "/start");
  });
  afterEach(async () => {
    await h.close();
  });

  it("quotes a 4,200-character refusal of the service cut to fit, with the flow going on", async () => {
    const { card } = await person.toConfirmationCard();
    const reason = words(4200, "refusal");
    h.sandbox.faults.inject({ endpoint: "exchange-create", kind: "rejected", message: reason, times: 1 });
    const refused = await person.press(card, "x:confirm", "refused this: refusal ipsum <dolor>");
    expect(refused.plain.length).toBeLessThanOrEqual(4096);
    expect(refused.plain).toContain("…");
    expect(person.user.chat.messages().map((m) => m.plain)).not.toContainEqual(expect.stringContaining("Something went wrong"));
    await person.waitNew("Check your exchange", person.mark() - 1);
    expect(h.logs.join("")).not.toContain("update failed");
  });

  it("answers /rate with a 4,200-character refusal cut to fit", async () => {
    h.sandbox.faults.inject({ endpoint: "rate", kind: "rejected", message: words(4200, "nope"), times: 5 });
    const answer = await person.send("/rate 0.1 btc eth", "nope ipsum");
    expect(answer.plain.length).toBeLessThanOrEqual(4096);
    expect(h.logs.join("")).not.toContain("update failed");
  });

  it("previews and sends a broadcast of 4,050 characters", async () => {
    const text = words(4050, "news");
    const since = admin.chat.messages().length;
    admin.sendText(`/broadcast ${text}`);
    const preview = await h.emulator.waitFor(() =>
      admin.chat
        .messages()
        .slice(since)
        .find((m) => m.buttons().some((b) => b.callback_data?.startsWith("adm:bc:go:"))),
    );
    expect(admin.chat.messages().slice(since)[0]!.plain).toContain("Preview");
    expect(preview.plain).toBe(text.trim());
    admin.pressButton(preview, preview.buttons().find((b) => b.callback_data?.startsWith("adm:bc:go:"))!.callback_data!);
    await h.emulator.waitFor(() => admin.chat.messages().find((m) => m.plain.startsWith("📣 Broadcast finished")));
    // The admin is among the audience: the text arrived whole, as plain text.
    expect(admin.chat.messages().some((m) => m.plain === text.trim() && m.buttons().length === 0)).toBe(true);
  });

  it("refuses a maintenance text too long to show, says so, and leaves maintenance off", async () => {
    const [answer] = await ask(h, admin, `/maintenance on ${words(4050, "closed")}`);
    expect(answer!.plain).toMatch(/Maintenance was NOT switched on: the message has 4050 characters, at most 1000 fit/);
    expect((await h.app.store.settings.getMaintenance())?.on ?? false).toBe(false);

    const [on] = await ask(h, admin, `/maintenance on ${words(1000, "closed")}`);
    expect(on!.plain).toMatch(/^🛠 Maintenance ON/);
    const paused = await person.send("/exchange", "paused for maintenance");
    expect(paused.plain).toContain("closed ipsum");
  });
});
