/** Long polling over real HTTP: held requests, offsets, allowed_updates, conflicts and close. */
import { describe, expect, it } from "vitest";
import { rejection, useEmulator } from "./helpers.js";

const { start, emu, api } = useEmulator();

describe("getUpdates", () => {
  it("answers at once when updates are pending, and the offset confirms them", async () => {
    await start();
    const user = emu().user({ id: 1, first_name: "A" });
    const a = user.sendText("/start ref_42");
    const b = user.sendText("hello");
    const first = await api().getUpdates({ timeout: 30 });
    expect(first.map((u) => u.update_id)).toEqual([a.update_id, b.update_id]);
    expect(first[0]?.message).toMatchObject({
      text: "/start ref_42",
      entities: [{ type: "bot_command", offset: 0, length: 6 }],
      from: { id: 1, is_bot: false, first_name: "A" },
      chat: { id: 1, type: "private" },
    });
    expect(first[1]?.message?.entities).toBeUndefined();
    // Unconfirmed updates come again; confirmed ones do not.
    expect((await api().getUpdates({ timeout: 0 })).length).toBe(2);
    expect(await api().getUpdates({ offset: b.update_id! + 1, timeout: 0 })).toEqual([]);
    expect(emu().pendingUpdates()).toBe(0);
  });

  it("holds the request until a user writes, then returns that update", async () => {
    await start();
    const user = emu().user({ id: 1 });
    const held = api().getUpdates({ timeout: 30 });
    await emu().waitFor(() => emu().isPolling());
    expect(emu().callsOf("getUpdates")).toEqual([]); // still held: recorded only when answered
    const sent = user.sendText("hi");
    const updates = await held;
    expect(updates.map((u) => [u.update_id, u.message?.text])).toEqual([[sent.update_id, "hi"]]);
    expect(emu().isPolling()).toBe(false);
  });

  it("honours the timeout: an empty answer when nothing arrives", async () => {
    await start();
    const t0 = Date.now();
    expect(await api().getUpdates({ timeout: 1 })).toEqual([]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
  });

  it("honours limit and negative offsets", async () => {
    await start();
    const user = emu().user({ id: 1 });
    const ids = ["a", "b", "c"].map((t) => user.sendText(t).update_id);
    expect((await api().getUpdates({ limit: 1 })).map((u) => u.update_id)).toEqual([ids[0]]);
    expect((await api().getUpdates({ offset: -1 })).map((u) => u.update_id)).toEqual([ids[2]]);
  });

  it("delivers only allowed_updates", async () => {
    await start();
    const user = emu().user({ id: 1 });
    user.inlineQuery("btc");
    const text = user.sendText("x");
    const updates = await api().getUpdates({ allowed_updates: ["message"] });
    expect(updates.map((u) => u.update_id)).toEqual([text.update_id]);
  });

  it("tells waiters when the client gives up a held request, with nothing else happening", async () => {
    await start();
    const giveUp = new AbortController();
    // A plain fetch: grammY types its signal with a shim that Node's AbortSignal does not satisfy.
    const held = fetch(`${emu().apiRoot}/bot${emu().token}/getUpdates?timeout=30`, { method: "POST", signal: giveUp.signal });
    await emu().waitFor(() => emu().isPolling());
    giveUp.abort();
    await expect(held).rejects.toThrow();
    // A killed bot's connection closes like this one; no later call must be needed to notice it.
    await emu().waitFor(() => !emu().isPolling(), 2_000);
  });

  it("ends an older held request with 409 when a newer one arrives", async () => {
    await start();
    const older = api().getUpdates({ timeout: 30 });
    await emu().waitFor(() => emu().isPolling());
    const newer = api().getUpdates({ timeout: 30 });
    const err = await rejection(older);
    expect(err.error_code).toBe(409);
    expect(err.description).toMatch(/^Conflict: terminated by other getUpdates request/);
    const sent = emu().user({ id: 1 }).sendText("x");
    expect((await newer).map((u) => u.update_id)).toEqual([sent.update_id]);
  });

  it("close() answers a held request with an empty list", async () => {
    await start();
    const held = api().getUpdates({ timeout: 30 });
    await emu().waitFor(() => emu().isPolling());
    await emu().close();
    expect(await held).toEqual([]);
  });

  it("drops pending updates on deleteWebhook({ drop_pending_updates: true })", async () => {
    await start();
    emu().user({ id: 1 }).sendText("old");
    await api().deleteWebhook({ drop_pending_updates: true });
    expect(await api().getUpdates()).toEqual([]);
  });
});
