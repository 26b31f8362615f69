/**
 * The messages built outside a single translation (the order card, a milestone, the deposit
 * instructions, the flow's quote, support's record) put outside text in as strings and their own
 * markup as parts (issue 36 point 2): a coin's label, a tag, a status or a name holding markup is
 * escaped exactly once wherever it lands, and a copy button's label (plain text) shows it as written.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeRecord, UserRecord } from "../../src/domain/types.js";
import { depositParts } from "../../src/messages/deposit-instructions.js";
import { renderExchangeRecord } from "../../src/messages/admin-messages.js";
import { contactVariable, createI18n, translatorOf, type Translate } from "../../src/messages/i18n.js";
import { renderMilestone, renderOrderCard } from "../../src/messages/order-card.js";
import { labelsOf, quoteText } from "../../src/bot/ui/exchange-messages.js";
import { storedExchange } from "../poller/fixtures.js";

const defaults = { contact: contactVariable(undefined) };
const translator = translatorOf(createI18n(undefined, defaults), defaults);
const tr: Translate = (key, vars) => translator("en", key, vars);

const LABEL = "USDT · A&B <i>";
const TAG = '<b>x&"y"</b>';
const STATUS = "<i>odd&new</i>";
const at = "2026-11-26T10:00:00.000Z";

/** `raw` escaped once, as Telegram HTML needs it. */
const once = (raw: string) => raw.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** `text` holds `raw` escaped exactly once: never as markup, never escaped twice. */
function expectEscapedOnce(text: string, raw: string): void {
  expect(text).toContain(once(raw));
  expect(text).not.toContain(raw);
  expect(text).not.toMatch(/&amp;(amp|lt|gt|quot);/);
}

function record(over: Partial<ExchangeRecord>): ExchangeRecord {
  return storedExchange("ex1", at, { labels: { from: LABEL, to: "ETH" }, ...over });
}

describe("outside text in messages built from parts", () => {
  it("the order card and a failure's milestone: the coin's label, the refund tag and an unknown status", () => {
    const failed = record({ status: "failed", refundTag: TAG, statusHistory: [{ status: "failed", at }] });
    expectEscapedOnce(renderOrderCard(failed, tr).text, LABEL);
    expectEscapedOnce(renderOrderCard(failed, tr).text, TAG);
    expectEscapedOnce(renderMilestone(failed, "failed", tr)!, TAG);
    const odd = record({ status: STATUS, statusHistory: [{ status: STATUS, at }] });
    expectEscapedOnce(renderOrderCard(odd, tr).text, STATUS);
  });

  it("the deposit instructions: the label and the tag's name in the text, the tag's name as written on its copy button", () => {
    const waiting = record({ status: "waiting", depositTag: "12345" });
    const coins = { from: { code: "USDTX", network: "A&B <i>", tagName: "Memo & <b>" }, to: { code: "ETH", network: "ETH" } };
    const parts = depositParts(waiting, coins, tr);
    const text = parts.map((p) => (p.kind === "text" ? p.text : p.kind === "qr" ? p.caption : "")).join("\n");
    expectEscapedOnce(text, LABEL);
    expectEscapedOnce(text, "Memo & <b>");
    const labels = parts.flatMap((p) => (p.kind === "text" ? (p.copy ?? []).map((c) => c.label) : []));
    expect(labels).toContain("📋 Copy Memo & <b>");
  });

  it("the flow's quote: coins labelled from the catalog", () => {
    const coin = { code: "USDTX", network: "A&B <i>", ticker: "USDT" };
    const text = quoteText(tr, { amountFrom: "10", from: "USDTX", to: "ETH", amountTo: "0.003" }, labelsOf(coin));
    expectEscapedOnce(text, LABEL);
  });

  it("support's record: the status, the person's name and username", () => {
    const user: UserRecord = {
      id: 1,
      firstName: '<a href="x">Ann & Bob</a>',
      username: "a&b",
      firstSeenAt: at,
      lastSeenAt: at,
      blocked: false,
    };
    const text = renderExchangeRecord(record({ status: STATUS, statusHistory: [{ status: STATUS, at }] }), user, tr).text;
    expectEscapedOnce(text, STATUS);
    expectEscapedOnce(text, '<a href="x">Ann & Bob</a>');
    expect(text).toContain("@a&amp;b · <code>1</code>");
  });
});
