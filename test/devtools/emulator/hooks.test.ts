/**
 * The emulator's test hooks: `onApiCall` sees each call after it took effect and before the bot
 * gets the answer; `clearFaults` ends an outage started with `failNext`.
 */
import { describe, expect, it } from "vitest";
import type { RecordedCall } from "../../../src/devtools/emulator/server.js";
import { rejection, useEmulator } from "./helpers.js";

const { start, emu, api } = useEmulator();
const USER = 7101;

describe("onApiCall", () => {
  it("sees a sent message already in the chat, before the bot has the answer, and stops after removal", async () => {
    await start();
    emu().user({ id: USER, first_name: "Ann" }).sendText("/start");
    const seen: { call: RecordedCall; inChat: string | undefined; answered: boolean }[] = [];
    let answered = false;
    const remove = emu().onApiCall((call) => {
      seen.push({ call, inChat: emu().chat(USER).last()?.plain, answered });
    });
    const sending = api()
      .sendMessage(USER, "hello")
      .then(() => {
        answered = true;
      });
    await sending;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      call: { method: "sendMessage", ok: true, params: { text: "hello" } },
      inChat: "hello",
      answered: false,
    });

    remove();
    await api().sendMessage(USER, "again");
    expect(seen).toHaveLength(1);
  });

  it("sees failed calls too", async () => {
    await start();
    const calls: RecordedCall[] = [];
    emu().onApiCall((call) => calls.push(call));
    await rejection(api().sendMessage(424242, "nobody"));
    expect(calls.map((c) => [c.method, c.ok, c.error?.code])).toEqual([["sendMessage", false, 400]]);
  });
});

describe("clearFaults", () => {
  it("drops the queued faults of one method, or of all", async () => {
    await start();
    emu().user({ id: USER, first_name: "Ann" }).sendText("/start");
    emu().failNext("sendMessage", { code: 500, description: "Internal Server Error" }, 100);
    emu().failNext("getMe", { code: 500, description: "Internal Server Error" }, 100);
    expect((await rejection(api().sendMessage(USER, "x"))).error_code).toBe(500);
    emu().clearFaults("SendMessage");
    await expect(api().sendMessage(USER, "x")).resolves.toMatchObject({ text: "x" });
    expect((await rejection(api().getMe())).error_code).toBe(500);
    emu().clearFaults();
    await expect(api().getMe()).resolves.toMatchObject({ is_bot: true });
  });
});
