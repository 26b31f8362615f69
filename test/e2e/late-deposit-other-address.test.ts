/**
 * A late deposit refunded to another address than the one given at the start, end to end against
 * the sandbox: the offer's third button asks for the address in the coin sent (and its tag when
 * that coin has one), checks it as every typed address is checked, shows it back with Confirm, and
 * Confirm sends payment/emergency once with that address. The question survives a restart, never
 * takes what belongs to an exchange flow, and a command leaves it. Without `emergency` none of it
 * appears.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ExchangeRecord } from "../../src/domain/types.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import type { BotMessage } from "../../src/devtools/emulator/types.js";
import { until } from "../until.js";
import { startHarness, type Harness } from "./harness.js";
import { BTC, cycle, openExchange, type TestUser } from "./fixtures.js";
import { ChatDriver } from "./chat-driver.js";
import { storedExchange } from "./stored.js";

/** Another valid BTC address than the refund address given at the start. */
const OTHER_BTC = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const XRP = SAMPLE_ADDRESSES.XRP!;
const ZWSP = "\u200B";

/** The late-deposit offer in the person's chat. */
const offerOf = (user: TestUser, id: string): BotMessage | undefined =>
  user.chat.messages().find((m) => m.plain.includes(`deposit for exchange ${id} arrived after the order had expired`));

async function setUp(features: string): Promise<{ h: Harness; user: TestUser; chat: ChatDriver }> {
  const h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000", PARTNER_FEATURES: features } });
  const user = h.emulator.user({ id: 3201, first_name: "Ada", language_code: "en" });
  const chat = new ChatDriver(h, user);
  await chat.send("/start", /./);
  return { h, user, chat };
}

/** An exchange of `user` whose deposit came late, and its offer. */
async function lateExchange(h: Harness, user: TestUser): Promise<{ ex: ExchangeRecord; offer: BotMessage }> {
  const ex = await openExchange(h, user);
  h.sandbox.orders.lateDeposit(ex.id);
  await cycle(h);
  return { ex, offer: offerOf(user, ex.id)! };
}

/** An XRP → BTC exchange (XRP needs a destination tag) of `user`, in the store, its deposit late. */
async function lateXrpExchange(h: Harness, user: TestUser): Promise<ExchangeRecord> {
  const created = await h.app.partner.createExchange({
    from: "XRP",
    to: "BTC",
    amount: "100",
    destinationAddress: BTC,
    refundAddress: XRP,
    refundTag: "1001",
  });
  const at = new Date().toISOString();
  const record = await h.app.store.exchanges.insert({
    id: created.id,
    userId: user.id,
    chatId: user.id,
    from: "XRP",
    to: "BTC",
    amountFrom: "100",
    quotedAmountTo: "0.0008",
    destinationAddress: BTC,
    destinationTag: "",
    refundAddress: XRP,
    refundTag: "1001",
    depositAddress: created.depositAddress,
    depositTag: created.depositTag,
    status: "waiting_deposit",
    statusHistory: [{ status: "waiting_deposit", at }],
    createdAt: at,
    updatedAt: at,
    lastNotifiedStatus: "waiting_deposit",
  });
  h.sandbox.orders.lateDeposit(record.id);
  await cycle(h);
  return record;
}

describe("late deposit refunded to another address, end to end", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("checks the address (bad, invisible character), then a double Confirm sends it once; the card shows it", async () => {
    const s = await setUp("emergency");
    h = s.h;
    const { user, chat } = s;
    const { ex, offer } = await lateExchange(h, user);
    expect(offer.buttons().map((b) => b.callback_data)).toEqual([`ld:c:${ex.id}`, `ld:r:${ex.id}`, `ld:o:${ex.id}`]);
    expect(offer.plain).toContain("or to another address you give");

    await chat.press(offer, `ld:o:${ex.id}`, `Send the BTC address the deposit of exchange ${ex.id} should go back to`);
    const validated = () => h!.sandbox.requests.count("validate-address");
    const checks = validated();
    // Not an address at all: said plainly, the person may send another.
    const bad = await chat.send("not-a-btc-address", "is not a valid BTC address");
    expect(bad.plain).toContain("Send another address, or /cancel.");
    // An invisible character: refused before the service is asked.
    await chat.send(`${OTHER_BTC}${ZWSP}`, "contains an invisible or direction-changing character (U+200B, character 43)");
    expect(validated()).toBe(checks + 1);
    expect(h.sandbox.requests.count("payment/emergency")).toBe(0);

    const confirm = await chat.send(OTHER_BTC, `Refund the deposit of exchange ${ex.id} to ${OTHER_BTC}`);
    const data = confirm.buttons().map((b) => b.callback_data!);
    expect(data[0]).toMatch(/^ld:y:/);
    // A double press: the first sends, the second (handled after it: one update at a time per
    // chat) finds the question closed.
    const since = chat.mark();
    user.pressButton(confirm, data[0]!);
    user.pressButton(confirm, data[0]!, { forged: true });
    await chat.waitNew(`Sent to the service: refund to ${OTHER_BTC}`, since);
    await h.emulator.waitFor(() => user.lastToast() === "This question is closed. The exchange's card shows where it stands.");
    expect(h.sandbox.requests.count("payment/emergency")).toBe(1);
    expect(h.sandbox.orders.get(ex.id)!.emergencyChoice).toEqual({ needExchange: false, refundAddress: OTHER_BTC, refundTag: "" });
    expect((await storedExchange(h.app, ex.id)).lateDeposit).toMatchObject({ choice: "refund", state: "sent", refundAddress: OTHER_BTC });
    // Both the confirm's and the offer's buttons are gone; the card says what was chosen.
    expect(user.chat.byId(confirm.message_id)!.buttons()).toEqual([]);
    expect(user.chat.byId(offer.message_id)!.buttons()).toEqual([]);
    await h.emulator.waitFor(() =>
      user.chat.byId(ex.cardMessageId!)!.plain.includes(`Your choice for the late deposit: refund to ${OTHER_BTC}`),
    );
    // The question is over: a later text is not taken for an address.
    await chat.send(OTHER_BTC, "I did not understand");
    expect(h.sandbox.requests.count("payment/emergency")).toBe(1);
  });

  it("asks the tag of a coin that needs one, refuses a bad tag, and sends address and tag", async () => {
    const s = await setUp("emergency");
    h = s.h;
    const { user, chat } = s;
    const ex = await lateXrpExchange(h, user);
    const offer = offerOf(user, ex.id)!;
    await chat.press(offer, `ld:o:${ex.id}`, "Send the XRP address");
    await chat.send(XRP, "Send the Destination tag for this XRP address");
    await chat.send("12ab", "That is not a valid Destination tag: it must be a whole number");
    const confirm = await chat.send("4242", `to ${XRP} (4242)`);
    await chat.press(confirm, confirm.buttons()[0]!.callback_data!, `Sent to the service: refund to ${XRP} (4242)`);
    expect(h.sandbox.orders.get(ex.id)!.emergencyChoice).toEqual({ needExchange: false, refundAddress: XRP, refundTag: "4242" });
    expect(h.sandbox.requests.count("payment/emergency")).toBe(1);
  });

  it("keeps the question across a kill right after its prompt; Cancel and /cancel send nothing; an older Confirm is void", async () => {
    const s = await setUp("emergency");
    h = s.h;
    const { user, chat } = s;
    const { ex, offer } = await lateExchange(h, user);
    await chat.press(offer, `ld:o:${ex.id}`, "should go back to");
    // What a kill -9 the moment the prompt is visible leaves on disk.
    await h.restartFrom(await h.snapshot());
    // The answer after the restart is still taken as the address.
    const shown = await chat.send(BTC, `Refund the deposit of exchange ${ex.id} to ${BTC}`);
    // Another address typed at the confirmation replaces it; the older Confirm then does nothing.
    const latest = await chat.send(OTHER_BTC, `to ${OTHER_BTC}`);
    user.pressButton(shown, shown.buttons()[0]!.callback_data!);
    await h.emulator.waitFor(() => user.lastToast()?.includes("This question is closed"));
    expect(h.sandbox.requests.count("payment/emergency")).toBe(0);
    // Cancel drops the question; the offer's buttons still work.
    await chat.press(latest, latest.buttons()[1]!.callback_data!, "Cancelled: nothing was sent");
    await chat.send(OTHER_BTC, "I did not understand");
    // /cancel leaves a question too.
    await chat.press(offer, `ld:o:${ex.id}`, "should go back to");
    await chat.send("/cancel", "Cancelled: nothing was sent");
    await chat.send(OTHER_BTC, "I did not understand");
    expect(h.sandbox.requests.count("payment/emergency")).toBe(0);
    expect(user.chat.byId(offer.message_id)!.buttons()).toHaveLength(3);
  });

  it("lapses with the flow timeout: a text after it is not taken for an address", async () => {
    const s = await setUp("emergency");
    const app = (h = s.h);
    const { user, chat } = s;
    const { ex, offer } = await lateExchange(app, user);
    await chat.press(offer, `ld:o:${ex.id}`, "should go back to");
    await until(async () => (await app.app.store.conversations.get(String(user.id))) !== undefined);
    // FLOW_TIMEOUT_MINUTES later, by the clock the question's wait is measured with.
    const real = Date.now.bind(Date);
    const clock = vi.spyOn(Date, "now").mockImplementation(() => real() + app.config.flowTimeoutMs + 1000);
    try {
      await chat.send(OTHER_BTC, "I did not understand");
    } finally {
      clock.mockRestore();
    }
    // Nor later: the question is over, not waiting.
    await chat.send(OTHER_BTC, "I did not understand");
    expect(h.sandbox.requests.count("validate-address")).toBe(0);
  });

  it("another person's press of the button opens nothing", async () => {
    const s = await setUp("emergency");
    h = s.h;
    const { ex } = await lateExchange(h, s.user);
    const eve = h.emulator.user({ id: 3202, first_name: "Eve", language_code: "en" });
    const eveChat = new ChatDriver(h, eve);
    const greeting = await eveChat.send("/start", /./);
    // A modified client sends the owner's button data under a message of Eve's own chat.
    await eve.pressButton(greeting, `ld:o:${ex.id}`, { forged: true }).handled;
    await eveChat.send(OTHER_BTC, "I did not understand");
    expect(h.sandbox.requests.count("payment/emergency")).toBe(0);
    expect(h.sandbox.requests.count("validate-address")).toBe(0);
  });

  it("in the middle of an exchange flow: says to finish or cancel it first, and the flow keeps its answers", async () => {
    const s = await setUp("emergency");
    h = s.h;
    const { user, chat } = s;
    const { ex, offer } = await lateExchange(h, user);
    const pick = await chat.send("/exchange", "Which coin do you send?");
    await chat.press(offer, `ld:o:${ex.id}`, "You are in the middle of an exchange. Finish it, or send /cancel");
    // The text is the flow's, not a refund address.
    await chat.press(pick, "x:c:BTC", "Which coin do you want to get?");
    await chat.send("eth", "How much BTC do you send?");
    expect(h.sandbox.requests.count("payment/emergency")).toBe(0);
    expect((await storedExchange(h.app, ex.id)).lateDeposit).toBeUndefined();
  });

  it("without `emergency`: no button for another address, and an old one sends nothing", async () => {
    const s = await setUp("");
    h = s.h;
    const { user, chat } = s;
    const { ex, offer } = await lateExchange(h, user);
    expect(offer.buttons()).toEqual([]);
    expect(offer.plain).not.toContain("another address");
    // A button from a message sent while the capability was on (a forged press stands for it).
    const since = chat.mark();
    user.pressButton(offer, `ld:o:${ex.id}`, { forged: true });
    await chat.waitNew("This choice cannot be made in the bot", since);
    await chat.send(OTHER_BTC, "I did not understand");
    expect(h.sandbox.requests.count("payment/emergency")).toBe(0);
  });
});
