import { describe, expect, it } from "vitest";
import {
  DEFAULT_EXPLORER_URLS,
  MAX_LINKED_TX,
  explorerTxUrl,
  explorerUrls,
  isExplorerTemplate,
  parseExplorerUrls,
} from "../../src/domain/explorer.js";

describe("explorer templates", () => {
  it("takes only https URLs with {tx} and no credentials", () => {
    expect(isExplorerTemplate("https://mempool.space/tx/{tx}")).toBe(true);
    expect(isExplorerTemplate("https://tronscan.org/#/transaction/{tx}")).toBe(true);
    for (const bad of [
      "http://mempool.space/tx/{tx}",
      "javascript:alert(1)//{tx}",
      "https://mempool.space/tx/",
      "https://user:pw@mempool.space/tx/{tx}",
      "mempool.space/tx/{tx}",
      "ftp://x/{tx}",
    ]) {
      expect(isExplorerTemplate(bad), bad).toBe(false);
    }
  });

  it("has a default for each common network, every one a valid template", () => {
    for (const key of ["BTC", "ETH", "ERC20", "TRX", "TRC20", "BSC", "BEP20", "LTC", "SOL", "XRP", "DOGE", "TON"]) {
      expect(DEFAULT_EXPLORER_URLS[key], key).toBeDefined();
    }
    for (const template of Object.values(DEFAULT_EXPLORER_URLS)) expect(isExplorerTemplate(template), template).toBe(true);
  });
});

describe("parseExplorerUrls (EXPLORER_URLS)", () => {
  it("reads KEY=URL pairs, keys in upper case, spaces and empty entries ignored", () => {
    expect(parseExplorerUrls(" btc=https://a.example/tx/{tx} , USDTBSC=https://b.example/{tx},")).toEqual({
      ok: true,
      urls: { BTC: "https://a.example/tx/{tx}", USDTBSC: "https://b.example/{tx}" },
    });
  });

  it("takes KEY= with nothing after it (turns a default off)", () => {
    expect(parseExplorerUrls("ETH=")).toEqual({ ok: true, urls: { ETH: "" } });
  });

  it("names every bad entry", () => {
    const parsed = parseExplorerUrls("BTC=http://a.example/{tx},ETH,LTC=https://c.example/tx,bad key=https://d.example/{tx}");
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toHaveLength(4);
    expect(parsed.problems.join("\n")).toMatch(/BTC: not an https URL/);
    expect(parsed.problems.join("\n")).toMatch(/LTC: not an https URL with \{tx\}/);
  });

  it("lays the operator's templates over the defaults; an empty one removes the key", () => {
    const urls = explorerUrls({ BTC: "https://btc.example/{tx}", ETH: "" });
    expect(urls.BTC).toBe("https://btc.example/{tx}");
    expect(urls.ETH).toBeUndefined();
    expect(urls.ERC20).toBe(DEFAULT_EXPLORER_URLS.ERC20);
    expect(explorerUrls()).toEqual(DEFAULT_EXPLORER_URLS);
  });
});

describe("explorerTxUrl", () => {
  const urls = explorerUrls({ USDTBSC: "https://token.example/{tx}" });

  it("puts the id into the template of the coin, else of its network", () => {
    expect(explorerTxUrl(urls, { code: "BTC" }, "abc123")).toBe("https://mempool.space/tx/abc123");
    expect(explorerTxUrl(urls, { code: "USDTERC20", network: "ERC20" }, "0xff")).toBe("https://etherscan.io/tx/0xff");
    // The coin's own key wins over its network's.
    expect(explorerTxUrl(urls, { code: "USDTBSC", network: "BEP20" }, "0x1")).toBe("https://token.example/0x1");
    expect(explorerTxUrl(urls, { code: "usdcbsc", network: "bep20" }, "0x1")).toBe("https://bscscan.com/tx/0x1");
  });

  it("has no link for a coin without an explorer, an empty id or one too long to be a hash", () => {
    expect(explorerTxUrl(urls, { code: "XMR", network: "XMR" }, "abc")).toBeUndefined();
    expect(explorerTxUrl(urls, { code: "BTC" }, "  ")).toBeUndefined();
    expect(explorerTxUrl(urls, { code: "BTC" }, "a".repeat(MAX_LINKED_TX))).toBe(`https://mempool.space/tx/${"a".repeat(MAX_LINKED_TX)}`);
    expect(explorerTxUrl(urls, { code: "BTC" }, "a".repeat(MAX_LINKED_TX + 1))).toBeUndefined();
  });

  it("encodes every character that could leave the id's place in the URL", () => {
    const url = explorerTxUrl(urls, { code: "BTC" }, `a/../b?c=d&e#f "<x>" é`)!;
    expect(url).toBe("https://mempool.space/tx/a%2F..%2Fb%3Fc%3Dd%26e%23f%20%22%3Cx%3E%22%20%C3%A9");
    const parsed = new URL(url);
    expect(parsed.host).toBe("mempool.space");
    expect(parsed.search).toBe("");
    expect(parsed.hash).toBe("");
  });

  it("never builds a link from a template that is not https, whoever put it there", () => {
    expect(explorerTxUrl({ BTC: "http://x.example/{tx}" }, { code: "BTC" }, "a")).toBeUndefined();
    expect(explorerTxUrl({ BTC: "javascript:{tx}" }, { code: "BTC" }, "alert(1)")).toBeUndefined();
  });
});
