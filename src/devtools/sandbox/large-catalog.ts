/**
 * The sandbox's large catalog (SANDBOX_CATALOG=large): about 900 coins over a dozen networks with
 * nearly every pair open, so the answers are as large as a real aggregator's (`pairs` about 9 MB
 * of JSON, some 800,000 entries; `currencies` about 110 KB).
 *
 * It is generated, deterministically (a fixed seed, independent of the sandbox's own seed), from:
 * - every coin of the small catalog, unchanged, with its sample addresses and irregularities
 *   (DASH unavailable, ZEC unlisted, XMR's short pair list), so tests written for the small
 *   catalog read the same on the large one;
 * - real coins with their own networks, tag coins among them (EOS, HBAR, KAVA, OSMO, INJ: MEMO);
 * - USDT and USDC on more networks, and well-known tokens;
 * - generated tokens (made-up tickers) on ERC20, BSC, SOL, TRC20, MATIC, ARBITRUM and TON, the
 *   TON ones needing a "Comment" like TON itself.
 *
 * Every coin works through the whole flow: it has a price, limits, a withdrawal fee, an address
 * format the sandbox validates, and a sample address (`sampleAddress`) and tag (`sampleTag`).
 * Extra `name` and `image` fields are served for the coins beyond the small catalog, as real
 * services do; the spec does not list them and the client ignores them.
 *
 * One pair in a hundred involving a coin beyond the small catalog is closed (chosen by a hash of
 * the pair), so "nearly every pair" is literal and the bot's pair checks are exercised.
 */
import { Decimal } from "decimal.js";
import type { AddressFormatName } from "./address-formats.js";
import {
  SAMPLE_ADDRESSES,
  SANDBOX_COINS,
  defineCatalog,
  hashString,
  smallPairOpen,
  type SandboxCatalog,
  type SandboxCoin,
} from "./catalog.js";
import { createRng, type Rng } from "./random.js";

/** How many coins the large catalog has, unlisted ones included. */
export const LARGE_CATALOG_COINS = 900;

/** One network a token can live on: its code suffix, address format and tag. */
interface TokenNetwork {
  network: string;
  address: AddressFormatName;
  tagname: string;
  /** Relative share of generated tokens whose main network this is. */
  weight: number;
}

const TOKEN_NETWORKS: readonly TokenNetwork[] = [
  { network: "ERC20", address: "evm", tagname: "", weight: 40 },
  { network: "BSC", address: "evm", tagname: "", weight: 20 },
  { network: "SOL", address: "solana", tagname: "", weight: 13 },
  { network: "TRC20", address: "tron", tagname: "", weight: 7 },
  { network: "MATIC", address: "evm", tagname: "", weight: 7 },
  { network: "ARBITRUM", address: "evm", tagname: "", weight: 7 },
  { network: "TON", address: "ton", tagname: "Comment", weight: 6 },
];

const NETWORK_BY_NAME = new Map(TOKEN_NETWORKS.map((n) => [n.network, n]));

function network(name: string): TokenNetwork {
  const n = NETWORK_BY_NAME.get(name);
  if (!n) throw new Error(`large catalog: unknown network ${name}`);
  return n;
}

/** Real coins on their own networks, beyond the small catalog. */
const NATIVE_COINS: readonly { code: string; name: string; usd: string; network: string; address: AddressFormatName; tagname?: string }[] =
  [
    { code: "EOS", name: "EOS", usd: "0.8", network: "EOS", address: "eos", tagname: "MEMO" },
    { code: "HBAR", name: "Hedera", usd: "0.07", network: "HBAR", address: "hedera", tagname: "MEMO" },
    { code: "KAVA", name: "Kava", usd: "0.6", network: "KAVA", address: "kava", tagname: "MEMO" },
    { code: "OSMO", name: "Osmosis", usd: "0.5", network: "OSMO", address: "osmosis", tagname: "MEMO" },
    { code: "INJ", name: "Injective", usd: "25", network: "INJ", address: "injective", tagname: "MEMO" },
    { code: "ALGO", name: "Algorand", usd: "0.18", network: "ALGO", address: "algorand" },
    { code: "NEAR", name: "NEAR Protocol", usd: "5", network: "NEAR", address: "near" },
    { code: "XTZ", name: "Tezos", usd: "0.9", network: "XTZ", address: "tezos" },
    { code: "EGLD", name: "MultiversX", usd: "35", network: "EGLD", address: "multiversx" },
    { code: "ETC", name: "Ethereum Classic", usd: "25", network: "ETC", address: "evm" },
    { code: "AVAX", name: "Avalanche", usd: "30", network: "AVAXC", address: "evm" },
    { code: "FTM", name: "Fantom", usd: "0.7", network: "FTM", address: "evm" },
    { code: "ARB", name: "Arbitrum", usd: "1", network: "ARBITRUM", address: "evm" },
    { code: "OP", name: "Optimism", usd: "2", network: "OP", address: "evm" },
  ];

/** Stablecoins on more networks: code = ticker + network, as services write them. */
const STABLE_VARIANTS: readonly { base: string; name: string; networks: readonly string[] }[] = [
  { base: "USDT", name: "Tether", networks: ["SOL", "TON", "MATIC", "ARBITRUM"] },
  { base: "USDC", name: "USD Coin", networks: ["SOL", "BSC", "MATIC", "ARBITRUM", "TRC20"] },
];

/** Well-known tokens: [ticker, name, USD price, main network, other networks]. */
const KNOWN_TOKENS: readonly [string, string, string, string, readonly string[]][] = [
  ["LINK", "Chainlink", "14", "ERC20", ["BSC", "MATIC", "ARBITRUM"]],
  ["UNI", "Uniswap", "8", "ERC20", ["BSC", "ARBITRUM"]],
  ["AAVE", "Aave", "150", "ERC20", ["MATIC"]],
  ["SHIB", "Shiba Inu", "0.000018", "ERC20", ["BSC"]],
  ["PEPE", "Pepe", "0.000009", "ERC20", ["BSC"]],
  ["DAI", "Dai", "1", "ERC20", ["BSC", "MATIC", "ARBITRUM"]],
  ["WBTC", "Wrapped Bitcoin", "65000", "ERC20", ["ARBITRUM"]],
  ["MKR", "Maker", "2200", "ERC20", []],
  ["LDO", "Lido DAO", "1.6", "ERC20", []],
  ["GRT", "The Graph", "0.2", "ERC20", []],
  ["CRV", "Curve", "0.35", "ERC20", []],
  ["SAND", "The Sandbox", "0.3", "ERC20", ["MATIC"]],
  ["MANA", "Decentraland", "0.3", "ERC20", []],
  ["APE", "ApeCoin", "0.7", "ERC20", []],
  ["1INCH", "1inch", "0.25", "ERC20", ["BSC"]],
  ["CAKE", "PancakeSwap", "2", "BSC", []],
  ["BONK", "Bonk", "0.00002", "SOL", []],
  ["JUP", "Jupiter", "0.8", "SOL", []],
  ["WIF", "dogwifhat", "1.8", "SOL", []],
  ["NOT", "Notcoin", "0.008", "TON", []],
  ["DOGS", "Dogs", "0.0006", "TON", []],
];

const LETTERS = Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const CONSONANTS = Array.from("bcdfghklmnprstvz");
const VOWELS = Array.from("aeiou");
/** Words the rate-query grammar reads as connectors; never a ticker. */
const RESERVED = new Set(["TO", "IN", "INTO"]);

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

function pickNetwork(rng: Rng): TokenNetwork {
  const total = TOKEN_NETWORKS.reduce((sum, n) => sum + n.weight, 0);
  let r = rng() * total;
  for (const n of TOKEN_NETWORKS) {
    r -= n.weight;
    if (r < 0) return n;
  }
  // Only a rounding error gets here (r started below the total): the first network.
  const [first] = TOKEN_NETWORKS;
  if (first === undefined) throw new Error("no token networks");
  return first;
}

/** A made-up project name: two or three syllables, capitalised. */
function inventName(rng: Rng): string {
  let name = "";
  const syllables = 2 + Math.floor(rng() * 2);
  for (let i = 0; i < syllables; i++) name += pick(rng, CONSONANTS) + pick(rng, VOWELS);
  if (rng() < 0.5) name += pick(rng, CONSONANTS);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `value` rounded to two significant digits, as plain decimal text. */
function twoDigits(value: Decimal): string {
  return value.toSignificantDigits(2, Decimal.ROUND_UP).toFixed();
}

/** Limits and fee of a coin priced at `usd`: a minimum worth $15–30, a fee worth $0.2–3. */
function economics(rng: Rng, usd: string, index: number): Pick<SandboxCoin, "minamount" | "maxAmount" | "withdrawalFee"> {
  const min = twoDigits(new Decimal(15 + rng() * 15).div(usd));
  const fee = twoDigits(new Decimal(0.2 + rng() * 2.8).div(usd));
  // Like the small catalog: some minimums as JSON strings, others as JSON numbers.
  return { minamount: index % 2 === 0 ? min : Number(min), maxAmount: new Decimal(min).mul(100_000).toFixed(), withdrawalFee: fee };
}

function token(rng: Rng, code: string, name: string, usd: string, net: TokenNetwork, index: number, decimals = 8): SandboxCoin {
  return {
    code,
    name,
    usd,
    ...economics(rng, usd, index),
    tagname: net.tagname,
    network: net.network,
    address: net.address,
    decimals,
    available: true,
    listed: true,
  };
}

/** Generates the coins, small catalog first; see the module comment. */
function generateCoins(): SandboxCoin[] {
  const rng = createRng(0x900c0175);
  const coins: SandboxCoin[] = [...SANDBOX_COINS];
  const taken = new Set(coins.map((c) => c.code));
  const add = (coin: SandboxCoin) => {
    if (taken.has(coin.code)) throw new Error(`large catalog: duplicate code ${coin.code}`);
    taken.add(coin.code);
    coins.push(coin);
  };

  for (const n of NATIVE_COINS) {
    add({
      ...token(rng, n.code, n.name, n.usd, network("ERC20"), coins.length),
      network: n.network,
      address: n.address,
      tagname: n.tagname ?? "",
    });
  }
  for (const s of STABLE_VARIANTS) {
    for (const net of s.networks) add(token(rng, s.base + net, s.name, "1", network(net), coins.length, 6));
  }
  for (const [ticker, name, usd, main, others] of KNOWN_TOKENS) {
    add(token(rng, ticker, name, usd, network(main), coins.length));
    for (const net of others) add(token(rng, ticker + net, name, usd, network(net), coins.length));
  }

  // Tickers already used as a base, so "ABC" on BSC and "ABCBSC" on ERC20 never meet.
  const bases = new Set<string>();
  while (coins.length < LARGE_CATALOG_COINS) {
    let base: string;
    do {
      const length = 3 + Math.floor(rng() * 4);
      base = "";
      for (let i = 0; i < length; i++) base += pick(rng, LETTERS);
    } while (taken.has(base) || RESERVED.has(base) || TOKEN_NETWORKS.some((n) => taken.has(base + n.network)) || bases.has(base));
    bases.add(base);
    const name = inventName(rng);
    // A price between $0.00001 and $3000, evenly spread on a log scale.
    const usd = new Decimal(10)
      .pow(-5 + rng() * 8.5)
      .toSignificantDigits(4)
      .toFixed();
    const main = pickNetwork(rng);
    // As services write them: an ERC20 token under its bare ticker, elsewhere ticker + network.
    add(token(rng, main.network === "ERC20" ? base : base + main.network, name, usd, main, coins.length));
    // Half of the tokens are bridged to one to three other networks.
    if (rng() < 0.5) {
      const others = TOKEN_NETWORKS.filter((n) => n !== main);
      const count = 1 + Math.floor(rng() * 3);
      for (let i = 0; i < count && coins.length < LARGE_CATALOG_COINS; i++) {
        const [net] = others.splice(Math.floor(rng() * others.length), 1);
        if (net === undefined) break;
        add(token(rng, base + net.network, name, usd, net, coins.length));
      }
    }
  }
  return coins;
}

const SMALL_CODES: ReadonlySet<string> = new Set(SANDBOX_COINS.map((c) => c.code));

/**
 * Pairs between two small-catalog coins, and from XMR or DASH, and to ZEC, follow the small
 * catalog's rule; any other pair is open unless a hash of it lands in the closed one percent.
 */
function largePairOpen(from: SandboxCoin, to: SandboxCoin): boolean {
  if ((SMALL_CODES.has(from.code) && SMALL_CODES.has(to.code)) || from.code === "XMR" || from.code === "DASH" || to.code === "ZEC") {
    return smallPairOpen(from.code, to.code);
  }
  return hashString(`${from.code}>${to.code}`) % 100 !== 0;
}

let large: SandboxCatalog | undefined;

/** The large catalog, generated on first use and shared afterwards (it is immutable). */
export function largeCatalog(): SandboxCatalog {
  large ??= defineCatalog({ size: "large", coins: generateCoins(), pairOpen: largePairOpen, samples: SAMPLE_ADDRESSES });
  return large;
}
