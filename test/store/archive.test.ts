/**
 * The exchange archive: its month files, what moves and what never does, lookups across the data
 * file and the archive, the index that survives a restart, and crashes at every step of a move
 * (real SIGKILLs of a child process, plus a torn line).
 */
import { spawn } from "node:child_process";
import { appendFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ExchangeRecord } from "../../src/domain/types.js";
import { ArchiveFiles, monthFileName, monthOf } from "../../src/store/archive-files.js";
import { isArchivable } from "../../src/store/archive.js";
import { startArchiver } from "../../src/store/archive-schedule.js";
import { StoreCorruptError, openStore, type Store } from "../../src/store/store.js";
import { SEEDED, seededExchange } from "./fixtures/archive-crasher.js";
import { builtProgram } from "../crash/built-bot.js";
import { exchange, tempDirs } from "./helpers.js";

const dirs = tempDirs();
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await dirs.cleanup();
});

async function open(dataDir: string): Promise<Store> {
  const store = await openStore({ dataDir, flushDelayMs: 0 });
  stores.push(store);
  return store;
}

const DAY = 86_400_000;
const AFTER = 30 * DAY;
const NOW = new Date("2024-09-01T00:00:00.000Z");

/** A finished exchange, notified, last updated `daysAgo` before NOW. */
function finished(id: string, daysAgo: number, overrides: Partial<ExchangeRecord> = {}): ExchangeRecord {
  const at = new Date(NOW.getTime() - daysAgo * DAY).toISOString();
  const status = overrides.status ?? "success";
  return exchange({
    id,
    status,
    statusHistory: [
      { status: "waiting_deposit", at },
      { status, at },
    ],
    createdAt: at,
    updatedAt: at,
    lastNotifiedStatus: status,
    ...overrides,
  });
}

const archiveLines = async (dataDir: string, month: string) =>
  (await readFile(join(dataDir, "archive", monthFileName(month)), "utf8")).split("\n").filter((l) => l !== "");

describe("month files", () => {
  it("names a month by the UTC month of a time, and refuses what is not a date", () => {
    expect(monthOf("2026-10-31T23:59:59.999Z")).toBe("2026-10");
    expect(monthOf("2026-11-01T00:30:00+01:00")).toBe("2026-10");
    expect(monthOf("not a date")).toBeUndefined();
    expect(monthFileName("2026-10")).toBe("exchanges-2026-10.jsonl");
    expect(() => monthFileName("../x")).toThrow(RangeError);
  });

  it("appends lines durably and reads them back by range; a scan finds whole lines only", async () => {
    const dir = join(await dirs.make(), "archive");
    const files = new ArchiveFiles(dir);
    expect(await files.months()).toEqual([]);
    const first = await files.append("2024-05", ['{"a":"x"}', '{"a":"ü"}']);
    const second = await files.append("2024-05", ['{"a":"x","b":1}']);
    await files.append("2024-04", ['{"a":"y"}']);
    expect(first).toEqual([
      { offset: 0, length: 9 },
      { offset: 10, length: 10 }, // "ü" is two bytes
    ]);
    expect(second).toEqual([{ offset: 21, length: 15 }]);
    expect(await files.months()).toEqual(["2024-05", "2024-04"]);
    expect(await files.readLines("2024-05", [...second, ...first])).toEqual(['{"a":"x","b":1}', '{"a":"x"}', '{"a":"ü"}']);
    // A range past the end (a file cut shorter than the index says) gives undefined, not garbage.
    expect(await files.readLines("2024-05", [{ offset: 30, length: 50 }])).toEqual([undefined]);
    // Lines in file order are read together; one past the end among them is still undefined alone.
    expect(await files.readLines("2024-05", [...first, ...second, { offset: 37, length: 5 }])).toEqual([
      '{"a":"x"}',
      '{"a":"ü"}',
      '{"a":"x","b":1}',
      undefined,
    ]);

    const hits = [];
    for await (const line of files.scan("2024-05", Buffer.from(':"x"'))) hits.push(line);
    expect(hits).toEqual([
      { offset: 0, text: '{"a":"x"}' },
      { offset: 21, text: '{"a":"x","b":1}' },
    ]);
    await expect(files.append("2024-05", ["two\nlines"])).rejects.toThrow(TypeError);
  });

  it("scans files larger than its read size, with lines across the piece boundaries", async () => {
    const dir = join(await dirs.make(), "archive");
    const files = new ArchiveFiles(dir);
    const lines = Array.from({ length: 30_000 }, (_, i) =>
      JSON.stringify({ i, pad: "p".repeat(i % 97), tag: i % 1000 === 7 ? "needle" : "hay" }),
    );
    const ranges = await files.append("2024-01", lines);
    // Written a few hundred lines per call: the ranges stay exact across those calls.
    const picks = [0, 499, 500, 501, 29_999];
    expect(
      await files.readLines(
        "2024-01",
        picks.map((i) => ranges[i]!),
      ),
    ).toEqual(picks.map((i) => lines[i]));
    const found = [];
    for await (const line of files.scan("2024-01", Buffer.from(':"needle"'))) found.push((JSON.parse(line.text) as { i: number }).i);
    expect(found).toEqual(Array.from({ length: 30 }, (_, k) => k * 1000 + 7));
  });

  it("cuts a torn last line off, and an append after a torn line starts on a line of its own", async () => {
    const dir = join(await dirs.make(), "archive");
    await new ArchiveFiles(dir).append("2024-05", ['{"a":"whole"}']);
    const file = join(dir, monthFileName("2024-05"));
    await appendFile(file, '{"a":"tor'); // a crash mid-append

    // Readers skip it…
    const scanned = [];
    for await (const line of new ArchiveFiles(dir).scan("2024-05", Buffer.from(':"tor'))) scanned.push(line);
    expect(scanned).toEqual([]);
    // …the next append (a new process: nothing repaired yet) cuts it off first.
    const files = new ArchiveFiles(dir);
    expect(await files.append("2024-05", ['{"a":"next"}'])).toEqual([{ offset: 14, length: 12 }]);
    expect(await readFile(file, "utf8")).toBe('{"a":"whole"}\n{"a":"next"}\n');

    await appendFile(file, '{"a":"again');
    expect(await new ArchiveFiles(dir).repairAll()).toEqual([{ month: "2024-05", droppedBytes: 11 }]);
    expect(await readFile(file, "utf8")).toBe('{"a":"whole"}\n{"a":"next"}\n');
    // A file that is nothing but a torn line becomes empty.
    await writeFile(join(dir, monthFileName("2024-06")), "{");
    expect(await new ArchiveFiles(dir).repairTail("2024-06")).toBe(1);
  });
});

describe("what is archived", () => {
  const cutoff = NOW.getTime() - AFTER;
  it("only final, notified exchanges last updated before the cut-off", () => {
    expect(isArchivable(finished("a", 31), cutoff)).toBe(true);
    expect(isArchivable(finished("b", 29), cutoff)).toBe(false);
    for (const status of ["failed", "reverted", "time_expired"])
      expect(isArchivable(finished("c", 40, { status, lastNotifiedStatus: status }), cutoff)).toBe(true);
    // Open, whatever their age (sending_failed is not final: the service may still pay out).
    for (const status of ["waiting_deposit", "exchanging", "sending_failed", "something_new"]) {
      expect(isArchivable(finished("d", 400, { status, lastNotifiedStatus: status }), cutoff)).toBe(false);
    }
    // A notice still owed: the notifier will look for it in the data file.
    expect(isArchivable(finished("e", 40, { lastNotifiedStatus: "sending" }), cutoff)).toBe(false);
    expect(isArchivable(finished("f", 40, { lastNotifiedStatus: undefined }), cutoff)).toBe(false);
    // Undated: never filed under a guessed month.
    expect(isArchivable(finished("g", 40, { updatedAt: "soon" }), cutoff)).toBe(false);
    expect(isArchivable(finished("h", 40, { createdAt: "long ago" }), cutoff)).toBe(false);
  });
});

describe("archiving and looking up", () => {
  /** Two people; due, recent and open exchanges over two months. */
  async function populated(): Promise<{ dir: string; store: Store }> {
    const dir = await dirs.make();
    const store = await open(dir);
    store.exchanges.insert(finished("old-1", 120, { depositAddress: "bc1qshared", destinationTag: "777" })); // 2024-05
    store.exchanges.insert(finished("old-2", 100, { status: "failed", lastNotifiedStatus: "failed" })); // 2024-05
    store.exchanges.insert(finished("old-3", 70, { userId: 2002, chatId: 2002, from: "ETH", amountFrom: "1.5" })); // 2024-06
    store.exchanges.insert(finished("old-4", 60, { amountFrom: "0.25" })); // 2024-07
    store.exchanges.insert(finished("recent", 5, { depositAddress: "bc1qshared" }));
    store.exchanges.insert(finished("open-old", 200, { status: "waiting_deposit", lastNotifiedStatus: "waiting_deposit" }));
    await store.flush();
    return { dir, store };
  }

  it("moves due exchanges to month files, leaves the rest, and counts them in the data file", async () => {
    const { dir, store } = await populated();
    const report = await store.archive.run({ now: NOW, afterMs: AFTER });
    expect(report).toEqual({ archived: 4, batches: 1, changedMeanwhile: 0 });
    expect([...store.exchanges.all()].map((e) => e.id)).toEqual(["recent", "open-old"]);
    expect(store.exchanges.get("old-1")).toBeUndefined();
    expect(store.exchanges.find("bc1qshared").map((e) => e.id)).toEqual(["recent"]);
    expect(store.exchanges.open().map((e) => e.id)).toEqual(["open-old"]);

    expect((await readdir(join(dir, "archive"))).sort()).toEqual([
      "exchanges-2024-05.jsonl",
      "exchanges-2024-06.jsonl",
      "exchanges-2024-07.jsonl",
    ]);
    const may = (await archiveLines(dir, "2024-05")).map((l) => JSON.parse(l) as ExchangeRecord);
    expect(may.map((e) => e.id).sort()).toEqual(["old-1", "old-2"]);
    expect(may.find((e) => e.id === "old-1")).toEqual(finished("old-1", 120, { depositAddress: "bc1qshared", destinationTag: "777" }));

    expect(store.archive.totals()).toEqual({ count: 4, byStatus: { success: 3, failed: 1 }, volume: { BTC: "0.3", ETH: "1.5" } });
    // The data file itself holds the index, not the records.
    const onDisk = JSON.parse(await readFile(store.file, "utf8")) as {
      exchanges: unknown[];
      archive: { count: number };
      archiveLines: Record<string, Record<string, number[]>>;
    };
    expect(onDisk.exchanges).toHaveLength(2);
    expect(onDisk.archive.count).toBe(4);
    expect(Object.keys(onDisk.archiveLines).sort()).toEqual(["1001", "2002"]);
    // old-2, old-1 went to May's file last-stored first: old-2's line comes first.
    const old1 = JSON.stringify(finished("old-1", 120, { depositAddress: "bc1qshared", destinationTag: "777" }));
    const old2 = JSON.stringify(finished("old-2", 100, { status: "failed", lastNotifiedStatus: "failed" }));
    expect(onDisk.archiveLines["1001"]?.["2024-05"]).toEqual([
      0,
      Buffer.byteLength(old2),
      Buffer.byteLength(old2) + 1,
      Buffer.byteLength(old1),
    ]);

    // A second run finds nothing more to do.
    expect(await store.archive.run({ now: NOW, afterMs: AFTER })).toEqual({ archived: 0, batches: 0, changedMeanwhile: 0 });
  });

  it("finds archived exchanges by id, address and tag, and a person's, merged with the data file's, newest first", async () => {
    const { store } = await populated();
    await store.archive.run({ now: NOW, afterMs: AFTER });
    const ids = (list: ExchangeRecord[]) => list.map((e) => e.id);
    expect(ids(await store.lookup.find("old-3"))).toEqual(["old-3"]);
    expect(ids(await store.lookup.find("  bc1qshared "))).toEqual(["recent", "old-1"]);
    expect(ids(await store.lookup.find("777"))).toEqual(["old-1"]);
    expect(ids(await store.lookup.find("bc1qdeposit-old-4"))).toEqual(["old-4"]);
    // Exact values only, and never a key or another field's value.
    expect(await store.lookup.find("bc1qshare")).toEqual([]);
    expect(await store.lookup.find("depositAddress")).toEqual([]);
    expect(await store.lookup.find("0.25")).toEqual([]);
    expect(await store.lookup.find("success")).toEqual([]);
    expect(await store.lookup.find("")).toEqual([]);

    expect(ids(await store.lookup.byUser(1001))).toEqual(["recent", "old-4", "old-2", "old-1", "open-old"]);
    expect(ids(await store.lookup.byUser(2002))).toEqual(["old-3"]);
    expect(await store.lookup.byUser(3003)).toEqual([]);
    expect((await store.lookup.ofUser(2002, "old-3"))?.amountFrom).toBe("1.5");
    expect(await store.lookup.ofUser(1001, "old-3")).toBeUndefined(); // someone else's
    expect((await store.lookup.ofUser(1001, "recent"))?.id).toBe("recent");
    expect(await store.lookup.ofUser(2002, "recent")).toBeUndefined();
    // Copies: changing one changes nothing stored.
    const [copy] = await store.lookup.find("old-3");
    copy!.status = "tampered";
    expect((await store.lookup.find("old-3"))[0]!.status).toBe("success");
  });

  it("lists every archived exchange for a full copy, oldest month first, counting what it leaves out", async () => {
    const { dir, store } = await populated();
    await store.archive.run({ now: NOW, afterMs: AFTER });
    const all = await store.archive.listed();
    expect(all.records.map((e) => e.id)).toEqual(["old-2", "old-1", "old-3", "old-4"]);
    expect(all.records[1]).toEqual(finished("old-1", 120, { depositAddress: "bc1qshared", destinationTag: "777" }));
    expect(all).toMatchObject({ lines: 4, heldInDataFile: 0, unreadable: 0, repeated: 0 });

    // old-3 back in the data file (its copy there wins); July's file lost (its listed line unreadable).
    store.exchanges.insert(finished("old-3", 70, { userId: 2002, chatId: 2002, status: "refunded" }));
    await writeFile(join(dir, "archive", monthFileName("2024-07")), "");
    const rest = await store.archive.listed();
    expect(rest.records.map((e) => e.id)).toEqual(["old-2", "old-1"]);
    expect(rest).toMatchObject({ lines: 4, heldInDataFile: 1, unreadable: 1, repeated: 0 });
  });

  it("lists the exchanges created in a range, from the data file and the archive's months of the range, each once", async () => {
    const { dir, store } = await populated();
    await store.archive.run({ now: NOW, afterMs: AFTER });
    const between = async (from: string, to: string) => {
      const out: string[] = [];
      for await (const e of store.lookup.createdBetween(new Date(from), new Date(to))) out.push(e.id);
      return out;
    };
    expect((await between("2024-05-10T00:00:00Z", "2024-07-01T00:00:00Z")).sort()).toEqual(["old-2", "old-3"]);
    expect((await between("2024-02-01T00:00:00Z", "2024-09-01T00:00:00Z")).sort()).toEqual([
      "old-1",
      "old-2",
      "old-3",
      "old-4",
      "open-old",
      "recent",
    ]);
    // old-3 back in the data file: its copy there is the one listed, once. old-1's line appended
    // again but not in the index (a move a crash interrupted): never read, old-1 listed once.
    store.exchanges.insert(finished("old-3", 70, { userId: 2002, chatId: 2002, status: "refunded" }));
    await appendFile(
      join(dir, "archive", monthFileName("2024-05")),
      `${JSON.stringify(finished("old-1", 120, { depositAddress: "bc1qshared", destinationTag: "777" }))}\n`,
    );
    const all: ExchangeRecord[] = [];
    for await (const e of store.lookup.createdBetween(new Date("2024-01-01T00:00:00Z"), new Date("2024-12-01T00:00:00Z"))) all.push(e);
    expect(all.map((e) => e.id).sort()).toEqual(["old-1", "old-2", "old-3", "old-4", "open-old", "recent"]);
    expect(all.find((e) => e.id === "old-3")?.status).toBe("refunded");
  });

  it("lists an exchange archived while its range is being listed once, not from the data file and again from the archive", async () => {
    const { store } = await populated();
    const range = store.lookup.createdBetween(new Date("2024-01-01T00:00:00Z"), new Date("2024-12-01T00:00:00Z"));
    const ids: string[] = [];
    // The data file's records are listed first; the archive run comes after the first of them.
    const first = await range.next();
    if (!first.done) ids.push(first.value.id);
    await store.archive.run({ now: NOW, afterMs: AFTER });
    expect(store.archive.totals().count).toBe(4);
    for await (const e of range) ids.push(e.id);
    expect(ids.sort()).toEqual(["old-1", "old-2", "old-3", "old-4", "open-old", "recent"]);
  });

  it("keeps everything across a restart: the index is in the data file, the archive is read on demand", async () => {
    const { dir, store } = await populated();
    await store.archive.run({ now: NOW, afterMs: AFTER });
    await store.close();
    const again = await open(dir);
    expect(again.exchanges.count()).toBe(2);
    expect(again.archive.totals().count).toBe(4);
    expect((await again.lookup.byUser(1001)).map((e) => e.id)).toEqual(["recent", "old-4", "old-2", "old-1", "open-old"]);
    expect((await again.lookup.find("old-3")).map((e) => e.id)).toEqual(["old-3"]);
  });

  it("leaves a record that changed while its line was being appended in the data file", async () => {
    const { dir, store } = await populated();
    const append = ArchiveFiles.prototype.append;
    let changed = false;
    ArchiveFiles.prototype.append = async function (this: ArchiveFiles, month, lines) {
      const ranges = await append.call(this, month, lines);
      if (!changed) {
        changed = true;
        store.exchanges.update("old-1", { cardMessageId: 99 }); // a card sent meanwhile
      }
      return ranges;
    };
    try {
      const report = await store.archive.run({ now: NOW, afterMs: AFTER, batchSize: 10 });
      expect(report.archived).toBe(3);
      expect(report.changedMeanwhile).toBe(1);
    } finally {
      ArchiveFiles.prototype.append = append;
    }
    expect(store.exchanges.get("old-1")?.cardMessageId).toBe(99);
    // Its stale line is in the archive but not listed: found once, as the data file has it.
    expect((await archiveLines(dir, "2024-05")).filter((l) => l.includes('"old-1"'))).toHaveLength(1);
    expect((await store.lookup.find("old-1")).map((e) => e.cardMessageId)).toEqual([99]);
    expect((await store.lookup.byUser(1001)).filter((e) => e.id === "old-1")).toHaveLength(1);
    expect(store.archive.totals().count).toBe(3);
    // The next run moves it, and it is still found exactly once, in its new version.
    expect((await store.archive.run({ now: NOW, afterMs: AFTER })).archived).toBe(1);
    expect((await store.lookup.find("old-1")).map((e) => e.cardMessageId)).toEqual([99]);
    expect((await store.lookup.byUser(1001)).filter((e) => e.id === "old-1")).toHaveLength(1);
  });

  it("works through a large data file in batches, each one written before the next", async () => {
    const dir = await dirs.make();
    const store = await open(dir);
    for (let i = 0; i < 1_000; i++)
      store.exchanges.insert(finished(`bulk-${i}`, 40 + (i % 90), { userId: 10 + (i % 7), chatId: 10 + (i % 7) }));
    store.exchanges.insert(finished("keep", 1));
    await store.flush();
    const writesBefore = store.stats.writes;
    const report = await store.archive.run({ now: NOW, afterMs: AFTER, batchSize: 150 });
    expect(report).toEqual({ archived: 1_000, batches: 7, changedMeanwhile: 0 });
    expect(store.stats.writes - writesBefore).toBe(7);
    expect([...store.exchanges.all()].map((e) => e.id)).toEqual(["keep"]);
    let total = 0;
    for (let u = 10; u < 17; u++) total += (await store.lookup.byUser(u)).length;
    expect(total).toBe(1_000);
    expect(store.archive.totals()).toMatchObject({ count: 1_000, volume: { BTC: "50" } });
  });

  it("refuses a data file whose archive index is malformed, and leaves it untouched", async () => {
    const dir = await dirs.make();
    (await open(dir)).exchanges.insert(finished("x", 1));
    await stores.pop()!.close();
    const text = (await readFile(join(dir, "db.json"), "utf8")).replace('"archiveLines":{}', '"archiveLines":{"1001":{"2024-05":[1,2,3]}}');
    await writeFile(join(dir, "db.json"), text);
    const err = await openStore({ dataDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreCorruptError);
    expect((err as Error).message).toMatch(/archiveLines has a user's month that is not a list of byte ranges/);
    expect(await readFile(join(dir, "db.json"), "utf8")).toBe(text);
  });
});

describe("the schedule", () => {
  it("runs at start-up, again when asked, and a stop waits for the run in progress", async () => {
    const dir = await dirs.make();
    const store = await open(dir);
    store.exchanges.insert(finished("due", 31));
    store.exchanges.insert(finished("later", 10));
    const logs: string[] = [];
    const logger = {
      info: (_: unknown, m: string) => logs.push(m),
      warn: (_: unknown, m: string) => logs.push(m),
      error: (_: unknown, m: string) => logs.push(m),
    };
    let now = NOW;
    const archiver = startArchiver({ archive: store.archive, afterMs: AFTER, now: () => now, logger });
    await archiver.idle();
    expect(store.exchanges.has("due")).toBe(false);
    expect(store.exchanges.has("later")).toBe(true);
    expect(logs).toEqual(["archive: moved finished exchanges"]);

    now = new Date(NOW.getTime() + 25 * DAY);
    expect((await archiver.runNow()).archived).toBe(1);
    store.exchanges.insert(finished("after-stop", 400));
    await archiver.stop();
    expect((await archiver.runNow()).archived).toBe(0); // stopped: nothing moves any more
    expect(store.exchanges.has("after-stop")).toBe(true);
  });

  it("cuts off a torn line at start-up and says so", async () => {
    const dir = await dirs.make();
    await mkdir(join(dir, "archive"));
    await writeFile(join(dir, "archive", monthFileName("2024-01")), '{"id":"whole"}\n{"id":"to');
    const store = await open(dir);
    const warned: unknown[] = [];
    const logger = { info() {}, warn: (o: unknown) => warned.push(o), error() {} };
    const archiver = startArchiver({ archive: store.archive, afterMs: AFTER, now: () => NOW, logger });
    await archiver.idle();
    await archiver.stop();
    expect(warned).toEqual([{ month: "2024-01", droppedBytes: 9 }]);
    expect(await readFile(join(dir, "archive", monthFileName("2024-01")), "utf8")).toBe('{"id":"whole"}\n');
  });
});

/** Runs the crasher in `dir`; resolves with how it ended. `killAfterMs`: we kill it that long after "running". */
function runCrasher(dir: string, mode: string, killAfterMs?: number): Promise<"killed" | "finished"> {
  return new Promise((resolve, reject) => {
    // From the run's build (test/crash/build-setup.ts): through tsx, compiling it took most of a run's CPU.
    const child = spawn(process.execPath, [builtProgram("test/store/fixtures/archive-crasher.ts"), dir, mode], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdout.on("data", (d: Buffer) => {
      if (killAfterMs !== undefined && d.toString().includes("running")) setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (signal === "SIGKILL") resolve("killed");
      else if (code === 0) resolve("finished");
      else reject(new Error(`archive crasher exited with ${code}: ${stderr}`));
    });
  });
}

/**
 * Opens the store a crash left and checks that every seeded exchange is found exactly once,
 * either in the data file or listed in the archive, and that the counts agree. Returns how many
 * are archived.
 */
async function expectEachOnce(dir: string): Promise<number> {
  const store = await open(dir);
  const hot = new Set([...store.exchanges.all()].map((e) => e.id));
  const seen = new Map<string, number>();
  for (const userId of [500, 501, 502]) for (const e of await store.lookup.byUser(userId)) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
  const expected = Array.from({ length: SEEDED }, (_, i) => `crash-${i}`);
  expect([...seen.keys()].sort()).toEqual(expected.sort());
  expect([...seen.values()].every((n) => n === 1)).toBe(true);
  const archived = SEEDED - hot.size;
  expect(store.archive.totals().count).toBe(archived);
  // A search reads every line in the archive, listed or not: still exactly one.
  for (const i of [0, 1, 2, 150, 299]) {
    expect((await store.lookup.find(`bc1qdeposit${i}`)).map((e) => e.id)).toEqual([`crash-${i}`]);
  }
  expect((await store.lookup.find(seededExchange(7).id))[0]).toEqual(seededExchange(7));
  await stores.pop()!.close();
  return archived;
}

describe("crash safety of a move (SIGKILL)", () => {
  it("killed after the append, before the data file forgot the records: nothing lost, nothing twice", async () => {
    const dir = await dirs.make();
    expect(await runCrasher(dir, "after-append")).toBe("killed");
    // The batch's lines are durable in the archive, but the data file still holds every record.
    expect((await readdir(join(dir, "archive"))).length).toBeGreaterThan(0);
    expect(await expectEachOnce(dir)).toBe(0);
    // The next run appends them again and finishes the job; the first copies stay unlisted.
    expect(await runCrasher(dir, "finish")).toBe("finished");
    expect(await expectEachOnce(dir)).toBe(SEEDED);
  }, 60_000);

  it("killed after the records left memory, before that was written: the data file still has them", async () => {
    const dir = await dirs.make();
    expect(await runCrasher(dir, "after-remove")).toBe("killed");
    expect(await expectEachOnce(dir)).toBe(0);
    expect(await runCrasher(dir, "finish")).toBe("finished");
    expect(await expectEachOnce(dir)).toBe(SEEDED);
  }, 60_000);

  it("killed half-way through writing a line: the torn line is cut off, the records stay in the data file", async () => {
    const dir = await dirs.make();
    expect(await runCrasher(dir, "torn")).toBe("killed");
    const [file] = await readdir(join(dir, "archive"));
    const torn = await readFile(join(dir, "archive", file!), "utf8");
    expect(torn.endsWith("\n")).toBe(false);
    expect(await expectEachOnce(dir)).toBe(0);
    expect(await runCrasher(dir, "finish")).toBe("finished");
    expect(await expectEachOnce(dir)).toBe(SEEDED);
    // Every line of every month file is whole JSON now.
    for (const name of await readdir(join(dir, "archive"))) {
      const text = await readFile(join(dir, "archive", name), "utf8");
      expect(text.endsWith("\n")).toBe(true);
      for (const line of text.split("\n").filter((l) => l !== "")) expect(() => JSON.parse(line) as unknown).not.toThrow();
    }
  }, 60_000);

  it("killed at arbitrary moments, again and again: each exchange is always found exactly once", async () => {
    const dir = await dirs.make();
    let archived = 0;
    for (let round = 0; round < 4 && archived < SEEDED; round++) {
      await runCrasher(dir, "loop", 20 + round * 40);
      const now = await expectEachOnce(dir);
      expect(now).toBeGreaterThanOrEqual(archived); // nothing comes back from the archive
      archived = now;
    }
    expect(await runCrasher(dir, "finish")).toBe("finished");
    expect(await expectEachOnce(dir)).toBe(SEEDED);
  }, 90_000);
});
