/**
 * The exchange archive end to end: the real app against the sandbox exchange and the Bot API
 * emulator. An exchange archived (moved out of db.json into data/archive/) is still found by
 * support's /find (id, address, @username) and /user, listed in the person's /history (and its
 * card opens from there), and counted by /stats — before and after a restart. The start-up run
 * archives what became due while the bot was down.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ExchangeRecord } from "../../src/domain/types.js";
import { startHarness, type Harness } from "./harness.js";
import { finishedDaysAgo, openExchange, type TestUser } from "./fixtures.js";

const ADMIN_ID = 9001;
const DAY = 86_400_000;

/** Sends `text` and waits for `count` new bot messages in that chat; returns them. */
async function ask(h: Harness, who: TestUser, text: string, count = 1) {
  const since = who.chat.messages().length;
  who.sendText(text);
  await h.emulator.waitFor(() => who.chat.messages().length >= since + count);
  return who.chat.messages().slice(since);
}

/** An exchange that ended `daysAgo` days ago, as an older version of the bot would have stored it. */
function oldExchange(user: TestUser, daysAgo: number): ExchangeRecord {
  return finishedDaysAgo(user.id, `old${daysAgo}x`, daysAgo, {
    refundAddress: "bc1qoldrefund",
    depositAddress: `bc1qolddeposit${daysAgo}`,
  });
}

describe("archived exchanges, end to end", () => {
  let h: Harness;
  let admin: TestUser;
  let user: TestUser;

  beforeEach(async () => {
    h = await startHarness({ env: { ADMIN_IDS: String(ADMIN_ID), POLL_INTERVAL_MS: "3600000" } });
    admin = h.emulator.user({ id: ADMIN_ID, first_name: "Sam", username: "sam_support", language_code: "en" });
    user = h.emulator.user({ id: 3001, first_name: "Ada", username: "ada_l", language_code: "en" });
    await ask(h, admin, "/start");
    await ask(h, user, "/start");
  });
  afterEach(async () => {
    await h.close();
  });

  /** A whole exchange at the sandbox: created, paid, completed, the person told. */
  async function completedExchange(): Promise<ExchangeRecord> {
    const ex = await openExchange(h, user);
    h.sandbox.orders.deposit(ex.id);
    for (let i = 0; i < 3; i++) h.sandbox.orders.advance(ex.id);
    await h.app.poller.runCycle({ all: true });
    await h.app.delivery.idle();
    const done = await h.app.store.exchanges.get(ex.id);
    expect(done?.status).toBe("success");
    expect(done?.lastNotifiedStatus).toBe("success");
    return done as ExchangeRecord;
  }

  /** Everything support and the person can see of the two exchanges. */
  async function expectFoundEverywhere(old: ExchangeRecord, recent: ExchangeRecord) {
    for (const query of [old.id, old.depositAddress]) {
      const [count, record] = await ask(h, admin, `/find ${query}`, 2);
      expect(count?.plain).toContain("Found 1");
      expect(record?.plain).toContain(`Exchange ${old.id}`);
      expect(record?.plain).toContain(`Deposit: ${old.depositAddress}`);
      expect(record?.plain).toContain("Status history");
    }
    const [count] = await ask(h, admin, "/find @ada_l", 3);
    expect(count?.plain).toContain("Found 2");

    const [summary] = await ask(h, admin, "/user @ada_l");
    expect(summary?.plain).toContain("Exchanges: 2");
    expect(summary?.plain).toContain("Completed: 2");
    expect(summary?.plain).toContain("• 0.6 BTC");

    const [stats] = await ask(h, admin, "/stats");
    // The old one is in the total and the volume; the windows hold the recent one only.
    expect(stats?.plain).toContain("Exchanges: 2 (created 24 h: 1, 7 days: 1; completed 24 h: 1, 7 days: 1)");
    expect(stats?.plain).toContain("• 0.6 BTC");

    const [list] = await ask(h, user, "/history");
    const items = list?.buttons().filter((b) => b.callback_data?.startsWith("st:")) ?? [];
    expect(items.map((b) => b.callback_data)).toEqual([`st:${recent.id}`, `st:${old.id}`]);
    // The archived item opens its card, as stored: nothing is asked of the exchange service.
    const requests = h.sandbox.requests.count("exchange-status");
    const since = user.chat.messages().length;
    user.pressButton(list!, `st:${old.id}`);
    const card = await h.emulator.waitFor(() =>
      user.chat
        .messages()
        .slice(since)
        .find((m) => m.plain.includes("Status:")),
    );
    expect(card.plain).toContain(old.id);
    expect(card.plain).not.toContain("not found");
    expect(h.sandbox.requests.count("exchange-status")).toBe(requests);
  }

  it("finds, lists and counts an archived exchange, also after a restart", async () => {
    const old = await h.app.store.exchanges.insert(oldExchange(user, 45));
    const recent = await completedExchange();
    const report = await h.app.archiver.runNow();
    expect(report.archived).toBe(1);
    expect(await h.app.store.exchanges.get(old.id)).toBeUndefined();
    expect(await h.app.store.exchanges.get(recent.id)).toBeDefined();

    // Out of db.json, into the month file of its creation.
    const month = old.createdAt.slice(0, 7);
    expect(await readdir(join(h.dataDir, "archive"))).toEqual([`exchanges-${month}.jsonl`]);
    expect(await readFile(join(h.dataDir, "archive", `exchanges-${month}.jsonl`), "utf8")).toBe(`${JSON.stringify(old)}\n`);
    expect(await readFile(join(h.dataDir, "db.json"), "utf8")).not.toContain(old.depositAddress);

    await expectFoundEverywhere(old, recent);
    // Support's live re-check says the exchange is archived rather than unknown.
    const [, record] = await ask(h, admin, `/find ${old.id}`, 2);
    admin.pressButton(record!, `adm:r:${old.id}`);
    await h.emulator.waitFor(() => admin.lastToast()?.includes("archived"));

    await h.restart();
    await h.app.archiver.idle();
    expect(await h.app.store.exchanges.get(old.id)).toBeUndefined();
    await expectFoundEverywhere(old, recent);
  });

  it("archives at start-up what became due while the bot was down, and never an open exchange", async () => {
    const recent = await completedExchange();
    const open = await openExchange(h, user);
    await h.restart(async () => {
      // Forty days pass: every time in the data file moves back.
      const file = join(h.dataDir, "db.json");
      const data = JSON.parse(await readFile(file, "utf8")) as { exchanges: ExchangeRecord[] };
      const back = (iso: string) => new Date(Date.parse(iso) - 40 * DAY).toISOString();
      for (const e of data.exchanges) {
        e.createdAt = back(e.createdAt);
        e.updatedAt = back(e.updatedAt);
        e.statusHistory = e.statusHistory.map((s) => ({ ...s, at: back(s.at) }));
      }
      await writeFile(file, JSON.stringify(data));
    });
    await h.app.archiver.idle();
    expect(await h.app.store.exchanges.get(recent.id)).toBeUndefined();
    expect((await h.app.store.exchanges.get(open.id))?.status).toBe("waiting_deposit");
    expect(await h.app.store.lookup.archivedTotals()).toMatchObject({ count: 1, byStatus: { success: 1 } });

    // The restarted bot may tell its admin something of its own meanwhile: look for the answer itself.
    const since = admin.chat.messages().length;
    admin.sendText(`/find ${recent.depositAddress}`);
    await h.emulator.waitFor(() =>
      admin.chat
        .messages()
        .slice(since)
        .some((m) => m.plain.includes(`Exchange ${recent.id}`)),
    );
    expect(
      admin.chat
        .messages()
        .slice(since)
        .map((m) => m.plain),
    ).toContain("Found 1; showing 1.");
    const [list] = await ask(h, user, "/history");
    expect(
      list
        ?.buttons()
        .filter((b) => b.callback_data?.startsWith("st:"))
        .map((b) => b.callback_data),
    ).toEqual([`st:${open.id}`, `st:${recent.id}`]);
  });
});
