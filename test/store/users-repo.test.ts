import { describe, expect, it } from "vitest";
import { freshStores } from "./helpers.js";

const { fresh, dirs } = freshStores();

const t1 = new Date("2024-05-01T10:00:00.000Z");
const t2 = new Date("2024-05-02T11:00:00.000Z");

describe("UsersRepo", () => {
  it("creates a user on first sight and refreshes names and lastSeenAt later, keeping firstSeenAt", async () => {
    const store = await fresh();
    expect(store.users.get(7)).toBeUndefined();
    const created = store.users.upsertSeen({ id: 7, first_name: "Ann", username: "ann_x", language_code: "ru" }, t1);
    expect(created).toEqual({
      id: 7,
      firstName: "Ann",
      username: "ann_x",
      telegramLanguageCode: "ru",
      blocked: false,
      firstSeenAt: t1.toISOString(),
      lastSeenAt: t1.toISOString(),
    });
    store.users.setLanguage(7, "en");
    store.users.setBlocked(7, true);
    const updated = store.users.upsertSeen({ id: 7, first_name: "Anna" }, t2);
    expect(updated).toEqual({
      id: 7,
      firstName: "Anna",
      languageCode: "en",
      blocked: true,
      firstSeenAt: t1.toISOString(),
      lastSeenAt: t2.toISOString(),
    });
    expect(store.users.count()).toBe(1);
  });

  it("setLanguage(undefined) returns to Telegram's language; unknown users give undefined", async () => {
    const store = await fresh();
    store.users.upsertSeen({ id: 1, first_name: "A" }, t1);
    expect(store.users.setLanguage(1, "ru")?.languageCode).toBe("ru");
    expect(store.users.setLanguage(1, undefined)).not.toHaveProperty("languageCode");
    expect(store.users.setLanguage(404, "ru")).toBeUndefined();
    expect(store.users.setBlocked(404, true)).toBeUndefined();
    expect(store.users.count()).toBe(1);
  });

  it("finds by username case-insensitively, with or without @, and follows renames", async () => {
    const store = await fresh();
    store.users.upsertSeen({ id: 1, first_name: "A", username: "Alice" }, t1);
    store.users.upsertSeen({ id: 2, first_name: "B", username: "bob" }, t1);
    expect(store.users.findByUsername("@ALICE")?.id).toBe(1);
    expect(store.users.findByUsername(" alice ")?.id).toBe(1);
    store.users.upsertSeen({ id: 1, first_name: "A", username: "alice2" }, t2);
    expect(store.users.findByUsername("alice")).toBeUndefined();
    expect(store.users.findByUsername("alice2")?.id).toBe(1);
    // The name moves to another account: the latest holder wins, and a later rename of the first
    // holder does not unlink the new one.
    store.users.upsertSeen({ id: 2, first_name: "B", username: "Alice2" }, t2);
    expect(store.users.findByUsername("alice2")?.id).toBe(2);
    store.users.upsertSeen({ id: 1, first_name: "A", username: "alice3" }, t2);
    expect(store.users.findByUsername("alice2")?.id).toBe(2);
    expect(store.users.findByUsername("nobody")).toBeUndefined();
  });

  it("returns copies: mutating a returned record changes nothing in the store", async () => {
    const store = await fresh();
    const u = store.users.upsertSeen({ id: 1, first_name: "A" }, t1);
    u.blocked = true;
    u.firstName = "Mallory";
    const again = store.users.get(1);
    expect(again?.blocked).toBe(false);
    expect(again?.firstName).toBe("A");
    for (const each of store.users.all()) each.firstName = "X";
    expect(store.users.get(1)?.firstName).toBe("A");
  });

  it("keeps users across a reopen, with the username index rebuilt", async () => {
    const dir = await dirs.make();
    const first = await fresh(dir);
    first.users.upsertSeen({ id: 1, first_name: "A", username: "ann" }, t1);
    first.users.upsertSeen({ id: 2, first_name: "B" }, t1);
    await first.close();
    const second = await fresh(dir);
    expect(second.users.count()).toBe(2);
    expect(second.users.findByUsername("@Ann")?.id).toBe(1);
    expect([...second.users.all()].map((u) => u.id).sort()).toEqual([1, 2]);
  });

  it("does not write when a user is merely seen again within a minute, but does after it or on any change", async () => {
    const store = await fresh();
    const t0 = new Date("2024-05-01T10:00:00.000Z");
    const seconds = (n: number) => new Date(t0.getTime() + n * 1000);
    store.users.upsertSeen({ id: 1, first_name: "A", username: "a" }, t0);
    await store.flush();
    const writes = store.stats.writes;

    const same = store.users.upsertSeen({ id: 1, first_name: "A", username: "a" }, seconds(30));
    expect(same.lastSeenAt).toBe(t0.toISOString());
    await store.flush();
    expect(store.stats.writes).toBe(writes);

    expect(store.users.upsertSeen({ id: 1, first_name: "A2", username: "a" }, seconds(31)).firstName).toBe("A2");
    await store.flush();
    expect(store.stats.writes).toBe(writes + 1);

    expect(store.users.upsertSeen({ id: 1, first_name: "A2", username: "a" }, seconds(92)).lastSeenAt).toBe(seconds(92).toISOString());
    await store.flush();
    expect(store.stats.writes).toBe(writes + 2);

    // A username removed, or a language first sent, within the minute is a change too.
    expect(store.users.upsertSeen({ id: 1, first_name: "A2" }, seconds(93)).username).toBeUndefined();
    await store.flush();
    expect(store.stats.writes).toBe(writes + 3);
    expect(store.users.upsertSeen({ id: 1, first_name: "A2", language_code: "de" }, seconds(94)).telegramLanguageCode).toBe("de");
    await store.flush();
    expect(store.stats.writes).toBe(writes + 4);
    expect(store.users.upsertSeen({ id: 1, first_name: "A2", language_code: "de" }, seconds(95)).lastSeenAt).toBe(
      seconds(94).toISOString(),
    );
  });

  it("rejects a non-integer id", async () => {
    const store = await fresh();
    expect(() => store.users.upsertSeen({ id: 1.5, first_name: "A" }, t1)).toThrow(TypeError);
    expect(store.users.count()).toBe(0);
  });
});
