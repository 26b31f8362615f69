import { copyFile, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { CURRENT_SCHEMA_VERSION, MIGRATIONS, MigrationShapeError, migrate, versionOf, type Migration } from "../../src/store/migrations.js";
import { StoreCorruptError, StoreVersionError, openStore, type Store } from "../../src/store/store.js";
import { tempDirs } from "./helpers.js";

const dirs = tempDirs();
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await dirs.cleanup();
});

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/** A temp data dir holding `fixtureName` as db.json. */
async function dirWith(fixtureName: string): Promise<string> {
  const dir = await dirs.make();
  await copyFile(fixture(fixtureName), join(dir, "db.json"));
  return dir;
}

describe("migrations list", () => {
  it("is a gap-free chain from 0 to the current version", () => {
    expect(CURRENT_SCHEMA_VERSION).toBe(3);
    MIGRATIONS.forEach((m, i) => {
      expect(m.from).toBe(i);
      expect(m.to).toBe(i + 1);
    });
  });

  it("versionOf: missing is 0; a non-integer is a shape error", () => {
    expect(versionOf({})).toBe(0);
    expect(versionOf({ schemaVersion: 1 })).toBe(1);
    expect(() => versionOf({ schemaVersion: "2" })).toThrow(MigrationShapeError);
    expect(() => versionOf({ schemaVersion: -1 })).toThrow(MigrationShapeError);
    expect(() => versionOf({ schemaVersion: 1.5 })).toThrow(MigrationShapeError);
  });

  it("migrate() applies the steps in order, from the data's own version", () => {
    const calls: string[] = [];
    const steps: Migration[] = [0, 1, 2].map((from) => ({
      from,
      to: from + 1,
      description: `${from}`,
      up: (d) => {
        calls.push(`${from}→${from + 1}`);
        return { ...d, schemaVersion: from + 1 };
      },
    }));
    const { data, applied } = migrate({ schemaVersion: 1 }, steps, 3);
    expect(calls).toEqual(["1→2", "2→3"]);
    expect(applied.map((m) => m.from)).toEqual([1, 2]);
    expect(data.schemaVersion).toBe(3);
    expect(() => migrate({}, steps.slice(1), 3)).toThrow(/No migration from schema version 0/);
  });
});

describe("opening an older file", () => {
  it("v1 → current: adds statusHistory and blocked:false, keeps a backup, rewrites the file", async () => {
    const dir = await dirWith("db-v1.json");
    const original = await readFile(fixture("db-v1.json"));
    const store = await openStore({ dataDir: dir });
    stores.push(store);

    expect(store.users.get(21)).toMatchObject({ firstName: "Carol", languageCode: "ru", blocked: false });
    expect(store.exchanges.get("v1ex1")?.statusHistory).toEqual([{ status: "success", at: "2024-03-01T01:00:00.000Z" }]);
    // An exchange that already had a history keeps it unchanged.
    expect(store.exchanges.get("v1ex2")?.statusHistory).toEqual([{ status: "waiting_deposit", at: "2024-03-02T00:00:00.000Z" }]);
    expect(store.exchanges.open().map((e) => e.id)).toEqual(["v1ex2"]);
    expect(store.settings.get("maintenance")).toEqual({ on: false });

    expect(await readFile(join(dir, "db.json.bak-v1"))).toEqual(original);
    const onDisk = JSON.parse(await readFile(join(dir, "db.json"), "utf8")) as { schemaVersion: number };
    expect(onDisk.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
  });

  it("v2 → v3: adds an empty archive index, keeps every exchange in the data file, keeps a backup", async () => {
    const dir = await dirWith("db-v2.json");
    const original = await readFile(fixture("db-v2.json"));
    const store = await openStore({ dataDir: dir });
    stores.push(store);

    expect(store.exchanges.count()).toBe(2);
    expect(store.exchanges.get("v2ex1")?.status).toBe("success");
    expect(store.archive.totals()).toEqual({ count: 0, byStatus: {}, volume: {} });
    expect(await readFile(join(dir, "db.json.bak-v2"))).toEqual(original);
    const onDisk = JSON.parse(await readFile(join(dir, "db.json"), "utf8")) as {
      schemaVersion: number;
      archive: unknown;
      archiveLines: unknown;
    };
    expect(onDisk.schemaVersion).toBe(3);
    expect(onDisk.archive).toEqual({ count: 0, byStatus: {}, volume: {} });
    expect(onDisk.archiveLines).toEqual({});
    // Nothing is archived by opening: that is the archiver's job, and nothing is in archive/.
    expect((await readdir(dir)).sort()).toEqual(["db.json", "db.json.bak-v2"]);
  });

  it("v0 (no schemaVersion) → current: users keyed by id, conversations moved into kv", async () => {
    const dir = await dirWith("db-v0.json");
    const original = await readFile(fixture("db-v0.json"));
    const store = await openStore({ dataDir: dir });
    stores.push(store);

    expect(store.users.count()).toBe(2);
    expect(store.users.get(11)?.blocked).toBe(false);
    expect(store.users.get(12)?.blocked).toBe(true); // an existing flag is not reset
    expect(store.users.findByUsername("ANN")?.id).toBe(11);
    expect(store.exchanges.get("v0ex1")?.statusHistory).toEqual([{ status: "exchanging", at: "2023-02-01T00:10:00.000Z" }]);
    expect(store.conversations.get("11")).toEqual({ state: "kept as it was" });
    expect(await readFile(join(dir, "db.json.bak-v0"))).toEqual(original);
  });

  it("a migrated file reopens without migrating again", async () => {
    const dir = await dirWith("db-v1.json");
    await (await openStore({ dataDir: dir })).close();
    const store = await openStore({ dataDir: dir });
    stores.push(store);
    expect(store.stats.writes).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(["db.json", "db.json.bak-v1"]);
  });

  it("does not overwrite an existing backup: a second one gets a timestamped name", async () => {
    const dir = await dirWith("db-v1.json");
    await writeFile(join(dir, "db.json.bak-v1"), "an older backup");
    stores.push(await openStore({ dataDir: dir }));
    const files = (await readdir(dir)).sort();
    expect(await readFile(join(dir, "db.json.bak-v1"), "utf8")).toBe("an older backup");
    const second = files.find((f) => f.startsWith("db.json.bak-v1-"));
    expect(second).toBeDefined();
    expect(await readFile(join(dir, second!))).toEqual(await readFile(fixture("db-v1.json")));
  });

  it("an old file of the wrong shape is refused, untouched, and no backup is made", async () => {
    const dir = await dirs.make();
    const text = JSON.stringify({ schemaVersion: 1, users: "nope", exchanges: [] });
    await writeFile(join(dir, "db.json"), text);
    const err = await openStore({ dataDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreCorruptError);
    expect((err as Error).message).toMatch(/users is not an object/);
    expect(await readFile(join(dir, "db.json"), "utf8")).toBe(text);
    expect(await readdir(dir)).toEqual(["db.json"]);
  });
});

describe("opening a newer file", () => {
  it("is refused with a clear error and the file is left untouched", async () => {
    const dir = await dirs.make();
    const text = JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION + 1, users: {}, exchanges: [], whatever: 1 });
    await writeFile(join(dir, "db.json"), text);
    const err = await openStore({ dataDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreVersionError);
    expect((err as StoreVersionError).fileVersion).toBe(CURRENT_SCHEMA_VERSION + 1);
    expect((err as Error).message).toContain(join(dir, "db.json"));
    expect((err as Error).message).toMatch(/newer|only understands/);
    expect(await readFile(join(dir, "db.json"), "utf8")).toBe(text);
    expect(await readdir(dir)).toEqual(["db.json"]);
  });
});
