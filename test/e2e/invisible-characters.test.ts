/**
 * Invisible characters in what becomes an address or a memo (issue 23): a memo pasted with a
 * trailing zero-width space looks exactly like the right one and is another memo to the chain.
 * The bot refuses it at the tag step, saying which character and where, and the exchange the
 * person then makes carries the memo they retyped, never the invisible character.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";

const ZWSP = "\u200B";
const RLO = "\u202E";

describe("invisible characters in memos and addresses", () => {
  let h: Harness;
  let chat: ChatDriver;

  beforeEach(async () => {
    h = await startHarness();
    chat = new ChatDriver(h, h.emulator.user({ id: 2301, first_name: "Mia", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  /** /exchange BTC → XLM, 0.01 BTC, up to the question for the receiving address. */
  async function toDestination(): Promise<void> {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.send("xlm", "How much BTC do you send?");
    const quote = await chat.send("0.01", "You get:");
    await chat.press(quote, "x:next", "address that will receive");
  }

  it("refuses a memo with a trailing zero-width space, and the create carries the retyped memo", async () => {
    await toDestination();
    await chat.send(SAMPLE_ADDRESSES.XLM!, "Send the MEMO");
    const requests = h.sandbox.requests.count();
    const refusal = await chat.send(`134824335${ZWSP}`, "That is not a valid MEMO");
    expect(refusal.plain).toContain("invisible or direction-changing character (U+200B, character 10)");
    expect(h.sandbox.requests.count()).toBe(requests);

    await chat.send("134824335", "MEMO: 134824335");
    const card = await chat.send(SAMPLE_ADDRESSES.BTC!, "Check your exchange");
    await chat.press(card, "x:confirm", "Exchange created");
    const creates = h.sandbox.requests.list().filter((r) => r.endpoint === "exchange-create");
    expect(creates).toHaveLength(1);
    expect(creates[0]!.params.destinationTag).toBe("134824335");
    expect(JSON.stringify(creates[0]!.params)).not.toContain(ZWSP);
  });

  it("refuses an address with a right-to-left override before asking the service about it", async () => {
    await toDestination();
    const validations = h.sandbox.requests.count("validate-address");
    const refusal = await chat.send(`${SAMPLE_ADDRESSES.XLM!}${RLO}`, "That address contains an invisible");
    expect(refusal.plain).toContain(`(U+202E, character ${SAMPLE_ADDRESSES.XLM!.length + 1})`);
    expect(h.sandbox.requests.count("validate-address")).toBe(validations);
    // The step is still asking: the address typed cleanly is taken.
    await chat.send(SAMPLE_ADDRESSES.XLM!, "Send the MEMO");
  });
});
