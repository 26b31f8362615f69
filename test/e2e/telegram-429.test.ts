/**
 * A 429 from Telegram is waited out (the HTTP-level retry honours retry_after) on both Api instances the bot
 * uses: bot.api (notices, plain handlers) and the Api that conversations build for themselves.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { parsePromText, sumOf } from "../ops/prom-text.js";

describe("Telegram 429, end to end", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000" } });
  });
  afterEach(async () => {
    await h.close();
  });

  it("is waited out inside the exchange conversation", async () => {
    const user = h.emulator.user({ id: 4001, first_name: "Ada", language_code: "en" });
    h.emulator.failNext("sendMessage", { code: 429, retryAfter: 1 });
    user.sendText("/exchange");
    const question = await h.emulator.waitFor(() => user.chat.messages().find((m) => m.plain.includes("Which coin do you send?")), 10_000);
    const sends = h.emulator.callsOf("sendMessage");
    expect(sends[0]!.error?.code).toBe(429);
    expect(sends[1]!.ok).toBe(true);
    expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(900);
    expect(question.buttons().length).toBeGreaterThan(0);
  });

  it("is waited out by a plain command handler", async () => {
    const user = h.emulator.user({ id: 4002, first_name: "Bo", language_code: "en" });
    h.emulator.failNext("sendMessage", { code: 429, retryAfter: 1 });
    user.sendText("/history");
    const reply = await h.emulator.waitFor(() => user.chat.last(), 10_000);
    expect(reply.plain).toContain("You have no exchanges yet");
    const sends = h.emulator.callsOf("sendMessage");
    expect(sends.map((c) => c.error?.code ?? 200)).toEqual([429, 200]);
    // Waited out below the Api, it is no error to the handler, but the metrics count it.
    const metrics = parsePromText(await h.app.ops.metrics.render());
    expect(sumOf(metrics, "telegram_api_retried_failures_total", { reason: "429" })).toBe(1);
    expect(sumOf(metrics, "telegram_api_errors_total", { code: "429" })).toBe(0);
  });
});
