/**
 * The inbox (src/updates/inbox.ts) and the start-up replay (src/updates/replay.ts) on the real
 * lowdb files: a batch is on disk when `receive` resolves, marked updates are not replayed, and
 * a replay runs each chat's updates in order, once, skipping what the chat's flow took already.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Context } from "grammy";
import type { Update } from "grammy/types";
import type { DataStore } from "../../src/store/data-store.js";
import { fileDataStore } from "../../src/store/file-data-store.js";
import { openStore } from "../../src/store/store.js";
import { Inbox, INBOX_MARKS_NAMESPACE, INBOX_NAMESPACE } from "../../src/updates/inbox.js";
import { replayUnhandled } from "../../src/updates/replay.js";
import { fileOnDisk, tempDirs } from "../store/helpers.js";

const dirs = tempDirs();
const opened: DataStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await dirs.cleanup();
});

const quiet = { info() {}, warn() {} };

async function open(dir: string): Promise<DataStore> {
  const main = await openStore({ dataDir: dir, flushDelayMs: 3_600_000 });
  const small = await openStore({ dataDir: dir, fileName: "live.json", appendLog: true, flushDelayMs: 0 });
  const store = fileDataStore(main, small);
  opened.push(store);
  return store;
}

function text(updateId: number, chatId: number, words: string): Update {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: 0,
      chat: { id: chatId, type: "private", first_name: "P" },
      from: { id: chatId, is_bot: false, first_name: "P" },
      text: words,
    },
  };
}

/** Neither a batch nor a mark is left in the store. */
async function expectNothingKept(store: DataStore): Promise<void> {
  expect(await store.kv(INBOX_NAMESPACE).keys()).toEqual([]);
  expect(await store.kv(INBOX_MARKS_NAMESPACE).keys()).toEqual([]);
}

const inboxOf = (store: DataStore, owner: string, at = new Date("2026-01-01T00:00:00Z")) =>
  new Inbox({ store, owner, now: () => at, logger: quiet });

describe("the inbox", () => {
  it("says when an update it tracks arrived, and whether an earlier process received it", async () => {
    const store = await open(await dirs.make());
    const arrived = new Date("2026-01-01T00:00:00Z");
    const first = inboxOf(store, "p1", arrived);
    await first.receive([text(20, 1, "a"), text(21, 2, "b")]);
    expect(first.arrivalOf(20)).toEqual({ at: arrived, takenOver: false });
    expect(first.arrivalOf(99)).toBeUndefined();

    // A process started later takes the batch over: the arrival is the first one's.
    const next = inboxOf(store, "p2", new Date("2026-01-01T00:05:00Z"));
    await next.leftUnhandled();
    expect(next.arrivalOf(21)).toEqual({ at: arrived, takenOver: true });
    next.handled(21);
    expect(next.arrivalOf(21)).toBeUndefined();
  });

  it("has a batch on disk when receive resolves, and forgets it once every update is marked", async () => {
    const dir = await dirs.make();
    const store = await open(dir);
    const inbox = inboxOf(store, "p1");
    await inbox.receive([text(10, 1, "a"), text(11, 2, "b")]);
    const onDisk = await fileOnDisk(dir, "live.json");
    expect(Object.keys(onDisk.kv[INBOX_NAMESPACE.name] ?? {})).toHaveLength(1);

    inbox.handled(10);
    await inbox.flush();
    expect((await inboxOf(store, "p2").leftUnhandled()).map((l) => l.update.update_id)).toEqual([11]);
    inbox.handled(11);
    await inbox.flush();
    expect(await store.kv(INBOX_NAMESPACE).keys()).toEqual([]);
  });

  it("writes a mark apart from its batch, never rewriting the batch", async () => {
    const dir = await dirs.make();
    const store = await open(dir);
    const inbox = inboxOf(store, "p1");
    await inbox.receive([text(10, 1, "a"), text(11, 2, "b"), text(12, 3, "c")]);
    const [[key, batch]] = (await store.kv(INBOX_NAMESPACE).entries()) as [[string, unknown]];
    inbox.handled(11);
    await inbox.flush();
    expect(await store.kv(INBOX_NAMESPACE).get(key)).toEqual(batch);
    expect(await store.kv(INBOX_MARKS_NAMESPACE).get(key)).toEqual([11]);
    inbox.handled(10);
    inbox.handled(12);
    await inbox.flush();
    await expectNothingKept(store);
  });

  it("deletes a batch whose updates all end at once in one write, its marks never written", async () => {
    const dir = await dirs.make();
    const store = await open(dir);
    const inbox = inboxOf(store, "p1");
    await inbox.receive([text(10, 1, "a")]);
    await inbox.receive([text(11, 2, "b"), text(12, 3, "c")]);
    inbox.handled(10);
    inbox.handled(11);
    inbox.handled(12);
    await inbox.flush();
    await expectNothingKept(store);
    const log = await readFile(join(dir, "live.json.log"), "utf8");
    expect(log).not.toContain(INBOX_MARKS_NAMESPACE);
    // Two receives, then the two batches' deletes: in one write, or one each.
    expect(log.trim().split("\n").length).toBeLessThanOrEqual(4);
  });

  it("keeps an update late only while its handling runs, and forgets it when that ends, even during the write", async () => {
    const store = await open(await dirs.make());
    const inbox = inboxOf(store, "p1");
    const mark = inbox.middleware();
    let release!: () => void;
    const running = mark({ update: text(30, 1, "late") } as Context, () => new Promise<void>((resolve) => (release = resolve)));
    const keeping = inbox.keepUnfinished(text(30, 1, "late"));
    // The handling ends before the write does (the webhook keeps an update at its ack window's end).
    release();
    await running;
    await keeping;
    await inbox.flush();
    await expectNothingKept(store);
    expect(await inboxOf(store, "p2").leftUnhandled()).toEqual([]);

    // Ended before the window did, or never begun here: nothing to keep.
    await mark({ update: text(31, 1, "quick") } as Context, async () => undefined);
    await inbox.keepUnfinished(text(31, 1, "quick"));
    await inbox.keepUnfinished(text(32, 1, "never seen"));
    await inbox.flush();
    await expectNothingKept(store);
  });

  it("after a kill between the last mark and the batch's delete, replays nothing of it and clears both", async () => {
    const dir = await dirs.make();
    const store = await open(dir);
    await store
      .kv(INBOX_NAMESPACE)
      .set("000000000010:gone", { at: "2026-01-01T00:00:00.000Z", updates: [text(10, 1, "a"), text(11, 2, "b")] });
    await store.kv(INBOX_MARKS_NAMESPACE).set("000000000010:gone", [10, 11]);
    // And marks whose batch went before the kill.
    await store.kv(INBOX_MARKS_NAMESPACE).set("000000000005:gone", [5]);
    expect(await inboxOf(store, "p1").leftUnhandled()).toEqual([]);
    await expectNothingKept(store);
  });

  it("knows an update an earlier process kept, handled or not, so that Telegram handing it over again is not handled twice", async () => {
    const dir = await dirs.make();
    const store = await open(dir);
    const earlier = inboxOf(store, "gone");
    await earlier.receive([text(10, 1, "a"), text(11, 2, "b")]);
    await earlier.receive([text(12, 3, "c")]);
    earlier.handled(11);
    earlier.handled(12);
    await earlier.flush();

    const inbox = inboxOf(store, "p1");
    // Nothing is known before start-up has read what was kept.
    expect(inbox.keptByEarlierProcess(10)).toBe(false);
    expect((await inbox.leftUnhandled()).map((l) => l.update.update_id)).toEqual([10]);
    expect([9, 10, 11].map((id) => inbox.keptByEarlierProcess(id))).toEqual([true, true, true]);
    // 12's batch was handled and deleted before the kill: it is not known.
    expect([12, 13].map((id) => inbox.keptByEarlierProcess(id))).toEqual([false, false]);
  });

  it("reads the marks an earlier version kept inside its batch, and deletes the batch once the rest are marked", async () => {
    const dir = await dirs.make();
    const store = await open(dir);
    const earlier = { at: "2026-01-01T00:00:00.000Z", updates: [text(10, 1, "a"), text(11, 2, "b"), text(12, 3, "c")], handled: [10] };
    await store.kv(INBOX_NAMESPACE).set("000000000010:gone", earlier);
    const inbox = inboxOf(store, "p1");
    expect((await inbox.leftUnhandled()).map((l) => l.update.update_id)).toEqual([11, 12]);
    inbox.handled(11);
    await inbox.flush();
    expect(await store.kv(INBOX_NAMESPACE).keys()).toEqual(["000000000010:gone"]);
    inbox.handled(12);
    await inbox.flush();
    await expectNothingKept(store);
  });

  it("replays what an earlier process left, each chat in order, once, and marks it", async () => {
    const dir = await dirs.make();
    const store = await open(dir);
    const gone = inboxOf(store, "gone");
    await gone.receive([text(20, 1, "first of 1"), text(21, 2, "only of 2")]);
    await gone.receive([text(22, 1, "second of 1")]);
    gone.handled(21);
    await gone.flush();

    const inbox = inboxOf(store, "next");
    const seen: string[] = [];
    const report = await replayUnhandled({
      inbox,
      handle: async (u) => {
        seen.push(u.message?.text ?? "");
        // Marked by the bot's middleware when the handling ends, as in the app.
        inbox.handled(u.update_id);
        await Promise.resolve();
      },
      logger: quiet,
    });
    expect(report).toEqual({ replayed: 2, skipped: 0 });
    expect(seen).toEqual(["first of 1", "second of 1"]);
    expect(await store.kv(INBOX_NAMESPACE).keys()).toEqual([]);
    // A second start finds nothing.
    expect(await inboxOf(store, "third").leftUnhandled()).toEqual([]);
  });

  it("marks without handling an update its chat says was handled before the kill", async () => {
    const dir = await dirs.make();
    const store = await open(dir);
    await inboxOf(store, "gone").receive([text(30, 1, "taken"), text(31, 2, "not taken")]);
    const inbox = inboxOf(store, "next");
    const seen: number[] = [];
    const report = await replayUnhandled({
      inbox,
      handle: (u) => {
        seen.push(u.update_id);
        inbox.handled(u.update_id);
        return Promise.resolve();
      },
      handledAlready: (chatId, updateId) => Promise.resolve(chatId === 1 && updateId === 30),
      logger: quiet,
    });
    expect(report).toEqual({ replayed: 1, skipped: 1 });
    expect(seen).toEqual([31]);
    expect(await store.kv(INBOX_NAMESPACE).keys()).toEqual([]);
  });

  it("does not answer an inline query late: it is marked, not handled", async () => {
    const dir = await dirs.make();
    const store = await open(dir);
    const query: Update = {
      update_id: 40,
      inline_query: { id: "q1", from: { id: 3, is_bot: false, first_name: "Q" }, query: "0.1 btc eth", offset: "" },
    };
    await inboxOf(store, "gone").receive([query]);
    const inbox = inboxOf(store, "next");
    const seen: number[] = [];
    const report = await replayUnhandled({ inbox, handle: (u) => Promise.resolve(void seen.push(u.update_id)), logger: quiet });
    expect(report).toEqual({ replayed: 0, skipped: 1 });
    expect(seen).toEqual([]);
    expect(await store.kv(INBOX_NAMESPACE).keys()).toEqual([]);
  });
});
