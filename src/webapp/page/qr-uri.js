// What a scanned QR code says, for the Mini App's address steps. Pure: no DOM, no network, so a
// unit test imports it as it is (test/webapp/qr-uri.test.ts).
//
// A wallet's "receive" QR is a plain address or a payment URI: BIP 21 (`bitcoin:ADDR?amount=0.1`,
// and the coins that copied it), EIP 681 (`ethereum:0xADDR@1?value=1e17`, or a token's
// `ethereum:0xTOKEN/transfer?address=0xADDR`), Solana Pay, Monero's `tx_amount`, TON's
// `ton://transfer/ADDR?amount=<nanotons>`, an XRP `ripple:ADDR?dt=TAG`. The address is what is
// read; a payment request's amount is returned apart, for the page to OFFER (never to apply on its
// own: the person decides), and only when it is a plain positive decimal; offeredAmount keeps it
// only in the coin received. Whether the address is valid for the coin is the server's check, as
// for a typed one.

/** The longest text read from a code: an address with its URI is far shorter. */
const MAX_TEXT = 2000;

/**
 * URI schemes whose amount is a decimal in the coin itself (BIP 21 and alike), by scheme, with the
 * ticker they name and the parameter that carries the amount.
 */
const DECIMAL_SCHEMES = {
  bitcoin: { coin: "BTC", amount: "amount" },
  litecoin: { coin: "LTC", amount: "amount" },
  dogecoin: { coin: "DOGE", amount: "amount" },
  bitcoincash: { coin: "BCH", amount: "amount" },
  dash: { coin: "DASH", amount: "amount" },
  zcash: { coin: "ZEC", amount: "amount" },
  solana: { coin: "SOL", amount: "amount" },
  monero: { coin: "XMR", amount: "tx_amount" },
  ripple: { coin: "XRP", amount: "amount" },
  xrpl: { coin: "XRP", amount: "amount" },
  tron: { coin: "TRX", amount: "amount" },
  cardano: { coin: "ADA", amount: "amount" },
  polkadot: { coin: "DOT", amount: "amount" },
  cosmos: { coin: "ATOM", amount: "amount" },
};

/** Schemes whose address keeps its prefix: a CashAddr is written with it. */
const PREFIXED = new Set(["bitcoincash"]);

/** Parameters that carry a destination tag or memo, where a URI has one. */
const TAG_PARAMS = ["dt", "tag", "memo", "text"];

const DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * Reads a scanned text. Returns `{ address, amount?, tag?, coin? }` (`coin`: the ticker the URI's
 * scheme names, to say when it is not the coin asked for), or undefined when it holds no address
 * (empty, too long, a URI without one).
 * @param {string} text
 * @returns {{ address: string, amount?: string, tag?: string, coin?: string } | undefined}
 */
export function readScannedText(text) {
  if (typeof text !== "string") return undefined;
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.length > MAX_TEXT) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined) return /\s/.test(trimmed) ? undefined : { address: trimmed };
  if (scheme === "ethereum") return readEthereum(trimmed);
  if (scheme === "ton") return readTon(trimmed);
  const known = DECIMAL_SCHEMES[scheme];
  if (known === undefined) return undefined;
  const { path, params } = splitUri(trimmed.slice(scheme.length + 1));
  const bare = path.replace(/^\/\//, "");
  if (bare === "") return undefined;
  const address = PREFIXED.has(scheme) ? `${scheme}:${bare}` : bare;
  return withExtras({ address, coin: known.coin }, decimalOf(params.get(known.amount)), tagOf(params));
}

/**
 * The amount of a scanned code to offer at the step of the coin received (its ticker `ticker`):
 * the request's amount only where the URI names that coin, or names none. A wallet's
 * `ethereum:0x…?value=…` scanned at a USDT step holds an address USDT on ERC20 is sent to, but its
 * amount is ether; offered there, it would be taken as that many USDT.
 * @param {{ amount?: string, coin?: string }} read what {@link readScannedText} found
 * @param {string | undefined} ticker
 * @returns {string | undefined}
 */
export function offeredAmount(read, ticker) {
  return read.coin === undefined || read.coin === ticker ? read.amount : undefined;
}

/** EIP 681: `ethereum:[pay-]ADDR[@chain][/function]?params`; a token transfer names its recipient in `address`. */
function readEthereum(text) {
  const { path, params } = splitUri(text.slice("ethereum:".length));
  const match = /^(?:pay-)?(0x[0-9a-fA-F]{40})(?:@(\d+))?(?:\/(\w+))?$/.exec(path);
  if (match === null) return undefined;
  const [, target, , fn] = match;
  if (fn === undefined) return withExtras({ address: target, coin: "ETH" }, weiToEther(params.get("value")));
  if (fn !== "transfer") return undefined;
  const recipient = params.get("address");
  // A token's amount (uint256) is in the token's own smallest unit, whose decimals the URI does not
  // say: the address is read, the amount is left to the person.
  return recipient !== null && /^0x[0-9a-fA-F]{40}$/.test(recipient) ? { address: recipient } : undefined;
}

/** TON: `ton://transfer/ADDR?amount=<nanotons>&text=<comment>`. */
function readTon(text) {
  const { path, params } = splitUri(text.slice("ton:".length));
  const match = /^\/\/transfer\/([A-Za-z0-9_:+/=-]+)$/.exec(path);
  if (match === null) return undefined;
  return withExtras({ address: match[1], coin: "TON" }, shiftDecimal(params.get("amount"), 9), tagOf(params));
}

/** The part before `?` (URI-decoded) and the query's parameters. */
function splitUri(rest) {
  const at = rest.indexOf("?");
  const path = at < 0 ? rest : rest.slice(0, at);
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  return { path: decoded, params: new URLSearchParams(at < 0 ? "" : rest.slice(at + 1)) };
}

/** The result with its amount and tag, when the URI carried them. */
function withExtras(result, amount, tag) {
  return { ...result, ...(amount === undefined ? {} : { amount }), ...(tag === undefined ? {} : { tag }) };
}

/** A positive plain decimal, in canonical form; undefined for anything else. */
function decimalOf(value) {
  if (value === null || value === undefined || !DECIMAL.test(value)) return undefined;
  const canonical = trimDecimal(value);
  return /^0(?:\.0*)?$/.test(canonical) ? undefined : canonical;
}

/** `value` without leading zeros of its whole part and trailing zeros of its fraction. */
function trimDecimal(value) {
  const [whole = "0", fraction = ""] = value.split(".");
  const w = whole.replace(/^0+(?=\d)/, "");
  const f = fraction.replace(/0+$/, "");
  return f === "" ? w : `${w}.${f}`;
}

/** EIP 681's `value` (wei, possibly `2.014e18`) in ether, exactly, by moving the decimal point. */
function weiToEther(value) {
  if (value === null) return undefined;
  const match = /^(\d+)(?:\.(\d+))?(?:e(\d+))?$/i.exec(value);
  if (match === null) return undefined;
  const [, whole, fraction = "", exponent = "0"] = match;
  const shift = Number(exponent);
  if (shift > 60) return undefined;
  // The integer of wei: whole and fraction digits, the point moved `exponent` places right.
  if (fraction.length > shift) return undefined; // a fraction of a wei is no amount
  const wei = `${whole}${fraction}${"0".repeat(shift - fraction.length)}`;
  return shiftDecimal(wei, 18);
}

/** An integer count of the smallest unit as a decimal of `places` places (nanotons → TON). */
function shiftDecimal(value, places) {
  if (value === null || value === undefined || !/^\d{1,60}$/.test(value)) return undefined;
  const padded = value.padStart(places + 1, "0");
  return decimalOf(`${padded.slice(0, -places)}.${padded.slice(-places)}`);
}

/** A tag or memo the URI carries, if any. */
function tagOf(params) {
  for (const name of TAG_PARAMS) {
    const value = params.get(name);
    if (value !== null && value.trim() !== "" && value.length <= 100) return value.trim();
  }
  return undefined;
}
