import { describe, expect, it } from "vitest";
import {
  addressTail,
  checkAddressName,
  MAX_SAVED_ADDRESSES,
  rememberAddress,
  savedFor,
  type AddressBook,
} from "../../src/domain/saved-addresses.js";

const at = (minute: number): string => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

describe("rememberAddress", () => {
  it("adds a new address with a fresh short id and counts the same one again", () => {
    let book = rememberAddress(undefined, { coin: "ETH", network: "ETH", address: "0xabc", tag: "" }, at(1));
    book = rememberAddress(book, { coin: "BTC", address: "bc1q" }, at(2));
    book = rememberAddress(book, { coin: "ETH", network: "ETH", address: "0xabc" }, at(3));
    expect(book.items.map((s) => [s.id, s.coin, s.uses, s.tag])).toEqual([
      [1, "ETH", 2, undefined],
      [2, "BTC", 1, undefined],
    ]);
    expect(book.items[0]!.lastUsedAt).toBe(at(3));
    expect(book.nextId).toBe(3);
  });

  it("keeps the same address with another tag apart: the tag is part of where the coins go", () => {
    let book = rememberAddress(undefined, { coin: "XRP", address: "rX", tag: "1" }, at(1));
    book = rememberAddress(book, { coin: "XRP", address: "rX", tag: "2" }, at(2));
    expect(book.items.map((s) => s.tag)).toEqual(["1", "2"]);
  });

  it("stays within the bound: a new one replaces the least used, the oldest of those", () => {
    let book: AddressBook | undefined;
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i++) book = rememberAddress(book, { coin: "ETH", address: `0x${String(i)}` }, at(i));
    // Every one but 0x3 used twice: 0x3 is the least used, though not the oldest.
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i++) {
      if (i !== 3) book = rememberAddress(book, { coin: "ETH", address: `0x${String(i)}` }, at(30 + i));
    }
    book = rememberAddress(book, { coin: "ETH", address: "0xnew" }, at(59));
    expect(book.items).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(book.items.map((s) => s.address)).not.toContain("0x3");
    // Then the oldest of the least used (the new one, used once, stays: 0x0 is not older among equals).
    book = rememberAddress(book, { coin: "ETH", address: "0xnewer" }, at(60));
    expect(book.items.map((s) => s.address)).not.toContain("0xnew");
    expect(book.items).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it("saves nothing new while remembering is off, and keeps what is saved", () => {
    const off: AddressBook = {
      remember: false,
      nextId: 2,
      items: rememberAddress(undefined, { coin: "BTC", address: "bc1q" }, at(1)).items,
    };
    expect(rememberAddress(off, { coin: "ETH", address: "0x1" }, at(2))).toBe(off);
  });
});

describe("savedFor", () => {
  it("offers exactly the coin and network asked, the most used first", () => {
    let book = rememberAddress(undefined, { coin: "USDT", network: "TRC20", address: "T1" }, at(1));
    book = rememberAddress(book, { coin: "USDT", network: "ERC20", address: "0x1" }, at(2));
    book = rememberAddress(book, { coin: "USDT", network: "TRC20", address: "T2" }, at(3));
    book = rememberAddress(book, { coin: "USDT", network: "TRC20", address: "T2" }, at(4));
    expect(savedFor(book, "USDT", "TRC20").map((s) => s.address)).toEqual(["T2", "T1"]);
    expect(savedFor(book, "USDT", "BEP20")).toEqual([]);
    expect(savedFor(book, "USDTTRC20", "TRC20")).toEqual([]);
    expect(savedFor(undefined, "USDT", "TRC20")).toEqual([]);
  });
});

describe("addressTail and checkAddressName", () => {
  it("shows the end of a long address and a short one whole", () => {
    expect(addressTail("0x52908400098527886E0F7030069857D2E4169EE7")).toBe("…169EE7");
    expect(addressTail("rShort")).toBe("rShort");
  });

  it("takes a trimmed name of 1 to 32 characters and refuses invisible ones by name", () => {
    expect(checkAddressName("  Ledger  ")).toEqual({ ok: true, value: "Ledger" });
    expect(checkAddressName("   ")).toEqual({ ok: false, reason: "empty" });
    expect(checkAddressName("ж".repeat(33))).toEqual({ ok: false, reason: "long" });
    expect(checkAddressName("😀".repeat(32))).toEqual({ ok: true, value: "😀".repeat(32) });
    expect(checkAddressName("My\u202eWallet")).toEqual({ ok: false, reason: "invisible", invisible: { codePoint: "U+202E", position: 3 } });
    expect(checkAddressName("two\nlines")).toMatchObject({ ok: false, reason: "invisible" });
  });
});
