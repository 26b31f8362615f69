import { describe, expect, it } from "vitest";
import type { ExchangeRecord } from "../../src/domain/types.js";
import { ExchangesRepository } from "../../src/store/exchanges-repo.js";
import { CURRENT_SCHEMA_VERSION } from "../../src/store/migrations.js";
import type { RepoContext } from "../../src/store/repo-context.js";
import { emptyDb } from "../../src/store/schema.js";
import { exchange, freshStores } from "./helpers.js";

const { fresh, dirs } = freshStores();

describe("ExchangesRepo", () => {
  it("inserts and gets by id; a repeated id is refused and changes nothing", async () => {
    const store = await fresh();
    const rec = exchange({ id: "ex1" });
    expect(store.exchanges.insert(rec)).toEqual(rec);
    expect(store.exchanges.get("ex1")).toEqual(rec);
    expect(store.exchanges.get("nope")).toBeUndefined();
    expect(() => store.exchanges.insert(exchange({ id: "ex1", amountFrom: "9" }))).toThrow(/already exists/);
    expect(store.exchanges.get("ex1")?.amountFrom).toBe("0.05");
    expect(store.exchanges.count()).toBe(1);
  });

  it("refuses malformed records so the file never holds what open() would reject", async () => {
    const store = await fresh();
    expect(() => store.exchanges.insert(exchange({ id: "" }))).toThrow(TypeError);
    // @ts-expect-error deliberately wrong type
    expect(() => store.exchanges.insert(exchange({ id: "x", userId: "12" }))).toThrow(TypeError);
    store.exchanges.insert(exchange({ id: "ok" }));
    // @ts-expect-error deliberately wrong type
    expect(() => store.exchanges.update("ok", { statusHistory: null })).toThrow(TypeError);
    expect(store.exchanges.count()).toBe(1);
    expect(store.exchanges.get("ok")?.statusHistory).toHaveLength(1);
  });

  it("updates with a patch or a function and returns the new record", async () => {
    const store = await fresh();
    store.exchanges.insert(exchange({ id: "ex1", cardMessageId: 5 }));
    const patched = store.exchanges.update("ex1", { status: "exchanging", cardMessageId: undefined });
    expect(patched.status).toBe("exchanging");
    expect(patched).not.toHaveProperty("cardMessageId");
    const viaFn = store.exchanges.update("ex1", (r) => {
      r.statusHistory.push({ status: "sending", at: "2024-05-01T10:05:00.000Z" });
      return { ...r, status: "sending" };
    });
    expect(viaFn.statusHistory.map((s) => s.status)).toEqual(["waiting_deposit", "sending"]);
    expect(store.exchanges.get("ex1")).toEqual(viaFn);
  });

  it("update refuses an unknown id and a change of id", async () => {
    const store = await fresh();
    store.exchanges.insert(exchange({ id: "ex1" }));
    expect(() => store.exchanges.update("nope", { status: "failed" })).toThrow(/No exchange/);
    expect(() => store.exchanges.update("ex1", (r) => ({ ...r, id: "ex2" }))).toThrow(/may not change/);
    expect(store.exchanges.get("ex2")).toBeUndefined();
  });

  it("byUser lists one user's exchanges newest first", async () => {
    const store = await fresh();
    store.exchanges.insert(exchange({ id: "a", userId: 1, createdAt: "2024-05-01T10:00:00.000Z" }));
    store.exchanges.insert(exchange({ id: "b", userId: 2, createdAt: "2024-05-03T10:00:00.000Z" }));
    store.exchanges.insert(exchange({ id: "c", userId: 1, createdAt: "2024-05-03T10:00:00.000Z" }));
    store.exchanges.insert(exchange({ id: "d", userId: 1, createdAt: "2024-05-02T10:00:00.000Z" }));
    store.exchanges.insert(exchange({ id: "e", userId: 1, createdAt: "2024-05-03T10:00:00.000Z" }));
    store.exchanges.update("a", { status: "success" }); // an update does not reorder
    expect(store.exchanges.byUser(1).map((e) => e.id)).toEqual(["e", "c", "d", "a"]);
    expect(store.exchanges.byUser(2).map((e) => e.id)).toEqual(["b"]);
    expect(store.exchanges.byUser(3)).toEqual([]);
  });

  it("open() holds exactly the exchanges whose status is not final, following updates", async () => {
    const store = await fresh();
    store.exchanges.insert(exchange({ id: "w", status: "waiting_deposit" }));
    store.exchanges.insert(exchange({ id: "s", status: "success" }));
    store.exchanges.insert(exchange({ id: "f", status: "sending_failed" }));
    store.exchanges.insert(exchange({ id: "u", status: "some_new_status" }));
    expect(store.exchanges.open().map((e) => e.id)).toEqual(["w", "f", "u"]);
    store.exchanges.update("w", { status: "time_expired" });
    store.exchanges.update("f", { status: "reverted" });
    store.exchanges.update("s", { status: "exchanging" }); // unusual, but the index must follow
    expect(store.exchanges.open().map((e) => e.id)).toEqual(["s", "u"]);
    store.exchanges.update("u", { status: "failed" });
    expect(store.exchanges.open().map((e) => e.id)).toEqual(["s"]);
  });

  it("find() matches id, addresses and tags exactly, and forgets old values after an update", async () => {
    const store = await fresh();
    store.exchanges.insert(
      exchange({
        id: "id-1",
        depositAddress: "DEP1",
        destinationAddress: "DST1",
        destinationTag: "777",
        refundAddress: "REF1",
        createdAt: "2024-05-01T10:00:00.000Z",
      }),
    );
    store.exchanges.insert(exchange({ id: "id-2", depositAddress: "DEP2", depositTag: "777", createdAt: "2024-05-02T10:00:00.000Z" }));
    const ids = (q: string) => store.exchanges.find(q).map((e) => e.id);
    expect(ids("id-1")).toEqual(["id-1"]);
    expect(ids(" DEP1 ")).toEqual(["id-1"]);
    expect(ids("DST1")).toEqual(["id-1"]);
    expect(ids("REF1")).toEqual(["id-1"]);
    expect(ids("777")).toEqual(["id-2", "id-1"]);
    expect(ids("dep1")).toEqual([]); // exact, case-sensitive: addresses are
    expect(ids("DEP")).toEqual([]);
    expect(ids("")).toEqual([]);
    store.exchanges.update("id-1", { destinationAddress: "DST9" });
    expect(ids("DST1")).toEqual([]);
    expect(ids("DST9")).toEqual(["id-1"]);
  });

  it("returns copies: mutating results does not change the store", async () => {
    const store = await fresh();
    store.exchanges.insert(exchange({ id: "ex1" }));
    store.exchanges.get("ex1")!.status = "success";
    store.exchanges.open()[0]!.statusHistory.push({ status: "x", at: "y" });
    for (const e of store.exchanges.all()) e.amountFrom = "999";
    const rec = store.exchanges.get("ex1")!;
    expect(rec.status).toBe("waiting_deposit");
    expect(rec.statusHistory).toHaveLength(1);
    expect(rec.amountFrom).toBe("0.05");
    expect(store.exchanges.open()).toHaveLength(1);
  });

  it("the caller's inserted object stays the caller's", async () => {
    const store = await fresh();
    const mine = exchange({ id: "ex1" });
    store.exchanges.insert(mine);
    mine.statusHistory.push({ status: "success", at: "z" });
    mine.status = "success";
    expect(store.exchanges.get("ex1")?.status).toBe("waiting_deposit");
    expect(store.exchanges.get("ex1")?.statusHistory).toHaveLength(1);
  });

  it("rebuilds every index on reopen", async () => {
    const dir = await dirs.make();
    const first = await fresh(dir);
    first.exchanges.insert(exchange({ id: "a", userId: 5, status: "success", depositAddress: "DA" }));
    first.exchanges.insert(exchange({ id: "b", userId: 5, status: "exchanging", createdAt: "2024-06-01T00:00:00.000Z" }));
    await first.close();
    const second = await fresh(dir);
    expect(second.exchanges.count()).toBe(2);
    expect(second.exchanges.byUser(5).map((e) => e.id)).toEqual(["b", "a"]);
    expect(second.exchanges.open().map((e) => e.id)).toEqual(["b"]);
    expect(second.exchanges.find("DA").map((e) => e.id)).toEqual(["a"]);
    expect([...second.exchanges.all()].map((e) => e.id)).toEqual(["a", "b"]);
  });
});

describe("removing stored records (the archive's move)", () => {
  /** A repository over in-memory data, with a count of the changes it records. */
  function repo() {
    const changes = { n: 0 };
    const ctx: RepoContext = {
      data: emptyDb(CURRENT_SCHEMA_VERSION),
      mutate: (change) => {
        changes.n++;
        return change();
      },
      assertWritable() {},
    };
    return { repo: new ExchangesRepository(ctx), ctx, changes };
  }

  it("removes the given records wherever they are, and every index and position stays right", () => {
    const { repo: r, ctx, changes } = repo();
    for (let i = 0; i < 10; i++) {
      r.insert(exchange({ id: `e${i}`, userId: i % 2, status: i % 3 === 0 ? "success" : "waiting_deposit", depositTag: `t${i % 4}` }));
    }
    const stored = r.storedRecords();
    const picked = [stored[9], stored[4], stored[0], stored[5]].filter((e) => e !== undefined);
    let seen: readonly ExchangeRecord[] = [];
    const removed = r.removeStored(picked, (gone) => (seen = gone));
    expect(removed.map((e) => e.id)).toEqual(["e9", "e4", "e0", "e5"]);
    expect(seen).toEqual(removed);
    expect(changes.n).toBe(11); // 10 inserts + one change for the removal and its companion
    expect([...r.all()].map((e) => e.id)).toEqual(["e1", "e2", "e3", "e6", "e7", "e8"]);
    expect(ctx.data.exchanges.map((e) => e.id)).toEqual(["e1", "e2", "e3", "e6", "e7", "e8"]);
    expect(r.count()).toBe(6);
    for (const id of ["e0", "e4", "e5", "e9"]) {
      expect(r.get(id)).toBeUndefined();
      expect(r.has(id)).toBe(false);
    }
    // Positions moved: an update still replaces the right slot.
    r.update("e7", { amountFrom: "7" });
    expect(ctx.data.exchanges[4]).toMatchObject({ id: "e7", amountFrom: "7" });
    expect(r.byUser(0).map((e) => e.id)).toEqual(["e8", "e6", "e2"]);
    expect(r.byUser(1).map((e) => e.id)).toEqual(["e7", "e3", "e1"]);
    expect(r.open().map((e) => e.id)).toEqual(["e1", "e2", "e7", "e8"]);
    expect(r.find("t0").map((e) => e.id)).toEqual(["e8"]);
    expect(r.find("t1").map((e) => e.id)).toEqual(["e1"]);
    expect(r.find("bc1qdeposit-e5")).toEqual([]);
  });

  it("keeps a record replaced since it was handed out, and removes nothing twice", () => {
    const { repo: r } = repo();
    r.insert(exchange({ id: "a" }));
    r.insert(exchange({ id: "b" }));
    const [a, b] = r.storedRecords();
    r.update("a", { amountFrom: "2" });
    expect(
      r
        .removeStored(
          [a, b].filter((e) => e !== undefined),
          () => {},
        )
        .map((e) => e.id),
    ).toEqual(["b"]);
    expect(r.get("a")?.amountFrom).toBe("2");
    expect(
      r.removeStored(
        [b].filter((e) => e !== undefined),
        () => {},
      ),
    ).toEqual([]);
    expect([...r.all()].map((e) => e.id)).toEqual(["a"]);
  });
});
