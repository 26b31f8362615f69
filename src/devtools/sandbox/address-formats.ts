/**
 * Address and tag formats per coin, as the sandbox checks and generates them. The patterns are
 * simplified (no checksums) but shaped like the real thing, so a user typing a real address gets
 * the answer a real service would give for its shape.
 */
import { randomString, type Rng } from "./random.js";

/** Base58 (Bitcoin alphabet): no 0, O, I, l. */
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** Bech32 data characters: no 1, b, i, o. */
const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const HEX = "0123456789abcdef";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const B58 = "[1-9A-HJ-NP-Za-km-z]";
const BC32 = "[qpzry9x8gf2tvdw0s3jn54khce6mua7l]";

/** How to recognise and how to invent an address of one format. */
export interface AddressFormat {
  pattern: RegExp;
  generate(rng: Rng): string;
}

/** The formats used by the sandbox catalog, by name. */
export const ADDRESS_FORMATS = {
  bitcoin: {
    pattern: new RegExp(`^(bc1${BC32}{25,59}|[13]${B58}{25,34})$`),
    generate: (rng: Rng) => "bc1q" + randomString(rng, BECH32, 38),
  },
  evm: {
    pattern: /^0x[0-9a-fA-F]{40}$/,
    generate: (rng: Rng) => "0x" + randomString(rng, HEX, 40),
  },
  litecoin: {
    pattern: new RegExp(`^(ltc1${BC32}{25,59}|[LM3]${B58}{26,33})$`),
    generate: (rng: Rng) => "ltc1q" + randomString(rng, BECH32, 38),
  },
  ripple: {
    pattern: new RegExp(`^r${B58}{24,34}$`),
    generate: (rng: Rng) => "r" + randomString(rng, BASE58, 33),
  },
  stellar: {
    pattern: /^G[A-Z2-7]{55}$/,
    generate: (rng: Rng) => "G" + randomString(rng, BASE32, 55),
  },
  bnbBeacon: {
    pattern: new RegExp(`^bnb1${BC32}{38}$`),
    generate: (rng: Rng) => "bnb1" + randomString(rng, BECH32, 38),
  },
  tron: {
    pattern: new RegExp(`^T${B58}{33}$`),
    generate: (rng: Rng) => "T" + randomString(rng, BASE58, 33),
  },
  dogecoin: {
    pattern: new RegExp(`^D[5-9A-HJ-NP-U]${B58}{32}$`),
    generate: (rng: Rng) => "D" + randomString(rng, "56789ABCDEFGHJKLMNPQRSTU", 1) + randomString(rng, BASE58, 32),
  },
  solana: {
    pattern: new RegExp(`^${B58}{32,44}$`),
    generate: (rng: Rng) => randomString(rng, BASE58, 44),
  },
  cardano: {
    pattern: new RegExp(`^addr1${BC32}{53,110}$`),
    generate: (rng: Rng) => "addr1q" + randomString(rng, BECH32, 97),
  },
  polkadot: {
    pattern: new RegExp(`^1${B58}{46,47}$`),
    generate: (rng: Rng) => "1" + randomString(rng, BASE58, 47),
  },
  monero: {
    pattern: new RegExp(`^[48][1-9AB]${B58}{93}$`),
    generate: (rng: Rng) => "4" + randomString(rng, "123456789AB", 1) + randomString(rng, BASE58, 93),
  },
  ton: {
    pattern: /^(EQ|UQ)[A-Za-z0-9_-]{46}$/,
    generate: (rng: Rng) => "UQ" + randomString(rng, BASE64URL, 46),
  },
  bitcoinCash: {
    pattern: new RegExp(`^(bitcoincash:)?[qp]${BC32}{41}$`),
    generate: (rng: Rng) => "bitcoincash:q" + randomString(rng, BECH32, 41),
  },
  cosmos: {
    pattern: new RegExp(`^cosmos1${BC32}{38}$`),
    generate: (rng: Rng) => "cosmos1" + randomString(rng, BECH32, 38),
  },
  dash: {
    pattern: new RegExp(`^X${B58}{33}$`),
    generate: (rng: Rng) => "X" + randomString(rng, BASE58, 33),
  },
  zcash: {
    pattern: new RegExp(`^t1${B58}{33}$`),
    generate: (rng: Rng) => "t1" + randomString(rng, BASE58, 33),
  },
  // Formats of the large catalog's extra networks (see large-catalog.ts).
  eos: {
    // Account names: 12 characters of a-z and 1-5.
    pattern: /^[a-z1-5]{12}$/,
    generate: (rng: Rng) => randomString(rng, "abcdefghijklmnopqrstuvwxyz12345", 12),
  },
  hedera: {
    // Account ids: shard.realm.number.
    pattern: /^0\.0\.[1-9]\d{0,9}$/,
    generate: (rng: Rng) => "0.0." + String(1 + Math.floor(rng() * 9_999_999)),
  },
  algorand: {
    pattern: /^[A-Z2-7]{58}$/,
    generate: (rng: Rng) => randomString(rng, BASE32, 58),
  },
  near: {
    pattern: /^([0-9a-f]{64}|[a-z0-9_-]{2,52}\.near)$/,
    generate: (rng: Rng) => randomString(rng, HEX, 64),
  },
  tezos: {
    pattern: new RegExp(`^tz[123]${B58}{33}$`),
    generate: (rng: Rng) => "tz1" + randomString(rng, BASE58, 33),
  },
  kava: bech32Format("kava"),
  osmosis: bech32Format("osmo"),
  injective: bech32Format("inj"),
  multiversx: bech32Format("erd", 58),
} satisfies Record<string, AddressFormat>;

/** A bech32 address with a human-readable prefix (Cosmos chains and friends). */
function bech32Format(hrp: string, length = 38): AddressFormat {
  return {
    pattern: new RegExp(`^${hrp}1${BC32}{${length}}$`),
    generate: (rng: Rng) => `${hrp}1` + randomString(rng, BECH32, length),
  };
}

/** Name of one of {@link ADDRESS_FORMATS}. */
export type AddressFormatName = keyof typeof ADDRESS_FORMATS;

/** How a tag of one kind looks and how to invent one. */
export interface TagFormat {
  pattern: RegExp;
  generate(rng: Rng): string;
}

/** Numeric tags (XRP destination tags fit in 32 bits; MEMOs used by exchanges are numeric too). */
export const NUMERIC_TAG: TagFormat = {
  pattern: /^(0|[1-9]\d{0,9})$/,
  generate: (rng: Rng) => String(100_000_000 + Math.floor(rng() * 899_999_999)),
};

/** Free-text memos/comments: printable, bounded length. */
export const TEXT_TAG: TagFormat = {
  pattern: /^[\x20-\x7e]{1,28}$/,
  generate: (rng) => NUMERIC_TAG.generate(rng),
};
