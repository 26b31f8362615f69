/**
 * "1,000" is a thousand in English and one in Russian (issue 23): the amount step asks which one
 * was meant, with both readings as buttons, instead of silently reading it as 1. An amount with
 * one reading only ("1,5", "1,000.5") is taken as it is, and inline mode, which cannot ask, says
 * how to write it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GROUP_SEPARATOR } from "../../src/domain/amount.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { askInline } from "./fixtures.js";

describe("an amount whose comma could be either separator", () => {
  let h: Harness;
  let chat: ChatDriver;

  beforeEach(async () => {
    h = await startHarness();
    chat = new ChatDriver(h, h.emulator.user({ id: 2302, first_name: "Al", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  async function toAmount() {
    await chat.send("/exchange", "Which coin do you send?");
    await chat.send("ltc", "Which coin do you want to get?");
    return chat.send("eth", "How much LTC do you send?");
  }

  it("asks whether 1,000 is a thousand or one, and quotes the reading pressed", async () => {
    await toAmount();
    const rates = h.sandbox.requests.count("rate");
    const question = await chat.send("1,000", "can be read two ways");
    expect(question.buttons().map((b) => b.text)).toEqual([`1${GROUP_SEPARATOR}000 LTC`, "1 LTC", "◀ Back", "✖ Cancel"]);
    // Nothing was quoted on a guess.
    expect(h.sandbox.requests.count("rate")).toBe(rates);

    const quote = await chat.press(question, chat.button(question, `1${GROUP_SEPARATOR}000 LTC`), "You get:");
    expect(quote.plain).toContain("You send: 1000 LTC");
    expect(h.sandbox.requests.list().at(-1)!.params.amount).toBe("1000");

    // At the quote, another ambiguous amount asks again; its decimal reading is quoted.
    const again = await chat.send("12,345", "can be read two ways");
    const decimal = await chat.press(again, chat.button(again, "12.345 LTC"), "You get:");
    expect(decimal.plain).toContain("You send: 12.345 LTC");
    // Each question's buttons are taken off once it is answered.
    expect(chat.user.chat.byId(question.message_id)!.buttons()).toEqual([]);
    await chat.press(decimal, "x:next", "address that will receive");
  });

  it("takes an amount with one reading at once", async () => {
    await toAmount();
    const quote = await chat.send("1,5", "You get:");
    expect(quote.plain).toContain("You send: 1.5 LTC");
    const grouped = await chat.send("1,000.5", "You get:");
    expect(grouped.plain).toContain("You send: 1000.5 LTC");
  });

  it("in inline mode, asks to write 1,000 plainly", async () => {
    const { articles } = await askInline(h, chat.user, "1,000 ltc eth");
    expect(articles).toHaveLength(1);
    expect(articles[0]!.description).toContain("Write 1000 or 1.0 instead of 1,000");
  });
});
