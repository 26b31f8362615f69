/**
 * The storage contract on the lowdb backend: fileDataStore over a store in a fresh temp directory.
 */
import { afterAll, describe, expect, it } from "vitest";
import { fileDataStore } from "../../../src/store/file-data-store.js";
import { openStore } from "../../../src/store/store.js";
import { tempDirs } from "../helpers.js";
import { defineDataStoreContract } from "./data-store-contract.js";

const dirs = tempDirs();
afterAll(() => dirs.cleanup());

const open = async () => fileDataStore(await openStore({ dataDir: await dirs.make() }));

describe("DataStore contract: file (lowdb)", () => {
  it("says it is the file store", async () => {
    const store = await open();
    expect(store.kind).toBe("file");
    await store.close();
  });

  defineDataStoreContract(open);
});
