import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CALLBACK_DATA_LIMIT,
  decodeCallback,
  encodeCallback,
  isAdminCallback,
  type CallbackData,
  type FlowAction,
} from "../../src/messages/callback-data.js";
import { stepButtons } from "../../src/bot/features/exchange/buttons.js";
import { EDIT_GROUPS, STEP_TABLE } from "../../src/bot/features/exchange/steps/table.js";

/** Every step's code, as the step table gives them. */
const STEPS: string[] = STEP_TABLE.map((s) => s.code);

const bytes = (s: string) => Buffer.byteLength(s, "utf8");
/** The characters of an ASCII alphabet, for fast-check's string units. */
const chars = (alphabet: string): string[] => Array.from(alphabet);

/** Encodes any kind, bounded or not, as the features do. */
const encode = (value: CallbackData): string | undefined => encodeCallback(value as Parameters<typeof encodeCallback>[0]);

const step = fc.constantFrom(...STEPS);
const coinCode = fc.string({ unit: fc.constantFrom(...chars("ABCXYZ0189")), minLength: 1, maxLength: 20 });
/** Ids as services choose them: letters, digits, dashes, and now and then something unusual. */
const externalId = fc.oneof(
  fc.string({ unit: fc.constantFrom(...chars("abcXYZ019-_")), minLength: 1, maxLength: 80 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
);
/** Broadcast ids are the bot's own ("b" and a few base-36 digits). */
const jobId = fc.string({ unit: fc.constantFrom(...chars("b0123456789az")), minLength: 1, maxLength: 20 });
const action: fc.Arbitrary<FlowAction> = fc.oneof(
  fc.constantFrom(...(["cancel", "back", "retry", "next", "min", "confirm", "edit", "noop"] as const)).map((kind) => ({ kind })),
  coinCode.map((code) => ({ kind: "coin" as const, code })),
  coinCode.map((ticker) => ({ kind: "ticker" as const, ticker })),
  fc.integer({ min: 0, max: 9999 }).map((page) => ({ kind: "page" as const, page })),
  fc.constantFrom(...EDIT_GROUPS).map((target) => ({ kind: "edit-target" as const, target })),
  // A canonical amount (domain/amount.ts), as a reading of "1,000" carries it.
  fc.stringMatching(/^(0|[1-9]\d{0,14})(\.\d{0,17}[1-9])?$/).map((value) => ({ kind: "amount" as const, value })),
  // A saved address's short id (issue 24), never the address.
  fc.integer({ min: 1, max: 999_999_999 }).map((id) => ({ kind: "saved" as const, id })),
);
/** The saved address book's short ids (issue 24). */
const savedId = fc.integer({ min: 1, max: 999_999_999 });
const anyCallback: fc.Arbitrary<CallbackData> = fc.oneof(
  fc.constant({ kind: "start-exchange" as const }),
  fc.constant({ kind: "help" as const }),
  fc.constantFrom("en" as const, "ru" as const).map((locale) => ({ kind: "language" as const, locale })),
  externalId.map((exchangeId) => ({ kind: "status" as const, exchangeId })),
  fc.integer({ min: 0, max: 999_999 }).map((page) => ({ kind: "history-page" as const, page })),
  fc.record({ step, action }).map((v) => ({ kind: "flow" as const, ...v })),
  externalId.map((draftId) => ({ kind: "start-again" as const, draftId })),
  externalId.map((exchangeId) => ({ kind: "admin-recheck" as const, exchangeId })),
  externalId.map((exchangeId) => ({ kind: "admin-resend" as const, exchangeId })),
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).map((userId) => ({ kind: "admin-user" as const, userId })),
  externalId.map((query) => ({ kind: "admin-find" as const, query })),
  jobId.map((id) => ({ kind: "admin-broadcast-send" as const, jobId: id })),
  jobId.map((id) => ({ kind: "admin-broadcast-drop" as const, jobId: id })),
  jobId.map((id) => ({ kind: "admin-broadcast-cancel" as const, jobId: id })),
  savedId.map((id) => ({ kind: "addr-rename" as const, id })),
  savedId.map((id) => ({ kind: "addr-delete" as const, id })),
  fc.constantFrom(...(["addr-remember-on", "addr-remember-off", "addr-rename-cancel"] as const)).map((kind) => ({ kind })),
);

describe("the callback codec", () => {
  it("reads back every value it writes, as the same kind (no two kinds share a string)", () => {
    fc.assert(
      fc.property(anyCallback, (value) => {
        const data = encode(value);
        if (data === undefined) return; // did not fit: the button is left out (next test)
        expect(decodeCallback(data)).toEqual(value);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps the wire format earlier versions wrote, so buttons already in chats still work", () => {
    const written: Array<[CallbackData, string]> = [
      [{ kind: "start-exchange" }, "x:new"],
      [{ kind: "help" }, "help"],
      [{ kind: "language", locale: "ru" }, "lang:ru"],
      [{ kind: "status", exchangeId: "abc123" }, "st:abc123"],
      [{ kind: "history-page", page: 3 }, "hist:3"],
      [{ kind: "flow", step: "f", action: { kind: "coin", code: "BTC" } }, "x:f:c:BTC"],
      [{ kind: "flow", step: "g", action: { kind: "cancel" } }, "x:g:cancel"],
      [{ kind: "flow", step: "c", action: { kind: "edit-target", target: "refund" } }, "x:c:e:refund"],
      [{ kind: "flow", step: "a", action: { kind: "page", page: 12 } }, "x:a:p:12"],
      [{ kind: "flow", step: "a", action: { kind: "amount", value: "1000" } }, "x:a:n:1000"],
      [{ kind: "admin-recheck", exchangeId: "e1" }, "adm:r:e1"],
      [{ kind: "admin-resend", exchangeId: "e1" }, "adm:d:e1"],
      [{ kind: "admin-user", userId: 42 }, "adm:u:42"],
      [{ kind: "admin-find", query: "e1" }, "adm:f:e1"],
      [{ kind: "admin-broadcast-send", jobId: "b1" }, "adm:bc:go:b1"],
      [{ kind: "admin-broadcast-drop", jobId: "b1" }, "adm:bc:no:b1"],
      [{ kind: "admin-broadcast-cancel", jobId: "b1" }, "adm:bc:c:b1"],
    ];
    for (const [value, data] of written) {
      expect(encode(value)).toBe(data);
      expect(decodeCallback(data)).toEqual(value);
    }
  });

  it("carries a saved address as its short id only, and reads back no other argument", () => {
    expect(encode({ kind: "flow", step: "d", action: { kind: "saved", id: 7 } })).toBe("x:d:s:7");
    expect(encode({ kind: "addr-delete", id: 12 })).toBe("ad:d:12");
    for (const data of ["x:d:s:0", "x:d:s:01", "x:d:s:1234567890", "x:d:s:0xabc", "ad:r:", "ad:d:-1"]) {
      expect(decodeCallback(data), data).toBeUndefined();
    }
  });

  it("reads back only a canonical amount in an amount button", () => {
    expect(decodeCallback("x:a:n:12.345")).toEqual({ kind: "flow", step: "a", action: { kind: "amount", value: "12.345" } });
    for (const data of ["x:a:n:1.50", "x:a:n:01", "x:a:n:1e5", "x:a:n:-1", "x:a:n:", `x:a:n:${"1".repeat(16)}`]) {
      expect(decodeCallback(data), data).toBeUndefined();
    }
  });

  it("checks Telegram's 64 bytes: an outside id that does not fit leaves its button out", () => {
    expect(encodeCallback({ kind: "status", exchangeId: "x".repeat(61) })).toBe(`st:${"x".repeat(61)}`);
    expect(encodeCallback({ kind: "status", exchangeId: "x".repeat(62) })).toBeUndefined();
    // Bytes, not characters: 31 two-byte letters are 62 bytes.
    expect(encodeCallback({ kind: "status", exchangeId: "é".repeat(30) })).toBe(`st:${"é".repeat(30)}`);
    expect(encodeCallback({ kind: "status", exchangeId: "é".repeat(31) })).toBeUndefined();
    expect(encodeCallback({ kind: "admin-find", query: "1".repeat(59) })).toBeUndefined();
    fc.assert(
      fc.property(anyCallback, (value) => {
        const data = encode(value);
        if (data !== undefined) expect(bytes(data)).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
      }),
      { numRuns: 2000 },
    );
  });

  it("always fits the kinds the bot bounds itself, at their longest", () => {
    for (const s of STEPS) {
      const b = stepButtons(s);
      for (const data of [
        b.cancel,
        b.noop,
        b.coin("A".repeat(20)),
        b.ticker("A".repeat(20)),
        b.page(9999),
        ...EDIT_GROUPS.map((group) => b.editTarget(group)),
        b.amount(`${"9".repeat(15)}.${"9".repeat(18)}`),
      ]) {
        expect(bytes(data), data).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
      }
    }
    expect(bytes(encodeCallback({ kind: "admin-user", userId: Number.MAX_SAFE_INTEGER }))).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
    // A bounded kind that does not fit is a bug in the bot, and says so.
    expect(() => encodeCallback({ kind: "flow", step: "f", action: { kind: "coin", code: "A".repeat(80) } })).toThrow(RangeError);
  });

  it("reads malformed or foreign data as nothing, never as some other button", () => {
    const malformed = [
      "",
      "x:",
      "x:f",
      "x:zz:cancel",
      "x:F:cancel",
      "x:f:c:btc",
      "x:f:c:BTC:1",
      "x:f:p:x",
      "x:f:p:01",
      "x:c:e:Nope",
      "x:f:dance",
      "x:newer",
      "help:",
      "helpme",
      "lang:de",
      "lang:",
      "st:",
      "hist:",
      "hist:-1",
      "hist:1234567",
      "hist:007",
      "adm:u:abc",
      "adm:u:",
      "adm:r:",
      "adm:bc:go:",
      "adm:zz:1",
      "st:" + "x".repeat(62),
      "something else",
    ];
    for (const data of malformed) expect(decodeCallback(data), data).toBeUndefined();
    // Whatever arrives, decoding never throws, and what it accepts is exactly what it would write.
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 70 }), fc.string({ unit: fc.constantFrom(...chars("x:fcaptdgrhe0129ABnstmu-")) })),
        (data) => {
          const value = decodeCallback(data);
          if (value !== undefined) expect(encode(value)).toBe(data);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("tells support's buttons from everyone's", () => {
    expect(isAdminCallback({ kind: "admin-user", userId: 1 })).toBe(true);
    expect(isAdminCallback({ kind: "admin-broadcast-cancel", jobId: "b" })).toBe(true);
    expect(isAdminCallback({ kind: "status", exchangeId: "e" })).toBe(false);
    expect(isAdminCallback({ kind: "start-exchange" })).toBe(false);
  });
});
