/**
 * The sandbox's coin catalog: prices, limits, tags, networks, address formats and pairs.
 *
 * Known-valid example addresses (tests across the project use them through SAMPLE_ADDRESSES):
 *
 *   BTC        bc1qy8952nqs7lnkrhxpg4vs8mrfwwdpwhflk8dgfr
 *   ETH        0x0efb118d42d9d65eee4c9ec9b3c8d550a845de3e   (also USDTERC20, USDC, USDTBSC, POL)
 *   LTC        ltc1qrv0y9t7r5l5fzp8cn39s99e8ceg7n9uxwf5h05
 *   XRP        rD2dmDTQBULiHrSe1FwFRDs2eHTpC4vUBU            (needs a "Destination tag", numeric)
 *   XLM        GKHNICEBHKK5MTCRO3NYJS3KWSHOKBEV6XGRAGIPLX2LZBH53O726LE6   (needs a "MEMO")
 *   BNB        bnb187l533rz26anxzhzdpasv7t2rzw6tsh3zp94wm   (needs a "MEMO")
 *   TRX        TauCv6VjQuLkgfUkyk7qAB8zQF6KgKKhJW            (also USDTTRC20)
 *   DOGE       DLh3azjm8MVcrecQsLCqK5UAgMkqNePffK
 *   SOL        7oxQqGcpoBLwXvZy4gC6yWiqUSN1cueWQgMfemg6ScRT
 *   ADA        addr1q8n3xe9yzgrw0runm35fz6cpc25cyrzfezyhtev2pq5pur27l7xj2qvxuu6e6v0ajcnmeu7lc95rj9y6zle4xqhdkzl2qfud9y
 *   DOT        1Q3qgTxs7rreD9fotQsXs794shSUBtM2jLFvAmt8LgRrgbJe
 *   XMR        497vnojZ9TDvggbwXqj3yvesMLeWgVQCAQmK4c8Rxue11NitsHoJD4eNajXzvDdtcnVRodb4WWvSRpVdKJPojf2TFvPBhYk
 *   TON        UQr5RyNMpcPe9CI5dyiqceGuGpaK-QOsZ1OTlmGSvRgWatiS   (needs a "Comment")
 *   BCH        bitcoincash:qvvr9r6d5z80h2ycd3lfacqquj7cy0wzc4pzcf4lvq
 *   ATOM       cosmos1yv69erv86ysks2sxf5gr3d4yw5ul6tfekgq5gl   (needs a "MEMO")
 *   DASH       X41K14ekMDHNm1DGV9dBLSsgMXVUA7Trvw            (listed but unavailable)
 *   ZEC        t1ekZXocdFX23cHbgRLqBFNoisEUUGFUmSa           (in pairs, missing from the currency list)
 *
 * Deliberate irregularities, because a real service has them and the client must cope:
 * - `minamount` is a JSON string for some coins and a JSON number for others;
 * - DASH is listed with an extra `"available": false`;
 * - ZEC appears as a pair target but not in the currency list;
 * - XMR pairs with only four coins.
 */
import { Decimal } from "decimal.js";
import { ADDRESS_FORMATS, NUMERIC_TAG, TEXT_TAG, type AddressFormatName, type TagFormat } from "./address-formats.js";
import { createRng } from "./random.js";

/** One coin as the sandbox knows it. */
export interface SandboxCoin {
  code: string;
  /** Price in USD; rates derive from these. */
  usd: string;
  /** Served as written: a string stays a JSON string, a number a JSON number. */
  minamount: string | number;
  /** Largest accepted amount, in this coin. */
  maxAmount: string;
  tagname: string;
  network: string;
  /** Withdrawal fee charged when this coin is the target, in this coin. */
  withdrawalFee: string;
  address: AddressFormatName;
  /** How many decimals amounts of this coin carry. */
  decimals: number;
  /** false: served with `"available": false` and refused for exchanges. */
  available: boolean;
  /** false: left out of the currency list (but present in pairs and otherwise working). */
  listed: boolean;
  /**
   * A display name, served as an extra `name` field (with an `image` link) by the large catalog
   * only: real services send such fields, the spec does not, and the client must ignore them.
   */
  name?: string;
}

type CoinInit = Omit<SandboxCoin, "available" | "listed" | "tagname" | "decimals"> &
  Partial<Pick<SandboxCoin, "available" | "listed" | "tagname" | "decimals">>;

function coin(init: CoinInit): SandboxCoin {
  return { available: true, listed: true, tagname: "", decimals: 8, ...init };
}

/** Every coin of the sandbox, in catalog order. */
export const SANDBOX_COINS: readonly SandboxCoin[] = [
  coin({ code: "BTC", usd: "65000", minamount: 0.0005, maxAmount: "50", network: "BTC", withdrawalFee: "0.0002", address: "bitcoin" }),
  coin({ code: "ETH", usd: "3200", minamount: "0.005", maxAmount: "800", network: "ETH", withdrawalFee: "0.0005", address: "evm" }),
  coin({ code: "LTC", usd: "80", minamount: 0.1, maxAmount: "20000", network: "LTC", withdrawalFee: "0.001", address: "litecoin" }),
  coin({
    code: "XRP",
    usd: "0.52",
    minamount: "20",
    maxAmount: "2000000",
    network: "XRP",
    withdrawalFee: "0.25",
    address: "ripple",
    tagname: "Destination tag",
    decimals: 6,
  }),
  coin({
    code: "XLM",
    usd: "0.11",
    minamount: 50,
    maxAmount: "10000000",
    network: "XLM",
    withdrawalFee: "0.01",
    address: "stellar",
    tagname: "MEMO",
    decimals: 7,
  }),
  coin({
    code: "BNB",
    usd: "580",
    minamount: "0.05",
    maxAmount: "5000",
    network: "BEP2",
    withdrawalFee: "0.001",
    address: "bnbBeacon",
    tagname: "MEMO",
  }),
  coin({
    code: "USDTERC20",
    usd: "1",
    minamount: "30",
    maxAmount: "2000000",
    network: "ERC20",
    withdrawalFee: "5",
    address: "evm",
    decimals: 6,
  }),
  coin({
    code: "USDTTRC20",
    usd: "1",
    minamount: 10,
    maxAmount: "2000000",
    network: "TRC20",
    withdrawalFee: "1",
    address: "tron",
    decimals: 6,
  }),
  coin({
    code: "USDTBSC",
    usd: "1",
    minamount: "10",
    maxAmount: "2000000",
    network: "BEP20",
    withdrawalFee: "0.3",
    address: "evm",
    decimals: 6,
  }),
  coin({ code: "USDC", usd: "1", minamount: 30, maxAmount: "2000000", network: "ERC20", withdrawalFee: "5", address: "evm", decimals: 6 }),
  coin({
    code: "TRX",
    usd: "0.12",
    minamount: "100",
    maxAmount: "20000000",
    network: "TRX",
    withdrawalFee: "1",
    address: "tron",
    decimals: 6,
  }),
  coin({ code: "DOGE", usd: "0.15", minamount: 100, maxAmount: "20000000", network: "DOGE", withdrawalFee: "2", address: "dogecoin" }),
  coin({ code: "SOL", usd: "150", minamount: "0.1", maxAmount: "15000", network: "SOL", withdrawalFee: "0.005", address: "solana" }),
  coin({
    code: "ADA",
    usd: "0.45",
    minamount: 30,
    maxAmount: "5000000",
    network: "ADA",
    withdrawalFee: "0.5",
    address: "cardano",
    decimals: 6,
  }),
  coin({ code: "DOT", usd: "6.5", minamount: "2", maxAmount: "300000", network: "DOT", withdrawalFee: "0.1", address: "polkadot" }),
  coin({ code: "XMR", usd: "160", minamount: 0.05, maxAmount: "10000", network: "XMR", withdrawalFee: "0.0001", address: "monero" }),
  coin({
    code: "TON",
    usd: "6",
    minamount: "3",
    maxAmount: "300000",
    network: "TON",
    withdrawalFee: "0.05",
    address: "ton",
    tagname: "Comment",
  }),
  coin({ code: "BCH", usd: "450", minamount: 0.03, maxAmount: "5000", network: "BCH", withdrawalFee: "0.0005", address: "bitcoinCash" }),
  coin({
    code: "ATOM",
    usd: "8",
    minamount: "1.5",
    maxAmount: "250000",
    network: "ATOM",
    withdrawalFee: "0.01",
    address: "cosmos",
    tagname: "MEMO",
    decimals: 6,
  }),
  coin({ code: "POL", usd: "0.5", minamount: 25, maxAmount: "4000000", network: "POLYGON", withdrawalFee: "0.1", address: "evm" }),
  coin({
    code: "DASH",
    usd: "28",
    minamount: "0.5",
    maxAmount: "50000",
    network: "DASH",
    withdrawalFee: "0.002",
    address: "dash",
    available: false,
  }),
  coin({
    code: "ZEC",
    usd: "30",
    minamount: "0.5",
    maxAmount: "50000",
    network: "ZEC",
    withdrawalFee: "0.001",
    address: "zcash",
    listed: false,
  }),
];

/** A known-valid address per coin code; see the table at the top of this file. */
export const SAMPLE_ADDRESSES: Record<string, string> = {
  BTC: "bc1qy8952nqs7lnkrhxpg4vs8mrfwwdpwhflk8dgfr",
  ETH: "0x0efb118d42d9d65eee4c9ec9b3c8d550a845de3e",
  LTC: "ltc1qrv0y9t7r5l5fzp8cn39s99e8ceg7n9uxwf5h05",
  XRP: "rD2dmDTQBULiHrSe1FwFRDs2eHTpC4vUBU",
  XLM: "GKHNICEBHKK5MTCRO3NYJS3KWSHOKBEV6XGRAGIPLX2LZBH53O726LE6",
  BNB: "bnb187l533rz26anxzhzdpasv7t2rzw6tsh3zp94wm",
  USDTERC20: "0x0efb118d42d9d65eee4c9ec9b3c8d550a845de3e",
  USDTTRC20: "TauCv6VjQuLkgfUkyk7qAB8zQF6KgKKhJW",
  USDTBSC: "0x0efb118d42d9d65eee4c9ec9b3c8d550a845de3e",
  USDC: "0x0efb118d42d9d65eee4c9ec9b3c8d550a845de3e",
  TRX: "TauCv6VjQuLkgfUkyk7qAB8zQF6KgKKhJW",
  DOGE: "DLh3azjm8MVcrecQsLCqK5UAgMkqNePffK",
  SOL: "7oxQqGcpoBLwXvZy4gC6yWiqUSN1cueWQgMfemg6ScRT",
  ADA: "addr1q8n3xe9yzgrw0runm35fz6cpc25cyrzfezyhtev2pq5pur27l7xj2qvxuu6e6v0ajcnmeu7lc95rj9y6zle4xqhdkzl2qfud9y",
  DOT: "1Q3qgTxs7rreD9fotQsXs794shSUBtM2jLFvAmt8LgRrgbJe",
  XMR: "497vnojZ9TDvggbwXqj3yvesMLeWgVQCAQmK4c8Rxue11NitsHoJD4eNajXzvDdtcnVRodb4WWvSRpVdKJPojf2TFvPBhYk",
  TON: "UQr5RyNMpcPe9CI5dyiqceGuGpaK-QOsZ1OTlmGSvRgWatiS",
  BCH: "bitcoincash:qvvr9r6d5z80h2ycd3lfacqquj7cy0wzc4pzcf4lvq",
  ATOM: "cosmos1yv69erv86ysks2sxf5gr3d4yw5ul6tfekgq5gl",
  POL: "0x0efb118d42d9d65eee4c9ec9b3c8d550a845de3e",
  DASH: "X41K14ekMDHNm1DGV9dBLSsgMXVUA7Trvw",
  ZEC: "t1ekZXocdFX23cHbgRLqBFNoisEUUGFUmSa",
};

/** Whether `address` has the shape of an address of `coin`. */
export function isValidAddress(coin: SandboxCoin, address: string): boolean {
  return ADDRESS_FORMATS[coin.address].pattern.test(address);
}

/** The format tags of this coin must have; only meaningful when the coin has a tagname. */
export function tagFormat(coin: SandboxCoin): TagFormat {
  return coin.tagname === "Destination tag" ? NUMERIC_TAG : TEXT_TAG;
}

/** Coins XMR can go to: the deliberately short pair list. */
const XMR_TARGETS: ReadonlySet<string> = new Set(["BTC", "ETH", "LTC", "USDTTRC20"]);
/** Coins that also list ZEC, a target missing from the currency list. */
const ZEC_SOURCES: ReadonlySet<string> = new Set(["BTC", "ETH", "LTC"]);
/** Coins DASH (listed but unavailable) pairs with. */
const DASH_TARGETS: ReadonlySet<string> = new Set(["BTC", "ETH", "LTC"]);

/**
 * The small catalog's pair rule, also the large catalog's rule for the small catalog's coins:
 * every pair open, except XMR's short list, DASH's three targets, and ZEC (unlisted) offered as a
 * target by BTC, ETH and LTC only.
 */
export function smallPairOpen(from: string, to: string): boolean {
  if (from === to) return false;
  if (from === "XMR") return XMR_TARGETS.has(to);
  if (from === "DASH") return DASH_TARGETS.has(to);
  if (to === "ZEC") return ZEC_SOURCES.has(from);
  return true;
}

/**
 * One catalog the sandbox can serve: its coins, its pair rule, known-good addresses and the two
 * catalog answers. The endpoints read everything through this, so a sandbox started with the
 * large catalog behaves exactly like one with the small catalog, only with more coins.
 */
export interface SandboxCatalog {
  readonly size: "small" | "large";
  /** Every coin, in the order the currency list serves them (unlisted ones included). */
  readonly coins: readonly SandboxCoin[];
  /** The coin with this code (upper case), or undefined. */
  find(code: string): SandboxCoin | undefined;
  /** Whether the pair list offers `from` → `to`. */
  hasPair(from: string, to: string): boolean;
  /** A known-valid address for the coin (tests and benchmarks type it), or undefined for an unknown code. */
  sampleAddress(code: string): string | undefined;
  /** A valid tag for the coin when it needs one, else "". */
  sampleTag(code: string): string;
  /**
   * The currencies answer as sent, serialised once per variant. A prepared buffer, because the
   * large answers are megabytes and the sandbox shares its process with the bot in tests: a
   * `JSON.stringify` per request would show up in the bot's own event-loop measurements.
   */
  currenciesBody(variant: "new" | "old"): Buffer;
  /** The pairs answer as sent, serialised once. */
  pairsBody(): Buffer;
}

/** What {@link defineCatalog} needs to know about one catalog. */
export interface CatalogDefinition {
  size: SandboxCatalog["size"];
  coins: readonly SandboxCoin[];
  /** The pair rule for two known, distinct coins. */
  pairOpen(from: SandboxCoin, to: SandboxCoin): boolean;
  /** Fixed sample addresses; coins without one get an address generated from their code. */
  samples?: Readonly<Record<string, string>>;
}

/** A 32-bit FNV-1a hash of a string: seeds per-coin randomness and the pair rule. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** Builds a {@link SandboxCatalog}; the answers are serialised on first use and then reused. */
export function defineCatalog(def: CatalogDefinition): SandboxCatalog {
  const byCode = new Map(def.coins.map((c) => [c.code, c]));
  const listed = def.coins.filter((c) => c.listed);
  const currencyBodies = new Map<"new" | "old", Buffer>();
  let pairBody: Buffer | undefined;

  function hasPair(from: string, to: string): boolean {
    if (from === to) return false;
    const f = byCode.get(from);
    const t = byCode.get(to);
    // An unlisted coin has no pair list of its own (a service lists pairs per listed key).
    return f !== undefined && t !== undefined && f.listed && def.pairOpen(f, t);
  }

  return {
    size: def.size,
    coins: def.coins,
    find: (code) => byCode.get(code),
    hasPair,
    sampleAddress(code) {
      const coin = byCode.get(code);
      if (!coin) return undefined;
      return def.samples?.[code] ?? ADDRESS_FORMATS[coin.address].generate(createRng(hashString(code)));
    },
    sampleTag(code) {
      const coin = byCode.get(code);
      if (!coin || coin.tagname === "") return "";
      return tagFormat(coin).generate(createRng(hashString(code, 7)));
    },
    currenciesBody(variant) {
      let body = currencyBodies.get(variant);
      if (!body) {
        const list: Record<string, Record<string, unknown>> = {};
        for (const coin of listed) {
          const entry: Record<string, unknown> = { minamount: coin.minamount, tagname: coin.tagname };
          if (variant === "new") entry.network = coin.network;
          if (!coin.available) entry.available = false;
          if (coin.name !== undefined) {
            entry.name = coin.name;
            entry.image = `https://sandbox.invalid/coins/${coin.code.toLowerCase()}.svg`;
          }
          list[coin.code] = entry;
        }
        body = Buffer.from(JSON.stringify(list));
        currencyBodies.set(variant, body);
      }
      return body;
    },
    pairsBody() {
      if (!pairBody) {
        const list: Record<string, string[]> = {};
        for (const coin of listed) list[coin.code] = def.coins.filter((t) => hasPair(coin.code, t.code)).map((t) => t.code);
        pairBody = Buffer.from(JSON.stringify(list));
      }
      return pairBody;
    },
  };
}

/** The small catalog: the coins above, every pair open but the deliberate exceptions. */
export const SMALL_CATALOG: SandboxCatalog = defineCatalog({
  size: "small",
  coins: SANDBOX_COINS,
  pairOpen: (from, to) => smallPairOpen(from.code, to.code),
  samples: SAMPLE_ADDRESSES,
});

/** Share of the value the service keeps on a rate; the spread of a quote. */
const SPREAD = new Decimal("0.005");

/**
 * The spec's `rate` as this sandbox defines it: the amount of `to` that `amount` of `from` buys,
 * before the withdrawal fee. Rounded down to the target's decimals.
 */
export function computeRate(from: SandboxCoin, to: SandboxCoin, amount: Decimal.Value): Decimal {
  return new Decimal(amount).mul(from.usd).div(to.usd).mul(new Decimal(1).minus(SPREAD)).toDecimalPlaces(to.decimals, Decimal.ROUND_DOWN);
}
