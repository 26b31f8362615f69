/**
 * A data file kept as a base plus an append log (store/logged-file.ts): what reaches the disk per
 * write, what an open makes of a cut or damaged log, and what "on disk" reads see meanwhile.
 */
import { appendFile, open, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StoreCorruptError, openStore, type Store } from "../../src/store/store.js";
import { tempDirs } from "./helpers.js";

const dirs = tempDirs();
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await dirs.cleanup();
});

async function openLogged(dir: string, minLogBytes?: number): Promise<Store> {
  const store = await openStore({ dataDir: dir, fileName: "live.json", appendLog: true, flushDelayMs: 0, minLogBytes });
  stores.push(store);
  return store;
}

const size = async (file: string) => (await stat(file)).size;

describe("a logged data file", () => {
  it("appends what changed, leaves the base alone, and reopens with every change", async () => {
    const dir = await dirs.make();
    const store = await openLogged(dir);
    const base = await size(join(dir, "live.json"));
    const kv = store.kv<{ n: number }>("outbox");
    for (let n = 0; n < 20; n++) {
      kv.set(`k${n}`, { n });
      await store.flush();
    }
    kv.delete("k3");
    kv.set("k4", { n: 40 });
    await store.flush();
    // 21 writes, each a line of its own keys: the base is as it was opened.
    expect(await size(join(dir, "live.json"))).toBe(base);
    const log = (await readFile(join(dir, "live.json.log"), "utf8")).trimEnd().split("\n");
    expect(log).toHaveLength(21);
    expect(JSON.parse(log[20]!)).toEqual({ s: [["outbox", "k4", { n: 40 }]], d: [["outbox", "k3"]] });
    await store.close();

    const again = await openLogged(dir);
    const values = again.kv<{ n: number }>("outbox");
    expect(values.has("k3")).toBe(false);
    expect(values.get("k4")).toEqual({ n: 40 });
    expect(values.keys()).toHaveLength(19);
  });

  it("folds the log into the base once it outgrows it, and reopens the same", async () => {
    const dir = await dirs.make();
    const store = await openLogged(dir, 4_096);
    const kv = store.kv<string>("outbox");
    for (let n = 0; n < 40; n++) {
      kv.set(`k${n % 5}`, `${n}:${"x".repeat(300)}`);
      await store.flush();
    }
    // 40 lines of ~330 bytes: folded at least twice; the base holds the five keys.
    expect(await size(join(dir, "live.json.log"))).toBeLessThan(4_096 + 400);
    const base = JSON.parse(await readFile(join(dir, "live.json"), "utf8")) as { kv: { outbox: Record<string, string> } };
    expect(Object.keys(base.kv.outbox).sort()).toEqual(["k0", "k1", "k2", "k3", "k4"]);
    await store.close();
    const again = await openLogged(dir, 4_096);
    expect(again.kv<string>("outbox").get("k4")?.startsWith("39:")).toBe(true);
    expect(again.kv<string>("outbox").get("k0")?.startsWith("35:")).toBe(true);
  });

  it("loses nothing to a kill after the base is rewritten and before the log is emptied", async () => {
    const dir = await dirs.make();
    const store = await openLogged(dir, 1);
    const kv = store.kv<string>("outbox");
    // Lines longer than four bases: the third write folds the log into the base.
    kv.set("a", `1${"x".repeat(300)}`);
    await store.flush();
    kv.set("a", `2${"x".repeat(300)}`);
    await store.flush();
    // The kill: emptying the log fails, as if the process died right after the base's rename.
    const probe = await open(process.execPath, "r");
    const proto = Object.getPrototypeOf(probe) as { truncate: (...args: unknown[]) => Promise<void> };
    await probe.close();
    const truncate = proto.truncate;
    proto.truncate = () => Promise.reject(new Error("killed"));
    try {
      kv.set("a", `3${"x".repeat(300)}`);
      kv.set("b", "new");
      await expect(store.flush()).rejects.toThrow("killed");
      const base = JSON.parse(await readFile(join(dir, "live.json"), "utf8")) as { kv: { outbox: Record<string, string> } };
      expect(base.kv.outbox.a?.startsWith("3")).toBe(true);
      expect(await size(join(dir, "live.json.log"))).toBeGreaterThan(600);
      // Replayed onto the new base, the old lines end at the new base's values.
      const after = await openStore({ dataDir: dir, fileName: "live.json" });
      stores.push(after);
      expect(after.kv<string>("outbox").get("a")?.startsWith("3")).toBe(true);
      expect(after.kv<string>("outbox").get("b")).toBe("new");
    } finally {
      proto.truncate = truncate;
    }
  });

  it("after an append that failed halfway, cuts the part off before the next line", async () => {
    const dir = await dirs.make();
    const store = await openLogged(dir);
    const kv = store.kv<string>("outbox");
    kv.set("a", "one");
    await store.flush();
    const probe = await open(process.execPath, "r");
    const proto = Object.getPrototypeOf(probe) as { write: (this: unknown, data: Uint8Array, ...rest: unknown[]) => Promise<unknown> };
    await probe.close();
    const write = proto.write;
    // The disk takes half of the next line, then fails (a full disk).
    proto.write = async function (this: unknown, data: Uint8Array) {
      proto.write = write;
      await write.call(this, data.subarray(0, Math.floor(data.length / 2)));
      throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
    };
    try {
      kv.set("a", "two");
      await expect(store.flush()).rejects.toThrow("no space left");
    } finally {
      proto.write = write;
    }
    kv.set("b", "three");
    await store.flush();
    await store.close();
    const again = await openLogged(dir);
    expect(again.kv<string>("outbox").entries()).toEqual([
      ["a", "two"],
      ["b", "three"],
    ]);
  });

  it("drops a last line cut short by a crash, and cuts it off the log", async () => {
    const dir = await dirs.make();
    const store = await openLogged(dir);
    store.kv<number>("outbox").set("a", 1);
    await store.close();
    const log = join(dir, "live.json.log");
    const whole = await size(log);
    await appendFile(log, '{"s":[["outbox","a",2]');
    const warnings: unknown[] = [];
    const again = await openStore({
      dataDir: dir,
      fileName: "live.json",
      logger: { info() {}, error() {}, warn: (fields: unknown) => warnings.push(fields) },
    });
    stores.push(again);
    expect(again.kv<number>("outbox").get("a")).toBe(1);
    expect(await size(log)).toBe(whole);
    expect(warnings).toEqual([expect.objectContaining({ cutBytes: 22 })]);
    // And it goes on appending after the cut.
    again.kv<number>("outbox").set("a", 3);
    await again.close();
    expect((await openLogged(dir)).kv<number>("outbox").get("a")).toBe(3);
  });

  it("refuses a log damaged before its last line, leaving both files as they were", async () => {
    const dir = await dirs.make();
    const store = await openLogged(dir);
    store.kv<number>("outbox").set("a", 1);
    await store.flush();
    store.kv<number>("outbox").set("b", 2);
    await store.close();
    const log = join(dir, "live.json.log");
    const lines = (await readFile(log, "utf8")).split("\n");
    lines[0] = lines[0]!.replace('"s"', '"x"');
    const damaged = lines.join("\n");
    await writeFile(log, damaged);
    const base = await readFile(join(dir, "live.json"), "utf8");
    await expect(openStore({ dataDir: dir, fileName: "live.json" })).rejects.toThrow(StoreCorruptError);
    await expect(openStore({ dataDir: dir, fileName: "live.json" })).rejects.toThrow(/line 1 is not a change/);
    expect(await readFile(log, "utf8")).toBe(damaged);
    expect(await readFile(join(dir, "live.json"), "utf8")).toBe(base);
  });

  it("is opened with its log by an opener that did not ask for one", async () => {
    const dir = await dirs.make();
    const store = await openLogged(dir);
    store.kv<number>("outbox").set("a", 1);
    await store.close();
    const plain = await openStore({ dataDir: dir, fileName: "live.json" });
    stores.push(plain);
    expect(plain.kv<number>("outbox").get("a")).toBe(1);
  });

  it("opens a file an earlier version rewrote whole, and logs from there", async () => {
    const dir = await dirs.make();
    const earlier = await openStore({ dataDir: dir, fileName: "live.json", flushDelayMs: 0 });
    earlier.kv<number>("outbox").set("a", 1);
    await earlier.close();
    const store = await openLogged(dir);
    expect(store.kv<number>("outbox").get("a")).toBe(1);
    store.kv<number>("outbox").set("b", 2);
    await store.close();
    const again = await openLogged(dir);
    expect(again.kv<number>("outbox").entries()).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
  });

  it("reads on disk show a change only once its write is done, and a deleted key until then", async () => {
    const dir = await dirs.make();
    const store = await openLogged(dir);
    const kv = store.kv<number>("outbox");
    const onDisk = store.onDisk<number>("outbox");
    kv.set("a", 1);
    kv.set("gone", 9);
    await store.flush();

    kv.set("a", 2);
    kv.delete("gone");
    kv.set("new", 5);
    expect(onDisk.get("a")).toBe(1);
    expect(onDisk.get("gone")).toBe(9);
    expect(onDisk.has("new")).toBe(false);
    expect(onDisk.entries()).toEqual([
      ["a", 1],
      ["gone", 9],
    ]);
    // A write takes what it carries when it starts: a change made during it waits for the next.
    const first = store.flush();
    kv.set("a", 3);
    await first;
    expect(onDisk.get("a")).toBe(2);
    expect(onDisk.has("gone")).toBe(false);
    expect(onDisk.get("new")).toBe(5);
    await store.flush();
    expect(onDisk.get("a")).toBe(3);
    expect(onDisk.keys()).toEqual(["a", "new"]);
  });
});
