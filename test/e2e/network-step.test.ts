/**
 * The network step (issue 34's proof of the step table): a ticker on several networks (USDT on
 * ERC20, TRC20 and BEP20 in the sandbox) is picked first, then its network, with what differs
 * between them (the minimum sent, the fee of the coins received) and a warning that coins sent on
 * another network are lost; a ticker on one network never asks. Deep links and typed codes name a
 * network already.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";

describe("the network step", () => {
  let h: Harness;
  let chat: ChatDriver;
  beforeEach(async () => {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000" } });
    chat = new ChatDriver(h, h.emulator.user({ id: 7101, first_name: "Nia", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  it("asks the network of the coin sent, with each one's minimum and a warning, and creates the order on it", async () => {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const labels = pickFrom.buttons().map((b) => b.text);
    expect(labels).toContain("USDT ▸");
    expect(labels.filter((l) => l.startsWith("USDT"))).toEqual(["USDT ▸"]);
    const networks = await chat.press(pickFrom, chat.button(pickFrom, "USDT ▸"), "Which network do you send USDT on?");
    expect(networks.plain).toMatch(/• ERC20: minimum [\d\s\u202f.]+ USDT/);
    expect(networks.plain).toMatch(/• TRC20: minimum [\d\s\u202f.]+ USDT/);
    expect(networks.plain).toMatch(/• BEP20: minimum [\d\s\u202f.]+ USDT/);
    expect(networks.plain).toContain("coins sent on another network are lost");
    expect(networks.buttons().map((b) => b.text)).toEqual(["ERC20", "TRC20", "BEP20", "◀ Back", "✖ Cancel"]);

    const pickTo = await chat.press(networks, chat.button(networks, "TRC20"), "Which coin do you want to get?");
    expect(pickTo.plain).toContain("You send USDT · TRC20");
    expect(chat.user.chat.byId(networks.message_id)!.plain).toBe("You send: USDT · TRC20");
    const askAmount = await chat.press(pickTo, "x:c:BTC", "How much USDT · TRC20 do you send?");
    const quote = await chat.send("100", "You get:");
    await chat.press(quote, "x:next", "address that will receive");
    await chat.send(SAMPLE_ADDRESSES.BTC!, "refund address");
    const card = await chat.send(SAMPLE_ADDRESSES.USDTTRC20!, "Check your exchange");
    expect(card.plain).toContain("You send: 100 USDT · TRC20");
    expect(askAmount.plain).toMatch(/^Step 3 of 5\./);
    await chat.press(card, "x:confirm", "Exchange created");
    expect(h.sandbox.orders.list()[0]).toMatchObject({ from: "USDTTRC20", to: "BTC" });
  });

  it("asks the network of the coin received with each one's withdrawal fee, and goes back to the tickers", async () => {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    const networks = await chat.press(pickTo, chat.button(pickTo, "USDT ▸"), "On which network do you want to get USDT?");
    expect(networks.plain).toMatch(/• TRC20: withdrawal fee ≈ [\d.]+ USDT/);
    expect(networks.plain).toContain("Your receiving address must be on this network");
    // Back: the tickers again, then the same ticker and another network.
    const again = await chat.press(networks, "x:back", "Which coin do you want to get?");
    const networksAgain = await chat.press(again, chat.button(again, "USDT ▸"), "On which network do you want to get USDT?");
    await chat.press(networksAgain, chat.button(networksAgain, "BEP20"), "How much BTC do you send?");
    const quote = await chat.send("0.01", "You get:");
    expect(quote.plain).toContain("USDT · BEP20");
    // Back from the amount goes to the network, the step before it.
    await chat.press(quote, "x:back", "On which network do you want to get USDT?");
  });

  it("takes a typed ticker to its networks, a typed network there, and a typed code at once", async () => {
    await chat.send("/exchange", "Which coin do you send?");
    await chat.send("usdt", "Which network do you send USDT on?");
    await chat.send("trc20", "Which coin do you want to get?");
    await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.send("usdterc20", "Which coin do you want to get?");
    expect(pickTo.plain).toContain("You send USDT · ERC20");
  });

  it("skips both questions for a deep link naming the network", async () => {
    await chat.send("/start x_USDTTRC20_BTC_100", "address that will receive");
    expect(
      chat.user.chat
        .messages()
        .map((m) => m.plain)
        .join("\n"),
    ).not.toContain("Which network");
  });

  it("asks in the person's language", async () => {
    const ru = new ChatDriver(h, h.emulator.user({ id: 7102, first_name: "Оля", language_code: "ru" }));
    const pickFrom = await ru.send("/exchange", "Какую монету вы отдаёте?");
    const networks = await ru.press(pickFrom, ru.button(pickFrom, "USDT ▸"), "В какой сети вы отправляете USDT?");
    expect(networks.plain).toContain("будут потеряны");
  });
});
