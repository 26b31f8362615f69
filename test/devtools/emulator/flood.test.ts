/**
 * Flood limits: about one message per second into a chat after a short burst (five), twenty a minute into
 * a group, thirty a second overall; past them a 429 with retry_after, exactly as Telegram words it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { rejection, useEmulator } from "./helpers.js";

describe("flood limits over HTTP", () => {
  describe("with flood limits on", () => {
    const { start, emu, api } = useEmulator({ floodLimits: true });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("answers the sixth quick message into a chat with 429 and retry_after, and takes it a second later", async () => {
      // The limits read the clock; only the clock is faked, so HTTP and its timers run as ever.
      vi.useFakeTimers({ toFake: ["Date"] });
      const e = await start();
      expect(e.floodLimits).toMatchObject({ perChatPerSecond: 1, perChatBurst: 5, globalPerSecond: 30 });
      emu().user({ id: 5 }).sendText("/start");
      for (const text of ["a", "b", "c", "d", "e"]) await api().sendMessage(5, text);
      const res = await fetch(`${emu().apiRoot}/bot${emu().token}/sendMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ chat_id: 5, text: "f" }),
      });
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 1",
        parameters: { retry_after: 1 },
      });
      expect(emu().chat(5).count()).toBe(5);
      vi.advanceTimersByTime(999);
      expect((await rejection(api().sendMessage(5, "f"))).error_code, "still within the second").toBe(429);
      vi.advanceTimersByTime(1);
      await api().sendMessage(5, "f");
      expect(
        emu()
          .chat(5)
          .messages()
          .map((m) => m.plain),
      ).toEqual(["a", "b", "c", "d", "e", "f"]);
    });

    it("checks the request before the limit: a bad one is still 400", async () => {
      await start();
      emu().user({ id: 5 }).sendText("/start");
      for (const text of ["a", "b", "c", "d", "e"]) await api().sendMessage(5, text);
      expect((await rejection(api().sendMessage(5, "<b>x", { parse_mode: "HTML" }))).error_code).toBe(400);
      expect((await rejection(api().sendMessage(5, "x"))).error_code).toBe(429);
    });
  });

  describe("by default", () => {
    const { start, emu, api } = useEmulator();
    it("does not pace the bot", async () => {
      const e = await start();
      expect(e.floodLimits).toBeUndefined();
      emu().user({ id: 5 }).sendText("/start");
      for (let i = 0; i < 40; i++) await api().sendMessage(5, `m${i}`);
      expect(emu().chat(5).count()).toBe(40);
    });
  });
});
