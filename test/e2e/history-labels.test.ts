/**
 * /history's buttons (issue 24's playground findings): two exchanges of the same pair and amount
 * on the same day were two identical buttons; each now says its time too.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.js";
import { ChatDriver } from "./chat-driver.js";
import { finishedExchange } from "./fixtures.js";

describe("/history's buttons", () => {
  let h: Harness;

  beforeEach(async () => {
    h = await startHarness({ env: { POLL_INTERVAL_MS: "3600000" } });
  });
  afterEach(async () => {
    await h.close();
  });

  it("tell apart two exchanges of the same pair, amount and day by their time", async () => {
    const chat = new ChatDriver(h, h.emulator.user({ id: 2425, first_name: "Hal", language_code: "en" }));
    for (const [id, at] of [
      ["same0001", "2026-11-26T09:05:00.000Z"],
      ["same0002", "2026-11-26T17:40:00.000Z"],
    ] as const) {
      await h.app.store.exchanges.insert(finishedExchange(id, 2425, at));
    }
    const list = await chat.send("/history", "Your exchanges");
    expect(list.plain).toContain("Times are UTC");
    const labels = list.buttons().map((b) => b.text);
    expect(labels).toEqual([expect.stringContaining("2026-11-26 17:40"), expect.stringContaining("2026-11-26 09:05")]);
    expect(new Set(labels).size).toBe(2);
  });
});
