/**
 * The storage contract on the lowdb backend: fileDataStore over the two files the app opens (the
 * main file and the small written-through one) and over one file alone, in fresh temp directories.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { DataStore } from "../../../src/store/data-store.js";
import { fileDataStore } from "../../../src/store/file-data-store.js";
import { openStore } from "../../../src/store/store.js";
import { tempDirs } from "../helpers.js";
import { defineDataStoreContract } from "./data-store-contract.js";

const dirs = tempDirs();
afterAll(() => dirs.cleanup());

/** The data directory of each store opened here. */
const dirOf = new WeakMap<DataStore, string>();

/** The app's layout: db.json coalesced (over 200 ms here, a second in the app), live.json written at once. */
const openTwoFiles = async (dataDir: string): Promise<DataStore> => {
  const main = await openStore({ dataDir, flushDelayMs: 200 });
  const small = await openStore({ dataDir, fileName: "live.json", appendLog: true, flushDelayMs: 0 });
  const store = fileDataStore(main, small);
  dirOf.set(store, dataDir);
  return store;
};

const openOneFile = async (dataDir: string): Promise<DataStore> => {
  const store = fileDataStore(await openStore({ dataDir }));
  dirOf.set(store, dataDir);
  return store;
};

describe("DataStore contract: files (lowdb), db.json and live.json", () => {
  it("says it is the file store", async () => {
    const store = await openTwoFiles(await dirs.make());
    expect(store.kind).toBe("file");
    await store.close();
  });

  defineDataStoreContract(
    async () => openTwoFiles(await dirs.make()),
    (store) => openTwoFiles(dirOf.get(store) as string),
  );
});

describe("DataStore contract: one file (lowdb)", () => {
  defineDataStoreContract(
    async () => openOneFile(await dirs.make()),
    (store) => openOneFile(dirOf.get(store) as string),
  );
});
