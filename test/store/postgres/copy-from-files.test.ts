/**
 * `migrate:to-postgres`: a lowdb installation (db.json with 10,000 exchanges, most of them moved to
 * the archive by the store's own run, live.json, kv namespaces, settings) copied into a real
 * PostgreSQL twice: the first run copies everything as the bot would have written it, the second
 * copies nothing and overwrites nothing. Then the command itself, as a child process.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticExchange } from "../../../bench/synthetic-exchange.js";
import type { ExchangeRecord, UserRecord } from "../../../src/domain/types.js";
import { copyFilesToPostgres, formatCopyReport, NoDataFileError, type CopyReport } from "../../../src/store/postgres/copy-from-files.js";
import { exchangeRow, userRow } from "../../../src/store/postgres/rows.js";
import { openStore } from "../../../src/store/store.js";
import { testDatabase } from "../../postgres/database.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const EXCHANGES = 10_000;
const USERS = 300;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const AFTER_MS = 30 * DAY;
/** A count as the report's table prints it. */
const n = (x: number) => x.toLocaleString("en-US");

/** What the data directory was filled with, to compare the database against. */
interface Installation {
  dataDir: string;
  /** db.json's exchanges in file order, after the archive run. */
  hot: ExchangeRecord[];
  /** Every exchange as last stored, by id (the hot copy for the one in both places). */
  byId: Map<string, ExchangeRecord>;
  archivedLines: number;
  /** An archived exchange whose newer copy was put back into db.json. */
  inBoth: ExchangeRecord;
  users: UserRecord[];
}

/** Exchange `i`: 40 minutes apart, ending at NOW (about nine months, so many month files). */
function makeExchange(i: number): ExchangeRecord {
  const created = new Date(NOW - (EXCHANGES - i) * 40 * 60_000);
  return syntheticExchange(i, { created, open: i > EXCHANGES - 500 && i % 7 === 0, users: USERS });
}

async function makeInstallation(dataDir: string): Promise<Installation> {
  const store = await openStore({ dataDir, flushDelayMs: 0 });
  for (let u = 0; u < USERS; u++) {
    const id = 100_000_000 + u;
    store.users.upsertSeen(
      { id, first_name: `Person ${u}`, ...(u % 3 === 0 ? { username: `Person_${u}` } : {}) },
      new Date(NOW - u * 60_000),
    );
  }
  store.users.setBlocked(100_000_007, true);
  for (let i = 0; i < EXCHANGES; i++) store.exchanges.insert(makeExchange(i));
  const run = await store.archive.run({ now: new Date(NOW), afterMs: AFTER_MS });
  // An archived exchange back in db.json with a change (the archive's rule: the data file's copy wins).
  const archivedOne = makeExchange(1_234);
  expect(store.exchanges.has(archivedOne.id)).toBe(false);
  const inBoth = store.exchanges.insert({ ...archivedOne, status: "refunded", updatedAt: new Date(NOW).toISOString() });
  store.settings.set("maintenance", { on: false });
  store.settings.set("greeting", "hello");
  for (let k = 0; k < 40; k++) store.kv<{ at: string }>("create-markers").set(`m${k}`, { at: `2026-11-${10 + (k % 10)}` });
  store.kv<number>("funnel").set("started", 120);
  store.kv<string>("shared").set("k1", "from db.json");
  store.kv<string>("shared").set("k2", "only in db.json");
  // Flow states of an earlier version (the bot drops them at start): never copied.
  store.conversations.set("old:1", { v: 0 });
  store.conversations.set("old:2", { v: 0 });
  const hot = [...store.exchanges.all()];
  const users = [...store.users.all()];
  await store.close();

  const live = await openStore({ dataDir, fileName: "live.json", flushDelayMs: 0 });
  for (let c = 0; c < 3; c++)
    live.conversations.set(`conv:${100_000_000 + c}`, { chatId: 100_000_000 + c, savedAt: "2026-11-23T11:00:00.000Z" });
  for (let o = 0; o < 5; o++) live.kv<{ text: string }>("outbox").set(`o${o}`, { text: `message ${o}` });
  live.kv<string>("shared").set("k1", "from live.json");
  await live.close();

  const byId = new Map<string, ExchangeRecord>();
  for (let i = 0; i < EXCHANGES; i++) {
    const rec = makeExchange(i);
    byId.set(rec.id, rec);
  }
  byId.set(inBoth.id, inBoth);
  return { dataDir, hot, byId, archivedLines: run.archived, inBoth, users };
}

let dataDir: string;
let url: string;
let pool: pg.Pool;
let inst: Installation;
let first: CopyReport;
let second: CopyReport;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "bot-copy-"));
  inst = await makeInstallation(dataDir);
  url = await testDatabase();
  pool = new pg.Pool({ connectionString: url, max: 3 });
}, 120_000);

afterAll(async () => {
  await pool.end();
  await rm(dataDir, { recursive: true, force: true });
});

describe("copyFilesToPostgres", () => {
  it("copies everything on the first run, in the files' order, as the bot writes rows", async () => {
    expect(inst.archivedLines).toBeGreaterThan(8_000);
    first = await copyFilesToPostgres({ dataDir, pool });
    process.stdout.write(`copied ${EXCHANGES} exchanges (${inst.archivedLines} of them archived) into PostgreSQL in ${first.ms} ms\n`);

    const hot = inst.hot.length;
    expect(first.users).toEqual({ found: USERS, copied: USERS, alreadyPresent: 0, skipped: 0 });
    expect(first.exchangesHot).toEqual({ found: hot, copied: hot, alreadyPresent: 0, skipped: 0 });
    expect(first.exchangesArchived).toEqual({ found: inst.archivedLines, copied: inst.archivedLines - 1, alreadyPresent: 0, skipped: 1 });
    expect(first.conversations).toEqual({ found: 5, copied: 3, alreadyPresent: 0, skipped: 2 });
    expect(first.kv).toEqual({
      "create-markers": { found: 40, copied: 40, alreadyPresent: 0, skipped: 0 },
      funnel: { found: 1, copied: 1, alreadyPresent: 0, skipped: 0 },
      shared: { found: 3, copied: 2, alreadyPresent: 0, skipped: 1 },
      outbox: { found: 5, copied: 5, alreadyPresent: 0, skipped: 0 },
    });
    expect(first.settings).toEqual({ found: 2, copied: 2, alreadyPresent: 0, skipped: 0 });
    expect(first.notes.join("\n")).toMatch(/1 archived exchanges are also in db.json/);
    expect(first.notes.join("\n")).toMatch(/2 exchange-flow states of an earlier version/);
    expect(first.notes.join("\n")).toMatch(/kv "shared": 1 keys are in both/);

    const count = async (table: string) => Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
    expect(await count("exchanges")).toBe(EXCHANGES);
    expect(await count("users")).toBe(USERS);
    expect(await count("kv")).toBe(3 + 40 + 1 + 2 + 5);
    expect(await count("settings")).toBe(2);
  });

  it("stores each exchange whole, with the columns rows.ts gives it", async () => {
    const { rows } = await pool.query<{
      id: string;
      user_id: string;
      is_open: boolean;
      created_at: string;
      search_keys: string[];
      record: ExchangeRecord;
    }>("SELECT id, user_id, is_open, created_at, search_keys, record FROM exchanges ORDER BY seq");
    expect(rows).toHaveLength(EXCHANGES);
    for (const row of rows) {
      const rec = inst.byId.get(row.id) as ExchangeRecord;
      expect(row.record).toEqual(rec);
      const expected = exchangeRow(rec);
      expect({ ...row, user_id: Number(row.user_id) }).toEqual({ ...expected, record: rec });
    }
    // Spot checks that do not rest on exchangeRow: an open one, an archived one, the one in both.
    const byId = new Map(rows.map((r) => [r.id, r]));
    const open = inst.hot.find((e) => e.status === "waiting_deposit" || e.status === "exchanging") as ExchangeRecord;
    expect(byId.get(open.id)?.is_open).toBe(true);
    expect(byId.get(open.id)?.search_keys).toEqual(expect.arrayContaining([open.id, open.depositAddress, open.destinationAddress]));
    const archived = makeExchange(10);
    expect(byId.get(archived.id)).toMatchObject({ is_open: false, user_id: String(archived.userId), record: archived });
    expect(byId.get(inst.inBoth.id)?.record.status).toBe("refunded");

    // db.json's order kept exactly; archived ones by creation time, among db.json's.
    const hotIds = new Set(inst.hot.map((e) => e.id));
    expect(rows.filter((r) => hotIds.has(r.id)).map((r) => r.id)).toEqual(inst.hot.map((e) => e.id));
    const archivedTimes = rows.filter((r) => !hotIds.has(r.id)).map((r) => r.created_at);
    expect(archivedTimes).toEqual([...archivedTimes].sort());
    expect(rows[0]?.id).toBe(makeExchange(0).id);
  });

  it("copies users, kv entries, conversations and settings as they are", async () => {
    const users = await pool.query<{ id: string; username_key: string | null; record: UserRecord }>(
      "SELECT id, username_key, record FROM users ORDER BY seq",
    );
    expect(users.rows.map((u) => ({ ...u, id: Number(u.id) }))).toEqual(inst.users.map(userRow));
    expect(users.rows.find((u) => u.id === "100000003")?.username_key).toBe("person_3");
    expect(users.rows.find((u) => u.id === "100000007")?.record.blocked).toBe(true);

    const kv = async (namespace: string) =>
      (
        await pool.query<{ key: string; value: unknown }>("SELECT key, value FROM kv WHERE namespace = $1 ORDER BY seq", [namespace])
      ).rows.map((r) => [r.key, r.value]);
    expect(await kv("shared")).toEqual([
      ["k1", "from live.json"],
      ["k2", "only in db.json"],
    ]);
    expect((await kv("conversations")).map(([k]) => k)).toEqual(["conv:100000000", "conv:100000001", "conv:100000002"]);
    expect(await kv("outbox")).toContainEqual(["o4", { text: "message 4" }]);
    expect(await kv("funnel")).toEqual([["started", 120]]);
    expect((await kv("create-markers")).slice(0, 2)).toEqual([
      ["m0", { at: "2026-11-10" }],
      ["m1", { at: "2026-11-11" }],
    ]);
    const settings = await pool.query<{ key: string; value: unknown }>("SELECT key, value FROM settings ORDER BY key");
    expect(settings.rows).toEqual([
      { key: "greeting", value: "hello" },
      { key: "maintenance", value: { on: false } },
    ]);
  });

  it("copies nothing on the second run and leaves rows changed since as they are", async () => {
    const changed = inst.hot[3] as ExchangeRecord;
    await pool.query(`UPDATE exchanges SET record = jsonb_set(record, '{status}', '"failed"'), is_open = false WHERE id = $1`, [
      changed.id,
    ]);
    await pool.query(`UPDATE kv SET value = '"changed by the bot"' WHERE namespace = 'outbox' AND key = 'o1'`);
    await pool.query(`UPDATE users SET record = jsonb_set(record, '{blocked}', 'true') WHERE id = 100000001`);
    await pool.query(`UPDATE settings SET value = '{"on": true}' WHERE key = 'maintenance'`);

    second = await copyFilesToPostgres({ dataDir, pool });
    const all = [
      second.users,
      second.exchangesHot,
      second.exchangesArchived,
      second.conversations,
      ...Object.values(second.kv),
      second.settings,
    ];
    for (const counts of all) {
      expect(counts.copied).toBe(0);
      expect(counts.alreadyPresent).toBe(counts.found - counts.skipped);
    }
    expect(second.exchangesHot.alreadyPresent).toBe(inst.hot.length);
    expect(second.exchangesArchived.alreadyPresent).toBe(inst.archivedLines - 1);

    const one = async <T>(sql: string, params: unknown[] = []) => (await pool.query<{ v: T }>(sql, params)).rows[0]?.v;
    expect(await one("SELECT record->>'status' AS v FROM exchanges WHERE id = $1", [changed.id])).toBe("failed");
    expect(await one("SELECT value AS v FROM kv WHERE namespace = 'outbox' AND key = 'o1'")).toBe("changed by the bot");
    expect(await one("SELECT record->'blocked' AS v FROM users WHERE id = 100000001")).toBe(true);
    expect(await one("SELECT value AS v FROM settings WHERE key = 'maintenance'")).toEqual({ on: true });
    expect(Number(await one<string>("SELECT count(*) AS v FROM exchanges"))).toBe(EXCHANGES);
  }, 60_000);

  it("prints a table of what it found, copied and found already there", () => {
    const text = formatCopyReport(first);
    expect(text).toMatch(/^\s+found\s+copied\s+already there\s+skipped$/m);
    expect(text).toMatch(new RegExp(`^users\\s+300\\s+300\\s+0\\s+0$`, "m"));
    expect(text).toMatch(/^kv "shared"\s+3\s+2\s+0\s+1$/m);
    expect(formatCopyReport(second)).toMatch(
      new RegExp(`^exchanges in db.json\\s+${n(inst.hot.length)}\\s+0\\s+${n(inst.hot.length)}\\s+0$`, "m"),
    );
  });

  it("copies names, records and kv values with NUL, without the NUL, as the bot's own writes do", async () => {
    const folder = await mkdtemp(join(tmpdir(), "bot-copy-nul-"));
    const target = new pg.Pool({ connectionString: await testDatabase(), max: 2 });
    try {
      const files = await openStore({ dataDir: folder, flushDelayMs: 0 });
      files.users.upsertSeen({ id: 5, first_name: "Ad\u0000a", username: "ada\u0000" }, new Date(NOW));
      files.exchanges.insert({ ...makeExchange(1), destinationAddress: "addr\u0000ess" });
      files.kv<string>("typed").set("k\u0000", "va\u0000lue");
      await files.close();
      const report = await copyFilesToPostgres({ dataDir: folder, pool: target });
      expect([report.users.copied, report.exchangesHot.copied, report.kv.typed?.copied]).toEqual([1, 1, 1]);
      const one = async (sql: string) => (await target.query<{ v: unknown }>(sql)).rows[0]?.v;
      expect(await one("SELECT record->>'firstName' AS v FROM users")).toBe("Ada");
      expect(await one("SELECT username_key AS v FROM users")).toBe("ada");
      expect(await one("SELECT search_keys AS v FROM exchanges")).toContain("address");
      expect(await one("SELECT key || '=' || (value #>> '{}') AS v FROM kv WHERE namespace = 'typed'")).toBe("k=value");
    } finally {
      await target.end();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("refuses a folder without db.json, before touching the database", async () => {
    const empty = await mkdtemp(join(tmpdir(), "bot-copy-empty-"));
    try {
      await expect(
        copyFilesToPostgres({ dataDir: empty, pool: new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none" }) }),
      ).rejects.toThrow(NoDataFileError);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

/** Runs the command as `npm run migrate:to-postgres` does. */
function runCommand(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/migrate-to-postgres.ts", ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run migrate:to-postgres", () => {
  it("copies into a database, reports it, and never prints the password", async () => {
    // A role of its own, so the password is a string no other part of the URL contains.
    const role = `migrator_${Date.now().toString(36)}`;
    const password = "Pw-4q7ZsecretXy";
    await pool.query(`CREATE ROLE ${role} LOGIN SUPERUSER PASSWORD '${password}'`);
    const target = new URL(await testDatabase());
    target.username = role;
    target.password = password;

    const run = await runCommand({ DATA_DIR: dataDir, DATABASE_URL: target.toString() });
    expect(run.stderr).not.toContain(password);
    expect(run.stdout).not.toContain(password);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`Copying ${dataDir} into postgres://${role}:***@`);
    expect(run.stdout).toMatch(/^Copied .* into postgres:\/\/migrator_\w+:\*\*\*@127\.0\.0\.1:\d+\/t_\w+ in \d+\.\d s\.$/m);
    expect(run.stdout).toMatch(/^users\s+300\s+300\s+0\s+0$/m);
    expect(run.stdout).toMatch(new RegExp(`^exchanges in db.json\\s+${n(inst.hot.length)}\\s+${n(inst.hot.length)}\\s+0\\s+0$`, "m"));
    expect(run.stdout).toContain("running this again copies only what is missing");

    const again = await runCommand({ DATA_DIR: dataDir, DATABASE_URL: target.toString() }, ["--json"]);
    expect(again.code).toBe(0);
    const report = JSON.parse(again.stdout) as CopyReport;
    expect(report.exchangesArchived).toEqual({ found: inst.archivedLines, copied: 0, alreadyPresent: inst.archivedLines - 1, skipped: 1 });
    expect(again.stdout + again.stderr).not.toContain(password);
  }, 120_000);

  it("exits 1 with one line when the database cannot be reached, without the password", async () => {
    const run = await runCommand({ DATA_DIR: dataDir, DATABASE_URL: "postgres://someone:Sekret-9981@127.0.0.1:1/bot" });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    const last = run.stderr.trimEnd().split("\n").at(-1);
    expect(last).toBe("migrate:to-postgres: PostgreSQL at postgres://someone:***@127.0.0.1:1/bot cannot be reached (ECONNREFUSED).");
    expect(run.stderr).not.toContain("Sekret-9981");
  }, 30_000);

  it("exits 1 with a clear message for a DATABASE_URL that is not postgres:// or not set, or no db.json", async () => {
    const mysql = await runCommand({ DATA_DIR: dataDir, DATABASE_URL: "mysql://root:Sekret-1@db/bot" });
    expect(mysql).toMatchObject({ code: 1, stdout: "" });
    expect(mysql.stderr).toBe("migrate:to-postgres: DATABASE_URL starts with mysql:// but should start with postgres://.\n");

    const unset = await runCommand({ DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toMatch(/^migrate:to-postgres: DATABASE_URL is not set/);

    const empty = await mkdtemp(join(tmpdir(), "bot-copy-empty-"));
    try {
      const none = await runCommand({ DATA_DIR: empty, DATABASE_URL: "postgres://u:Sekret-2@127.0.0.1:1/bot" });
      expect(none.code).toBe(1);
      expect(none.stderr.trimEnd().split("\n").at(-1)).toBe(
        `migrate:to-postgres: There is no db.json in ${empty}: nothing to copy. Set DATA_DIR to the bot's data folder.`,
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  }, 30_000);
});
