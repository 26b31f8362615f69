import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BotError, GrammyError, HttpError } from "grammy";
import { createLogger } from "../src/log.js";
import { AnswerTooLargeError } from "../src/http/pooled-fetch.js";
import { PartnerError } from "../src/partner/errors.js";
import { redactSecrets, redactUrlCredentials } from "../src/partner/redact.js";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, destination };
}

describe("logger redaction", () => {
  const token = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
  const key = "partner key/with+chars";

  it("scrubs secrets, URL-encoded forms included, from any text", () => {
    const text = `GET https://x/api/v1/rate?key=${encodeURIComponent(key)} bot${token}/getMe ${key}`;
    const out = redactSecrets(text, [token, key]);
    expect(out).not.toContain(token);
    expect(out).not.toContain(key);
    expect(out).not.toContain(encodeURIComponent(key));
    expect(out).toContain("key=***");
  });

  it("never writes a secret, whether in the message, a field, or an error", async () => {
    const { lines, destination } = capture();
    const quoted = 'quo"te\\key';
    const logger = createLogger({ level: "info", secrets: [token, key, quoted], destination });
    logger.info({ note: `holds ${quoted}` }, "json-escaped secret");
    logger.info({ url: `https://api.telegram.org/bot${token}/getMe` }, `calling with ${key}`);
    logger.error({ err: new Error(`failed at ?key=${encodeURIComponent(key)}`) }, "boom");
    logger.info({ key: "field-named-key", nested: { token: "field-named-token" } }, "fields");
    await new Promise((r) => setImmediate(r));
    const all = lines.join("");
    expect(lines.length).toBe(4);
    expect(all).not.toContain(JSON.stringify(quoted).slice(1, -1));
    for (const secret of [token, key, encodeURIComponent(key), "field-named-key", "field-named-token"]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain("calling with ***");
  });

  it("never writes a database password: known, inside any URL, or in a field that holds a URL", async () => {
    const { lines, destination } = capture();
    const password = "db-P@ss/word";
    const written = encodeURIComponent(password);
    const url = `postgres://bot:${written}@db.internal:5432/bot`;
    const logger = createLogger({ level: "info", secrets: [written, password], destination });
    logger.info({ databaseUrl: url }, "field");
    logger.error({ err: new Error(`connect failed: ${url}`) }, "error");
    logger.info(`the raw password ${password}`);
    // A password too short to be a known secret is still cut out of a URL.
    logger.info({ note: "postgresql://u:pw@h/db and postgres://u:x@h" }, "short");
    await new Promise((r) => setImmediate(r));
    const all = lines.join("");
    expect(lines.length).toBe(4);
    for (const secret of [password, written, ":pw@", ":x@"]) expect(all).not.toContain(secret);
    expect(all).toContain("postgres://bot:***@db.internal:5432/bot");
    expect(all).toContain("postgresql://u:***@h/db");
  });

  it("cuts only the password out of a URL's credentials", () => {
    expect(redactUrlCredentials("at postgres://bot:secret@h:5432/db, then https://api.telegram.org/bot1:AA/getMe")).toBe(
      "at postgres://bot:***@h:5432/db, then https://api.telegram.org/bot1:AA/getMe",
    );
    expect(redactUrlCredentials("http://host:8080/path user:name@mail")).toBe("http://host:8080/path user:name@mail");
  });
});

describe("errors in log lines", () => {
  const address = "0x52908400098527886E0F7030069857D2E4169EE7";

  async function logged(write: (logger: ReturnType<typeof createLogger>) => void): Promise<Record<string, unknown>> {
    const { lines, destination } = capture();
    write(createLogger({ level: "info", secrets: [], destination }));
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    return JSON.parse(lines[0]!) as Record<string, unknown>;
  }

  it("keep grammY's method, code, description and parameters, and drop the request it failed", async () => {
    const payload = { chat_id: 42, text: `Send to <code>${address}</code>`, parse_mode: "HTML" };
    const err = new GrammyError(
      "Call to 'sendMessage' failed!",
      { ok: false, error_code: 429, description: "Too Many Requests: retry after 3", parameters: { retry_after: 3 } },
      "sendMessage",
      payload,
    );
    const line = await logged((logger) => logger.error({ err, chatId: 42 }, "refused"));
    expect(line.err).toEqual({
      type: "GrammyError",
      message: "Call to 'sendMessage' failed! (429: Too Many Requests: retry after 3)",
      stack: expect.stringContaining("GrammyError") as string,
      name: "GrammyError",
      method: "sendMessage",
      ok: false,
      error_code: 429,
      description: "Too Many Requests: retry after 3",
      parameters: { retry_after: 3 },
    });
    expect(JSON.stringify(line)).not.toContain(address);
  });

  it("follow wrapped errors (a BotError's, an HttpError's, a cause) and drop a BotError's update", async () => {
    const cut = new AnswerTooLargeError("getUpdates", 1024);
    const http = new HttpError("Network request for 'getUpdates' failed!", cut);
    const ctx = { update: { message: { text: `my address is ${address}` } } };
    const botError = new BotError(new Error("handler failed", { cause: http }), ctx as never);
    const line = await logged((logger) => logger.error(botError));
    const text = JSON.stringify(line);
    expect(text).not.toContain(address);
    expect(line.err).toMatchObject({
      type: "BotError",
      error: {
        type: "Error",
        message: "handler failed",
        cause: {
          type: "HttpError",
          error: { type: "AnswerTooLargeError", call: "getUpdates", limitBytes: 1024 },
        },
      },
    });
  });

  it("keep a PartnerError's kind, endpoint and status, and of any other error only numbers, flags, ids and known names", async () => {
    const partner = new PartnerError({ kind: "http", endpoint: "rate", status: 502, message: "HTTP 502" });
    const other = Object.assign(new Error("write failed"), {
      code: "EACCES",
      errno: -13,
      exchangeId: "ab12",
      body: address,
      request: { address },
    });
    const aggregate = new AggregateError([partner, other], "both failed");
    const line = await logged((logger) => logger.warn({ err: aggregate }, "failed"));
    expect(JSON.stringify(line)).not.toContain(address);
    expect(line.err).toMatchObject({
      type: "AggregateError",
      errors: [
        { type: "PartnerError", kind: "http", endpoint: "rate", status: 502 },
        { type: "Error", code: "EACCES", errno: -13, exchangeId: "ab12" },
      ],
    });
  });
});
