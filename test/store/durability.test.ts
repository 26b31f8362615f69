import { spawn } from "node:child_process";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StoreClosedError, openStore, type Store } from "../../src/store/store.js";
import { builtProgram } from "../crash/built-bot.js";
import { exchange, tempDirs } from "./helpers.js";

const dirs = tempDirs();
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await dirs.cleanup();
});

async function track(store: Promise<Store>): Promise<Store> {
  const s = await store;
  stores.push(s);
  return s;
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
}

describe("coalesced writes", () => {
  it("a burst of 100 changes is one write, and flush() makes them durable", async () => {
    const dir = await dirs.make();
    // A long window: nothing but flush() writes during the burst.
    const store = await track(openStore({ dataDir: dir, flushDelayMs: 60_000 }));
    const before = store.stats.writes; // the creation of the file
    store.exchanges.insert(exchange({ id: "ex" }));
    for (let i = 0; i < 100; i++) {
      store.exchanges.update("ex", { amountFrom: String(i) });
      store.users.upsertSeen({ id: i, first_name: `u${i}` }, new Date(0));
    }
    await store.flush();
    expect(store.stats.writes - before).toBeLessThanOrEqual(2);
    expect(store.stats.lastWriteBytes).toBe((await stat(store.file)).size);

    const again = await track(openStore({ dataDir: dir }));
    expect(again.exchanges.get("ex")?.amountFrom).toBe("99");
    expect(again.users.count()).toBe(100);
  });

  it("without flush(), changes reach the disk on their own after the window", async () => {
    const dir = await dirs.make();
    const store = await track(openStore({ dataDir: dir, flushDelayMs: 20 }));
    const before = store.stats.writes;
    for (let i = 0; i < 50; i++) store.kv<number>("n").set(String(i), i);
    await store.whenDurable();
    expect(store.stats.writes - before).toBe(1);
    const onDisk = await readJson(store.file);
    expect(Object.keys((onDisk.kv as Record<string, object>).n!)).toHaveLength(50);
  });

  it("creates a missing data directory and the file with defaults at open", async () => {
    const dir = join(await dirs.make(), "nested", "data");
    const store = await track(openStore({ dataDir: dir, fileName: "bot.json" }));
    expect(store.file).toBe(join(dir, "bot.json"));
    expect(await readJson(store.file)).toEqual({
      schemaVersion: 3,
      users: {},
      exchanges: [],
      settings: {},
      kv: {},
      archive: { count: 0, byStatus: {}, volume: {} },
      archiveLines: {},
    });
  });

  it("writes compact JSON through a temp file that does not outlive the write", async () => {
    const dir = await dirs.make();
    const store = await track(openStore({ dataDir: dir }));
    store.settings.set("maintenance", { on: false });
    await store.flush();
    expect(await readdir(dir)).toEqual(["db.json"]);
    expect(await readFile(store.file, "utf8")).not.toContain("\n");
  });
});

describe("closed store", () => {
  it("flushes on close, then refuses every kind of write but still reads", async () => {
    const dir = await dirs.make();
    const store = await openStore({ dataDir: dir, flushDelayMs: 60_000 });
    store.exchanges.insert(exchange({ id: "ex" }));
    store.users.upsertSeen({ id: 1, first_name: "A" }, new Date(0));
    await store.close();
    await store.close(); // idempotent
    expect((await readJson(store.file)).exchanges).toHaveLength(1);

    const attempts: Array<() => unknown> = [
      () => store.exchanges.insert(exchange({ id: "ex2" })),
      () => store.exchanges.update("ex", { status: "success" }),
      () => store.users.upsertSeen({ id: 2, first_name: "B" }, new Date(0)),
      () => store.users.setLanguage(1, "ru"),
      () => store.users.setBlocked(1, true),
      () => store.settings.set("maintenance", { on: true }),
      () => store.conversations.set("k", 1),
      () => store.kv("x").delete("missing"),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(StoreClosedError);
    expect(store.exchanges.get("ex")?.status).toBe("waiting_deposit");
    expect(store.exchanges.count()).toBe(1);
    expect(store.users.get(1)?.blocked).toBe(false);
  });
});

describe("crash safety", () => {
  it("ignores and removes a temp file left by an interrupted write", async () => {
    const dir = await dirs.make();
    const first = await openStore({ dataDir: dir });
    first.exchanges.insert(exchange({ id: "kept" }));
    await first.close();
    await writeFile(join(dir, "db.json.tmp"), '{"schemaVersion":2,"users":{},"exch'); // torn
    const again = await track(openStore({ dataDir: dir }));
    expect(again.exchanges.get("kept")).toBeDefined();
    expect(await readdir(dir)).toEqual(["db.json"]);
  });

  it("a temp path that is a directory is cleaned too", async () => {
    const dir = await dirs.make();
    await mkdir(join(dir, "db.json.tmp"));
    await track(openStore({ dataDir: dir }));
    expect(await readdir(dir)).toEqual(["db.json"]);
  });

  it("a crash halfway through writing the bytes leaves the previous file intact", async () => {
    const dir = await dirs.make();
    const reported = await runChild(["tear", "3"], dir);
    expect(reported).toBe(2);
    // Proof the crash happened mid-write: the torn temp file is still there…
    expect((await stat(join(dir, "db.json.tmp"))).size).toBeGreaterThan(0);
    const store = await track(openStore({ dataDir: dir }));
    // …and the data file holds the last durable state, not a torn one.
    expect(store.kv<number>("crash").get("n")).toBe(2);
    expect(await readdir(dir)).toEqual(["db.json"]);
  });

  it("SIGKILL at an arbitrary moment leaves a valid file with the last durable change or the one in flight", async () => {
    const dir = await dirs.make();
    let lastDurable = 0;
    for (let round = 0; round < 3; round++) {
      const reported = await runChild(["loop"], dir, lastDurable + 3 + round);
      const store = await openStore({ dataDir: dir });
      const n = store.kv<number>("crash").get("n") ?? 0;
      await store.close();
      // Never torn (the open above succeeded), never older than what was reported durable, and
      // at most the one write that was in flight when the process died.
      expect(n).toBeGreaterThanOrEqual(reported);
      expect(n).toBeLessThanOrEqual(reported + 1);
      lastDurable = n;
    }
  }, 60_000);
});

describe("two files, one order", () => {
  it("SIGKILL at any moment: a written-through write in the small file is never on disk without the coalesced write made before it", async () => {
    const dir = await dirs.make();
    let reported = 0;
    for (let round = 0; round < 3; round++) {
      reported = await runChild(["ordered"], dir, reported + 2 + round);
      const main = await openStore({ dataDir: dir });
      const small = await openStore({ dataDir: dir, fileName: "live.json" });
      const first = main.kv<number>("order").get("n") ?? 0;
      const second = small.kv<number>("outbox").get("n") ?? 0;
      await Promise.all([main.close(), small.close()]);
      // What was reported is there, at most the round in flight more; and where the second write
      // of a round is on disk, the first is too (it may be one round ahead: it is made first).
      expect(second).toBeGreaterThanOrEqual(reported);
      expect(second).toBeLessThanOrEqual(reported + 1);
      expect(first).toBeGreaterThanOrEqual(second);
    }
  }, 60_000);
});

describe("a file kept as a base and an append log", () => {
  it("SIGKILL at any moment, in an append or while the log is folded into the base: every change reported is there, in order", async () => {
    const dir = await dirs.make();
    let reported = 0;
    // Kill points spread over several folds of the log (one every few hundred rounds).
    for (const ahead of [37, 151, 263, 89, 311]) {
      reported = await runChild(["logged"], dir, reported + ahead);
      const live = await openStore({ dataDir: dir, fileName: "live.json" });
      const n = live.kv<number>("flow-journal").get("n") ?? 0;
      const values = live.kv<{ n: number }>("outbox");
      // The round reported is there, or the one in flight; its value was set and the other deleted before it.
      expect(n).toBeGreaterThanOrEqual(reported);
      expect(n).toBeLessThanOrEqual(reported + 1);
      expect(values.get(`v${n % 50}`)?.n).toBe(n);
      expect(values.has(`v${(n + 25) % 50}`)).toBe(false);
      // Every value left is one of the last 25 rounds' (or the round in flight's).
      for (const [, value] of values.entries()) expect(value.n).toBeGreaterThan(n - 25);
      await live.close();
      reported = n;
    }
    // The log was folded into the base along the way: the base holds values, the log is short.
    const base = (await readJson(join(dir, "live.json"))) as { kv: Record<string, Record<string, unknown>> };
    expect(Object.keys(base.kv.outbox ?? {}).length).toBeGreaterThan(0);
    expect((await stat(join(dir, "live.json.log"))).size).toBeLessThan(64 * 1024);
  }, 60_000);
});

/**
 * Runs the crash writer in `dir` until it dies of SIGKILL: by its own hand ("tear" mode) or ours,
 * as soon as it reports counter ≥ `killAt` durable (it is then already inside its next write).
 * Resolves with the last counter it reported durable.
 */
function runChild(args: string[], dir: string, killAt = Infinity): Promise<number> {
  return new Promise((resolve, reject) => {
    // From the run's build (test/crash/build-setup.ts): through tsx, compiling it took most of a run's CPU.
    const child = spawn(process.execPath, [builtProgram("test/store/fixtures/crash-writer.ts"), dir, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let last = 0;
    let stderr = "";
    let buffered = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdout.on("data", (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        const m = /^durable (\d+)$/.exec(line);
        if (m) last = Number(m[1]);
      }
      if (last >= killAt && child.exitCode === null && !child.killed) child.kill("SIGKILL");
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (signal === "SIGKILL") resolve(last);
      else reject(new Error(`crash writer exited on its own (code ${code}): ${stderr}`));
    });
  });
}

describe("changes during a write", () => {
  it("a change made while a write is in progress is written by the next one", async () => {
    const dir = await dirs.make();
    const store = await track(openStore({ dataDir: dir, flushDelayMs: 60_000 }));
    store.exchanges.insert(exchange({ id: "first" }));
    const firstWrite = store.flush();
    store.exchanges.insert(exchange({ id: "second" })); // the first write has already snapshotted
    await firstWrite;
    const afterFirst = JSON.parse(await readFile(store.file, "utf8")) as { exchanges: Array<{ id: string }> };
    expect(afterFirst.exchanges.map((e) => e.id)).toEqual(["first"]);
    await store.flush();
    const again = await track(openStore({ dataDir: dir }));
    expect([...again.exchanges.all()].map((e) => e.id)).toEqual(["first", "second"]);
  });
});
