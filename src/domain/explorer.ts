/**
 * Links from a payout transaction id to a block explorer (issue 24, trust): a person can check on
 * the chain that their coins left, without asking anyone. Pure: the operator's EXPLORER_URLS
 * (config.ts) and the defaults below go in, a safe https URL or nothing comes out.
 *
 * A template is an https URL with `{tx}` where the transaction id goes; it is keyed by a coin code
 * ("USDTBSC") or a network ("BEP20"), upper case. A coin's own key wins over its network's, so an
 * operator can point one token elsewhere.
 */

/** Where `{tx}` goes in a template. */
const TX = "{tx}";

/** Transaction ids longer than this are shown, never linked: real hashes are 64–90 characters. */
export const MAX_LINKED_TX = 128;

/** Explorers of the common networks, by network (or coin) key; EXPLORER_URLS adds to and overrides them. */
export const DEFAULT_EXPLORER_URLS: Readonly<Record<string, string>> = {
  BTC: "https://mempool.space/tx/{tx}",
  ETH: "https://etherscan.io/tx/{tx}",
  ERC20: "https://etherscan.io/tx/{tx}",
  TRX: "https://tronscan.org/#/transaction/{tx}",
  TRC20: "https://tronscan.org/#/transaction/{tx}",
  BSC: "https://bscscan.com/tx/{tx}",
  BEP20: "https://bscscan.com/tx/{tx}",
  LTC: "https://blockchair.com/litecoin/transaction/{tx}",
  BCH: "https://blockchair.com/bitcoin-cash/transaction/{tx}",
  DOGE: "https://blockchair.com/dogecoin/transaction/{tx}",
  DASH: "https://blockchair.com/dash/transaction/{tx}",
  ZEC: "https://blockchair.com/zcash/transaction/{tx}",
  SOL: "https://solscan.io/tx/{tx}",
  XRP: "https://xrpscan.com/tx/{tx}",
  XLM: "https://stellar.expert/explorer/public/tx/{tx}",
  TON: "https://tonviewer.com/transaction/{tx}",
  ADA: "https://cardanoscan.io/transaction/{tx}",
  POLYGON: "https://polygonscan.com/tx/{tx}",
  MATIC: "https://polygonscan.com/tx/{tx}",
  ARBITRUM: "https://arbiscan.io/tx/{tx}",
};

/** Whether `template` is a usable explorer template: an https URL with `{tx}` and no credentials. */
export function isExplorerTemplate(template: string): boolean {
  if (!template.includes(TX)) return false;
  try {
    const u = new URL(template.replaceAll(TX, "x"));
    return u.protocol === "https:" && u.hostname !== "" && u.username === "" && u.password === "";
  } catch {
    return false;
  }
}

/** EXPLORER_URLS parsed: the templates by key, or what is wrong with it. */
export type ParsedExplorerUrls = { ok: true; urls: Record<string, string> } | { ok: false; problems: string[] };

/**
 * Parses `KEY=https://…{tx},KEY=…` (keys: coin codes or networks, any case). `KEY=` with nothing
 * after it turns a default off. Every bad entry is named.
 */
export function parseExplorerUrls(text: string): ParsedExplorerUrls {
  const urls: Record<string, string> = {};
  const problems: string[] = [];
  for (const entry of text.split(",").map((e) => e.trim())) {
    if (entry === "") continue;
    const eq = entry.indexOf("=");
    const key = (eq < 0 ? entry : entry.slice(0, eq)).trim().toUpperCase();
    const template = eq < 0 ? undefined : entry.slice(eq + 1).trim();
    if (!/^[A-Z0-9_-]{1,32}$/.test(key) || template === undefined) problems.push(`"${entry.slice(0, 40)}" is not KEY=URL`);
    else if (template !== "" && !isExplorerTemplate(template)) problems.push(`${key}: not an https URL with {tx}`);
    else urls[key] = template;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, urls };
}

/** The defaults with the operator's templates over them; an empty template removes the key. */
export function explorerUrls(configured: Readonly<Record<string, string>> = {}): Record<string, string> {
  const merged = Object.entries({ ...DEFAULT_EXPLORER_URLS, ...configured });
  return Object.fromEntries(merged.filter(([, template]) => template !== ""));
}

/**
 * The explorer URL of transaction `txId` on coin `coin` (its code, and its network when the catalog
 * gives one), or undefined when no template matches, the id is empty or too long, or the result is
 * not an https URL. The id is percent-encoded, so it can never leave its place in the URL.
 */
export function explorerTxUrl(
  urls: Readonly<Record<string, string>>,
  coin: { code: string; network?: string | undefined },
  txId: string,
): string | undefined {
  const tx = txId.trim();
  if (tx === "" || tx.length > MAX_LINKED_TX) return undefined;
  const keys = [coin.code, coin.network].filter((k): k is string => k !== undefined && k !== "").map((k) => k.toUpperCase());
  const template = keys.map((k) => urls[k]).find((t) => t !== undefined);
  if (template === undefined || !isExplorerTemplate(template)) return undefined;
  const url = template.replaceAll(TX, encodeURIComponent(tx));
  try {
    return new URL(url).protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Statuses whose `txId` is the payout to the person's address (on the coin they get): linked on
 * that coin's explorer. In other statuses the id may be a refund on the other coin's chain, so it
 * is shown without a link rather than linked to the wrong chain.
 */
export const PAYOUT_STATUSES: ReadonlySet<string> = new Set(["sending", "success"]);
