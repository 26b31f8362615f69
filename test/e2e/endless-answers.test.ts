/**
 * A service whose answer never ends (issue 36): the bot reads every answer up to a cap, so it
 * stays up with its memory bounded, the person hears the flow's ordinary failure, and the log says
 * which call was cut.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { PARTNER_MAX_ANSWER_BYTES } from "../../src/partner/client.js";

/** Resident memory may grow by this much while an endless answer is read: a few times the cap. */
const RSS_GROWTH_BOUND = 4 * PARTNER_MAX_ANSWER_BYTES;

describe("a partner answer that never ends", () => {
  let h: Harness;
  let chat: ChatDriver;

  beforeEach(async () => {
    h = await startHarness();
    chat = new ChatDriver(h, h.emulator.user({ id: 3601, first_name: "Eve", language_code: "en" }));
  });
  afterEach(async () => {
    await h.close();
  });

  it("for rate: the person who typed the amount hears the ordinary failure, and the bot goes on", async () => {
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    h.sandbox.faults.inject({ endpoint: "rate", kind: "endless", times: 1 });
    const rssBefore = process.memoryUsage().rss;
    const failed = await chat.send("0.1", "not answering");
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(RSS_GROWTH_BOUND);
    expect(h.sandbox.requests.count("rate")).toBe(1);
    expect(h.logs.join("")).toContain(`partner rate: invalid response: the answer is over ${PARTNER_MAX_ANSWER_BYTES} bytes`);
    // Still up: the same question, asked again, is answered.
    await chat.press(failed, "x:retry", "You get:");
  });

  it("for the catalog: /exchange says the service is not answering, and works once the answer ends", async () => {
    h.sandbox.faults.inject({ endpoint: "currencies", kind: "endless", times: 1 });
    h.sandbox.faults.inject({ endpoint: "pairs", kind: "endless", times: 1 });
    const rssBefore = process.memoryUsage().rss;
    await chat.send("/exchange", "not answering");
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(RSS_GROWTH_BOUND);
    expect(h.logs.join("")).toMatch(/partner (currencies|pairs): invalid response: the answer is over/);
    await chat.send("/exchange", "Which coin do you send?");
  });
});
