/**
 * The playground: a local web page that plays the Telegram client against the Bot API emulator,
 * with a side panel over the sandbox exchange. Sandbox mode only; node:http, no framework.
 *
 * The page (page/index.html, app.js, style.css; no build step; a colour emoji font from
 * node_modules, emoji-font.ts) talks to a small JSON control API under /playground/api/ that wraps
 * the emulator's people (send text, press a button, inline query, choose a result) and the
 * sandbox's order book (advance, fail), and hears about changes through Server-Sent Events fed by
 * the emulator's state-change hook.
 *
 * Safety: the bot's HTML is never sent to the page. Messages travel as the emulator parsed them
 * (plain text + entities), and the page builds DOM nodes from those, so nothing the bot or a user
 * wrote is ever interpreted as markup. State-changing requests must be JSON (a cross-site form post
 * cannot send that without a CORS preflight, which this server never grants), the server
 * listens on loopback, and it answers only requests whose Host and Origin name it on loopback
 * (../local-only.ts), so a page on another site cannot reach it through DNS rebinding.
 */
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listen } from "../../net/listen.js";
import { readBody } from "../../net/read-body.js";
import { foreignRequest } from "../local-only.js";
import { fileURLToPath } from "node:url";
import type { Logger } from "../../log.js";
import type { App } from "../../app.js";
import type { BotCommand, BotMessage, Emulator, InlineButton, TestUser } from "../emulator/server.js";
import type { FailureStatus, SandboxServer } from "../sandbox/server.js";
import { TERMINAL_STATUSES } from "../sandbox/orders.js";
import { SANDBOX_COINS } from "../sandbox/catalog.js";
import { coinLabel, displayTickers } from "../../domain/coin-label.js";
import { PARTNER_FEATURE_NAMES, type PartnerFeature } from "../../partner/features.js";
import { SUPPORTED_LOCALES, supportedLocale } from "../../messages/i18n.js";
import { emojiFontAsset } from "./emoji-font.js";
import { miniAppRoutes } from "./mini-app.js";
import { SHARED_PAGE_MODULES, WEBAPP_PAGE_DIR } from "../../webapp/handler.js";

/** The regular person on the page. */
export const PLAYGROUND_USER = { id: 1001, first_name: "Alice", username: "alice" } as const;
/** The support person on the page; sandbox mode makes this id an admin unless ADMIN_IDS is set. */
export const PLAYGROUND_ADMIN = { id: 9001, first_name: "Support", username: "support" } as const;

/** Languages the page can switch a person's Telegram app to: the bot's. */
const LANGUAGES = SUPPORTED_LOCALES;
const FAILURES: readonly FailureStatus[] = ["failed", "sending_failed", "reverted", "time_expired"];

// Resolved from this file to the source folder, so `src/` (tsx) and `dist/` (built; tsc does not
// copy non-TS files) serve the same page.
const PAGE_DIR = fileURLToPath(new URL("../../../src/devtools/playground/page/", import.meta.url));
/** The page's files by path: in PAGE_DIR, or in `dir` for one the playground shares with the Mini App. */
const STATIC: Readonly<Record<string, { file: string; type: string; dir?: string }>> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/index.html": { file: "index.html", type: "text/html; charset=utf-8" },
  "/app.js": { file: "app.js", type: "text/javascript; charset=utf-8" },
  "/style.css": { file: "style.css", type: "text/css; charset=utf-8" },
  "/favicon.svg": { file: "favicon.svg", type: "image/svg+xml" },
  "/mini-app-host.js": { file: "mini-app-host.js", type: "text/javascript; charset=utf-8" },
  "/mini-app-host.css": { file: "mini-app-host.css", type: "text/css; charset=utf-8" },
  // Browsers ask for /favicon.ico whatever the page says; the SVG is served there too (no 404).
  "/favicon.ico": { file: "favicon.svg", type: "image/svg+xml" },
  // Modules the page shares with the Mini App's (the element builder, the copy to the clipboard),
  // kept beside that page because production serves it without the playground.
  ...Object.fromEntries(
    SHARED_PAGE_MODULES.map((name) => [`/${name}`, { dir: WEBAPP_PAGE_DIR, file: name, type: "text/javascript; charset=utf-8" }]),
  ),
};
const MAX_BODY_BYTES = 64 * 1024;
/** Changes are coalesced into one event per this many ms: a bot reply is often several calls. */
const EVENT_COALESCE_MS = 40;
/** A comment line keeps idle SSE connections from being closed by anything in between. */
const HEARTBEAT_MS = 15_000;

/** How to start the playground. */
export interface PlaygroundOptions {
  emulator: Emulator;
  sandbox: SandboxServer;
  /** The running bot: its poller is nudged after a panel action so the push comes at once. */
  app?: Pick<App, "poller" | "store">;
  /**
   * The capabilities the bot and the sandbox share (startDevSystem passes one set to both): the
   * page's switches add and remove names here, and both read it on every use. Without it the
   * page shows no switches.
   */
  features?: Set<PartnerFeature>;
  /** The bot's Mini App address: the page opens it in a frame, as Telegram's web client does (mini-app.ts). */
  webAppUrl?: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  logger?: Logger;
}

/** A running playground. */
export interface Playground {
  /** "http://127.0.0.1:PORT": the page. */
  readonly url: string;
  /** Ends the event streams and stops the server. Safe to call twice. */
  close(): Promise<void>;
}

/** A button as the page shows it. */
interface ButtonView {
  text: string;
  kind: "callback" | "url" | "inline" | "copy" | "web_app" | "other";
  data?: string;
  /** For a copy button: the text it puts on the clipboard. */
  copy?: string;
  url?: string;
  /** For a switch-inline button: the query to put in the inline box. */
  query?: string;
}

/** A message as the page shows it: plain text and entities, never HTML. */
interface MessageView {
  id: number;
  fromBot: boolean;
  /** "via @bot" for a message sent from an inline result. */
  via?: string;
  text: string;
  entities: BotMessage["entities"];
  buttons: ButtonView[][];
  /** Address of the photo's bytes (or the bot's own URL for a photo sent by URL). */
  photo?: string;
  /** A file the bot sent (an export): its name, size and download address. */
  document?: { name: string; size: number; url: string };
  edited: boolean;
  date: number;
}

/** Thrown for a request the page should not have made; becomes a 400 with the message. */
class BadRequest extends Error {}

/** A known-valid address (and tag) of one coin, for the page's "sample address" picker. */
interface SampleView {
  code: string;
  /** The coin as the bot's buttons name it ("USDT · ERC20"), so the picker reads the same. */
  label: string;
  network: string;
  address: string;
  /** The tag's name and a valid tag, for a coin that needs one. */
  tag?: { name: string; value: string };
}

/**
 * Sample addresses of the small catalog's coins that can be exchanged (the large catalog's
 * hundreds of generated tokens would make the list useless; its sample addresses follow the same
 * formats, see README).
 */
function samplesOf(sandbox: SandboxServer): SampleView[] {
  const tickers = displayTickers(SANDBOX_COINS);
  return SANDBOX_COINS.filter((c) => c.available && c.listed).flatMap((c) => {
    const address = sandbox.catalog.sampleAddress(c.code);
    if (address === undefined) return [];
    const tag = sandbox.catalog.sampleTag(c.code);
    const label = coinLabel({ code: c.code, network: c.network, ticker: tickers.get(c.code.toUpperCase()) });
    return [{ code: c.code, label, network: c.network, address, ...(tag ? { tag: { name: c.tagname, value: tag } } : {}) }];
  });
}

/** A JSON answer of the control API. */
interface Reply {
  status: number;
  body: unknown;
}
const ok = (body: unknown): Reply => ({ status: 200, body });
const NOT_FOUND: Reply = { status: 404, body: { error: "not found" } };

function buttonView(b: InlineButton): ButtonView {
  if (typeof b.callback_data === "string") return { text: b.text, kind: "callback", data: b.callback_data };
  if (typeof b.url === "string") return { text: b.text, kind: "url", url: b.url };
  const query = typeof b.switch_inline_query_current_chat === "string" ? b.switch_inline_query_current_chat : b.switch_inline_query;
  if (typeof query === "string") return { text: b.text, kind: "inline", query };
  if (typeof b.copy_text?.text === "string") return { text: b.text, kind: "copy", copy: b.copy_text.text };
  if (typeof b.web_app?.url === "string") return { text: b.text, kind: "web_app", url: b.web_app.url };
  return { text: b.text, kind: "other" };
}

function messageView(m: BotMessage, botUsername: string): MessageView {
  const view: MessageView = {
    id: m.message_id,
    fromBot: m.from_bot,
    text: m.plain,
    entities: m.entities,
    buttons: (m.reply_markup?.inline_keyboard ?? []).map((row) => row.map(buttonView)),
    edited: m.edited,
    date: m.date,
  };
  if (m.via_bot) view.via = `@${botUsername}`;
  if (m.photo !== undefined) {
    if ("bytes" in m.photo) view.photo = `/playground/api/photo/${m.chat_id}/${m.message_id}`;
    else if (/^https?:\/\//i.test(m.photo.url)) view.photo = m.photo.url;
  }
  if (m.document !== undefined) {
    view.document = {
      name: m.document.file_name,
      size: m.document.bytes.length,
      url: `/playground/api/document/${m.chat_id}/${m.message_id}`,
    };
  }
  return view;
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
    return Promise.reject(new BadRequest("the body must be application/json"));
  }
  return readBody(req, MAX_BODY_BYTES, () => new BadRequest("body too large")).then((body) => {
    let value: unknown;
    try {
      value = JSON.parse(body.toString("utf8") || "{}");
    } catch {
      throw new BadRequest("the body must be a JSON object");
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new BadRequest("the body must be a JSON object");
    return value as Record<string, unknown>;
  });
}

function str(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (typeof v !== "string") throw new BadRequest(`${key} must be a string`);
  return v;
}

function int(body: Record<string, unknown>, key: string): number {
  const v = body[key];
  if (typeof v !== "number" || !Number.isSafeInteger(v)) throw new BadRequest(`${key} must be an integer`);
  return v;
}

/** Starts the playground on loopback. */
export async function startPlayground(opts: PlaygroundOptions): Promise<Playground> {
  const { emulator, sandbox, app, logger, features } = opts;
  /** The last move of the sandbox's rates from the page, for the page to show. */
  let ratesMovedPercent = 0;
  const languages = new Map<number, string>();
  const people = new Map<number, TestUser>();
  for (const spec of [PLAYGROUND_USER, PLAYGROUND_ADMIN]) {
    people.set(spec.id, emulator.user({ ...spec, language_code: "en" }));
    languages.set(spec.id, "en");
  }

  const person = (body: Record<string, unknown>): TestUser => {
    const found = people.get(int(body, "user"));
    if (found === undefined) throw new BadRequest("unknown user: the playground has Alice (1001) and Support (9001)");
    return found;
  };

  /** What the bot set with setMyCommands for this person, most specific scope first, as Telegram resolves it. */
  const commandsFor = (userId: number, language: string): BotCommand[] => {
    const scopes = [{ type: "chat", chat_id: userId }, { type: "all_private_chats" }, { type: "default" }];
    for (const scope of scopes) {
      for (const lang of [language, undefined]) {
        const list = emulator.commands(scope, lang);
        if (list !== undefined && list.length > 0) return list;
      }
    }
    return [];
  };

  /**
   * The chat as the page shows it. `language` is the one the bot speaks to the person: their
   * /language choice (read from the bot's store), else the Telegram app's (`appLanguage`), so the
   * page follows a /language typed or tapped in the chat, not only its own switch.
   */
  const chatSnapshot = async (userId: number): Promise<Record<string, unknown>> => {
    const user = people.get(userId);
    if (user === undefined) throw new BadRequest("unknown user");
    const appLanguage = languages.get(userId) ?? "en";
    const chosen = supportedLocale((await app?.store.users.get(userId))?.languageCode);
    const messages = user.chat.all().map((m) => messageView(m, emulator.bot.username));
    const inline = user.lastInlineAnswer();
    const callback = user.lastCallbackAnswer();
    return {
      user: { id: user.id, name: user.info.first_name, language: chosen ?? appLanguage, appLanguage },
      messages,
      // Telegram picks the command list by the app's language, whatever the bot speaks.
      commands: commandsFor(userId, appLanguage),
      inline:
        inline === undefined
          ? null
          : {
              query: inline.query,
              results: inline.results.map((r) => ({
                id: r.id,
                title: "title" in r && typeof r.title === "string" ? r.title : r.id,
                description: "description" in r && typeof r.description === "string" ? r.description : "",
              })),
            },
      toast:
        callback?.text === undefined ? null : { id: callback.callback_query_id, text: callback.text, alert: callback.show_alert === true },
    };
  };

  const ordersSnapshot = (): Promise<Record<string, unknown>[]> =>
    Promise.all(
      sandbox.orders
        .list()
        .reverse()
        .map(async (o) => {
          const record = await app?.store.exchanges.get(o.id);
          const owner = record === undefined ? undefined : people.get(record.userId)?.info.first_name;
          return {
            id: o.id,
            from: o.from,
            to: o.to,
            amountFrom: o.amountFrom,
            expectedAmountTo: o.expectedAmountTo,
            status: o.status,
            final: TERMINAL_STATUSES.has(o.status),
            owner: owner ?? null,
            history: o.history.map((h) => h.status),
          };
        }),
    );

  const miniApp = miniAppRoutes({
    emulator,
    sandbox,
    webAppUrl: opts.webAppUrl,
    person: (id) => people.get(id),
    languageOf: (id) => languages.get(id) ?? "en",
  });
  // The Mini App's frame is the one thing the page loads from elsewhere: the bot's own address.
  const frameSrc = opts.webAppUrl === undefined ? "'none'" : new URL(opts.webAppUrl).origin;

  // --- live updates ---
  const streams = new Set<ServerResponse>();
  let eventTimer: NodeJS.Timeout | undefined;
  const announce = (): void => {
    if (eventTimer !== undefined || streams.size === 0) return;
    eventTimer = setTimeout(() => {
      eventTimer = undefined;
      for (const res of streams) res.write("event: change\ndata: {}\n\n");
    }, EVENT_COALESCE_MS);
  };
  const unsubscribe = emulator.state.onChange(announce);
  const heartbeat = setInterval(() => {
    for (const res of streams) res.write(": ping\n\n");
  }, HEARTBEAT_MS);
  heartbeat.unref();

  /** After a panel action: check statuses now rather than at the next tick, so the push follows the press. */
  const nudgePoller = (): void => {
    announce();
    app?.poller.runCycle({ all: true }).then(announce, (err: unknown) => logger?.warn({ err }, "status check after a panel action failed"));
  };

  // --- HTTP ---
  const sendJson = (res: ServerResponse, status: number, body: unknown): void => {
    const json = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(json),
      "cache-control": "no-store",
    });
    res.end(json);
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refused = foreignRequest(req, port, opts.host);
    if (refused !== undefined) {
      sendJson(res, 403, { error: refused });
      return;
    }
    const url = new URL(req.url ?? "/", "http://playground.invalid");
    const path = url.pathname;
    const method = req.method ?? "GET";

    const asset = STATIC[path];
    if (asset !== undefined && method === "GET") {
      const bytes = await readFile((asset.dir ?? PAGE_DIR) + asset.file);
      res.writeHead(200, {
        "content-type": asset.type,
        "content-length": bytes.length,
        "cache-control": "no-cache",
        // The page loads only its own files and images: no inline script, nothing from elsewhere.
        "content-security-policy": `default-src 'self'; img-src 'self' https: data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-src ${frameSrc}`,
        "x-content-type-options": "nosniff",
      });
      res.end(bytes);
      return;
    }
    const font = method === "GET" ? await emojiFontAsset(path) : undefined;
    if (font !== undefined) {
      res.writeHead(200, {
        "content-type": font.type,
        "content-length": font.bytes.length,
        "cache-control": font.cache,
        "x-content-type-options": "nosniff",
      });
      res.end(font.bytes);
      return;
    }

    if (!path.startsWith("/playground/api/")) {
      sendJson(res, 404, NOT_FOUND.body);
      return;
    }
    const rest = path.slice("/playground/api/".length).split("/").map(decodeURIComponent);
    let reply: Reply | "sent";
    if (rest[0] === "mini-app")
      reply = (await miniApp(method, rest.slice(1), method === "POST" ? await readJson(req) : undefined)) ?? NOT_FOUND;
    else if (method === "GET") reply = await answerGet(rest, req, res);
    else if (method === "POST") reply = answerPost(rest, await readJson(req));
    else reply = { status: 405, body: { error: "method not allowed" } };
    if (reply !== "sent") sendJson(res, reply.status, reply.body);
  };

  /** A GET of the control API; "sent" when it wrote the response itself (a photo, the event stream). */
  const answerGet = async (rest: string[], req: IncomingMessage, res: ServerResponse): Promise<Reply | "sent"> => {
    switch (rest[0]) {
      case "people":
        return ok({
          bot: { username: emulator.bot.username, name: emulator.bot.first_name },
          people: [
            { id: PLAYGROUND_USER.id, name: PLAYGROUND_USER.first_name, role: "user" },
            { id: PLAYGROUND_ADMIN.id, name: PLAYGROUND_ADMIN.first_name, role: "admin" },
          ],
          languages: LANGUAGES,
          failures: FAILURES,
        });
      case "chat":
        return ok(await chatSnapshot(Number(rest[1])));
      case "orders":
        return ok({ orders: await ordersSnapshot() });
      case "samples":
        return ok({ samples: samplesOf(sandbox) });
      case "features":
        return ok({
          names: features === undefined ? [] : PARTNER_FEATURE_NAMES,
          on: PARTNER_FEATURE_NAMES.filter((n) => features?.has(n)),
          ratesMovedPercent,
        });
      case "photo": {
        const message = emulator.chat(Number(rest[1])).byId(Number(rest[2]));
        const photo = message?.photo;
        if (photo === undefined || !("bytes" in photo)) return { status: 404, body: { error: "no such photo" } };
        res.writeHead(200, {
          "content-type": photo.mime,
          "content-length": photo.bytes.length,
          "cache-control": "no-cache",
          "x-content-type-options": "nosniff",
        });
        res.end(photo.bytes);
        return "sent";
      }
      case "document": {
        const message = emulator.chat(Number(rest[1])).byId(Number(rest[2]));
        const document = message?.document;
        if (document === undefined) return { status: 404, body: { error: "no such document" } };
        // A download, never shown in the page: the file is what the bot sent, bytes as they are.
        const name = document.file_name.replace(/[^\w.-]/g, "_");
        res.writeHead(200, {
          "content-type": document.mime_type,
          "content-length": document.bytes.length,
          "content-disposition": `attachment; filename="${name}"`,
          "cache-control": "no-cache",
          "x-content-type-options": "nosniff",
        });
        res.end(document.bytes);
        return "sent";
      }
      case "events": {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
        res.write("retry: 1000\n\nevent: change\ndata: {}\n\n");
        streams.add(res);
        req.on("close", () => streams.delete(res));
        return "sent";
      }
    }
    return NOT_FOUND;
  };

  /** A POST of the control API: what a person does, or a move in the side panel. */
  const answerPost = (rest: string[], body: Record<string, unknown>): Reply => {
    switch (rest[0]) {
      case "send": {
        const text = str(body, "text");
        if (text.trim() === "") throw new BadRequest("empty message");
        return ok({ update_id: person(body).sendText(text).update_id });
      }
      case "press":
        return ok({ update_id: person(body).pressButton(int(body, "message_id"), str(body, "data")).update_id });
      case "inline":
        return ok({ update_id: person(body).inlineQuery(str(body, "query"), { chatType: "private" }).update_id });
      case "choose":
        return ok({ update_id: person(body).chooseInlineResult(str(body, "result_id")).update_id });
      case "language": {
        const user = person(body);
        const language = str(body, "language");
        if (!(LANGUAGES as readonly string[]).includes(language)) throw new BadRequest(`language must be one of ${LANGUAGES.join(", ")}`);
        // The Telegram app's language: the bot sees it in `from.language_code` of the next update.
        emulator.user({ id: user.id, language_code: language });
        languages.set(user.id, language);
        // Telegram tells a bot nothing when the app's language changes, and a language chosen
        // earlier with /language would win over it anyway; so the switch also tells the bot, as a
        // person would, and the bot confirms in the new language at once.
        const update = user.sendText(`/language ${language}`);
        announce();
        return ok({ language, update_id: update.update_id });
      }
      case "features": {
        if (features === undefined) return NOT_FOUND;
        const name = str(body, "name");
        if (!(PARTNER_FEATURE_NAMES as readonly string[]).includes(name))
          throw new BadRequest(`name must be one of ${PARTNER_FEATURE_NAMES.join(", ")}`);
        if (typeof body.on !== "boolean") throw new BadRequest("on must be true or false");
        if (body.on) features.add(name as PartnerFeature);
        else features.delete(name as PartnerFeature);
        announce();
        return ok({ on: PARTNER_FEATURE_NAMES.filter((n) => features.has(n)) });
      }
      case "rates": {
        const percent = body.percent;
        if (typeof percent !== "number" || !Number.isFinite(percent) || percent <= -100 || percent > 1000)
          throw new BadRequest("percent must be a number above -100 and at most 1000");
        sandbox.moveRates(percent);
        ratesMovedPercent = percent;
        announce();
        return ok({ ratesMovedPercent });
      }
      case "orders": {
        const id = rest[1] ?? "";
        if (sandbox.orders.get(id) === undefined) return { status: 404, body: { error: "no such order" } };
        if (rest[2] === "advance") {
          const order = sandbox.orders.advance(id);
          nudgePoller();
          return ok({ status: order.status });
        }
        if (rest[2] === "late") {
          // A deposit that came after the order expired: the service holds it for the person's choice.
          const status = sandbox.orders.get(id)?.status;
          if (status !== "waiting_deposit" && status !== "time_expired")
            throw new BadRequest(`a late deposit needs an order waiting for its deposit or expired, not ${status ?? "none"}`);
          const late = sandbox.orders.lateDeposit(id);
          nudgePoller();
          return ok({ status: late.status });
        }
        if (rest[2] === "fail") {
          const status = str(body, "status");
          if (!(FAILURES as readonly string[]).includes(status)) throw new BadRequest(`status must be one of ${FAILURES.join(", ")}`);
          const order = sandbox.orders.fail(id, status as FailureStatus);
          nudgePoller();
          return ok({ status: order.status });
        }
      }
    }
    return NOT_FOUND;
  };

  /** The port listened on, known once listening (opts.port may be 0). */
  let port = 0;
  const server: Server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      // The emulator's people throw plain Errors for impossible actions ("no button with …"):
      // those are the page's mistakes, said back as 400; anything else is ours.
      const message = err instanceof Error ? err.message : String(err);
      if (!(err instanceof BadRequest)) logger?.debug({ err }, "playground request failed");
      sendJson(res, err instanceof Error ? 400 : 500, { error: message });
    });
  });
  const url = await listen(server, opts.port, opts.host);
  port = Number(new URL(url).port);

  let closing: Promise<void> | undefined;
  return {
    url,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(eventTimer);
        for (const res of streams) res.end();
        streams.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
