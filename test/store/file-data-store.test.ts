/**
 * Where the lowdb store keeps each namespace, and what a write costs: the small file takes the
 * namespaces written at every step, so writing them through never rewrites the main file.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { DataStore } from "../../src/store/data-store.js";
import { fileDataStore } from "../../src/store/file-data-store.js";
import { namespace } from "../../src/store/namespace.js";
import { openStore, type Store } from "../../src/store/store.js";
import { exchange, fileOnDisk, tempDirs } from "./helpers.js";
import { DECLARED, ns } from "./namespaces.js";

const dirs = tempDirs();
const opened: DataStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await dirs.cleanup();
});

/** The app's two files, with an hour-long window on the main one: only a written-through write can reach it. */
async function open(): Promise<{ store: DataStore; main: Store; small: Store; dir: string }> {
  const dir = await dirs.make();
  const main = await openStore({ dataDir: dir, flushDelayMs: 3_600_000 });
  const small = await openStore({ dataDir: dir, fileName: "live.json", appendLog: true, flushDelayMs: 0 });
  const store = fileDataStore(main, small);
  opened.push(store);
  return { store, main, small, dir };
}

const onDisk = fileOnDisk;

describe("fileDataStore over db.json and live.json", () => {
  it("keeps only written-through namespaces in the small file, as their owners declare them", () => {
    const live = DECLARED.filter((n) => n.live);
    expect(live.map((n) => n.name).sort()).toEqual([
      "cards",
      "conversations",
      "flow-journal",
      "inbox",
      "inbox-handled",
      "notified",
      "outbox",
    ]);
    for (const n of live) expect(n.durability, n.name).toBe("through");
    expect(() => namespace("lazy", "coalesced", { live: true })).toThrow(/written-through/);
  });

  it("writes the small file's namespaces there, at once, and never rewrites the main file for them", async () => {
    const { store, main, small, dir } = await open();
    const mainWrites = main.stats.writes;
    const smallWrites = small.stats.writes;
    await store.kv(ns("outbox")).set("chat:1:a", { n: 1 });
    await store.kv(ns("flow-journal")).set("1", { step: "amount" });
    await store.conversations.set("1", { state: 1 });
    expect(main.stats.writes).toBe(mainWrites);
    expect(small.stats.writes).toBe(smallWrites + 3);
    const live = await onDisk(dir, "live.json");
    expect(live.kv.outbox).toEqual({ "chat:1:a": { n: 1 } });
    expect(live.kv["flow-journal"]).toEqual({ "1": { step: "amount" } });
    expect((await onDisk(dir, "db.json")).kv.outbox).toBeUndefined();
  });

  it("writes the main file at once for a written-through namespace there, carrying what was coalesced before", async () => {
    const { store, main, dir } = await open();
    await store.kv<number>(ns("metrics")).set("confirmed", 1);
    expect((await onDisk(dir, "db.json")).kv.metrics).toBeUndefined();
    const writes = main.stats.writes;
    await store.kv(ns("exchange-create")).add("d1", { state: "pending" });
    expect(main.stats.writes).toBe(writes + 1);
    const db = await onDisk(dir, "db.json");
    expect(db.kv["exchange-create"]).toEqual({ d1: { state: "pending" } });
    expect(db.kv.metrics).toEqual({ confirmed: 1 });
  });

  it("shares one write among written-through writes made at once", async () => {
    const { store, main } = await open();
    const writes = main.stats.writes;
    await Promise.all(Array.from({ length: 25 }, (_, i) => store.kv(ns("broadcast:b1")).add(String(i), "sending")));
    await Promise.all(Array.from({ length: 5 }, (_, i) => store.exchanges.insert(exchange({ id: `e${i}` }))));
    expect(main.stats.writes).toBe(writes + 2);
  });

  it("reads the small file's namespaces as they are on disk: a change not written yet is not seen", async () => {
    const { store, small } = await open();
    await store.kv(ns("outbox")).set("chat:1:a", "first");
    // Changed in memory only, as by a write whose file write is still running.
    small.kv("outbox").set("chat:1:a", "second");
    small.kv("outbox").set("chat:1:b", "new");
    expect(await store.kv(ns("outbox")).get("chat:1:a")).toBe("first");
    expect(await store.kv(ns("outbox")).entriesWithPrefix("chat:1:")).toEqual([["chat:1:a", "first"]]);
    await small.flush();
    expect(await store.kv(ns("outbox")).entries()).toEqual([
      ["chat:1:a", "second"],
      ["chat:1:b", "new"],
    ]);
  });

  it("writes the small file after the main file's earlier changes, except a received batch of updates, which waits for nothing", async () => {
    const { store, main, dir } = await open();
    const batch = { at: "2026-01-01T00:00:00.000Z", updates: [{ update_id: 1 }] };
    // A coalesced change of the main file, an hour from its write.
    await store.kv<number>(ns("metrics")).set("confirmed", 1);
    const writes = main.stats.writes;

    // What Telegram sent goes to disk at once, without the main file's pending change.
    await store.kv(ns("inbox")).set("000000000001:p", batch);
    expect(main.stats.writes).toBe(writes);
    expect((await onDisk(dir, "db.json")).kv.metrics).toBeUndefined();
    expect((await onDisk(dir, "live.json")).kv.inbox).toEqual({ "000000000001:p": batch });

    // Its marks come after whatever the handling changed before them.
    await store.kv(ns("inbox-handled")).set("000000000001:p", [1]);
    expect(main.stats.writes).toBe(writes + 1);
    expect((await onDisk(dir, "db.json")).kv.metrics).toEqual({ confirmed: 1 });

    // So does a change of a batch already kept, and its delete; and any other namespace's write.
    await store.kv<number>(ns("metrics")).set("confirmed", 2);
    await store.kv(ns("inbox")).set("000000000001:p", { ...batch, updates: [] });
    expect(main.stats.writes).toBe(writes + 2);
    await store.kv<number>(ns("metrics")).set("confirmed", 3);
    await store.kv(ns("inbox")).delete("000000000001:p");
    expect(main.stats.writes).toBe(writes + 3);
    await store.kv<number>(ns("metrics")).set("confirmed", 4);
    await store.kv(ns("outbox")).set("chat:1:a", { n: 1 });
    expect(main.stats.writes).toBe(writes + 4);
    expect((await onDisk(dir, "db.json")).kv.metrics).toEqual({ confirmed: 4 });
  });

  it("writes the small file without waiting for what an update's arrival records of its sender, but after any other change of the main file", async () => {
    const { store, main, dir } = await open();
    const from = { id: 77, first_name: "Ann", language_code: "en" };
    await store.users.upsertSeen(from, new Date("2026-01-01T00:00:00Z"));
    const writes = main.stats.writes;

    // The sender's record waits for the main file's own schedule; the small file's write does not.
    await store.kv(ns("inbox")).set("000000000001:p", { at: "2026-01-01T00:00:00.000Z", updates: [{ update_id: 1 }] });
    await store.kv(ns("inbox")).delete("000000000001:p");
    expect(main.stats.writes).toBe(writes);
    const users = async () => ((await onDisk(dir, "db.json")) as unknown as { users: Record<string, unknown> }).users;
    expect(await users()).toEqual({});

    // A change that matters (the person's language) is ordered again, and carries the record with it.
    await store.users.setLanguage(from.id, "es");
    await store.kv(ns("outbox")).set("chat:77:a", { n: 1 });
    expect(main.stats.writes).toBe(writes + 1);
    const user = (await users())["77"] as { languageCode?: string; firstName?: string } | undefined;
    expect(user?.firstName).toBe("Ann");
    expect(user?.languageCode).toBe("es");
  });

  it("rejects a written-through write whose file cannot be written", async () => {
    const { store, small } = await open();
    (small as { flush: () => Promise<void> }).flush = () => Promise.reject(new Error("disk full"));
    await expect(store.kv(ns("outbox")).set("chat:1:a", 1)).rejects.toThrow("disk full");
  });
});
