/**
 * Replicas coordinating through a real PostgreSQL: a chat's turn, leadership that moves when its
 * holder's session ends, and news between processes.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import type { Coordination } from "../../../src/store/coordination.js";
import { postgresCoordination } from "../../../src/store/postgres/coordination.js";
import { testDatabase } from "../../postgres/database.js";
import { until } from "../../until.js";

const quiet = { info() {}, warn() {} };
let url: string;
const opened: Coordination[] = [];

function replica(leaderRetryMs = 50): Coordination {
  const c = postgresCoordination({ url, logger: quiet, leaderRetryMs });
  opened.push(c);
  return c;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  url = await testDatabase();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

describe("chat locks", () => {
  it("lets one replica at a time handle a chat, and other chats meanwhile", async () => {
    // Long enough that a loaded 2-core machine's scheduling noise stays well below one turn.
    const HOLD_MS = 400;
    const [a, b] = [replica(), replica()];
    const log: string[] = [];
    const handle = (c: Coordination, who: string, chatId: number) =>
      c.withChatLock(chatId, async () => {
        log.push(`${who}:${chatId}:start`);
        await sleep(HOLD_MS);
        log.push(`${who}:${chatId}:end`);
      });
    const started = Date.now();
    await Promise.all([handle(a, "a", 1), handle(b, "b", 1), handle(a, "a", 2), handle(b, "b", 3)]);
    const chat1 = log.filter((l) => l.includes(":1:"));
    // Never two starts of chat 1 in a row: each handler ended before the next began.
    expect(chat1).toHaveLength(4);
    expect(chat1[0]?.endsWith("start") && chat1[1]?.endsWith("end") && chat1[2]?.endsWith("start")).toBe(true);
    expect(chat1[0]?.split(":")[0]).toBe(chat1[1]?.split(":")[0]);
    // Chats 2 and 3 did not wait for chat 1's two turns: all four in a row would take 4 turns.
    expect(Date.now() - started).toBeLessThan(3.5 * HOLD_MS);
  });

  it("frees the lock when the handler throws", async () => {
    const a = replica();
    await expect(a.withChatLock(5, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    const b = replica();
    await expect(b.withChatLock(5, () => Promise.resolve("next"))).resolves.toBe("next");
  });

  it("handles a chat id beyond 32 bits (groups) and negative ids", async () => {
    const a = replica();
    await expect(a.withChatLock(-1001234567890, () => Promise.resolve(1))).resolves.toBe(1);
  });
});

describe("leadership", () => {
  it("has one leader among three, and moves when the leader's session dies", async () => {
    const events: string[] = [];
    const rs = [replica(), replica(), replica()];
    const leads = rs.map((c, i) => c.lead("outbox", { onGain: () => events.push(`gain${i}`), onLose: () => events.push(`lose${i}`) }));
    await until(() => leads.some((l) => l.isLeader));
    await sleep(200);
    expect(leads.filter((l) => l.isLeader)).toHaveLength(1);
    const first = leads.findIndex((l) => l.isLeader);

    // The server ends the leader's session, as when its process is killed: in this test's database
    // only, not the leaders of other test files running on the same server.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = 7320202
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    await admin.end();
    await until(() => leads.some((l, i) => i !== first && l.isLeader));
    await sleep(200);
    expect(leads.filter((l) => l.isLeader)).toHaveLength(1);
    expect(events).toContain(`lose${first}`);
  });

  it("hands over at once when the leader stops", async () => {
    const [a, b] = [replica(), replica()];
    const la = a.lead("alerts", { onGain() {}, onLose() {} });
    await until(() => la.isLeader);
    const lb = b.lead("alerts", { onGain() {}, onLose() {} });
    await sleep(150);
    expect(lb.isLeader).toBe(false);
    await la.stop();
    await until(() => lb.isLeader, 1_000);
  });

  it("keeps different jobs' leaderships apart", async () => {
    const a = replica();
    const x = a.lead("x", { onGain() {}, onLose() {} });
    const b = replica();
    const y = b.lead("y", { onGain() {}, onLose() {} });
    await until(() => x.isLeader && y.isLeader);
  });
});

describe("news", () => {
  it("reaches every listening replica, the sender's too", async () => {
    const [a, b] = [replica(), replica()];
    let heardA = 0;
    let heardB = 0;
    await a.listen("outbox", () => heardA++);
    await b.listen("outbox", () => heardB++);
    await a.notify("outbox");
    await until(() => heardA === 1 && heardB === 1);
    await b.notify("other");
    await sleep(100);
    expect([heardA, heardB]).toEqual([1, 1]);
  });

  it("comes back after its connection is lost, and tells each listener to look for what it missed", async () => {
    const [a, b] = [replica(), replica()];
    const heard: string[] = [];
    await b.listen("parked", (payload) => heard.push(payload));
    await a.notify("parked", "1");
    await until(() => heard.length === 1);

    // The server ends b's listening session (a restart, a proxy timing out an idle connection).
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await until(() => heard.length === 2, 10_000);
    expect(heard).toEqual(["1", ""]);
    await a.notify("parked", "2");
    await until(() => heard.length === 3);
    expect(heard[2]).toBe("2");
  });

  it("carries its payload, and an empty one when none is given", async () => {
    const [a, b] = [replica(), replica()];
    const heard: string[] = [];
    await b.listen("parked", (payload) => heard.push(payload));
    await a.notify("parked", "-1001234567890");
    await a.notify("parked");
    await until(() => heard.length === 2);
    expect(heard).toEqual(["-1001234567890", ""]);
  });
});
