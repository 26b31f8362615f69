import { describe, expect, it } from "vitest";
import { redactSecrets, redactUrl } from "../../src/partner/redact.js";

describe("redactUrl", () => {
  it("masks the key query parameter wherever it sits", () => {
    expect(redactUrl("http://h/api/v1/rate?key=abc123&from=BTC")).toBe("http://h/api/v1/rate?key=***&from=BTC");
    expect(redactUrl("http://h/api/v1/rate?from=BTC&key=abc123")).toBe("http://h/api/v1/rate?from=BTC&key=***");
    expect(redactUrl("GET http://h/x?KEY=s3cr3t#frag failed")).toBe("GET http://h/x?KEY=***#frag failed");
  });

  it("masks given secrets anywhere, raw or URL-encoded", () => {
    const secret = "p@ss/word+1";
    const text = `a ${secret} b ${encodeURIComponent(secret)} c`;
    expect(redactUrl(text, [secret])).toBe("a *** b *** c");
  });

  it("leaves text without secrets alone and ignores too-short secrets", () => {
    expect(redactUrl("http://h/api/v1/pairs?monkey=1")).toBe("http://h/api/v1/pairs?monkey=1");
    expect(redactSecrets("a b c", ["a"])).toBe("a b c");
  });
});
