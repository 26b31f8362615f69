import type { RateAlert } from "../../src/domain/rate-alert.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Decimal } from "decimal.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import type { TestUser } from "./fixtures.js";
import { ns } from "../store/namespaces.js";

const DAY = 86_400_000;
const FIRED = /now buys/;

describe("rate alerts end to end (real bot, emulator, sandbox)", () => {
  let h: Harness;
  let user: TestUser;
  let chat: ChatDriver;
  let username: string;
  beforeEach(async () => {
    h = await startHarness();
    user = h.emulator.user({ id: 4401, first_name: "Ada", language_code: "en" });
    chat = new ChatDriver(h, user);
    username = h.app.bot.botInfo.username;
  });
  afterEach(async () => {
    await h.close();
  });

  /** What 1 BTC buys in ETH at the sandbox's current rate. */
  async function btcInEth(): Promise<Decimal> {
    return new Decimal((await h.app.partner.rate("BTC", "ETH", "1")).rate);
  }

  /** One check of the leader's job, then the outbox drained. */
  async function checkAndSend(at?: Date) {
    const report = await h.app.rateAlerts.check(at);
    await h.app.delivery.idle();
    return report;
  }

  it("fires once when the market moves past the threshold, with a button that opens the flow prefilled", async () => {
    const threshold = (await btcInEth()).mul(1.05).toDecimalPlaces(4).toString();
    await chat.send(`/alert btc eth >= ${threshold}`, "Alert set");
    const since = chat.mark();
    expect((await checkAndSend()).fired).toBe(0);

    h.sandbox.moveRates(10);
    expect((await checkAndSend()).fired).toBe(1);
    const fired = await chat.waitNew(FIRED, since);
    expect(fired.plain).toContain(`at least ${threshold} ETH`);
    expect(fired.buttons().map((b) => [b.text, b.url])).toEqual([["🔁 Exchange BTC → ETH", `https://t.me/${username}?start=x_BTC_ETH`]]);

    // Forgotten once fired: a later check (the market still past it) says nothing more.
    expect((await checkAndSend()).fired).toBe(0);
    expect(user.chat.messagesFrom(since).filter((m) => FIRED.test(m.plain))).toHaveLength(1);
    await chat.send("/alert", "You have no rate alerts");

    // The button's link opens the flow with the pair filled in.
    const payload = new URL(fired.buttons()[0]!.url!).searchParams.get("start");
    await chat.send(`/start ${payload}`, "How much BTC do you send?");
  });

  it("a crash between queuing the message and forgetting the alert sends nothing twice, even when the rate moved back", async () => {
    const threshold = (await btcInEth()).mul(1.05).toDecimalPlaces(4).toString();
    await chat.send(`/alert btc eth >= ${threshold}`, "Alert set");
    const alerts = h.app.store.kv<RateAlert>(ns("rate-alerts"));
    const [stored] = await alerts.entries();
    const [key, alert] = stored!;
    const since = chat.mark();
    h.sandbox.moveRates(10);
    expect((await checkAndSend()).fired).toBe(1);
    await chat.waitNew(FIRED, since);
    // What a kill right after the message was queued leaves: the alert still stored, marked fired.
    await alerts.set(key, { ...alert, firedAt: { at: new Date().toISOString(), price: threshold } });
    h.sandbox.moveRates(-10);
    await h.restart();
    const report = await h.app.rateAlerts.check();
    await h.app.delivery.idle();
    // Finished from its mark, without asking a rate, and not left for a later crossing.
    expect(report).toMatchObject({ fired: 0, rateCalls: 0 });
    expect(await h.app.store.kv<unknown>(ns("rate-alerts")).entries()).toEqual([]);
    await chat.settle();
    expect(user.chat.messagesFrom(since).filter((m) => FIRED.test(m.plain))).toHaveLength(1);
  });

  it("asks the threshold from a quote's button, refuses a bad one, and fires an at-most alert", async () => {
    const quote = await chat.send("/rate 0.1 btc eth", "You get:");
    const ask = await chat.press(quote, chat.button(quote, "Alert me"), "When should I tell you about BTC → ETH?");
    expect(ask.plain).toContain(">= 20");
    expect(ask.plain).toMatch(/^1 BTC buys ≈ [\d.\s]+ ETH now\./);
    await chat.send("about 20", "Say >= (at least) or <= (at most)");
    await chat.send("<= lots", "not a number I can use");
    const price = await btcInEth();
    const set = await chat.send(`<= ${price.mul(0.95).toDecimalPlaces(4).toString()}`, "Alert set");
    expect(set.plain).toContain("at most");
    const since = chat.mark();
    expect((await checkAndSend()).fired).toBe(0);
    h.sandbox.moveRates(-10);
    await checkAndSend();
    await chat.waitNew(FIRED, since);
  });

  it("offers the alert under the flow's quote, sets one from a choice, and leaves the flow where it was", async () => {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    const quote = await chat.send("0.1", "You get:");
    const ask = await chat.press(quote, chat.button(quote, "Alert me"), "Your exchange stays open");
    expect(ask.plain).toMatch(/^1 BTC buys ≈ [\d.\s]+ ETH now\./);
    expect(ask.buttons().map((b) => b.text)).toEqual(["≥ +5 %", "≥ +10 %", "≤ −5 %", "≤ −10 %"]);
    const price = await btcInEth();
    const set = await chat.press(ask, chat.button(ask, "≥ +5 %"), "Alert set");
    const threshold = new Decimal(set.plain.match(/at least ([\d.\s]+) ETH/)![1]!.replace(/\s/g, ""));
    expect(threshold.div(price).toNumber()).toBeCloseTo(1.05, 3);
    // The flow goes on from its quote.
    await chat.press(quote, "x:next", "address that will receive");
  });

  it("lists alerts with delete buttons, and a delete removes the alert", async () => {
    await chat.send("/alert btc eth >= 1000000", "Alert set");
    await chat.send("/alert eth btc <= 0.00001", "Alert set");
    const list = await chat.send("/alert", "Your rate alerts (2 of 10)");
    expect(list.plain).toMatch(/1\. 1 BTC buys at least 1\s000\s000 ETH/);
    expect(list.buttons().map((b) => b.text)).toEqual(["🗑 1", "🗑 2"]);
    const after = await chat.pressAndEdit(list, chat.button(list, "🗑 1"), "(1 of 10)");
    expect(after.plain).toContain("1 ETH buys at most 0.00001 BTC");
    expect(after.plain).not.toMatch(/1\s000\s000/);
  });

  it("forgets an alert after 30 days without firing", async () => {
    await chat.send("/alert btc eth >= 1000000", "Alert set");
    const since = chat.mark();
    h.sandbox.moveRates(900);
    const report = await checkAndSend(new Date(Date.now() + 30 * DAY + 60_000));
    expect(report).toMatchObject({ expired: 1, fired: 0, rateCalls: 0 });
    await chat.send("/alert", "You have no rate alerts");
    expect(user.chat.messagesFrom(since).filter((m) => FIRED.test(m.plain))).toHaveLength(0);
  });

  it("keeps at most 10 alerts per person", async () => {
    for (let i = 1; i <= 10; i++) await chat.send(`/alert btc eth >= ${String(1000 + i)}`, "Alert set");
    await chat.send("/alert btc eth >= 2000", "You already have 10 alerts");
    await chat.send("/alert", "(10 of 10)");
  });

  it("says what is wrong with bad input", async () => {
    await chat.send("/alert btc", "Tell me when a rate is good");
    await chat.send("/alert btc eth 20", "Say >= (at least) or <= (at most)");
    await chat.send("/alert btc eth >= 1e5", "not a number I can use");
    await chat.send("/alert btc eth >= -3", "not a number I can use");
    await chat.send("/alert btc xyz >= 1", "I do not know the coin «XYZ»");
    await chat.send("/alert btc btc >= 1", "Tell me when a rate is good");
  });

  it("asks the service once per pair however many people watch it", async () => {
    const other = new ChatDriver(h, h.emulator.user({ id: 4402, first_name: "Bo", language_code: "ru" }));
    await chat.send("/alert btc eth >= 1000000", "Alert set");
    await chat.send("/alert btc eth <= 0.001", "Alert set");
    await other.send("/alert btc eth >= 2000000", "Готово");
    await other.send("/alert eth btc >= 1", "Готово");
    // ADA's minimum is 30: its rate is asked at the minimum (the service refuses 1 ADA) and read per unit.
    await other.send("/alert ada btc <= 1", "Готово");
    const since = other.mark();
    const before = h.sandbox.requests.count("rate");
    const report = await checkAndSend();
    expect(report).toMatchObject({ pairs: 3, checkedPairs: 3, rateCalls: 3, fired: 1 });
    expect(h.sandbox.requests.count("rate") - before).toBe(3);
    const fired = await other.waitNew(/За 1 ADA сейчас дают/, since);
    expect(fired.buttons()[0]?.url).toBe(`https://t.me/${username}?start=x_ADA_BTC`);
  });
});

describe("rate alerts in a group: each alert is its setter's", () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it("another member's forged delete and typed threshold change nothing of someone else's alerts", async () => {
    // Privacy mode off: the bot reads every message of the group, so a stranger's text reaches it.
    h = await startHarness({ emulator: { canReadAllGroupMessages: true } });
    const group = h.emulator.group({ id: -100950, title: "Traders" });
    const ann = h.emulator.user({ id: 4601, first_name: "Ann", language_code: "en" });
    const bob = h.emulator.user({ id: 4602, first_name: "Bob", language_code: "en" });
    const said = (pattern: RegExp, since: number) =>
      h.emulator.waitFor(() => group.chat.messagesFrom(since).find((m) => pattern.test(m.plain)));
    const alerts = async () => (await h.app.store.kv<RateAlert>(ns("rate-alerts")).entriesWithPrefix(`${group.id}:`)).map(([, a]) => a);

    let since = group.chat.count();
    ann.sendText("/alert btc eth >= 1000000", { chat: group });
    await said(/Alert set/, since);
    const [annAlert] = await alerts();
    expect(annAlert).toBeDefined();

    // Bob's own list (of nothing: Ann's alert is hers), and a delete of Ann's alert forged under
    // it, a message Bob owns: nothing goes.
    since = group.chat.count();
    bob.sendText("/alert", { chat: group });
    const bobsList = await said(/You have no rate alerts/, since);
    const forged = bob.pressButton(bobsList, `al:d:${annAlert!.id}`, { chat: group, forged: true });
    await h.emulator.waitFor(() => bob.lastCallbackAnswer()?.callback_query_id === forged.callback_query_id || undefined);
    expect(bob.lastToast()).toMatch(/gone already/);
    expect(await alerts()).toHaveLength(1);

    // Ann asks for a threshold from a quote's button; Bob types one: it is not Ann's answer.
    since = group.chat.count();
    ann.sendText("/rate 0.1 btc eth", { chat: group });
    const quote = await said(/You get:/, since);
    since = group.chat.count();
    ann.pressButton(quote, quote.buttons().find((b) => b.text.includes("Alert me"))!.callback_data!, { chat: group });
    await said(/When should I tell you about BTC → ETH\?/, since);
    since = group.chat.count();
    bob.sendText(">= 1", { chat: group });
    // Ann's own answer is taken: the question was hers all along.
    ann.sendText(">= 2000000", { chat: group });
    await said(/Alert set/, since);
    const thresholds = (await alerts()).map((a) => [a.userId, a.threshold]);
    expect(thresholds).toEqual([
      [ann.id, "1000000"],
      [ann.id, "2000000"],
    ]);
  });
});
