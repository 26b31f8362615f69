/** What an outbox entry says: a pure function of its payload and the exchange as stored when sent. */
import { describe, expect, it } from "vitest";
import { compose } from "../../src/delivery/compose.js";
import type { HtmlText } from "../../src/messages/html.js";
import type { Translate } from "../../src/messages/i18n.js";
import { storedExchange } from "../poller/fixtures.js";

/** The message key and its variables, so a test reads what was chosen without the locales. */
const t: Translate = (key, vars) => `${key} ${JSON.stringify(vars ?? {})}` as HtmlText;
const at = "2026-01-01T00:00:00.000Z";
const coins = { from: { code: "BTC", network: "BTC", tagName: "" }, to: { code: "ETH", network: "ETH", tagName: "" } };

describe("compose", () => {
  it("says a support alert as it was written, without reading any record", () => {
    expect(compose({ kind: "text", text: "<b>down</b>", html: true }, undefined, t)).toEqual({
      kind: "message",
      text: "<b>down</b>",
      html: true,
      replyMarkup: undefined,
    });
  });

  it("says nothing about an exchange the store no longer has", () => {
    expect(compose({ kind: "milestone", exchangeId: "x", status: "success" }, undefined, t)).toEqual({ kind: "obsolete" });
    expect(compose({ kind: "card", exchangeId: "x" }, undefined, t)).toEqual({ kind: "obsolete" });
  });

  it("tells a milestone from the record as it is when sent (the amount received, not the quote)", () => {
    const rec = storedExchange("x", at, { status: "success", amountTo: "1.49", txId: "0xabc" });
    const said = compose({ kind: "milestone", exchangeId: "x", status: "success" }, rec, t);
    expect(said).toMatchObject({ kind: "message", html: true });
    expect(said.kind === "message" && said.text).toContain("status-notice-success");
    expect(said.kind === "message" && said.text).toContain("1.49");
    expect(said.kind === "message" && said.text).toContain("0xabc");
  });

  it("has no message for a status that is not a milestone", () => {
    const rec = storedExchange("x", at, { status: "exchanging" });
    expect(compose({ kind: "milestone", exchangeId: "x", status: "exchanging" }, rec, t)).toEqual({ kind: "obsolete" });
  });

  it("gives the instructions in parts ending with the card while the deposit is awaited, and nothing after", () => {
    const waiting = storedExchange("x", at);
    const said = compose({ kind: "deposit", exchangeId: "x", coins }, waiting, t);
    expect(said.kind).toBe("deposit");
    expect(said.kind === "deposit" && said.parts.at(-1)).toEqual({ kind: "card" });
    const paid = storedExchange("x", at, { status: "deposit_received" });
    expect(compose({ kind: "deposit", exchangeId: "x", coins }, paid, t)).toEqual({ kind: "obsolete" });
  });

  it("uses the catalog's labels for instructions queued without them, and bare codes without a catalog", () => {
    const rec = storedExchange("x", at);
    const withCatalog = compose({ kind: "deposit", exchangeId: "x" }, rec, t, coins);
    const bare = compose({ kind: "deposit", exchangeId: "x" }, rec, t);
    expect(withCatalog.kind).toBe("deposit");
    expect(bare.kind).toBe("deposit");
  });

  it("renders the card from the record, and is the same for the same record", () => {
    const rec = storedExchange("x", at, { status: "exchanging" });
    const said = compose({ kind: "card", exchangeId: "x" }, rec, t);
    expect(said.kind).toBe("card");
    expect(compose({ kind: "card", exchangeId: "x" }, rec, t)).toEqual(said);
  });
});
