import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/log.js";
import { redactSecrets } from "../src/partner/redact.js";

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
});
