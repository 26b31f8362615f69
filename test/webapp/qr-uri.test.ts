/**
 * The Mini App's reading of a scanned QR code (src/webapp/page/qr-uri.js): the address out of a
 * plain text or a payment URI, the request's amount apart and exact (never a float's rounding),
 * and nothing out of a text that holds no address; the amount offered only in the coin received.
 */
import { describe, expect, it } from "vitest";
import { offeredAmount, readScannedText } from "../../src/webapp/page/qr-uri.js";
import { SAMPLE_ADDRESSES } from "../../src/devtools/sandbox/server.js";

const { BTC, ETH, XRP, TON, BCH, XMR, LTC } = SAMPLE_ADDRESSES;

describe("reading a scanned QR code", () => {
  it("takes a plain address as it is, trimmed", () => {
    expect(readScannedText(`  ${ETH}\n`)).toEqual({ address: ETH });
  });

  it("reads a BIP 21 URI: the address, and the amount apart", () => {
    expect(readScannedText(`bitcoin:${BTC}?amount=0.1&label=Shop&message=Order%2042`)).toEqual({
      address: BTC,
      amount: "0.1",
      coin: "BTC",
    });
    expect(readScannedText(`BITCOIN:${BTC}`)).toEqual({ address: BTC, coin: "BTC" });
    expect(readScannedText(`litecoin:${LTC}?amount=002.500`)).toEqual({ address: LTC, amount: "2.5", coin: "LTC" });
  });

  it("offers no amount that is not a plain positive decimal", () => {
    for (const amount of ["-1", "1e3", "0", "0.000", "1,5", "abc", ""])
      expect(readScannedText(`bitcoin:${BTC}?amount=${amount}`), amount).toEqual({ address: BTC, coin: "BTC" });
  });

  it("reads EIP 681: the value in wei as ether, exactly, and a token transfer's recipient", () => {
    expect(readScannedText(`ethereum:${ETH}@1?value=1e17`)).toEqual({ address: ETH, amount: "0.1", coin: "ETH" });
    expect(readScannedText(`ethereum:pay-${ETH}?value=2014000000000000000`)).toEqual({ address: ETH, amount: "2.014", coin: "ETH" });
    expect(readScannedText(`ethereum:${ETH}?value=2.014e18`)).toEqual({ address: ETH, amount: "2.014", coin: "ETH" });
    // 1 wei: a float would say 1e-18.
    expect(readScannedText(`ethereum:${ETH}?value=1`)).toEqual({ address: ETH, amount: "0.000000000000000001", coin: "ETH" });
    // A token's amount is in units the URI does not define: the recipient only.
    const token = "0xdac17f958d2ee523a2206206994597c13d831ec7";
    expect(readScannedText(`ethereum:${token}@1/transfer?address=${ETH}&uint256=1e6`)).toEqual({ address: ETH });
    expect(readScannedText(`ethereum:${token}/approve?address=${ETH}`)).toBeUndefined();
    expect(readScannedText("ethereum:0x123")).toBeUndefined();
  });

  it("reads the tag or memo a URI carries, and TON's and Monero's amounts", () => {
    expect(readScannedText(`ripple:${XRP}?dt=12345&amount=50`)).toEqual({ address: XRP, amount: "50", tag: "12345", coin: "XRP" });
    expect(readScannedText(`ton://transfer/${TON}?amount=5000000000&text=hello`)).toEqual({
      address: TON,
      amount: "5",
      tag: "hello",
      coin: "TON",
    });
    expect(readScannedText(`monero:${XMR}?tx_amount=0.5`)).toEqual({ address: XMR, amount: "0.5", coin: "XMR" });
  });

  it("keeps a CashAddr's prefix, which is part of the address", () => {
    expect(readScannedText(`${BCH}?amount=1`)).toEqual({ address: BCH, amount: "1", coin: "BCH" });
  });

  it("finds no address in an empty text, prose, a web link, an unknown scheme or an overlong text", () => {
    for (const text of ["", "   ", "hello world", "https://example.com/pay", "mailto:a@b.c", `bitcoin:?amount=1`, "x".repeat(3000), 42])
      expect(readScannedText(text), String(text).slice(0, 20)).toBeUndefined();
  });
});

describe("the amount offered at the step of the coin received", () => {
  it("is a request's amount only where its URI names that coin", () => {
    const ether = readScannedText(`ethereum:${ETH}@1?value=1e17`)!;
    expect(offeredAmount(ether, "ETH")).toBe("0.1");
    // USDT on ERC20 goes to the same address, but the 0.1 is ether: no amount at a USDT step.
    expect(offeredAmount(ether, "USDT")).toBeUndefined();
    const bitcoin = readScannedText(`bitcoin:${BTC}?amount=0.1`)!;
    expect(offeredAmount(bitcoin, "BTC")).toBe("0.1");
    expect(offeredAmount(bitcoin, "LTC")).toBeUndefined();
  });

  it("is nothing for a code without an amount", () => {
    expect(offeredAmount(readScannedText(ETH)!, "ETH")).toBeUndefined();
    expect(offeredAmount(readScannedText(`bitcoin:${BTC}`)!, "BTC")).toBeUndefined();
  });
});
