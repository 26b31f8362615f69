import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DurableJsonFile, jsonPieces } from "../../src/store/durable-file.js";
import { dict } from "../../src/store/json.js";
import { emptyDb, snapshotDb, type DbData } from "../../src/store/schema.js";
import { exchange, tempDirs } from "./helpers.js";

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

describe("jsonPieces", () => {
  it("concatenates to exactly JSON.stringify's output, at any split depth", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 4 }), (value, depth) => {
        expect([...jsonPieces(value, depth)].join("")).toBe(JSON.stringify(value));
      }),
    );
  });

  it("drops undefined object fields and writes null for undefined array slots, like JSON.stringify", () => {
    const value = { a: undefined, b: [undefined, 1], c: { d: undefined } };
    expect([...jsonPieces(value, 3)].join("")).toBe(JSON.stringify(value));
  });
});

describe("DurableJsonFile", () => {
  it("writes what JSON.stringify would, reads it back, and reports the byte count", async () => {
    const file = join(await dirs.make(), "db.json");
    const adapter = new DurableJsonFile<unknown>(file);
    expect(await adapter.read()).toBeNull();
    const data = { schemaVersion: 2, list: [1, "ü", { x: null }], map: { "a b": true } };
    await adapter.write(data);
    const text = await readFile(file, "utf8");
    expect(text).toBe(JSON.stringify(data));
    expect(adapter.lastWrite.bytes).toBe(Buffer.byteLength(text));
    expect(await adapter.read()).toEqual(data);
  });

  it("writes the data as it was when write() was called, not as it is when the bytes go out", async () => {
    const file = join(await dirs.make(), "db.json");
    const adapter = new DurableJsonFile<DbData>(file, { snapshot: snapshotDb });
    const data: DbData = { ...emptyDb(3), exchanges: [exchange({ id: "a" })] };
    data.kv.ns = dict({ k: 1 });
    const writing = adapter.write(data);
    // Changes the way repositories make them: replace, push, set — all after the write began.
    data.exchanges[0] = exchange({ id: "a", status: "success" });
    data.exchanges.push(exchange({ id: "b" }));
    (data.kv.ns as Record<string, unknown>).k = 2;
    data.settings.flag = true;
    await writing;
    const onDisk = JSON.parse(await readFile(file, "utf8")) as DbData;
    expect(onDisk.exchanges.map((e) => [e.id, e.status])).toEqual([["a", "waiting_deposit"]]);
    expect(onDisk.kv).toEqual({ ns: { k: 1 } });
    expect(onDisk.settings).toEqual({});
  });

  it("writes large data in several pieces that add up to the whole", async () => {
    const file = join(await dirs.make(), "db.json");
    const adapter = new DurableJsonFile<unknown>(file);
    const data = { items: Array.from({ length: 3000 }, (_, i) => ({ i, pad: "y".repeat(1000) })) };
    await adapter.write(data);
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(data));
  });

  it("with records replaced whole, serialises again only the records replaced since the last write", async () => {
    const file = join(await dirs.make(), "db.json");
    const adapter = new DurableJsonFile<DbData>(file, { snapshot: snapshotDb, recordsReplacedWhole: true });
    const data: DbData = { ...emptyDb(3), exchanges: [exchange({ id: "a" }), exchange({ id: "b" })] };
    data.kv.ns = dict({ k: 1 });
    await adapter.write(data);
    // Changed as the repositories change them: a record replaced, one added, a kv value set.
    data.exchanges[0] = exchange({ id: "a", status: "success" });
    data.exchanges.push(exchange({ id: "c" }));
    (data.kv.ns as Record<string, unknown>).k = 2;
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      await adapter.write(data);
      const records = stringify.mock.calls
        .map(([value]) => value as { id?: unknown } | null)
        .filter((value): value is { id: string } => typeof value?.id === "string");
      expect(records.map((r) => r.id)).toEqual(["a", "c"]);
    } finally {
      stringify.mockRestore();
    }
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(data));
  });
});
