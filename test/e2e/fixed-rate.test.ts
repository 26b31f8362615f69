/**
 * Fixed or floating (issue 22, capability `fixed`): the person chooses, each figure is worded as
 * what it is, and a fixed quote is asked again right before the create.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES, type SandboxOptions } from "../../src/devtools/sandbox/server.js";
import { NO_PARTNER_FEATURES } from "../../src/partner/features.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { storedExchange } from "./stored.js";

const ETH_ADDRESS = SAMPLE_ADDRESSES.ETH!;
const BTC_ADDRESS = SAMPLE_ADDRESSES.BTC!;

describe("fixed or floating rate", () => {
  let h: Harness;
  let chat: ChatDriver;

  async function start(env: Record<string, string>, sandbox?: SandboxOptions): Promise<void> {
    h = await startHarness({ env, sandbox });
    chat = new ChatDriver(h, h.emulator.user({ id: 2201, first_name: "Fay", language_code: "en" }));
  }
  afterEach(async () => {
    await h.close();
  });

  /** /exchange BTC → ETH 0.1 up to the quote's Continue; returns the message after it. */
  async function toAfterQuote(expected: string) {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    const quote = await chat.send("0.1", "You get:");
    // The amount step's quote is a floating one, and says so.
    expect(quote.plain).toMatch(/You get: ≈ /);
    expect(quote.plain).toContain("The rate floats");
    return chat.press(quote, "x:next", expected);
  }

  const rateRequests = () => h.sandbox.requests.list().filter((r) => r.endpoint === "rate");
  const createRequests = () => h.sandbox.requests.list().filter((r) => r.endpoint === "exchange-create");

  it("offers both figures, and a fixed one moved before the create is shown again to confirm", async () => {
    await start({ PARTNER_FEATURES: "fixed" });
    const choice = await toAfterQuote("Fixed or floating rate?");
    expect(choice.plain).toMatch(/Fixed: you get [\d.\s\u202f]+ ETH, guaranteed if your deposit arrives in time/);
    expect(choice.plain).toMatch(/Floating: you get ≈ [\d.\s\u202f]+ ETH; it may change until your deposit is exchanged/);
    // Both were asked with `fix`, one of each.
    expect(
      rateRequests()
        .map((r) => r.params.fix)
        .slice(-2),
    ).toEqual(["0", "1"]);

    const askDestination = await chat.press(choice, chat.button(choice, "Fixed"), "address that will receive");
    expect(chat.user.chat.byId(choice.message_id)!.plain).toContain("Fixed rate: you get");
    expect(askDestination).toBeDefined();
    await chat.send(ETH_ADDRESS, "refund address");
    const card = await chat.send(BTC_ADDRESS, "Check your exchange");
    expect(card.plain).toMatch(/You get: [\d.\s\u202f]+ ETH \(fixed rate\)/);
    // No "≈" on the amount (the withdrawal fee, the service's estimate, keeps its own).
    expect(card.plain).not.toMatch(/You get: ≈/);
    expect(card.plain).toContain("guaranteed if your deposit arrives in time");
    const shown = /You get: ([\d.\s\u202f]+) ETH/.exec(card.plain)![1]!;

    // The market moves between the card and Confirm: the new figure is shown, nothing is created.
    h.sandbox.moveRates(-2);
    const moved = await chat.press(card, "x:c:confirm", "changed since you saw it");
    const movedTo = /You get: ([\d.\s\u202f]+) ETH/.exec(moved.plain)![1]!;
    expect(movedTo).not.toBe(shown);
    expect(createRequests()).toHaveLength(0);

    await chat.press(moved, "x:c:confirm", "Exchange created");
    const intro = chat.user.chat.messages().find((m) => m.plain.includes("Exchange created"))!;
    expect(intro.plain).toContain(`At the fixed rate you get ${movedTo} ETH if your deposit arrives in time`);
    expect(createRequests().map((r) => r.params.fix)).toEqual(["1"]);
    const order = h.sandbox.orders.list()[0]!;
    const stored = await storedExchange(h.app, order.id);
    expect(stored).toMatchObject({ quoteKind: "fixed", amountFrom: "0.1" });
    // The card the poller keeps says it too.
    const outro = await chat.waitNew("The rate is fixed if your deposit arrives in time", 0);
    expect(outro.plain).toContain("(fixed rate)");
  });

  it("creates a floating exchange with fix=0 when the person keeps the floating rate, worded as an estimate", async () => {
    await start({ PARTNER_FEATURES: "fixed" });
    const choice = await toAfterQuote("Fixed or floating rate?");
    await chat.press(choice, chat.button(choice, "Floating"), "address that will receive");
    await chat.send(ETH_ADDRESS, "refund address");
    const card = await chat.send(BTC_ADDRESS, "Check your exchange");
    expect(card.plain).toMatch(/You get: ≈ /);
    expect(card.plain).toContain("The rate floats");
    const rates = rateRequests().length;
    await chat.press(card, "x:c:confirm", "Exchange created");
    // No second quote for a floating rate: it is an estimate anyway.
    expect(rateRequests()).toHaveLength(rates);
    expect(createRequests().map((r) => r.params.fix)).toEqual(["0"]);
    const stored = await storedExchange(h.app, h.sandbox.orders.list()[0]!.id);
    expect(stored.quoteKind).toBeUndefined();
  });

  it("says the rate floats when the service does not call the quote fixed (the bot says fixed, the service lacks it)", async () => {
    await start({ PARTNER_FEATURES: "fixed" }, { features: NO_PARTNER_FEATURES });
    const said = await toAfterQuote("offers no fixed rate for this right now");
    expect(said.plain).toContain("the rate floats");
    await chat.waitNew("address that will receive", 0);
  });

  it("without the capability: no choice, and no `fix` in any request", async () => {
    await start({});
    await toAfterQuote("address that will receive");
    await chat.send(ETH_ADDRESS, "refund address");
    const card = await chat.send(BTC_ADDRESS, "Check your exchange");
    await chat.press(card, "x:c:confirm", "Exchange created");
    expect(chat.user.chat.messages().some((m) => m.plain.includes("Fixed or floating"))).toBe(false);
    expect(rateRequests().every((r) => !("fix" in r.params))).toBe(true);
    expect(createRequests().every((r) => !("fix" in r.params))).toBe(true);
  });
});
