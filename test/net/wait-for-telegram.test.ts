import { describe, expect, it } from "vitest";
import { backoffDelay, hostOf } from "../../src/net/wait-for-telegram.js";

describe("start-up wait for Telegram", () => {
  it("backs off 1 s doubling, capped at 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, 1_000, 30_000))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("names only the host of a Bot API address, never the token in its path", () => {
    expect(hostOf("https://api.telegram.org/bot123456:SECRET/getMe")).toBe("api.telegram.org");
    expect(hostOf("http://127.0.0.1:8081")).toBe("127.0.0.1:8081");
    expect(hostOf("not a url 123456:SECRET")).not.toContain("SECRET");
  });
});
