/**
 * The storage contract (src/store/data-store.ts) as one suite that every backend must pass: the
 * lowdb store wrapped by fileDataStore (file.test.ts) and the PostgreSQL store (postgres.test.ts).
 * A behaviour the bot relies on belongs here, so the two backends cannot drift apart.
 *
 * `open()` must return a new, empty store each time; `openAgain(store)` another instance on the same
 * data, as a second process would open it (it reads what is durable, not the first one's memory).
 * The suite closes what it opened.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ExchangeRecord, UserRecord } from "../../../src/domain/types.js";
import type { DataStore, DueClaim } from "../../../src/store/data-store.js";
import { StoreClosedError } from "../../../src/store/errors.js";
import { exchange } from "../helpers.js";
import { ns } from "../namespaces.js";

const t0 = new Date("2024-05-01T10:00:00.000Z");
const at = (ms: number): Date => new Date(t0.getTime() + ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const ids = (records: readonly ExchangeRecord[]): string[] => records.map((e) => e.id);
const claimedIds = (claims: readonly DueClaim[]): string[] => claims.map((c) => c.exchange.id);

export function defineDataStoreContract(open: () => Promise<DataStore>, openAgain: (store: DataStore) => Promise<DataStore>): void {
  const opened: DataStore[] = [];
  const fresh = async (): Promise<DataStore> => {
    const store = await open();
    opened.push(store);
    return store;
  };
  /** What another instance finds on disk (or in the database) now; it is closed again at once. */
  const durable = async <T>(store: DataStore, read: (other: DataStore) => Promise<T>): Promise<T> => {
    const other = await openAgain(store);
    try {
      return await read(other);
    } finally {
      await other.close();
    }
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  describe("exchanges", () => {
    it("inserts, gets, has and counts; a repeated id is refused and changes nothing", async () => {
      const store = await fresh();
      const rec = exchange({ id: "ex1" });
      expect(await store.exchanges.insert(rec)).toEqual(rec);
      expect(await store.exchanges.get("ex1")).toEqual(rec);
      expect(await store.exchanges.has("ex1")).toBe(true);
      expect(await store.exchanges.get("nope")).toBeUndefined();
      expect(await store.exchanges.has("nope")).toBe(false);
      await expect(store.exchanges.insert(exchange({ id: "ex1", amountFrom: "9" }))).rejects.toThrow(/already exists/);
      expect((await store.exchanges.get("ex1"))?.amountFrom).toBe("0.05");
      expect(await store.exchanges.count()).toBe(1);
    });

    it("refuses malformed records and updates with a TypeError, storing nothing of them", async () => {
      const store = await fresh();
      await expect(store.exchanges.insert(exchange({ id: "" }))).rejects.toThrow(TypeError);
      // @ts-expect-error deliberately wrong type
      await expect(store.exchanges.insert(exchange({ id: "x", userId: "12" }))).rejects.toThrow(TypeError);
      // @ts-expect-error deliberately wrong type
      await expect(store.exchanges.insert(exchange({ id: "y", statusHistory: "none" }))).rejects.toThrow(TypeError);
      await store.exchanges.insert(exchange({ id: "ok" }));
      // @ts-expect-error deliberately wrong type
      await expect(store.exchanges.update("ok", { statusHistory: null })).rejects.toThrow(TypeError);
      await expect(store.exchanges.update("ok", (r) => ({ ...r, createdAt: undefined as unknown as string }))).rejects.toThrow(TypeError);
      expect(await store.exchanges.count()).toBe(1);
      expect(await store.exchanges.has("x")).toBe(false);
      expect((await store.exchanges.get("ok"))?.statusHistory).toHaveLength(1);
    });

    it("normalises records through JSON on the way in: undefined fields vanish", async () => {
      const store = await fresh();
      const stored = await store.exchanges.insert(exchange({ id: "ex1", txId: undefined, cardMessageId: 4 }));
      expect(stored).not.toHaveProperty("txId");
      expect(await store.exchanges.get("ex1")).not.toHaveProperty("txId");
      const updated = await store.exchanges.update("ex1", { cardMessageId: undefined, amountTo: null });
      expect(updated).not.toHaveProperty("cardMessageId");
      expect(updated.amountTo).toBeNull();
      expect(await store.exchanges.get("ex1")).toEqual(updated);
    });

    it("updates with a patch or a function and returns the stored result", async () => {
      const store = await fresh();
      await store.exchanges.insert(exchange({ id: "ex1", cardMessageId: 5 }));
      const patched = await store.exchanges.update("ex1", { status: "exchanging" });
      expect(patched.status).toBe("exchanging");
      expect(patched.cardMessageId).toBe(5);
      const viaFn = await store.exchanges.update("ex1", (r) => {
        r.statusHistory.push({ status: "sending", at: "2024-05-01T10:05:00.000Z" });
        return { ...r, status: "sending" };
      });
      expect(viaFn.statusHistory.map((s) => s.status)).toEqual(["waiting_deposit", "sending"]);
      expect(await store.exchanges.get("ex1")).toEqual(viaFn);
    });

    it("refuses an update of an unknown id, a change of id, and keeps the record when the function throws", async () => {
      const store = await fresh();
      await store.exchanges.insert(exchange({ id: "ex1" }));
      await expect(store.exchanges.update("nope", { status: "failed" })).rejects.toThrow(/No exchange/);
      await expect(store.exchanges.update("ex1", (r) => ({ ...r, id: "ex2" }))).rejects.toThrow(/may not change/);
      await expect(
        store.exchanges.update("ex1", (r) => {
          r.status = "failed";
          throw new Error("changed my mind");
        }),
      ).rejects.toThrow("changed my mind");
      expect(await store.exchanges.get("ex2")).toBeUndefined();
      expect((await store.exchanges.get("ex1"))?.status).toBe("waiting_deposit");
      expect(await store.exchanges.count()).toBe(1);
    });

    it("lists a user's exchanges newest first (equal times: later insertion first); an update does not reorder", async () => {
      const store = await fresh();
      await store.exchanges.insert(exchange({ id: "a", userId: 1, createdAt: "2024-05-01T10:00:00.000Z" }));
      await store.exchanges.insert(exchange({ id: "b", userId: 2, createdAt: "2024-05-03T10:00:00.000Z" }));
      await store.exchanges.insert(exchange({ id: "c", userId: 1, createdAt: "2024-05-03T10:00:00.000Z" }));
      await store.exchanges.insert(exchange({ id: "d", userId: 1, createdAt: "2024-05-02T10:00:00.000Z" }));
      await store.exchanges.insert(exchange({ id: "e", userId: 1, createdAt: "2024-05-03T10:00:00.000Z" }));
      await store.exchanges.update("a", { status: "success" });
      await store.exchanges.update("c", { amountFrom: "1" });
      expect(ids(await store.exchanges.byUser(1))).toEqual(["e", "c", "d", "a"]);
      expect(ids(await store.exchanges.byUser(2))).toEqual(["b"]);
      expect(await store.exchanges.byUser(3)).toEqual([]);
    });

    it("orders createdAt as JavaScript compares strings, whatever the database's locale", async () => {
      const store = await fresh();
      // Upper case sorts before lower case and "Z" before "z" byte-wise; a locale would disagree.
      await store.exchanges.insert(exchange({ id: "lower", createdAt: "2024-05-01T10:00:00.000z" }));
      await store.exchanges.insert(exchange({ id: "upper", createdAt: "2024-05-01T10:00:00.000Z" }));
      await store.exchanges.insert(exchange({ id: "plus", createdAt: "2024-05-01T10:00:00.000+01:00" }));
      expect(ids(await store.exchanges.byUser(1001))).toEqual(["lower", "upper", "plus"]);
    });

    it("open() holds exactly the exchanges whose status is not final, oldest first, following updates", async () => {
      const store = await fresh();
      await store.exchanges.insert(exchange({ id: "w", status: "waiting_deposit" }));
      await store.exchanges.insert(exchange({ id: "s", status: "success" }));
      await store.exchanges.insert(exchange({ id: "f", status: "sending_failed" }));
      await store.exchanges.insert(exchange({ id: "u", status: "some_new_status" }));
      expect(ids(await store.exchanges.open())).toEqual(["w", "f", "u"]);
      await store.exchanges.update("w", { status: "time_expired" });
      await store.exchanges.update("f", { status: "reverted" });
      await store.exchanges.update("s", { status: "exchanging" });
      expect(ids(await store.exchanges.open())).toEqual(["s", "u"]);
      await store.exchanges.update("u", { status: "failed" });
      expect(ids(await store.exchanges.open())).toEqual(["s"]);
    });

    it("find() matches id, addresses and tags exactly (spaces trimmed), newest first, and forgets old values", async () => {
      const store = await fresh();
      await store.exchanges.insert(
        exchange({
          id: "id-1",
          depositAddress: "DEP1",
          destinationAddress: "DST1",
          destinationTag: "777",
          refundAddress: "REF1",
          refundTag: "R7",
          createdAt: "2024-05-01T10:00:00.000Z",
        }),
      );
      await store.exchanges.insert(
        exchange({ id: "id-2", depositAddress: "DEP2", depositTag: "777", createdAt: "2024-05-02T10:00:00.000Z" }),
      );
      await store.exchanges.insert(exchange({ id: "id-3", depositAddress: "DEP3", createdAt: "2024-05-02T10:00:00.000Z", userId: 5 }));
      const found = async (q: string): Promise<string[]> => ids(await store.exchanges.find(q));
      expect(await found("id-1")).toEqual(["id-1"]);
      expect(await found(" DEP1 ")).toEqual(["id-1"]);
      expect(await found("DST1")).toEqual(["id-1"]);
      expect(await found("REF1")).toEqual(["id-1"]);
      expect(await found("R7")).toEqual(["id-1"]);
      expect(await found("777")).toEqual(["id-2", "id-1"]);
      expect(await found("rDestination111")).toEqual(["id-3", "id-2"]);
      expect(await found("dep1")).toEqual([]);
      expect(await found("DEP")).toEqual([]);
      expect(await found("")).toEqual([]);
      expect(await found("   ")).toEqual([]);
      // Empty tags are not searchable values.
      await store.exchanges.update("id-1", { destinationAddress: "DST9" });
      expect(await found("DST1")).toEqual([]);
      expect(await found("DST9")).toEqual(["id-1"]);
    });

    it("all() yields every exchange in insertion order, past any page size", async () => {
      const store = await fresh();
      const n = 1205;
      const insert = (i: number) => store.exchanges.insert(exchange({ id: `x${String(n - i).padStart(5, "0")}` }));
      // The first and the last one alone, the others at once (a new exchange is written through:
      // one at a time would be a file write each on lowdb).
      await insert(0);
      await Promise.all(Array.from({ length: n - 2 }, (_, i) => insert(i + 1)));
      await insert(n - 1);
      await store.exchanges.update("x01205", { status: "success" });
      const all = await collect(store.exchanges.all());
      expect(all).toHaveLength(n);
      expect(all[0]?.id).toBe("x01205");
      expect(all[0]?.status).toBe("success");
      expect(all.at(-1)?.id).toBe("x00001");
      expect(new Set(ids(all)).size).toBe(n);
      expect(await store.exchanges.count()).toBe(n);
    }, 60_000);

    it("hands out copies: mutating a result changes nothing stored", async () => {
      const store = await fresh();
      const inserted = await store.exchanges.insert(exchange({ id: "ex1", userId: 7 }));
      inserted.status = "success";
      (await store.exchanges.get("ex1"))!.status = "success";
      (await store.exchanges.open())[0]!.statusHistory.push({ status: "x", at: "y" });
      (await store.exchanges.byUser(7))[0]!.amountFrom = "1";
      (await store.exchanges.find("ex1"))[0]!.amountFrom = "2";
      (await store.lookup.byUser(7))[0]!.amountFrom = "3";
      (await store.lookup.ofUser(7, "ex1"))!.amountFrom = "4";
      for await (const e of store.exchanges.all()) e.amountFrom = "999";
      const updated = await store.exchanges.update("ex1", { cardMessageId: 1 });
      updated.cardMessageId = 2;
      const rec = await store.exchanges.get("ex1");
      expect(rec?.status).toBe("waiting_deposit");
      expect(rec?.statusHistory).toHaveLength(1);
      expect(rec?.amountFrom).toBe("0.05");
      expect(rec?.cardMessageId).toBe(1);
    });

    it("the caller's inserted object stays the caller's", async () => {
      const store = await fresh();
      const mine = exchange({ id: "ex1" });
      await store.exchanges.insert(mine);
      mine.statusHistory.push({ status: "success", at: "z" });
      mine.status = "success";
      expect((await store.exchanges.get("ex1"))?.status).toBe("waiting_deposit");
      expect((await store.exchanges.get("ex1"))?.statusHistory).toHaveLength(1);
    });

    it("update(fn) is atomic: 30 concurrent appends all survive", async () => {
      const store = await fresh();
      await store.exchanges.insert(exchange({ id: "ex1" }));
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          store.exchanges.update("ex1", (r) => ({ ...r, statusHistory: [...r.statusHistory, { status: `s${i}`, at: "t" }] })),
        ),
      );
      const rec = await store.exchanges.get("ex1");
      expect(rec?.statusHistory).toHaveLength(31);
      expect(new Set(rec?.statusHistory.map((s) => s.status)).size).toBe(31);
    });
  });

  describe("lookup", () => {
    it("finds what exchanges holds; ofUser only for the owner; no archive counts on a fresh store", async () => {
      const store = await fresh();
      await store.exchanges.insert(exchange({ id: "a", userId: 1, depositAddress: "D", createdAt: "2024-05-01T10:00:00.000Z" }));
      await store.exchanges.insert(exchange({ id: "b", userId: 1, depositAddress: "D", createdAt: "2024-05-02T10:00:00.000Z" }));
      await store.exchanges.insert(exchange({ id: "c", userId: 2 }));
      expect(ids(await store.lookup.find(" D "))).toEqual(["b", "a"]);
      expect(ids(await store.lookup.byUser(1))).toEqual(["b", "a"]);
      expect((await store.lookup.ofUser(1, "a"))?.id).toBe("a");
      expect(await store.lookup.ofUser(2, "a")).toBeUndefined();
      expect(await store.lookup.ofUser(1, "nope")).toBeUndefined();
      expect(await store.lookup.archivedTotals()).toEqual({ count: 0, byStatus: {}, volume: {} });
    });

    it("lists the exchanges created in a range, start included, end not, anyone's", async () => {
      const store = await fresh();
      for (const [id, userId, createdAt] of [
        ["before", 1, "2024-04-30T23:59:59.999Z"],
        ["first", 1, "2024-05-01T00:00:00.000Z"],
        ["other", 2, "2024-05-15T12:00:00.000Z"],
        ["last", 1, "2024-05-31T23:59:59.999Z"],
        ["after", 2, "2024-06-01T00:00:00.000Z"],
      ] as const) {
        await store.exchanges.insert(exchange({ id, userId, createdAt }));
      }
      const range = await collect(store.lookup.createdBetween(new Date("2024-05-01T00:00:00Z"), new Date("2024-06-01T00:00:00Z")));
      expect(ids(range).sort()).toEqual(["first", "last", "other"]);
      expect(await collect(store.lookup.createdBetween(new Date("2023-01-01T00:00:00Z"), new Date("2023-02-01T00:00:00Z")))).toEqual([]);
    });
  });

  describe("users", () => {
    it("creates a user on first sight and refreshes names and lastSeenAt later, keeping firstSeenAt", async () => {
      const store = await fresh();
      expect(await store.users.get(7)).toBeUndefined();
      const created = await store.users.upsertSeen({ id: 7, first_name: "Ann", username: "ann_x", language_code: "ru" }, t0);
      const expected: UserRecord = {
        id: 7,
        firstName: "Ann",
        username: "ann_x",
        telegramLanguageCode: "ru",
        blocked: false,
        firstSeenAt: t0.toISOString(),
        lastSeenAt: t0.toISOString(),
      };
      expect(created).toEqual(expected);
      expect(await store.users.get(7)).toEqual(expected);
      expect((await store.users.setLanguage(7, "en"))?.languageCode).toBe("en");
      expect((await store.users.setBlocked(7, true))?.blocked).toBe(true);
      const updated = await store.users.upsertSeen({ id: 7, first_name: "Anna" }, at(2 * MINUTE));
      expect(updated).toEqual({
        id: 7,
        firstName: "Anna",
        languageCode: "en",
        blocked: true,
        firstSeenAt: t0.toISOString(),
        lastSeenAt: at(2 * MINUTE).toISOString(),
      });
      expect(await store.users.get(7)).toEqual(updated);
      expect(await store.users.count()).toBe(1);
    });

    it("setLanguage(undefined or empty) returns to Telegram's language; unknown users give undefined", async () => {
      const store = await fresh();
      await store.users.upsertSeen({ id: 1, first_name: "A" }, t0);
      expect((await store.users.setLanguage(1, "ru"))?.languageCode).toBe("ru");
      expect(await store.users.setLanguage(1, undefined)).not.toHaveProperty("languageCode");
      await store.users.setLanguage(1, "ru");
      expect(await store.users.setLanguage(1, "")).not.toHaveProperty("languageCode");
      expect(await store.users.get(1)).not.toHaveProperty("languageCode");
      expect((await store.users.setBlocked(1, true))?.blocked).toBe(true);
      expect((await store.users.setBlocked(1, false))?.blocked).toBe(false);
      expect(await store.users.setLanguage(404, "ru")).toBeUndefined();
      expect(await store.users.setBlocked(404, true)).toBeUndefined();
      expect(await store.users.get(404)).toBeUndefined();
      expect(await store.users.count()).toBe(1);
    });

    it("forget deletes the user's record, its name from the username index and the count; a later message is a first contact", async () => {
      const store = await fresh();
      await store.users.upsertSeen({ id: 1, first_name: "Ann", username: "ann_x", language_code: "ru" }, t0);
      await store.users.setLanguage(1, "en");
      await store.users.upsertSeen({ id: 2, first_name: "Bob" }, t0);
      expect(await store.users.forget(1)).toBe(true);
      expect(await store.users.get(1)).toBeUndefined();
      expect(await store.users.findByUsername("ann_x")).toBeUndefined();
      expect(await store.users.count()).toBe(1);
      expect(await store.users.forget(1)).toBe(false);
      expect(await store.users.forget(404)).toBe(false);
      expect((await store.users.get(2))?.firstName).toBe("Bob");
      const again = await store.users.upsertSeen({ id: 1, first_name: "Ann" }, at(5 * MINUTE));
      expect(again.firstSeenAt).toBe(at(5 * MINUTE).toISOString());
      expect(again).not.toHaveProperty("languageCode");
      expect(await store.users.count()).toBe(2);
    });

    it("finds by username case-insensitively, with or without @; the account written last holds a name", async () => {
      const store = await fresh();
      await store.users.upsertSeen({ id: 1, first_name: "A", username: "Alice" }, t0);
      await store.users.upsertSeen({ id: 2, first_name: "B", username: "bob" }, t0);
      expect((await store.users.findByUsername("@ALICE"))?.id).toBe(1);
      expect((await store.users.findByUsername(" alice "))?.id).toBe(1);
      expect((await store.users.findByUsername("Bob"))?.firstName).toBe("B");
      await store.users.upsertSeen({ id: 1, first_name: "A", username: "alice2" }, at(MINUTE));
      expect(await store.users.findByUsername("alice")).toBeUndefined();
      expect((await store.users.findByUsername("alice2"))?.id).toBe(1);
      await store.users.upsertSeen({ id: 2, first_name: "B", username: "Alice2" }, at(MINUTE));
      expect((await store.users.findByUsername("alice2"))?.id).toBe(2);
      // The first holder renaming again does not unlink the new one.
      await store.users.upsertSeen({ id: 1, first_name: "A", username: "alice3" }, at(2 * MINUTE));
      expect((await store.users.findByUsername("alice2"))?.id).toBe(2);
      expect(await store.users.findByUsername("nobody")).toBeUndefined();
      expect(await store.users.findByUsername("@")).toBeUndefined();
    });

    it("a user seen again within a minute with nothing else changed keeps lastSeenAt; a change or a minute writes", async () => {
      const store = await fresh();
      const from = { id: 1, first_name: "A", username: "a" };
      await store.users.upsertSeen(from, t0);
      expect((await store.users.upsertSeen(from, at(30 * SECOND))).lastSeenAt).toBe(t0.toISOString());
      expect((await store.users.get(1))?.lastSeenAt).toBe(t0.toISOString());
      const renamed = await store.users.upsertSeen({ ...from, first_name: "A2" }, at(31 * SECOND));
      expect(renamed).toMatchObject({ firstName: "A2", lastSeenAt: at(31 * SECOND).toISOString() });
      expect((await store.users.upsertSeen({ ...from, first_name: "A2" }, at(92 * SECOND))).lastSeenAt).toBe(at(92 * SECOND).toISOString());
      expect((await store.users.get(1))?.lastSeenAt).toBe(at(92 * SECOND).toISOString());
      // A username removed in Telegram is removed here, even within the minute.
      expect(await store.users.upsertSeen({ id: 1, first_name: "A2" }, at(93 * SECOND))).not.toHaveProperty("username");
      expect(await store.users.findByUsername("a")).toBeUndefined();
    });

    it("refuses a non-integer id with a TypeError", async () => {
      const store = await fresh();
      await expect(store.users.upsertSeen({ id: 1.5, first_name: "A" }, t0)).rejects.toThrow(TypeError);
      expect(await store.users.count()).toBe(0);
      expect(await store.users.get(1.5)).toBeUndefined();
    });

    it("hands out copies and iterates every user in insertion order", async () => {
      const store = await fresh();
      for (const id of [3, 10, 2_000_000_000]) await store.users.upsertSeen({ id, first_name: `U${id}` }, t0);
      const u = await store.users.upsertSeen({ id: 3, first_name: "U3" }, t0);
      u.blocked = true;
      (await store.users.get(3))!.firstName = "Mallory";
      const all = await collect(store.users.all());
      expect(all.map((x) => x.id)).toEqual([3, 10, 2_000_000_000]);
      for (const each of all) each.firstName = "X";
      expect(await store.users.get(3)).toMatchObject({ firstName: "U3", blocked: false });
      expect(await store.users.count()).toBe(3);
    });
  });

  describe("key-value namespaces", () => {
    it("gets, sets, deletes and lists in insertion order; a replaced value keeps its place", async () => {
      const store = await fresh();
      const kv = store.kv<{ n: number }>(ns("alerts"));
      expect(await kv.get("a")).toBeUndefined();
      expect(await kv.has("a")).toBe(false);
      await kv.set("b", { n: 1 });
      await kv.set("a", { n: 2 });
      await kv.set("c", { n: 3 });
      await kv.set("b", { n: 4 });
      expect(await kv.get("b")).toEqual({ n: 4 });
      expect(await kv.has("b")).toBe(true);
      expect(await kv.keys()).toEqual(["b", "a", "c"]);
      expect(await kv.delete("a")).toBe(true);
      expect(await kv.delete("a")).toBe(false);
      await kv.set("a", { n: 5 });
      expect(await kv.entries()).toEqual([
        ["b", { n: 4 }],
        ["c", { n: 3 }],
        ["a", { n: 5 }],
      ]);
    });

    it("keeps namespaces apart; conversations is the 'conversations' namespace; an empty namespace is refused", async () => {
      const store = await fresh();
      await store.kv<number>(ns("one")).set("k", 1);
      await store.kv<number>(ns("two")).set("k", 2);
      await store.conversations.set("chat:5", { step: 3 });
      expect(await store.kv<number>(ns("one")).get("k")).toBe(1);
      expect(await store.kv<number>(ns("two")).get("k")).toBe(2);
      expect(await store.kv(ns("conversations")).get("chat:5")).toEqual({ step: 3 });
      expect(await store.kv(ns("one")).keys()).toEqual(["k"]);
      expect(await store.kv(ns("three")).entries()).toEqual([]);
      expect(() => store.kv(ns(""))).toThrow(TypeError);
    });

    it("stores JSON copies of any JSON value and hands copies out", async () => {
      const store = await fresh();
      const kv = store.kv<unknown>(ns("values"));
      const state = { replay: [1, 2], at: new Date("2024-01-01T00:00:00.000Z"), gone: undefined, deep: { a: [{ b: "c" }] } };
      await kv.set("obj", state);
      state.replay.push(3);
      const read = (await kv.get("obj")) as { replay: number[] };
      expect(read).toEqual({ replay: [1, 2], at: "2024-01-01T00:00:00.000Z", deep: { a: [{ b: "c" }] } });
      expect(read).not.toHaveProperty("gone");
      read.replay.push(99);
      expect(((await kv.get("obj")) as { replay: number[] }).replay).toEqual([1, 2]);
      for (const [key, value] of [
        ["array", [1, "two", null, { three: 3 }]],
        ["string", 'text with "quotes" and ünïcödé 💱'],
        ["number", 0.1 + 0.2],
        ["zero", 0],
        ["false", false],
        ["null", null],
        ["empty", {}],
      ] as const) {
        await kv.set(key, value);
        expect(await kv.get(key)).toEqual(value);
        expect(await kv.has(key)).toBe(true);
      }
      const entries = await kv.entries();
      (entries[0]![1] as { replay: number[] }).replay.push(7);
      expect(((await kv.get("obj")) as { replay: number[] }).replay).toEqual([1, 2]);
    });

    it("refuses values JSON cannot carry with a TypeError", async () => {
      const store = await fresh();
      const kv = store.kv<unknown>(ns("x"));
      await expect(kv.set("k", undefined)).rejects.toThrow(TypeError);
      await expect(kv.set("k", 10n)).rejects.toThrow(TypeError);
      await expect(kv.add("k", () => 1)).rejects.toThrow(TypeError);
      await expect(kv.update("k", () => 10n)).rejects.toThrow(TypeError);
      expect(await kv.has("k")).toBe(false);
    });

    it("treats keys like __proto__ as ordinary keys", async () => {
      const store = await fresh();
      const kv = store.kv<string>(ns("dedup"));
      await kv.set("__proto__", "p");
      await kv.set("constructor", "c");
      expect(await kv.get("__proto__")).toBe("p");
      expect(await kv.has("toString")).toBe(false);
      expect(await kv.get("toString")).toBeUndefined();
      expect(await kv.keys()).toEqual(["__proto__", "constructor"]);
      expect(({} as Record<string, unknown>).p).toBeUndefined();
    });

    it("add stores only when the key is absent", async () => {
      const store = await fresh();
      const kv = store.kv<string>(ns("once"));
      expect(await kv.add("k", "first")).toBe(true);
      expect(await kv.add("k", "second")).toBe(false);
      expect(await kv.get("k")).toBe("first");
      await kv.delete("k");
      expect(await kv.add("k", "third")).toBe(true);
      expect(await kv.get("k")).toBe("third");
    });

    it("update creates, changes and deletes, returning the new value; a throwing change stores nothing", async () => {
      const store = await fresh();
      const kv = store.kv<{ n: number }>(ns("counters"));
      const seen: Array<{ n: number } | undefined> = [];
      expect(
        await kv.update("c", (cur) => {
          seen.push(cur);
          return { n: (cur?.n ?? 0) + 1 };
        }),
      ).toEqual({ n: 1 });
      expect(await kv.update("c", (cur) => ({ n: (cur?.n ?? 0) + 1 }))).toEqual({ n: 2 });
      expect(await kv.get("c")).toEqual({ n: 2 });
      expect(seen).toEqual([undefined]);
      await expect(
        kv.update("c", (cur) => {
          if (cur) cur.n = 100;
          throw new Error("no");
        }),
      ).rejects.toThrow("no");
      expect(await kv.get("c")).toEqual({ n: 2 });
      expect(await kv.update("c", () => undefined)).toBeUndefined();
      expect(await kv.has("c")).toBe(false);
      expect(await kv.update("missing", () => undefined)).toBeUndefined();
      expect(await kv.keys()).toEqual([]);
      const made = await kv.update("d", () => ({ n: 5 }));
      made!.n = 6;
      expect(await kv.get("d")).toEqual({ n: 5 });
    });

    it("entriesWithPrefix lists the keys that start with the prefix, in insertion order, wildcards as plain text", async () => {
      const store = await fresh();
      const kv = store.kv<number>(ns("prefixed"));
      for (const [key, n] of [
        ["chat:1:b", 1],
        ["chat:10:a", 2],
        ["chat:1:a", 3],
        ["CHAT:1:c", 4],
        ["chat:1_x", 5],
        ["chat:1%", 6],
        ["back\\slash", 7],
        ["other", 8],
      ] as const)
        await kv.set(key, n);
      await store.kv<number>(ns("elsewhere")).set("chat:1:z", 9);
      expect(await kv.entriesWithPrefix("chat:1:")).toEqual([
        ["chat:1:b", 1],
        ["chat:1:a", 3],
      ]);
      // "_" and "%" are characters here, not LIKE's "any": neither finds "chat:1:…" or "chat:10:…".
      expect(await kv.entriesWithPrefix("chat:1_")).toEqual([["chat:1_x", 5]]);
      expect(await kv.entriesWithPrefix("chat:1%")).toEqual([["chat:1%", 6]]);
      expect(await kv.entriesWithPrefix("back\\")).toEqual([["back\\slash", 7]]);
      expect(await kv.entriesWithPrefix("nothing")).toEqual([]);
      expect(await kv.entriesWithPrefix("")).toEqual(await kv.entries());
      expect(await store.kv(ns("never-written")).entriesWithPrefix("chat:")).toEqual([]);
      // A replaced value keeps its place; a deleted key is gone; the result is the caller's copy.
      await kv.set("chat:1:b", 10);
      await kv.delete("chat:1:a");
      await kv.set("chat:1:a", 11);
      const found = await kv.entriesWithPrefix("chat:1:");
      expect(found).toEqual([
        ["chat:1:b", 10],
        ["chat:1:a", 11],
      ]);
      found[0]![1] = 99;
      expect(await kv.get("chat:1:b")).toBe(10);
    });

    it("add is once-only under concurrency: of 20 adds of one key exactly one wins", async () => {
      const store = await fresh();
      const kv = store.kv<number>(ns("race"));
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.add("k", i)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await kv.get("k")).toBe(results.indexOf(true));
    });

    it("deleteOlderThan removes the entries whose `at` is before the cutoff, and only those", async () => {
      const store = await fresh();
      const kv = store.kv<unknown>(ns("updates"));
      const iso = (ms: number) => at(ms).toISOString();
      await kv.set("long-ago", { at: "2023-12-31T23:59:59.999Z" });
      await kv.set("a-ms-before", { at: iso(-1), state: "handled" });
      await kv.set("at-cutoff", { at: iso(0) });
      await kv.set("after", { at: iso(MINUTE) });
      // Nothing but an object's string `at` counts.
      await kv.set("no-at", { n: 1 });
      await kv.set("number-at", { at: 5 });
      await kv.set("string-value", "2020-01-01T00:00:00.000Z");
      await kv.set("array-value", [{ at: iso(-MINUTE) }]);
      await store.kv(ns("other")).set("long-ago", { at: iso(-MINUTE) });

      expect(await kv.deleteOlderThan(at(0))).toBe(2);
      expect(await kv.keys()).toEqual(["at-cutoff", "after", "no-at", "number-at", "string-value", "array-value"]);
      // Another namespace is not touched; a second run finds nothing.
      expect(await store.kv(ns("other")).has("long-ago")).toBe(true);
      expect(await kv.deleteOlderThan(at(0))).toBe(0);
      expect(await kv.deleteOlderThan(at(2 * MINUTE))).toBe(2);
      expect(await kv.keys()).toEqual(["no-at", "number-at", "string-value", "array-value"]);
      expect(await store.kv(ns("empty")).deleteOlderThan(at(0))).toBe(0);
    });

    it("update is atomic: 50 concurrent increments (from a missing key) lose none", async () => {
      const store = await fresh();
      const kv = store.kv<number>(ns("count"));
      await Promise.all(Array.from({ length: 50 }, () => kv.update("n", (cur) => (cur ?? 0) + 1)));
      expect(await kv.get("n")).toBe(50);
    });
  });

  describe("text PostgreSQL cannot hold", () => {
    // A NUL or half an emoji typed by a person must not make a write fail. lowdb keeps any string;
    // PostgreSQL removes NUL and replaces a lone surrogate with U+FFFD (postgres/text.ts). On both,
    // what a write returns is what a read finds, and text that only looks like an escape is kept.
    const LONE = "\ud83d";
    const written = { nul: "Ad\u0000a", lone: `half ${LONE}`, backslashNul: "back\\\u0000slash", literal: "C:\\u0000 \\ud83d", pair: "💱" };
    const onPostgres = { nul: "Ada", lone: "half \ufffd", backslashNul: "back\\slash", literal: "C:\\u0000 \\ud83d", pair: "💱" };
    const expected = (store: DataStore) => (store.kind === "postgres" ? onPostgres : written);

    it("stores a user's names with NUL and a lone surrogate, and finds them again", async () => {
      const store = await fresh();
      const from = { id: 7, first_name: written.lone, username: written.nul };
      const created = await store.users.upsertSeen(from, t0);
      const want = expected(store);
      expect(created).toMatchObject({ firstName: want.lone, username: want.nul });
      expect(await store.users.get(7)).toEqual(created);
      expect((await store.users.findByUsername(written.nul))?.id).toBe(7);
      // Seen again within the minute with the same names: nothing changed, nothing else written.
      expect(await store.users.upsertSeen(from, at(SECOND))).toEqual(created);
      expect(await store.users.setBlocked(7, true)).toMatchObject({ username: want.nul, blocked: true });
    });

    it("stores an exchange with NUL in an address and a tag; /find by the typed text finds it", async () => {
      const store = await fresh();
      const address = `addr${written.nul}`;
      const inserted = await store.exchanges.insert(exchange({ id: "nul", destinationAddress: address, refundTag: written.lone }));
      const want = expected(store);
      expect(inserted).toMatchObject({ destinationAddress: `addr${want.nul}`, refundTag: want.lone });
      expect(await store.exchanges.get("nul")).toEqual(inserted);
      expect(ids(await store.exchanges.find(address))).toEqual(["nul"]);
      const updated = await store.exchanges.update("nul", { depositTag: written.backslashNul });
      expect(updated.depositTag).toBe(want.backslashNul);
      expect(await store.exchanges.get("nul")).toEqual(updated);
    });

    it("stores kv values, object keys, kv keys and settings with NUL; set, add and update alike", async () => {
      const store = await fresh();
      const kv = store.kv<unknown>(ns("typed"));
      const value = { [`ke${written.nul}y`]: [written.nul, written.lone], ...written };
      const want = expected(store);
      const stored = { [`ke${want.nul}y`]: [want.nul, want.lone], ...want };
      await kv.set("set", value);
      expect(await kv.get("set")).toEqual(stored);
      expect(await kv.add("add", value)).toBe(true);
      expect(await kv.get("add")).toEqual(stored);
      expect(await kv.update("update", () => value)).toEqual(stored);
      expect(await kv.get("update")).toEqual(stored);
      await store.conversations.set("chat:7", { text: written.nul });
      expect(await store.conversations.get("chat:7")).toEqual({ text: want.nul });
      // A key with NUL: the same key finds the value again (PostgreSQL stores it without the NUL).
      await kv.set(`k${written.nul}`, 1);
      expect(await kv.get(`k${written.nul}`)).toBe(1);
      expect(await kv.keys()).toContain(`k${want.nul}`);
      await store.settings.setMaintenance({ on: true, message: written.nul });
      expect(await store.settings.getMaintenance()).toEqual({ on: true, message: want.nul });
    });
  });

  describe("settings", () => {
    it("keeps the maintenance switch, as a copy", async () => {
      const store = await fresh();
      expect(await store.settings.getMaintenance()).toBeUndefined();
      await store.settings.setMaintenance({ on: true, message: "Back at 5" });
      const m = await store.settings.getMaintenance();
      expect(m).toEqual({ on: true, message: "Back at 5" });
      m!.on = false;
      expect((await store.settings.getMaintenance())?.on).toBe(true);
      await store.settings.setMaintenance({ on: false });
      expect(await store.settings.getMaintenance()).toEqual({ on: false });
      // Settings are not a kv namespace.
      expect(await store.kv(ns("settings")).keys()).toEqual([]);
    });
  });

  describe("the poller's claims", () => {
    const lease = { leaseMs: 30 * SECOND, limit: 10 };

    it("claims open, not stopped exchanges never checked, in insertion order, up to the limit", async () => {
      const store = await fresh();
      for (const id of ["a", "b", "c", "d", "e"]) await store.exchanges.insert(exchange({ id }));
      await store.exchanges.insert(exchange({ id: "done", status: "success" }));
      await store.exchanges.insert(exchange({ id: "stopped", tracking: { stoppedReason: "too_old" } }));
      await store.exchanges.insert(exchange({ id: "not-stopped", tracking: { stoppedReason: "", consecutiveFailures: 2 } }));
      expect(claimedIds(await store.exchanges.claimDue("A", { now: t0, leaseMs: 1000, limit: 3 }))).toEqual(["a", "b", "c"]);
      expect(claimedIds(await store.exchanges.claimDue("B", { now: t0, ...lease }))).toEqual(["d", "e", "not-stopped"]);
      expect(await store.exchanges.claimDue("C", { now: t0, ...lease })).toEqual([]);
      expect(await store.exchanges.claimDue("C", { now: t0, leaseMs: 1000, limit: 0 })).toEqual([]);
    });

    it("returns the records as stored, as copies", async () => {
      const store = await fresh();
      const rec = await store.exchanges.insert(exchange({ id: "a", cardMessageId: 3 }));
      const [claimed] = await store.exchanges.claimDue("A", { now: t0, ...lease });
      expect(claimed).toEqual({ exchange: rec, dueAt: undefined });
      claimed!.exchange.status = "success";
      expect((await store.exchanges.get("a"))?.status).toBe("waiting_deposit");
    });

    it("a lease keeps every claim off until it runs out, its owner's own too", async () => {
      const store = await fresh();
      await store.exchanges.insert(exchange({ id: "a" }));
      await store.exchanges.insert(exchange({ id: "b" }));
      expect(claimedIds(await store.exchanges.claimDue("A", { now: t0, ...lease }))).toEqual(["a", "b"]);
      expect(await store.exchanges.claimDue("B", { now: t0, ...lease })).toEqual([]);
      expect(await store.exchanges.claimDue("B", { now: at(29_999), ...lease })).toEqual([]);
      // A's poller is still checking them: its next batch must not take them a second time.
      expect(await store.exchanges.claimDue("A", { now: at(10 * SECOND), ...lease })).toEqual([]);
      expect(claimedIds(await store.exchanges.claimDue("B", { now: at(30 * SECOND), ...lease }))).toEqual(["a", "b"]);
      expect(await store.exchanges.claimDue("A", { now: at(41 * SECOND), ...lease })).toEqual([]);
    });

    it("a release ends the lease and schedules the next check; most overdue comes first", async () => {
      const store = await fresh();
      for (const id of ["x", "y", "z"]) await store.exchanges.insert(exchange({ id }));
      expect(claimedIds(await store.exchanges.claimDue("A", { now: t0, leaseMs: 30 * SECOND, limit: 2 }))).toEqual(["x", "y"]);
      await store.exchanges.releaseClaims("A", [
        { id: "x", nextCheckAt: at(10 * SECOND) },
        { id: "y", nextCheckAt: at(5 * SECOND) },
      ]);
      expect(claimedIds(await store.exchanges.claimDue("B", { now: at(4 * SECOND), ...lease }))).toEqual(["z"]);
      await store.exchanges.releaseClaims("B", [{ id: "z", nextCheckAt: at(60 * SECOND) }]);
      expect(claimedIds(await store.exchanges.claimDue("B", { now: at(5 * SECOND), ...lease }))).toEqual(["y"]);
      await store.exchanges.releaseClaims("B", [{ id: "y", nextCheckAt: at(7 * SECOND) }]);
      expect(claimedIds(await store.exchanges.claimDue("C", { now: at(20 * SECOND), ...lease }))).toEqual(["y", "x"]);
      await store.exchanges.releaseClaims("C", [{ id: "y", nextCheckAt: at(70 * SECOND) }]);
      await store.exchanges.releaseClaims("C", [{ id: "x", nextCheckAt: at(50 * SECOND) }]);
      expect(claimedIds(await store.exchanges.claimDue("C", { now: at(80 * SECOND), ...lease }))).toEqual(["x", "z", "y"]);
    });

    it("tells when each claimed exchange was due; a release without a time keeps it", async () => {
      const store = await fresh();
      for (const id of ["x", "y", "z"]) await store.exchanges.insert(exchange({ id }));
      await store.exchanges.claimDue("A", { now: t0, ...lease });
      await store.exchanges.releaseClaims("A", [
        { id: "x", nextCheckAt: at(20 * SECOND) },
        { id: "y", nextCheckAt: at(10 * SECOND) },
        { id: "z", nextCheckAt: at(30 * SECOND) },
      ]);
      const due = await store.exchanges.claimDue("B", { now: at(20 * SECOND), ...lease });
      expect(due.map((c) => [c.exchange.id, c.dueAt?.getTime()])).toEqual([
        ["y", at(10 * SECOND).getTime()],
        ["x", at(20 * SECOND).getTime()],
      ]);
      // B could not check y (the service was down): y keeps its place, ahead of x and z.
      await store.exchanges.releaseClaims("B", [{ id: "y", nextCheckAt: undefined }]);
      await store.exchanges.releaseClaims("B", [{ id: "x", nextCheckAt: at(25 * SECOND) }]);
      const next = await store.exchanges.claimDue("C", { now: at(40 * SECOND), ...lease });
      expect(next.map((c) => [c.exchange.id, c.dueAt?.getTime()])).toEqual([
        ["y", at(10 * SECOND).getTime()],
        ["x", at(25 * SECOND).getTime()],
        ["z", at(30 * SECOND).getTime()],
      ]);
    });

    it("a release by an owner whose lease was taken over changes nothing", async () => {
      const store = await fresh();
      await store.exchanges.insert(exchange({ id: "a" }));
      await store.exchanges.claimDue("A", { now: t0, ...lease });
      // A stalls past its lease; B takes the exchange over.
      expect(claimedIds(await store.exchanges.claimDue("B", { now: at(31 * SECOND), ...lease }))).toEqual(["a"]);
      await store.exchanges.releaseClaims("A", [{ id: "a", nextCheckAt: at(3600 * SECOND) }]);
      expect(await store.exchanges.claimDue("C", { now: at(32 * SECOND), ...lease })).toEqual([]);
      await store.exchanges.releaseClaims("B", [{ id: "a", nextCheckAt: at(33 * SECOND) }]);
      expect(await store.exchanges.claimDue("C", { now: at(32 * SECOND), ...lease })).toEqual([]);
      expect(claimedIds(await store.exchanges.claimDue("C", { now: at(33 * SECOND), ...lease }))).toEqual(["a"]);
    });

    it("releases several at once: only those the owner still holds, each id's last release counting", async () => {
      const store = await fresh();
      for (const id of ["a", "b", "c", "d"]) await store.exchanges.insert(exchange({ id }));
      await store.exchanges.claimDue("A", { now: t0, ...lease });
      // B takes "a" over once A's lease has run out.
      expect(claimedIds(await store.exchanges.claimDue("B", { now: at(31 * SECOND), leaseMs: 30 * SECOND, limit: 1 }))).toEqual(["a"]);
      await store.exchanges.releaseClaims("A", []);
      await store.exchanges.releaseClaims("A", [
        { id: "a", nextCheckAt: at(40 * SECOND) },
        { id: "b", nextCheckAt: at(3600 * SECOND) },
        { id: "b", nextCheckAt: at(50 * SECOND) },
        { id: "c", nextCheckAt: undefined },
        { id: "unknown", nextCheckAt: at(40 * SECOND) },
      ]);
      // "a" is B's now: A's release leaves it alone. "c" kept its place; "d" is still A's (expired) claim.
      const due = await store.exchanges.claimDue("C", { now: at(60 * SECOND), ...lease });
      expect(due.map((c) => [c.exchange.id, c.dueAt?.getTime()])).toEqual([
        ["c", undefined],
        ["d", undefined],
        ["b", at(50 * SECOND).getTime()],
      ]);
    });

    it("an exchange that became final or stopped is no longer claimed", async () => {
      const store = await fresh();
      for (const id of ["a", "b", "c"]) await store.exchanges.insert(exchange({ id }));
      await store.exchanges.update("a", { status: "success" });
      await store.exchanges.update("b", (r) => ({ ...r, tracking: { ...r.tracking, stoppedReason: "too_old" } }));
      expect(claimedIds(await store.exchanges.claimDue("A", { now: t0, ...lease }))).toEqual(["c"]);
      await store.exchanges.update("c", { status: "failed" });
      await store.exchanges.releaseClaims("A", [{ id: "c", nextCheckAt: t0 }]);
      expect(await store.exchanges.claimDue("A", { now: at(MINUTE), ...lease })).toEqual([]);
    });
  });

  describe("durability and closing", () => {
    it("a write to a written-through namespace is durable when it resolves: another instance reads it", async () => {
      const store = await fresh();
      await store.kv<{ n: number }>(ns("outbox")).set("chat:1:a", { n: 1 });
      await store.kv<string>(ns("flow-journal")).update("1", () => "step");
      await store.conversations.set("c1", { state: 1 });
      await store.kv<string>(ns("exchange-create")).add("d1", "pending");
      await store.kv<string>(ns("broadcast:b1")).add("7", "sending");
      await store.kv<number>(ns("cards")).set("e1", 5);
      expect(
        await durable(store, async (other) => ({
          outbox: await other.kv(ns("outbox")).get("chat:1:a"),
          journal: await other.kv(ns("flow-journal")).get("1"),
          conversation: await other.conversations.get("c1"),
          marker: await other.kv(ns("exchange-create")).get("d1"),
          mark: await other.kv(ns("broadcast:b1")).get("7"),
          card: await other.kv(ns("cards")).get("e1"),
        })),
      ).toEqual({ outbox: { n: 1 }, journal: "step", conversation: { state: 1 }, marker: "pending", mark: "sending", card: 5 });

      await store.kv(ns("outbox")).delete("chat:1:a");
      await store.kv<string>(ns("flow-journal")).update("1", () => undefined);
      expect(
        await durable(store, async (other) => [await other.kv(ns("outbox")).has("chat:1:a"), await other.kv(ns("flow-journal")).has("1")]),
      ).toEqual([false, false]);
    });

    it("a new exchange and the maintenance switch are durable when they resolve", async () => {
      const store = await fresh();
      await store.exchanges.insert(exchange({ id: "new" }));
      await store.settings.setMaintenance({ on: true, message: "soon" });
      expect(
        await durable(store, async (other) => ({
          rec: await other.exchanges.get("new"),
          maintenance: await other.settings.getMaintenance(),
        })),
      ).toEqual({ rec: exchange({ id: "new" }), maintenance: { on: true, message: "soon" } });
    });

    it("a written-through write carries the coalesced writes made before it: they are durable when it resolves", async () => {
      const store = await fresh();
      await store.exchanges.insert(exchange({ id: "a" }));
      await store.exchanges.update("a", { status: "finished" });
      await store.users.upsertSeen({ id: 1, first_name: "A" }, t0);
      await store.users.setBlocked(1, true);
      await store.kv<number>(ns("metrics")).set("k", 3);
      // Into the small file on lowdb (the main file waits for its coalescing window otherwise).
      await store.kv(ns("outbox")).set("chat:1:a", { n: 1 });
      expect(
        await durable(store, async (other) => ({
          status: (await other.exchanges.get("a"))?.status,
          user: (await other.users.get(1))?.firstName,
          blocked: (await other.users.get(1))?.blocked,
          metric: await other.kv(ns("metrics")).get("k"),
          entry: await other.kv(ns("outbox")).get("chat:1:a"),
        })),
      ).toEqual({ status: "finished", user: "A", blocked: true, metric: 3, entry: { n: 1 } });
    });

    it("close makes everything durable and refuses later writes with StoreClosedError", async () => {
      const store = await fresh();
      await store.exchanges.insert(exchange({ id: "a" }));
      await store.users.upsertSeen({ id: 1, first_name: "A" }, t0);
      await store.kv<number>(ns("k")).set("present", 1);
      await store.close();
      await store.close();
      expect(await durable(store, (other) => other.kv(ns("k")).get("present"))).toBe(1);
      const kv = store.kv<number>(ns("k"));
      const refused: Array<Promise<unknown>> = [
        store.exchanges.insert(exchange({ id: "b" })),
        store.exchanges.update("a", { status: "failed" }),
        store.users.upsertSeen({ id: 2, first_name: "B" }, t0),
        store.users.upsertSeen({ id: 1, first_name: "A" }, t0),
        store.users.setBlocked(1, true),
        store.users.setLanguage(1, "ru"),
        kv.set("x", 1),
        kv.add("x", 1),
        kv.update("x", () => 1),
        kv.delete("present"),
        store.conversations.set("c", {}),
        store.settings.setMaintenance({ on: true }),
      ];
      const outcomes = await Promise.allSettled(refused);
      expect(outcomes.map((o) => (o.status === "rejected" && o.reason instanceof StoreClosedError ? "closed" : o.status))).toEqual(
        refused.map(() => "closed"),
      );
    });
  });
}
