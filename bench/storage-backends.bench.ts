/**
 * Benchmark of the three ways the bot can keep 100,000 exchanges (the data of bench/archive: 5,000
 * people over a year, the last 2,000 recent), measured side by side in the same run:
 *
 * 1. plain lowdb: everything in db.json, as the bot kept it before the archive;
 * 2. archived lowdb: the same file after the store's own archive run moved 98,000 to data/archive/;
 * 3. PostgreSQL: a real server started here, filled by `copyFilesToPostgres` (what
 *    `npm run migrate:to-postgres` runs) from the plain layout's folder. The copy is timed too.
 *
 *   npm run bench:backends
 *
 * Every layout is measured through the async DataStore contract the bot uses (`fileDataStore` over
 * lowdb, `openPostgresStore`), in fresh child processes, RUNS of each, the three alternating so that
 * a noisy machine weighs on all alike; figures are medians. Writes bench/storage-backends.results.md.
 * The data folders and the server live in temp directories, removed at the end.
 */
import { spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freshDatabase, startPostgres } from "../test/postgres/server.js";
import type { DataStore } from "../src/store/data-store.js";
import { fileDataStore } from "../src/store/file-data-store.js";
import { copyFilesToPostgres } from "../src/store/postgres/copy-from-files.js";
import { openPostgresStore } from "../src/store/postgres/postgres-store.js";
import { openStore } from "../src/store/store.js";
import {
  AFTER_MS,
  EXCHANGES,
  makeExchange,
  median,
  medianTime,
  NOW,
  OLD_PROBE,
  RECENT,
  RECENT_PROBE,
  USERS,
  writeHistory,
} from "./year-of-exchanges.js";

const RUNS = 5;
const WRITES = 10;
const FINDS = 5;
/** The exchange every write changes: a recent, open one (in db.json in both lowdb layouts). */
const WRITE_PROBE = EXCHANGES - 20;

const LAYOUTS = ["plain", "archived", "postgres"] as const;
type Layout = (typeof LAYOUTS)[number];

const here = fileURLToPath(import.meta.url);

/** What one child measures. */
interface ChildFigures {
  openMs: number;
  rss: number;
  heapUsed: number;
  /** change → durable: `exchanges.update` then `flush()`. */
  writeMs: number;
  /** The longest event-loop pause during those writes. */
  writeLoopMaxMs: number;
  /** `lookup.find` by the deposit address of an old exchange (archived in the archive layout). */
  findOldMs: number;
  findOldCount: number;
  /** …of a recent one. */
  findRecentMs: number;
  findRecentCount: number;
  /** …of an address nobody used. */
  findNoneMs: number;
  /** The longest event-loop pause while those searches ran. */
  findLoopMaxMs: number;
  /** `lookup.byUser`: a person's exchanges, most of them old. */
  historyMs: number;
  historyCount: number;
}

/** What the copy child reports: the copy's own figures and the process's peak memory. */
interface CopyFigures {
  ms: number;
  /** Until the files were read (schema, opening db.json, reading the archive), from the copy's progress lines. */
  readMs: number;
  maxRss: number;
  users: number;
  exchanges: number;
}

/** Child mode: open the layout (`where` is a data folder or a database URL) and measure. */
async function child(layout: Layout, where: string): Promise<void> {
  const t0 = performance.now();
  // The file behind the store, whose coalesced write the "change → durable" figure waits for.
  const file = layout === "postgres" ? undefined : await openStore({ dataDir: where, flushDelayMs: 0 });
  const data: DataStore = file ? fileDataStore(file) : await openPostgresStore({ url: where });
  const openMs = performance.now() - t0;
  const mem = process.memoryUsage();

  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const old = await medianTime(FINDS, () => data.lookup.find(makeExchange(OLD_PROBE).depositAddress));
  const recent = await medianTime(FINDS, () => data.lookup.find(makeExchange(RECENT_PROBE).depositAddress));
  const none = await medianTime(FINDS, () => data.lookup.find("bc1qnobodyeverusedthisaddress"));
  loop.disable();
  const history = await medianTime(FINDS, () => data.lookup.byUser(makeExchange(OLD_PROBE).userId));

  const id = makeExchange(WRITE_PROBE).id;
  const writes: number[] = [];
  const writeLoop = monitorEventLoopDelay({ resolution: 1 });
  writeLoop.enable();
  for (let k = 0; k < WRITES; k++) {
    const tw = performance.now();
    await data.exchanges.update(id, { updatedAt: new Date(NOW + k).toISOString() });
    await file?.whenDurable();
    writes.push(performance.now() - tw);
  }
  writeLoop.disable();
  const figures: ChildFigures = {
    openMs,
    rss: mem.rss,
    heapUsed: mem.heapUsed,
    writeMs: median(writes),
    writeLoopMaxMs: writeLoop.max / 1e6,
    findOldMs: old.ms,
    findOldCount: old.result.length,
    findRecentMs: recent.ms,
    findRecentCount: recent.result.length,
    findNoneMs: none.ms,
    findLoopMaxMs: loop.max / 1e6,
    historyMs: history.ms,
    historyCount: history.result.length,
  };
  await data.close();
  process.stdout.write(JSON.stringify(figures) + "\n");
}

/** Copy mode: `npm run migrate:to-postgres` of `dataDir` into `url`, in a process of its own. */
async function copyChild(dataDir: string, url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const t0 = performance.now();
  let readMs = Number.NaN;
  // The copy says "read … users, … exchanges" once every file is read, before the first insert.
  const noteRead = (...a: unknown[]) => {
    if (Number.isNaN(readMs) && a.some((x) => typeof x === "string" && x.startsWith("read "))) readMs = performance.now() - t0;
  };
  try {
    const report = await copyFilesToPostgres({ dataDir, pool, logger: { info: noteRead, warn() {}, error() {} } });
    const figures: CopyFigures = {
      ms: report.ms,
      readMs,
      maxRss: process.resourceUsage().maxRSS * 1024,
      users: report.users.copied,
      exchanges: report.exchangesHot.copied + report.exchangesArchived.copied,
    };
    process.stdout.write(JSON.stringify(figures) + "\n");
  } finally {
    await pool.end();
  }
}

function runChild<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", here, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    proc.stdout.on("data", (d: Buffer) => (out += d.toString()));
    proc.on("error", reject);
    proc.on("close", (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`child ${args.join(" ")} exited ${code}`))));
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (x: number) => (x < 1 ? `${x.toFixed(2)} ms` : x < 100 ? `${x.toFixed(1)} ms` : `${Math.round(x)} ms`);
const times = (r: number) => (r >= 10 ? `${Math.round(r)}×` : `${r.toFixed(1)}×`);
/** How `pgValue` compares with `other`, for a figure where smaller is better ("faster"/"less"). */
const versus = (pgValue: number, other: number, better: string, worse: string) =>
  pgValue === 0 || other === 0 ? "—" : pgValue <= other ? `${times(other / pgValue)} ${better}` : `${times(pgValue / other)} ${worse}`;

async function dirBytes(dir: string): Promise<number> {
  let bytes = 0;
  for (const name of await readdir(dir)) bytes += (await stat(join(dir, name))).size;
  return bytes;
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = os.loadavg();
  const root = await mkdtemp(join(os.tmpdir(), "swapgram-backends-bench-"));
  const server = await startPostgres();
  try {
    // 1. Plain: the whole history in db.json.
    const plainDir = join(root, "plain");
    await writeHistory(plainDir);
    console.log(`plain layout built (${((performance.now() - started) / 1000).toFixed(0)} s)`);

    // 2. Archived: the same file after the store's own archive run.
    const archivedDir = join(root, "archived");
    await mkdir(archivedDir);
    await copyFile(join(plainDir, "db.json"), join(archivedDir, "db.json"));
    const moving = await openStore({ dataDir: archivedDir });
    const moved = await moving.archive.run({ now: new Date(NOW), afterMs: AFTER_MS });
    await moving.close();
    console.log(`archived layout built: ${moved.archived} moved`);

    // 3. PostgreSQL: the plain folder copied the way `npm run migrate:to-postgres` does.
    const url = await freshDatabase(server.url);
    const copy = await runChild<CopyFigures>(["--copy", plainDir, url]);
    console.log(`copied into PostgreSQL in ${ms(copy.ms)}`);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    // Fresh statistics for the planner, as autovacuum gathers by itself within a minute of a bulk load.
    await pool.query("ANALYZE");
    const sizes = await pool.query<{ tables: string; indexes: string; shmem: string; shared: string; fsync: string; commit: string }>(
      `SELECT sum(pg_table_size(t))::text AS tables, sum(pg_indexes_size(t))::text AS indexes,
              (SELECT sum(allocated_size) FROM pg_shmem_allocations)::text AS shmem,
              current_setting('shared_buffers') AS shared, current_setting('fsync') AS fsync,
              current_setting('synchronous_commit') AS commit
       FROM unnest(ARRAY['exchanges', 'users', 'kv', 'settings']::regclass[]) AS t`,
    );
    await pool.end();
    const tableBytes = Number(sizes.rows[0]?.tables);
    const indexBytes = Number(sizes.rows[0]?.indexes);
    const pgBytes = tableBytes + indexBytes;
    /** The server's shared memory, allocated at its start by its settings: what it holds whatever the data's size. */
    const shmem = Number(sizes.rows[0]?.shmem);
    const settings = sizes.rows[0];

    // 4. The three layouts in fresh processes, alternating.
    const where: Record<Layout, string> = { plain: plainDir, archived: archivedDir, postgres: url };
    const figures: Record<Layout, ChildFigures[]> = { plain: [], archived: [], postgres: [] };
    for (let r = 0; r < RUNS; r++) {
      for (const layout of LAYOUTS) figures[layout].push(await runChild<ChildFigures>(["--child", layout, where[layout]]));
      console.log(`run ${r + 1}/${RUNS} done`);
    }
    const m = (layout: Layout, k: keyof ChildFigures) => median(figures[layout].map((x) => x[k]));

    const plainBytes = (await stat(join(plainDir, "db.json"))).size;
    const hotBytes = (await stat(join(archivedDir, "db.json"))).size;
    const archiveBytes = await dirBytes(join(archivedDir, "archive"));

    type Row = [string, string, string, string, string, string];
    /** A row of a figure where smaller is better, with PostgreSQL against each lowdb layout. */
    const row = (
      label: string,
      k: keyof ChildFigures,
      show: (x: number) => string,
      better: string,
      worse: string,
      note?: Partial<Record<Layout, string>>,
    ): Row => [
      label,
      show(m("plain", k)) + (note?.plain ?? ""),
      show(m("archived", k)) + (note?.archived ?? ""),
      show(m("postgres", k)) + (note?.postgres ?? ""),
      versus(m("postgres", k), m("plain", k), better, worse),
      versus(m("postgres", k), m("archived", k), better, worse),
    ];
    const found = (k: keyof ChildFigures) => ({
      plain: ` (${m("plain", k)})`,
      archived: ` (${m("archived", k)})`,
      postgres: ` (${m("postgres", k)})`,
    });
    const rows: Row[] = [
      [
        "data on disk",
        `${mb(plainBytes)} db.json`,
        `${mb(hotBytes)} db.json + ${mb(archiveBytes)} archive`,
        `${mb(pgBytes)}: ${mb(tableBytes)} tables + ${mb(indexBytes)} indexes`,
        versus(pgBytes, plainBytes, "less", "more"),
        versus(pgBytes, hotBytes + archiveBytes, "less", "more"),
      ],
      row("start-up: open the store", "openMs", ms, "faster", "slower"),
      row("RSS after open (the bot's process)", "rss", mb, "less", "more"),
      row("heap used after open", "heapUsed", mb, "less", "more"),
      ["PostgreSQL server's shared memory (set by its settings, not by the data)", "—", "—", mb(shmem), "", ""],
      row(`change → durable: update + flush (median of ${WRITES})`, "writeMs", ms, "faster", "slower"),
      row("longest event-loop pause during those writes", "writeLoopMaxMs", ms, "shorter", "longer"),
      row("/find by address, old exchange (found)", "findOldMs", ms, "faster", "slower", found("findOldCount")),
      row("/find by address, recent exchange (found)", "findRecentMs", ms, "faster", "slower", found("findRecentCount")),
      row("/find, no match", "findNoneMs", ms, "faster", "slower"),
      row("longest event-loop pause during those /find", "findLoopMaxMs", ms, "shorter", "longer"),
      row("a person's history, lookup.byUser (exchanges)", "historyMs", ms, "faster", "slower", found("historyCount")),
    ];

    console.log();
    for (const r of rows) console.log(r.join(" | "));
    console.log(
      `copy: ${ms(copy.ms)} (reading ${ms(copy.readMs)}), peak RSS ${mb(copy.maxRss)}, ${copy.users} users + ${copy.exchanges} exchanges`,
    );

    const cpu = os.cpus()[0]?.model ?? "unknown CPU";
    const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(", ");
    const machine = `${cpu}, ${os.cpus().length} cores, ${mb(os.totalmem())} RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
    const totalS = (performance.now() - started) / 1000;
    const md = [
      "# Storage backends benchmark results",
      "",
      `Produced by \`npm run bench:backends\` on ${new Date().toISOString().slice(0, 10)} (the whole run: ${totalS.toFixed(0)} s).`,
      "",
      `Machine: ${machine}. Load average at the start: ${load(loadAtStart)}; at the end: ${load(os.loadavg())}. The machine is ` +
        "shared by several engineers: compare the columns, measured in the same run, rather than absolute figures.",
      "",
      `${EXCHANGES.toLocaleString("en")} exchanges of ${USERS.toLocaleString("en")} people over a year, the data of bench/archive: the last ` +
        `${RECENT.toLocaleString("en")} within the last week (a fifth of them open), the rest finished more than ${AFTER_MS / 86_400_000} days ago. ` +
        `"Plain lowdb" keeps every exchange in db.json; "archived lowdb" is the same file after the store's archive run moved ` +
        `${moved.archived.toLocaleString("en")} of them to data/archive/; "PostgreSQL" is a local server (the embedded one the tests use, ` +
        `default settings: fsync ${settings?.fsync}, synchronous_commit ${settings?.commit}, shared_buffers ${settings?.shared}) filled from the plain folder by the copy of \`npm run migrate:to-postgres\`, ` +
        "then ANALYZE. Every figure goes through the DataStore contract the bot uses (`fileDataStore(openStore(…))`, `openPostgresStore`); " +
        `each layout is opened in ${RUNS} fresh processes, the three alternating; figures are medians (searches: median of ${FINDS} in each process).`,
      "",
      "| measure | plain lowdb | archived lowdb | PostgreSQL | PostgreSQL vs plain | PostgreSQL vs archived |",
      "|---|---|---|---|---|---|",
      ...rows.map((r) => `| ${r.join(" | ")} |`),
      "",
      "## The copy into PostgreSQL (`npm run migrate:to-postgres`, once)",
      "",
      "| measure | value |",
      "|---|---|",
      `| copied | ${copy.users.toLocaleString("en")} users, ${copy.exchanges.toLocaleString("en")} exchanges, in one transaction |`,
      `| duration (schema, reading the files, inserting, commit) | ${ms(copy.ms)} |`,
      `| …of which reading the files (opening db.json as the bot does) | ${Number.isNaN(copy.readMs) ? "not measured" : ms(copy.readMs)} |`,
      `| peak RSS of the copying process | ${mb(copy.maxRss)} |`,
      "",
      "## Reading",
      "",
      reading(m, copy, shmem, { plain: plainBytes, tables: tableBytes, indexes: indexBytes }),
      "",
    ].join("\n");
    await writeFile(new URL("./storage-backends.results.md", import.meta.url), md);
    console.log(`\nwrote bench/storage-backends.results.md (${totalS.toFixed(0)} s)`);
  } finally {
    await server.stop();
    await rm(root, { recursive: true, force: true });
  }
}

/** The interpretation, filled with this run's numbers. */
function reading(
  m: (layout: Layout, k: keyof ChildFigures) => number,
  copy: CopyFigures,
  shmem: number,
  disk: { plain: number; tables: number; indexes: number },
): string {
  const r = (a: number, b: number) => times(a / b);
  const pg = (k: keyof ChildFigures) => m("postgres", k);
  return [
    "- **Start-up and memory**: lowdb parses its whole file at open, so both grow with db.json. The plain layout opens " +
      `${r(m("plain", "openMs"), pg("openMs"))} slower than PostgreSQL and the archived one ${r(m("archived", "openMs"), pg("openMs"))} ` +
      "slower; PostgreSQL's open is a connection and a look at the schema's version, whatever the data's size. The bot's heap after " +
      `open is ${r(m("plain", "heapUsed"), pg("heapUsed"))} PostgreSQL's on plain lowdb and ${r(m("archived", "heapUsed"), pg("heapUsed"))} ` +
      "on archived lowdb. The RSS row is the bot's process only: PostgreSQL keeps its data in the server's processes, whose " +
      `shared memory (${mb(shmem)}, mostly shared_buffers) is allocated by its settings, not by the data, plus a few MB per ` +
      `connection. Bot and server together then use ${versus(pg("rss") + shmem, m("plain", "rss"), "less", "more")} than plain ` +
      `lowdb's process alone and ${versus(pg("rss") + shmem, m("archived", "rss"), "less", "more")} than archived lowdb's` +
      (m("archived", "rss") < pg("rss") + shmem ? ": on one machine, the archive is the leanest of the three." : "."),
    "- **change → durable**: lowdb rewrites its whole file (serialise, write, fsync, rename) for any change, so a change takes " +
      `${r(m("plain", "writeMs"), pg("writeMs"))} PostgreSQL's time on plain lowdb and ${r(m("archived", "writeMs"), pg("writeMs"))} on ` +
      "archived lowdb; PostgreSQL locks one row, rewrites it and waits for one WAL fsync, however many exchanges it holds. This is the " +
      "figure the bot waits on before every message it sends (durable before visible), and the only one here that every person feels.",
    "- **/find and history**: plain lowdb answers from the in-memory index of everything it loaded, so it wins the searches " +
      `(/find ${r(pg("findOldMs"), m("plain", "findOldMs"))} and a history ${r(pg("historyMs"), m("plain", "historyMs"))} faster than ` +
      `PostgreSQL's round trip of ${ms(pg("findOldMs"))} and ${ms(pg("historyMs"))}). PostgreSQL's time is the same for an old, a recent ` +
      "or a missing address (one GIN index probe). Archived lowdb is the slowest: /find scans every month file, " +
      `${r(m("archived", "findOldMs"), pg("findOldMs"))} PostgreSQL's time for an old exchange and ${r(m("archived", "findNoneMs"), pg("findNoneMs"))} ` +
      `for no match, and a history reads the person's lines (${r(m("archived", "historyMs"), pg("historyMs"))}). These are support's commands, ` +
      "rare next to writes; none of the three is slow enough to be felt in a chat.",
    `- **Disk**: PostgreSQL takes ${r(disk.tables + disk.indexes, disk.plain)} the room of db.json for the same data: the records as ` +
      `JSONB beside the columns queries use (${mb(disk.tables)}) and the indexes that make those queries fast (${mb(disk.indexes)}). ` +
      "The archive keeps the JSON text of db.json, only split into month files.",
    `- **The move**: copying the plain folder into PostgreSQL took ${ms(copy.ms)}, of which ` +
      `${Number.isNaN(copy.readMs) ? "an unmeasured part" : ms(copy.readMs)} was reading the files the way the bot does; the rest is ` +
      `inserting 500 rows per statement in one transaction. The copying process peaked at ${mb(copy.maxRss)}: it holds the whole ` +
      "history in memory, parsed and as rows. The bot stays stopped for that long, once.",
    "- **In short**: PostgreSQL wins every figure that grows with the bot's age but disk space (start-up, the bot's " +
      "memory, each write) and keeps /find independent of it; plain lowdb keeps only the fastest searches, bought with the slowest start-up, the largest heap and the " +
      "slowest write; the archive sits between the two, for a single process without a database server.",
  ].join("\n");
}

if (process.argv[2] === "--child") await child(process.argv[3] as Layout, process.argv[4] as string);
else if (process.argv[2] === "--copy") await copyChild(process.argv[3] as string, process.argv[4] as string);
else await main();
