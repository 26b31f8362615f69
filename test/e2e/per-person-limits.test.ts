/**
 * Per-person limits (issue 23): one account could spend the partner's quota. Fifty inline queries
 * in a second made about 300 Partner API requests, and fifty amounts typed in a second made fifty
 * `rate` calls. With the production limits, the person typing is answered for their last query,
 * a flood is cut short with one friendly word, and the partner sees a bounded number of requests.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { askInline } from "./fixtures.js";

describe("per-person limits, as in production", () => {
  let h: Harness;

  beforeEach(async () => {
    // An empty value is the production default (the harness turns the limits off otherwise).
    h = await startHarness({ env: { PERSON_UPDATES_PER_MINUTE: "", PERSON_QUOTES_PER_MINUTE: "" } });
  });
  afterEach(async () => {
    await h.close();
  });

  it("answers the last of 50 inline queries sent in a second, for a bounded number of partner requests", async () => {
    const user = h.emulator.user({ id: 2304, first_name: "Fast", language_code: "en" });
    await askInline(h, user, ""); // loads the catalog, so only rates are counted below
    const ids: string[] = [];
    for (let i = 1; i <= 50; i++) ids.push(user.inlineQuery(`0.1${String(i).padStart(3, "0")} btc`).inline_query_id ?? "");
    // The person sees the answer to what they typed last, a list of quotes.
    const last = await h.emulator.waitFor(() =>
      h.emulator.callsOf("answerInlineQuery").find((c) => (c.params as { inline_query_id?: string }).inline_query_id === ids.at(-1)),
    );
    expect(JSON.stringify(last.params)).toContain("0.105 BTC");
    // Six quotes for the first query, six for the last, and none for the 48 overtaken in between.
    expect(h.sandbox.requests.count("rate")).toBeLessThanOrEqual(12);
  });

  it("says when a person's quote budget is spent, and answers from the cache for free", async () => {
    const user = h.emulator.user({ id: 2305, first_name: "Many", language_code: "en" });
    await askInline(h, user, "");
    // One question at a time (nothing overtaken): two lists of six spend the burst of twelve.
    await askInline(h, user, "0.1 btc");
    await askInline(h, user, "0.2 btc");
    const spent = await askInline(h, user, "0.3 btc");
    expect(spent.articles.map((a) => a.title)).toEqual(["Too many quotes in a row"]);
    expect(h.sandbox.requests.count("rate")).toBe(12);
    // A quote already in the shared cache costs the service nothing, so it is still given.
    const cached = await askInline(h, user, "0.1 btc");
    expect(cached.articles).toHaveLength(6);
    expect(h.sandbox.requests.count("rate")).toBe(12);
  });

  it("skips amounts typed faster than a person can, says so once, and asks the partner a bounded number of times", async () => {
    // The production burst, at a pace of one a minute: at the default (one a second), a machine
    // slow enough to take a second over the fifty rightly lets one more through and tells again.
    await h.close();
    h = await startHarness({ env: { PERSON_UPDATES_PER_MINUTE: "1", PERSON_QUOTES_PER_MINUTE: "" } });
    const chat = new ChatDriver(h, h.emulator.user({ id: 2306, first_name: "Flood", language_code: "en" }));
    const pickFrom = await chat.send("/exchange", "Which coin do you send?");
    const pickTo = await chat.press(pickFrom, "x:c:BTC", "Which coin do you want to get?");
    await chat.press(pickTo, "x:c:ETH", "How much BTC do you send?");
    const rates = h.sandbox.requests.count("rate");
    const since = chat.mark();
    for (let i = 1; i <= 50; i++) chat.user.sendText(`0.2${String(i).padStart(3, "0")}`);
    await chat.waitNew("faster than I can answer", since);
    await chat.settle();
    const said = chat.user.chat.messagesFrom(since).map((m) => m.plain);
    expect(said.filter((text) => text.includes("faster than I can answer"))).toHaveLength(1);
    // The burst passes (the first few amounts were typed at once), the rest is skipped.
    expect(h.sandbox.requests.count("rate") - rates).toBeLessThanOrEqual(12);
  });
});
