import { describe, expect, it } from "vitest";
import { freshStores } from "./helpers.js";

const { fresh, dirs } = freshStores();

describe("KeyValueRepo", () => {
  it("gets, sets, deletes, lists", async () => {
    const store = await fresh();
    const kv = store.kv<{ n: number }>("alerts");
    expect(kv.get("a")).toBeUndefined();
    expect(kv.has("a")).toBe(false);
    kv.set("a", { n: 1 });
    kv.set("b", { n: 2 });
    expect(kv.get("a")).toEqual({ n: 1 });
    expect(kv.has("a")).toBe(true);
    expect(kv.keys()).toEqual(["a", "b"]);
    expect(kv.entries()).toEqual([
      ["a", { n: 1 }],
      ["b", { n: 2 }],
    ]);
    expect(kv.delete("a")).toBe(true);
    expect(kv.delete("a")).toBe(false);
    expect(kv.keys()).toEqual(["b"]);
  });

  it("keeps namespaces apart; conversations is the 'conversations' namespace", async () => {
    const store = await fresh();
    store.kv<number>("one").set("k", 1);
    store.kv<number>("two").set("k", 2);
    store.conversations.set("chat:5", { step: 3 });
    expect(store.kv<number>("one").get("k")).toBe(1);
    expect(store.kv<number>("two").get("k")).toBe(2);
    expect(store.kv("conversations").get("chat:5")).toEqual({ step: 3 });
    expect(() => store.kv("")).toThrow(TypeError);
  });

  it("stores JSON copies in and hands copies out (the conversations plugin mutates what it reads)", async () => {
    const store = await fresh();
    const state = { replay: [1, 2], at: new Date("2024-01-01T00:00:00.000Z"), gone: undefined };
    store.conversations.set("k", state);
    state.replay.push(3);
    const read = store.conversations.get("k") as { replay: number[]; at: unknown };
    expect(read).toEqual({ replay: [1, 2], at: "2024-01-01T00:00:00.000Z" });
    read.replay.push(99);
    expect((store.conversations.get("k") as { replay: number[] }).replay).toEqual([1, 2]);
  });

  it("refuses values JSON cannot carry", async () => {
    const store = await fresh();
    expect(() => store.kv("x").set("k", undefined)).toThrow(TypeError);
    expect(() => store.kv("x").set("k", 10n)).toThrow(TypeError);
    expect(store.kv("x").has("k")).toBe(false);
  });

  it("treats keys like __proto__ as ordinary keys, across a reopen too", async () => {
    const dir = await dirs.make();
    const store = await fresh(dir);
    const kv = store.kv<string>("dedup");
    kv.set("__proto__", "p");
    kv.set("constructor", "c");
    expect(kv.get("__proto__")).toBe("p");
    expect(kv.has("toString")).toBe(false);
    expect(kv.keys()).toEqual(["__proto__", "constructor"]);
    await store.close();
    const again = await fresh(dir);
    expect(again.kv<string>("dedup").get("__proto__")).toBe("p");
    expect(again.kv<string>("dedup").keys()).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).p).toBeUndefined();
  });

  it("settings: typed maintenance flag, other keys, survives a reopen", async () => {
    const dir = await dirs.make();
    const store = await fresh(dir);
    expect(store.settings.get("maintenance")).toBeUndefined();
    store.settings.set("maintenance", { on: true, message: "Back at 5" });
    store.settings.set("pollIntervalMs", 5000);
    const m = store.settings.get("maintenance");
    expect(m?.on).toBe(true);
    await store.close();
    const again = await fresh(dir);
    expect(again.settings.get("maintenance")).toEqual({ on: true, message: "Back at 5" });
    expect(again.settings.get("pollIntervalMs")).toBe(5000);
    expect(again.settings.delete("pollIntervalMs")).toBe(true);
    expect(again.settings.keys()).toEqual(["maintenance"]);
  });
});
