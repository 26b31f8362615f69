/**
 * Users read once per update (store/users-per-update.ts), over a real lowdb store whose reads are
 * counted: kept while an update of that person runs, replaced by what a write stored, copies handed out, and
 * nothing kept outside an update or after it ended (work it started that outlives it reads again).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { DataStore } from "../../src/store/data-store.js";
import { fileDataStore } from "../../src/store/file-data-store.js";
import { openStore } from "../../src/store/store.js";
import { UsersPerUpdate } from "../../src/store/users-per-update.js";
import { tempDirs } from "./helpers.js";

const dirs = tempDirs();
afterAll(() => dirs.cleanup());
const t0 = new Date("2024-05-01T10:00:00.000Z");

/** A real store whose `users.get` calls are counted, and the per-update view of it. */
async function counted(): Promise<{ store: DataStore; perUpdate: UsersPerUpdate; reads: () => number }> {
  const store = fileDataStore(await openStore({ dataDir: await dirs.make() }));
  let reads = 0;
  const get = store.users.get.bind(store.users);
  store.users.get = (id) => {
    reads++;
    return get(id);
  };
  await store.users.upsertSeen({ id: 7, first_name: "Ann", language_code: "ru" }, t0);
  return { store, perUpdate: new UsersPerUpdate(store), reads: () => reads };
}

/** Runs `work` as the middleware runs the rest of an update from person `from`. */
function inUpdate(perUpdate: UsersPerUpdate, work: () => Promise<void>, from = 7): Promise<void> {
  return perUpdate.middleware({ from: { id: from } }, work);
}

describe("users read once per update", () => {
  it("reads a person once within an update and hands out copies", async () => {
    const { store, perUpdate, reads } = await counted();
    const users = perUpdate.store.users;
    await inUpdate(perUpdate, async () => {
      const [a, b] = await Promise.all([users.get(7), users.get(7)]);
      a!.firstName = "changed by the caller";
      expect(b?.firstName).toBe("Ann");
      expect((await users.get(7))?.firstName).toBe("Ann");
    });
    await inUpdate(
      perUpdate,
      async () => {
        expect(await users.get(404)).toBeUndefined();
        expect(await users.get(404)).toBeUndefined();
      },
      404,
    );
    expect(reads()).toBe(2);
    await store.close();
  });

  it("sees its own writes within the update without reading again", async () => {
    const { store, perUpdate, reads } = await counted();
    const users = perUpdate.store.users;
    await inUpdate(perUpdate, async () => {
      expect((await users.get(7))?.languageCode).toBeUndefined();
      await users.setLanguage(7, "en");
      expect((await users.get(7))?.languageCode).toBe("en");
      await users.setBlocked(7, true);
      expect((await users.get(7))?.blocked).toBe(true);
    });
    await inUpdate(
      perUpdate,
      async () => {
        await users.upsertSeen({ id: 8, first_name: "Bo" }, t0);
        expect((await users.get(8))?.firstName).toBe("Bo");
      },
      8,
    );
    expect(reads()).toBe(1);
    expect((await store.users.get(7))?.languageCode).toBe("en");
    await store.close();
  });

  it("keeps a person while any of their updates runs, and no one else", async () => {
    const { store, perUpdate, reads } = await counted();
    const users = perUpdate.store.users;
    let endFirst!: () => void;
    const first = inUpdate(perUpdate, () => new Promise<void>((resolve) => (endFirst = resolve)));
    await inUpdate(perUpdate, async () => {
      await users.get(7);
      await users.get(7);
      await users.get(8);
    });
    // The first update of 7 still runs: 7 is kept; 8 (no update of theirs) was read from the store.
    await users.get(7);
    expect(reads()).toBe(2);
    endFirst();
    await first;
    await users.get(7);
    expect(reads()).toBe(3);
    await store.close();
  });

  it("keeps nothing outside an update, or after it ended for work it started", async () => {
    const { store, perUpdate, reads } = await counted();
    const users = perUpdate.store.users;
    await users.get(7);
    await users.get(7);
    expect(reads()).toBe(2);
    let later: Promise<string | undefined> | undefined;
    await inUpdate(perUpdate, async () => {
      await users.get(7);
      // Started inside the update, run after it (as the outbox's timers are).
      later = new Promise((resolve) => setTimeout(() => resolve(users.get(7).then((u) => u?.languageCode)), 20));
    });
    // Changed past this view (another replica would): the late read must see it.
    await store.users.setLanguage(7, "en");
    expect(await later).toBe("en");
    expect(reads()).toBe(4);
    await store.close();
  });
});
