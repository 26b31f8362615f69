/**
 * The /stats funnel counts flows, so it never widens (issue 15: "started 2 → quoted 1 →
 * confirmed 2", because a flow opened from an inline result went straight to the confirmation
 * card, whose quote was never counted). Both ways in, and a flow that re-quotes, goes back and
 * edits, each count once per step.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { readFunnel } from "../../src/support/funnel.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { askInline } from "./fixtures.js";

const ADMIN_ID = 9101;

/** The counts in funnel order: started, quoted, confirmed, deposit, success. */
const counts = async (h: Harness) => (await readFunnel(h.app.store)).map((f) => f.count);

/** Each step at most the one before it. */
function expectMonotonic(values: number[]): void {
  for (let i = 1; i < values.length; i++) expect(values[i], `step ${i} of ${values.join(" → ")}`).toBeLessThanOrEqual(values[i - 1]!);
}

describe("the funnel, for both ways into an exchange", () => {
  let h: Harness;
  let chat: ChatDriver;

  beforeEach(async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN_ID), POLL_INTERVAL_MS: "3600000" } });
    chat = new ChatDriver(h, h.emulator.user({ id: 2301, first_name: "Fay", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  it("counts a flow opened from an inline result as quoted when its card shows the quote", async () => {
    const { articles } = await askInline(h, chat.user, "0.1 btc eth");
    const url = articles[0]!.reply_markup!.inline_keyboard.flat().find((b) => b.url)!.url!;
    const payload = new URL(url).searchParams.get("start")!;
    await chat.send(`/start ${payload}`, "address that will receive");
    await chat.send(SAMPLE_ADDRESSES.ETH!, "refund address");
    const card = await chat.send(SAMPLE_ADDRESSES.BTC!, "Check your exchange");
    expect((await counts(h)).slice(0, 3)).toEqual([1, 1, 0]);
    await chat.press(card, "x:confirm", "Exchange created");
    expect(await counts(h)).toEqual([1, 1, 1, 0, 0]);
  });

  it("counts one quote per flow however often it re-quotes, goes back or edits, on the typed path too", async () => {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    await chat.send("0.1", "You send: 0.1 BTC");
    const requote = await chat.send("0.2", "You send: 0.2 BTC");
    // Back from the quote to the coin, and the amount again.
    const again = await chat.press(requote, "x:back", "Which coin do you want to get?");
    await chat.press(again, "x:c:ETH", "How much BTC do you send?");
    const quote = await chat.send("0.3", "You send: 0.3 BTC");
    await chat.press(quote, "x:next", "address that will receive");
    await chat.send(SAMPLE_ADDRESSES.ETH!, "refund address");
    const card = await chat.send(SAMPLE_ADDRESSES.BTC!, "Check your exchange");
    // Edit the amount from the card: one more quote at the amount step, one more card.
    const menu = await chat.pressAndEdit(card, "x:edit", "What do you want to change?");
    await chat.press(menu, "x:e:amount", "How much BTC do you send?");
    const quote2 = await chat.send("0.25", "You send: 0.25 BTC");
    const card2 = await chat.press(quote2, "x:next", "Check your exchange");
    await chat.press(card2, "x:confirm", "Exchange created");
    expect(h.sandbox.requests.count("rate")).toBeGreaterThanOrEqual(6);
    expect(await counts(h)).toEqual([1, 1, 1, 0, 0]);
  });

  it("stays monotonic in /stats over both paths, with deposits and successes", async () => {
    // Typed path.
    const { card } = await chat.toConfirmationCard();
    await chat.press(card, "x:confirm", "Exchange created");
    // Inline path, by another person.
    const other = new ChatDriver(h, h.emulator.user({ id: 2302, first_name: "Gus", language_code: "en" }));
    await other.send("/start x_BTC_ETH_0d2", "address that will receive");
    await other.send(SAMPLE_ADDRESSES.ETH!, "refund address");
    const card2 = await other.send(SAMPLE_ADDRESSES.BTC!, "Check your exchange");
    await other.press(card2, "x:confirm", "Exchange created");
    // A flow that only started.
    await other.send("/exchange", "Which coin do you send?");

    for (const order of h.sandbox.orders.list()) h.sandbox.orders.deposit(order.id);
    await h.app.poller.runCycle({ all: true });
    await h.app.delivery.idle();
    expect(await counts(h)).toEqual([3, 2, 2, 2, 0]);
    expectMonotonic(await counts(h));

    const admin = h.emulator.user({ id: ADMIN_ID, first_name: "Sam", language_code: "en" });
    const stats = await new ChatDriver(h, admin).send("/stats", "Funnel");
    expect(stats.plain).toContain("started 3 → quoted 2 → confirmed 2 → deposit 2 → success 0");
  });
});
