/**
 * The Mini App on the bot's own HTTP server (the webhook's port, or PORT's in polling mode): the
 * page under /app/ (static files, a strict Content-Security-Policy, framed only by Telegram's
 * clients and, in sandbox mode, the playground), and its questions as POST /app/api/<name>.
 *
 * Every question carries the page's signed launch data (person.ts): missing, forged, expired or
 * another bot's gets 401 and is never read further. A body is read up to {@link MAX_BODY_BYTES};
 * a person's requests count in the same per-person budget as their messages (a quote in the
 * quotes' budget), and over it get 429 with the chat's words.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../log.js";
import { readBody } from "../net/read-body.js";
import { supportedLocale, type SupportedLocale, type Translate, type Translator } from "../messages/i18n.js";
import type { ExchangeDeps } from "../exchange/deps.js";
import { QUESTIONS, type Answer, type ApiScope } from "./api.js";
import { personOf } from "./person.js";
import { plainOf } from "../messages/html.js";
import { WEBAPP_STRINGS } from "./strings.js";

/** The longest request body read: a create with two long addresses and tags is under 4 KB. */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * The page's modules that the playground's page imports too (its element builder, its copy to the
 * clipboard): one copy here, served by the playground from this folder under its own policy.
 */
export const SHARED_PAGE_MODULES: readonly string[] = ["element.js", "clipboard.js"];

/** The page's files, by the name they are asked for under /app/. Nothing else is served. */
const PAGE_FILES: Readonly<Record<string, { file: string; type: string }>> = {
  "": { file: "index.html", type: "text/html; charset=utf-8" },
  "index.html": { file: "index.html", type: "text/html; charset=utf-8" },
  "app.js": { file: "app.js", type: "text/javascript; charset=utf-8" },
  "style.css": { file: "style.css", type: "text/css; charset=utf-8" },
  "telegram.js": { file: "telegram.js", type: "text/javascript; charset=utf-8" },
  "qr-uri.js": { file: "qr-uri.js", type: "text/javascript; charset=utf-8" },
  ...Object.fromEntries(SHARED_PAGE_MODULES.map((name) => [name, { file: name, type: "text/javascript; charset=utf-8" }])),
};

/**
 * The page's folder, resolved from this file so that both `src/` (tsx) and `dist/` (built) find
 * the same one. The playground serves {@link SHARED_PAGE_MODULES} from here too.
 */
export const WEBAPP_PAGE_DIR = fileURLToPath(new URL("../../src/webapp/page/", import.meta.url));

/** Questions that ask the service for a quote: counted in the person's quote budget too. */
const QUOTING: ReadonlySet<string> = new Set(["quote", "networks", "create"]);

export interface WebAppOptions {
  deps: ExchangeDeps;
  /** The bot's token: launch data is signed with a key made from it. */
  botToken: string;
  /** Translates in any of our languages. */
  t: Translator;
  /** The language a person chose with /language, if any (else their Telegram app's). */
  chosenLanguage: (userId: number) => Promise<string | undefined>;
  limits: { admitRequest(personId: number): Promise<boolean>; admitQuote(personId: number): Promise<boolean> };
  logger: Logger;
  /** Origins allowed to show the page in a frame, besides Telegram's own web clients (the playground). */
  frameAncestors?: readonly string[];
}

/** Telegram's web clients frame Mini Apps from these origins. */
const TELEGRAM_FRAMES = ["https://web.telegram.org", "https://*.telegram.org"];

/** Answers the request if it is the Mini App's; resolves false (nothing written) otherwise. */
export function webAppHandler(opts: WebAppOptions): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const frames = [...TELEGRAM_FRAMES, ...(opts.frameAncestors ?? [])].join(" ");
  const policy = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frames}`,
  ].join("; ");

  return async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (path !== "/app" && !path.startsWith("/app/")) return false;
    if (path.startsWith("/app/api/")) {
      await answerQuestion(opts, path.slice("/app/api/".length), req, res);
      return true;
    }
    const asset = PAGE_FILES[path.slice("/app/".length)];
    if (asset === undefined || (req.method !== "GET" && req.method !== "HEAD")) {
      send(res, asset === undefined ? 404 : 405, "text/plain; charset=utf-8", asset === undefined ? "not found\n" : "method not allowed\n");
      return true;
    }
    const bytes = await readFile(WEBAPP_PAGE_DIR + asset.file);
    res.writeHead(200, {
      "content-type": asset.type,
      "content-length": bytes.length,
      "content-security-policy": policy,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-cache",
    });
    res.end(req.method === "HEAD" ? undefined : bytes);
    return true;
  };
}

/** One question of the page: checked, limited, answered as JSON. */
async function answerQuestion(opts: WebAppOptions, name: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const question = Object.hasOwn(QUESTIONS, name) ? QUESTIONS[name] : undefined;
  if (req.method !== "POST") {
    json(res, 405, { error: "method not allowed" });
    return;
  }
  if (question === undefined) {
    json(res, 404, { error: "no such question" });
    return;
  }
  const person = await personOf(req.headers.authorization, opts.botToken);
  if ("refused" in person) {
    // What was wrong is logged, never the data itself.
    opts.logger.info({ question: name, reason: person.refused }, "mini app: a request without valid launch data, refused");
    req.resume();
    // What the page shows instead of the form, in the browser's language: it knows no person yet.
    const said = opts.t(browserLocale(req.headers["accept-language"]), "webapp-open-in-telegram");
    json(res, 401, { error: "unauthorized", message: plainOf(said) });
    return;
  }
  const body = await readJson(req);
  if (body === "too large" || body === "not json") {
    json(res, body === "too large" ? 413 : 400, { error: body });
    return;
  }
  const locale: SupportedLocale = supportedLocale((await opts.chosenLanguage(person.id)) ?? person.languageCode) ?? "en";
  const t: Translate = (key, vars) => opts.t(locale, key, vars);
  const admitted = (await opts.limits.admitRequest(person.id)) && (!QUOTING.has(name) || (await opts.limits.admitQuote(person.id)));
  if (!admitted) {
    json(res, 429, { error: plainOf(t(QUOTING.has(name) ? "rates-too-fast-description" : "limit-too-fast")) });
    return;
  }
  const scope: ApiScope = {
    deps: opts.deps,
    userId: person.id,
    t,
    ...(person.startParam === undefined ? {} : { startParam: person.startParam }),
  };
  try {
    const answer: Answer = await question(scope, body);
    if (name === "session") Object.assign(answer, { lang: locale, firstName: person.firstName, strings: strings(t) });
    json(res, 200, answer);
  } catch (err) {
    opts.logger.error({ err, question: name, userId: person.id }, "mini app: a question failed");
    json(res, 500, { error: plainOf(t("error-generic")) });
  }
}

/** The first of the browser's languages (`Accept-Language`) that we speak, else English. */
function browserLocale(header: string | undefined): SupportedLocale {
  for (const part of (header ?? "").slice(0, 200).split(",")) {
    const found = supportedLocale(part.split(";")[0]);
    if (found !== undefined) return found;
  }
  return "en";
}

/** The page's own words, in the person's language. */
function strings(t: Translate): Record<string, string> {
  return Object.fromEntries(WEBAPP_STRINGS.map((key) => [key, plainOf(t(key))]));
}

/** The request's JSON object, read up to {@link MAX_BODY_BYTES}. */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | "too large" | "not json"> {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
    req.resume();
    return "too large";
  }
  let bytes: Buffer;
  try {
    bytes = await readBody(req, MAX_BODY_BYTES, () => new RangeError("too large"));
  } catch {
    return "too large";
  }
  try {
    const parsed: unknown = JSON.parse(bytes.toString("utf8") || "{}");
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : "not json";
  } catch {
    return "not json";
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  res.end(text);
}

function send(res: ServerResponse, status: number, type: string, text: string): void {
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(text) });
  res.end(text);
}
