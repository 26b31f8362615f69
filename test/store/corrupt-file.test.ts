import { chmod, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirError, StoreCorruptError, openStore } from "../../src/store/store.js";
import { tempDirs } from "./helpers.js";

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

/** Writes `content` as db.json, expects open to fail with StoreCorruptError, checks nothing changed. */
async function expectRefused(content: string | Buffer): Promise<StoreCorruptError> {
  const dir = await dirs.make();
  const file = join(dir, "db.json");
  await writeFile(file, content);
  const err = await openStore({ dataDir: dir }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(StoreCorruptError);
  expect(await readFile(file)).toEqual(Buffer.from(content));
  expect(await readdir(dir)).toEqual(["db.json"]); // no temp file, no backup
  const message = (err as StoreCorruptError).message;
  expect(message).toContain(file);
  expect(message).toMatch(/left untouched/);
  expect(message).toMatch(/backup|move it aside/);
  return err as StoreCorruptError;
}

const valid = { schemaVersion: 2, users: {}, exchanges: [], settings: {}, kv: {} };

describe("a corrupt data file", () => {
  it("invalid JSON: refused, untouched, and the message does not quote the content", async () => {
    const err = await expectRefused('{"schemaVersion":2,"users":{"1":{"firstName":"SECRET-ADDRESS"');
    expect(err.message).toMatch(/not valid JSON/);
    expect(err.message).not.toContain("SECRET");
  });

  it("an empty file (or only whitespace)", async () => {
    expect((await expectRefused("")).message).toMatch(/empty/);
    expect((await expectRefused("  \n")).message).toMatch(/empty/);
  });

  it("JSON that is not an object", async () => {
    await expectRefused("[]");
    await expectRefused("null");
    await expectRefused('"text"');
  });

  it("JSON of the wrong shape names the problem", async () => {
    expect((await expectRefused(JSON.stringify({ ...valid, exchanges: {} }))).message).toMatch(/exchanges is not an array/);
    expect((await expectRefused(JSON.stringify({ ...valid, schemaVersion: "2" }))).message).toMatch(/schemaVersion/);
    const dup = { id: "a", userId: 1, chatId: 1, status: "success", statusHistory: [], createdAt: "x" };
    expect((await expectRefused(JSON.stringify({ ...valid, exchanges: [dup, dup] }))).message).toMatch(/repeats an exchange id/);
    expect((await expectRefused(JSON.stringify({ ...valid, exchanges: [{ ...dup, userId: "1" }] }))).message).toMatch(/exchanges\[0\]/);
    const user = { id: 5, firstName: "A", blocked: false, firstSeenAt: "x", lastSeenAt: "x" };
    expect((await expectRefused(JSON.stringify({ ...valid, users: { "6": user } }))).message).toMatch(/not its id/);
    expect((await expectRefused(JSON.stringify({ ...valid, kv: { ns: [] } }))).message).toMatch(/kv/);
  });

  it("a directory where the file should be", async () => {
    const dir = await dirs.make();
    await mkdir(join(dir, "db.json"));
    const err = await openStore({ dataDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreCorruptError);
    expect((err as Error).message).toMatch(/cannot be read/);
    expect(await readdir(join(dir, "db.json"))).toEqual([]);
  });

  // root reads any file whatever its mode, so this can only be observed as an ordinary user.
  it.skipIf(process.getuid?.() === 0 || process.platform === "win32")("a file without read permission", async () => {
    const dir = await dirs.make();
    const file = join(dir, "db.json");
    await writeFile(file, JSON.stringify(valid));
    await chmod(file, 0o000);
    const err = await openStore({ dataDir: dir }).catch((e: unknown) => e);
    await chmod(file, 0o600);
    expect(err).toBeInstanceOf(StoreCorruptError);
    expect((err as Error).message).toMatch(/EACCES/);
    expect(await readFile(file, "utf8")).toBe(JSON.stringify(valid));
  });
});

describe("a data directory the store cannot use", () => {
  it("is a file: refused as a folder problem (nothing to restore), the file untouched", async () => {
    const dir = await dirs.make();
    await writeFile(join(dir, "data"), "not a dir");
    const err = await openStore({ dataDir: join(dir, "data") }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirError);
    expect(err).toMatchObject({ dir: join(dir, "data"), problem: "create" });
    expect((err as Error).message).toContain("a part of the path is a file, not a folder");
    expect((err as Error).message).not.toMatch(/backup/i);
    expect(await readFile(join(dir, "data"), "utf8")).toBe("not a dir");
  });

  it("lies under a file (ENOTDIR)", async () => {
    const dir = await dirs.make();
    await writeFile(join(dir, "file"), "x");
    const err = await openStore({ dataDir: join(dir, "file", "data") }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirError);
    expect(err).toMatchObject({ dir: join(dir, "file", "data"), problem: "create", code: "ENOTDIR" });
    expect(await readdir(dir)).toEqual(["file"]);
  });

  // root writes anywhere whatever the mode, so this can only be observed as an ordinary user.
  it.skipIf(process.getuid?.() === 0 || process.platform === "win32")("is read-only: refused before any data file is written", async () => {
    const dir = await dirs.make();
    await chmod(dir, 0o555);
    const err = await openStore({ dataDir: dir }).catch((e: unknown) => e);
    await chmod(dir, 0o755);
    expect(err).toBeInstanceOf(DataDirError);
    expect(err).toMatchObject({ dir, problem: "write", code: "EACCES" });
    expect(await readdir(dir)).toEqual([]);
  });
});
