import { describe, expect, it } from "vitest";
import { coinLabel, displayTickers } from "../../src/domain/coin-label.js";
import { buildCatalogIndex } from "../../src/domain/catalog-index.js";
import { SANDBOX_COINS } from "../../src/devtools/sandbox/catalog.js";
import type { Currency } from "../../src/domain/types.js";

const coin = (code: string, network: string | undefined): Currency => ({ code, network, minAmount: "1", tagName: "" });

describe("coin labels", () => {
  it("name a token as ticker · network however the service spells its code", () => {
    const catalog = [
      coin("BTC", "BTC"),
      coin("USDTERC20", "ERC20"),
      coin("USDTTRC20", "TRC20"),
      coin("USDTBSC", "BEP20"),
      coin("USDC", "ERC20"),
      coin("USDCBSC", "BSC"),
      coin("BNB", "BEP2"),
      coin("TRX", "TRC20"),
    ];
    const tickers = displayTickers(catalog);
    const label = (c: Currency) => coinLabel({ ...c, ticker: tickers.get(c.code) });
    expect(catalog.map(label)).toEqual([
      "BTC",
      "USDT · ERC20",
      "USDT · TRC20",
      "USDT · BEP20",
      "USDC · ERC20",
      "USDC · BSC",
      "BNB · BEP2",
      "TRX · TRC20",
    ]);
  });

  it("drop another name of the network only when the catalog knows the ticker left over", () => {
    // STETH on ERC20 is not "ST"; USDTBSC alone in a catalog stays as it is, network added.
    const tickers = displayTickers([coin("STETH", "ERC20"), coin("USDTBSC", "BEP20"), coin("SOLO", "XRP"), coin("SOL", "SOL")]);
    expect(Object.fromEntries(tickers)).toEqual({ STETH: "STETH", USDTBSC: "USDTBSC", SOLO: "SOLO", SOL: "SOL" });
  });

  it("fall back to the code without its network for a coin that did not come through the catalog", () => {
    expect(coinLabel({ code: "USDTERC20", network: "ERC20" })).toBe("USDT · ERC20");
    expect(coinLabel({ code: "ETH", network: undefined })).toBe("ETH");
    expect(coinLabel({ code: "XLM", network: "" })).toBe("XLM");
  });

  it("are uniform across the sandbox catalog: no code with its network spelt in, every USDT variant as USDT", () => {
    const currencies = SANDBOX_COINS.map((c) => coin(c.code, c.network));
    const index = buildCatalogIndex(currencies, {});
    const labels = Object.fromEntries(index.all.map((c) => [c.code, coinLabel(c)]));
    expect(labels).toMatchObject({ USDTERC20: "USDT · ERC20", USDTTRC20: "USDT · TRC20", USDTBSC: "USDT · BEP20", USDC: "USDC · ERC20" });
    for (const [code, label] of Object.entries(labels)) expect(label, code).not.toMatch(/^USDT(BSC|ERC20|TRC20)/);
  });
});
