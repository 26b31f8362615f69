/**
 * A create in doubt, settled (PARTNER_FEATURES `history`), end to end: exchange-create makes the
 * order and its answer is lost (a proxy's 502). With `history` the bot finds the order in the
 * service's history, stores it, sends the deposit instructions and tracks it; without, or when no
 * single order matches, today's answer: in doubt, support alerted, nothing created twice.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { cycle } from "./fixtures.js";
import { storedExchange } from "./stored.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";

describe("a create in doubt, end to end", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function setUp(features: string): Promise<ChatDriver> {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000", PARTNER_FEATURES: features } });
    return new ChatDriver(h, h.emulator.user({ id: 3301, first_name: "Ada", language_code: "en" }));
  }

  it("with `history`: the order is found, stored, its instructions sent, and it is tracked", async () => {
    const chat = await setUp("history");
    const { card } = await chat.toConfirmationCard();
    h!.sandbox.faults.inject({ endpoint: "exchange-create", kind: "lost", status: 502, times: 1 });
    await chat.press(card, "x:confirm", "Exchange created");
    const [order] = h!.sandbox.orders.list();
    expect(h!.sandbox.orders.list()).toHaveLength(1);
    expect(h!.sandbox.requests.count("exchange-create")).toBe(1);
    expect(h!.sandbox.requests.count("exchange-history")).toBe(1);
    const stored = await storedExchange(h!.app, order!.id);
    expect(stored).toMatchObject({ depositAddress: order!.depositAddress, amountFrom: "0.1", refundAddress: SAMPLE_ADDRESSES.BTC });
    await h!.emulator.waitFor(() => chat.user.chat.messages().some((m) => m.plain === order!.depositAddress));
    h!.sandbox.orders.deposit(order!.id);
    await cycle(h!);
    expect((await storedExchange(h!.app, order!.id)).status).toBe("deposit_received");
  });

  it("with `history` but another order only: nothing adopted, today's answer", async () => {
    const chat = await setUp("history");
    // An order of the same pair and addresses but another amount: not this attempt's.
    await h!.app.partner.createExchange({
      from: "BTC",
      to: "ETH",
      amount: "0.2",
      destinationAddress: SAMPLE_ADDRESSES.ETH!,
      refundAddress: SAMPLE_ADDRESSES.BTC!,
    });
    const { card } = await chat.toConfirmationCard();
    h!.sandbox.faults.inject({ endpoint: "exchange-create", kind: "http", status: 502, times: 1 });
    const told = await chat.press(card, "x:confirm", "I could not confirm whether your exchange");
    expect(h!.sandbox.requests.count("exchange-history")).toBe(1);
    expect(await h!.app.store.exchanges.count()).toBe(0);
    // Nothing found: the person may start again with the same details (create-in-doubt-start-again.test.ts).
    expect(told.buttons().map((b) => b.text)).toEqual(["🔁 Start again with the same details"]);
  });

  it("without `history`: in doubt as before, no history asked", async () => {
    const chat = await setUp("");
    const { card } = await chat.toConfirmationCard();
    h!.sandbox.faults.inject({ endpoint: "exchange-create", kind: "lost", status: 502, times: 1 });
    await chat.press(card, "x:confirm", "I could not confirm whether your exchange");
    expect(h!.sandbox.requests.count("exchange-history")).toBe(0);
    expect(h!.sandbox.orders.list()).toHaveLength(1);
  });
});
