/**
 * The playground's side of the Mini App: what Telegram's servers and clients do for a page, played
 * for the bot's own Mini App in sandbox mode (the frame and its buttons are page/mini-app-host.js).
 *
 * - `GET  mini-app`: the bot's Mini App address, and the chat's menu button if the bot set one
 *   (setChatMenuButton, as the emulator recorded it).
 * - `POST mini-app/launch` `{ user, url }`: launch data for a playground person, signed with the
 *   emulator's bot token as Telegram signs it (@tma.js/init-data-node's `sign`), for the bot's
 *   own Mini App address only: a valid signature is never handed to another page.
 * - `POST mini-app/scan` `{ text }`: the QR scanner's stand-in. The page's scan prompt names the
 *   coin it asks for; the answer offers that coin's sample address as a payment request (an amount
 *   with it, where the coin has a URI scheme) and as a plain address, each with its QR code.
 */
import { sign } from "@tma.js/init-data-node";
import { depositQrDataUrl } from "../../webapp/deposit-qr.js";
import type { Emulator, TestUser } from "../emulator/server.js";
import type { SandboxServer } from "../sandbox/server.js";
import { SANDBOX_COINS } from "../sandbox/catalog.js";
import { coinLabel, displayTickers } from "../../domain/coin-label.js";

/** A JSON answer of the control API. */
export interface MiniAppReply {
  status: number;
  body: unknown;
}

/** What the Mini App routes need from the playground. */
export interface MiniAppHostOptions {
  emulator: Emulator;
  sandbox: SandboxServer;
  /** The bot's Mini App address (config's webAppUrl); without it the playground opens none. */
  webAppUrl: string | undefined;
  /** A playground person by id, or undefined. */
  person(id: number): TestUser | undefined;
  /** The Telegram app language the page has set for a person. */
  languageOf(id: number): string;
}

/** One code the scanner stand-in offers: what a wallet's QR would hold. */
interface ScanOffer {
  /** What it is, in the playground's words ("BTC payment request: 0.1"). */
  title: string;
  /** The text the QR holds, sent to the page as `qr_text_received`. */
  text: string;
  /** The QR code as a data: URL (the playground's policy allows data: images). */
  qr: string;
}

/**
 * Payment-request URIs of the sample coins that have a scheme wallets use, with an amount: what a
 * merchant's or a friend's "request" QR holds. Their amounts are the page's to offer, not to apply.
 */
const PAYMENT_REQUESTS: Readonly<Record<string, (address: string, tag: string | undefined) => { uri: string; amount: string }>> = {
  BTC: (a) => ({ uri: `bitcoin:${a}?amount=0.1&label=Playground`, amount: "0.1" }),
  LTC: (a) => ({ uri: `litecoin:${a}?amount=2.5`, amount: "2.5" }),
  DOGE: (a) => ({ uri: `dogecoin:${a}?amount=500`, amount: "500" }),
  ETH: (a) => ({ uri: `ethereum:${a}@1?value=1e17`, amount: "0.1" }),
  SOL: (a) => ({ uri: `solana:${a}?amount=1.5`, amount: "1.5" }),
  XMR: (a) => ({ uri: `monero:${a}?tx_amount=0.5`, amount: "0.5" }),
  XRP: (a, tag) => ({ uri: `ripple:${a}?amount=50${tag ? `&dt=${tag}` : ""}`, amount: "50" }),
  TON: (a, tag) => ({ uri: `ton://transfer/${a}?amount=5000000000${tag ? `&text=${tag}` : ""}`, amount: "5" }),
};

/** The longest scanner prompt read. */
const MAX_PROMPT = 300;

/** The sample coins the scanner can offer, labelled as the bot's buttons and the page name them. */
function sampleCoins(sandbox: SandboxServer): Array<{ code: string; label: string; address: string; tag: string | undefined }> {
  const tickers = displayTickers(SANDBOX_COINS);
  return SANDBOX_COINS.filter((c) => c.available && c.listed).flatMap((c) => {
    const address = sandbox.catalog.sampleAddress(c.code);
    if (address === undefined) return [];
    const label = coinLabel({ code: c.code, network: c.network, ticker: tickers.get(c.code.toUpperCase()) });
    return [{ code: c.code, label, address, tag: sandbox.catalog.sampleTag(c.code) }];
  });
}

/** A scanner's code as the Mini App draws a deposit address, with the narrower quiet zone a small tile wants. */
const qrOf = (text: string): Promise<string> => depositQrDataUrl(text, 1);

/**
 * The codes the scanner offers for a prompt: the coin it names (the longest sample label found in
 * it, so "USDT · ERC20" wins over a shorter one), or every sample coin's plain address when it
 * names none.
 */
async function scanOffers(sandbox: SandboxServer, prompt: string): Promise<ScanOffer[]> {
  const coins = sampleCoins(sandbox);
  const named = [...coins].sort((a, b) => b.label.length - a.label.length).find((c) => prompt.includes(c.label));
  const plain = async (c: (typeof coins)[number]): Promise<ScanOffer> => ({
    title: `${c.label} address`,
    text: c.address,
    qr: await qrOf(c.address),
  });
  if (named === undefined) return Promise.all(coins.map(plain));
  const request = PAYMENT_REQUESTS[named.code]?.(named.address, named.tag);
  const offers = [await plain(named)];
  if (request !== undefined)
    offers.unshift({ title: `${named.label} payment request: ${request.amount}`, text: request.uri, qr: await qrOf(request.uri) });
  return offers;
}

/** The Mini App's routes under /playground/api/mini-app; undefined for a path that is not one. */
export function miniAppRoutes(opts: MiniAppHostOptions) {
  const { emulator, sandbox, webAppUrl } = opts;
  const bad = (error: string): MiniAppReply => ({ status: 400, body: { error } });

  /** The chat's menu button as the bot last set it (a web_app one opens the Mini App). */
  const menuButton = (): { text: string; url: string } | null => {
    const button = emulator.callsOf("setChatMenuButton").findLast((c) => c.ok)?.params.menu_button as
      { type?: string; text?: string; web_app?: { url?: string } } | undefined;
    return button?.type === "web_app" && typeof button.web_app?.url === "string" && typeof button.text === "string"
      ? { text: button.text, url: button.web_app.url }
      : null;
  };

  return async (method: string, rest: string[], body: Record<string, unknown> | undefined): Promise<MiniAppReply | undefined> => {
    const action = rest[0] ?? "";
    if (method === "GET" && action === "") return { status: 200, body: { url: webAppUrl ?? null, menu: menuButton() } };
    if (method !== "POST" || body === undefined) return undefined;
    if (action === "launch") {
      const user = typeof body.user === "number" ? opts.person(body.user) : undefined;
      if (user === undefined) return bad("unknown user");
      const url = typeof body.url === "string" ? body.url : "";
      if (webAppUrl === undefined || !insideApp(url, webAppUrl))
        return bad("the playground opens the bot's own Mini App only (its WEBAPP_URL)");
      const info = user.info;
      const initData = sign(
        {
          user: {
            id: info.id,
            first_name: info.first_name,
            ...(info.username === undefined ? {} : { username: info.username }),
            language_code: opts.languageOf(info.id),
          },
          ...(typeof body.startParam === "string" && body.startParam !== "" ? { start_param: body.startParam.slice(0, 64) } : {}),
        },
        emulator.token,
        new Date(),
      );
      return { status: 200, body: { initData } };
    }
    if (action === "scan") {
      const prompt = typeof body.text === "string" ? body.text.slice(0, MAX_PROMPT) : "";
      return { status: 200, body: { offers: await scanOffers(sandbox, prompt) } };
    }
    return undefined;
  };
}

/**
 * Whether `url` is a page of the Mini App at `app`: the same origin, and a path under the app's.
 * A bare prefix test would also let "https://host.evil/…" through for an app at "https://host".
 */
function insideApp(url: string, app: string): boolean {
  try {
    const page = new URL(url);
    const base = new URL(app);
    return page.origin === base.origin && page.pathname.startsWith(base.pathname);
  } catch {
    return false;
  }
}
