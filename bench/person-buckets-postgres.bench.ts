/**
 * What counting the per-person limits in PostgreSQL costs an update (issue 38): one take from a
 * person's bucket (person-buckets.ts, one `INSERT … ON CONFLICT DO UPDATE … RETURNING`), against
 * the in-memory bucket it replaces with replicas and against the smallest write an update already
 * makes (the inbox's kv row before a webhook update is answered).
 *
 *   npm run bench:person-buckets
 *
 * A real server is started here (test/postgres/server.ts). Each phase opens its own store (a pool
 * of 10) and closes it, so that the server's CPU for the phase is what its connections used: the
 * postmaster's children's CPU (/proc/<pid>/stat, counted when a backend exits) before and after.
 * Writes bench/person-buckets-postgres.results.md.
 */
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import pg from "pg";
import { freshDatabase, startPostgres } from "../test/postgres/server.js";
import { openPostgresStore } from "../src/store/postgres/postgres-store.js";
import type { BucketKind, DataStore, SharedBuckets } from "../src/store/data-store.js";
import { createTokenBuckets } from "../src/domain/token-bucket.js";
import { sharedPersonBuckets } from "../src/bot/middleware/person-buckets.js";
import { TAKE_SQL } from "../src/store/postgres/person-buckets.js";
import { ns } from "../test/store/namespaces.js";

/** The production kind of messages and presses: a burst of 10, then 60 a minute. */
const UPDATES: BucketKind = { name: "updates", capacity: 10, perMinute: 60 };
/** A kind that never runs out: every take passes and writes (the heaviest take). */
const ENDLESS: BucketKind = { name: "endless", capacity: 1e12, perMinute: 0 };
const SEQUENTIAL = 5_000;
const CONCURRENT = 20_000;
const AT_ONCE = 16;
const ROUNDS = 500;
const TICKS_PER_S = 100;

interface Phase {
  name: string;
  takes: number;
  wallMs: number;
  latencies: number[];
  botCpuUs: number;
  dbCpuUs: number;
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};

/** utime + stime of the postmaster's exited children, in µs. */
async function childrenCpuUs(postmaster: number): Promise<number> {
  const stat = await readFile(`/proc/${postmaster}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the name: state is field 3; cutime and cstime are fields 16 and 17.
  return ((Number(fields[13]) + Number(fields[14])) / TICKS_PER_S) * 1e6;
}

/** The postmaster's pid: a backend's parent. */
async function postmasterPid(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const stat = await readFile(`/proc/${rows[0]!.pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } finally {
    await client.end();
  }
}

/** Runs `work` on a store of its own, measuring the bot's and the server's CPU. */
async function phase(
  name: string,
  url: string,
  postmaster: number,
  work: (store: DataStore, latencies: number[]) => Promise<number>,
): Promise<Phase> {
  const store = await openPostgresStore({ url });
  const latencies: number[] = [];
  const db0 = await childrenCpuUs(postmaster);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const takes = await work(store, latencies);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  await store.close();
  // The backends exit with the pool; give the postmaster a moment to reap them.
  await new Promise((r) => setTimeout(r, 300));
  const dbCpuUs = (await childrenCpuUs(postmaster)) - db0;
  return { name, takes, wallMs, latencies, botCpuUs: (cpu.user + cpu.system) / takes, dbCpuUs: dbCpuUs / takes };
}

const bucketsOf = (store: DataStore): SharedBuckets => {
  if (!store.buckets) throw new Error("no buckets on a PostgreSQL store");
  return store.buckets;
};

async function main(): Promise<void> {
  const load = os.loadavg()[0] ?? NaN;
  const server = await startPostgres();
  const phases: Phase[] = [];
  let memoryUs = NaN;
  let flood = { takes: 0, asked: 0, passed: 0, ms: 0 };
  try {
    const url = await freshDatabase(server.url);
    // Migrations applied once, before any phase is measured.
    await (await openPostgresStore({ url })).close();
    const postmaster = await postmasterPid(url);
    const now = Date.now();

    phases.push(
      await phase("a take, one at a time (1,000 people)", url, postmaster, async (store, latencies) => {
        const buckets = bucketsOf(store);
        for (let i = 0; i < SEQUENTIAL; i++) {
          const t = performance.now();
          await buckets.take(UPDATES, 1_000_000 + (i % 1_000), now + i, true, 1);
          latencies.push(performance.now() - t);
        }
        return SEQUENTIAL;
      }),
    );
    phases.push(
      await phase("the same, the statement planned on every call (not prepared)", url, postmaster, async (_store, latencies) => {
        const pool = new pg.Pool({ connectionString: url, max: 10 });
        try {
          for (let i = 0; i < SEQUENTIAL; i++) {
            const t = performance.now();
            await pool.query(TAKE_SQL, [
              UPDATES.name,
              1_500_000 + (i % 1_000),
              UPDATES.capacity,
              UPDATES.perMinute / 60_000,
              now + i,
              true,
              1,
            ]);
            latencies.push(performance.now() - t);
          }
        } finally {
          await pool.end();
        }
        return SEQUENTIAL;
      }),
    );
    phases.push(
      await phase(`a take, ${AT_ONCE} at once (5,000 people)`, url, postmaster, async (store, latencies) => {
        const buckets = bucketsOf(store);
        let next = 0;
        await Promise.all(
          Array.from({ length: AT_ONCE }, async () => {
            while (next < CONCURRENT) {
              const i = next++;
              const t = performance.now();
              await buckets.take(UPDATES, 2_000_000 + (i % 5_000), now + i, true, 1);
              latencies.push(performance.now() - t);
            }
          }),
        );
        return CONCURRENT;
      }),
    );
    phases.push(
      await phase("an inline query's six quotes: six statements at once on one row", url, postmaster, async (store, latencies) => {
        const buckets = bucketsOf(store);
        for (let round = 0; round < ROUNDS; round++) {
          const t = performance.now();
          await Promise.all(Array.from({ length: 6 }, () => buckets.take(ENDLESS, 3_000_000, now, false, 1)));
          latencies.push(performance.now() - t);
        }
        return ROUNDS * 6;
      }),
    );
    phases.push(
      await phase("an inline query's six quotes as the bot takes them: one statement", url, postmaster, async (store, latencies) => {
        const person = sharedPersonBuckets(ENDLESS, bucketsOf(store), { now: () => now, maxPeople: 10_000, logger: console });
        for (let round = 0; round < ROUNDS; round++) {
          const t = performance.now();
          await Promise.all(Array.from({ length: 6 }, () => person.take(3_000_001, false)));
          latencies.push(performance.now() - t);
        }
        return ROUNDS * 6;
      }),
    );
    phases.push(
      await phase("for comparison: an inbox row written (kv set), one at a time", url, postmaster, async (store, latencies) => {
        const inbox = store.kv<{ update: unknown; at: string }>(ns("bench-inbox"));
        for (let i = 0; i < SEQUENTIAL; i++) {
          const t = performance.now();
          await inbox.set(String(i), { update: { update_id: i, message: { text: "/start" } }, at: new Date().toISOString() });
          latencies.push(performance.now() - t);
        }
        return SEQUENTIAL;
      }),
    );

    // The in-memory bucket, as one process counts without a database.
    const memory = createTokenBuckets({ capacity: UPDATES.capacity, perMinute: UPDATES.perMinute, now: () => now, maxKeys: 10_000 });
    const m0 = process.cpuUsage();
    for (let i = 0; i < 1_000_000; i++) memory.take(String(i % 5_000));
    const m = process.cpuUsage(m0);
    memoryUs = (m.user + m.system) / 1_000_000;

    // A flood from one person through the bot's buckets (the copy in front): how many takes reach the database.
    const store = await openPostgresStore({ url });
    try {
      const shared = bucketsOf(store);
      let asked = 0;
      const counting: SharedBuckets = { ...shared, take: (...args) => (asked++, shared.take(...args)) };
      const person = sharedPersonBuckets(UPDATES, counting, { now: Date.now, maxPeople: 10_000, logger: console });
      let passed = 0;
      const t0 = performance.now();
      const end = t0 + 5_000;
      let takes = 0;
      while (performance.now() < end) {
        takes++;
        if ((await person.take(4_000_000, true)).ok) passed++;
        await new Promise((r) => setImmediate(r));
      }
      flood = { takes, asked, passed, ms: performance.now() - t0 };
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }

  const rows = phases.map(
    (p) =>
      `| ${p.name} | ${p.takes.toLocaleString("en")} | ${pct(p.latencies, 50).toFixed(2)} ms | ${pct(p.latencies, 95).toFixed(2)} ms | ` +
      `${Math.round((p.takes / p.wallMs) * 1000).toLocaleString("en")} | ${p.botCpuUs.toFixed(0)} µs | ${p.dbCpuUs.toFixed(0)} µs |`,
  );
  for (const r of rows) console.log(r);
  const text = `# Per-person limits counted in PostgreSQL: results

\`npm run bench:person-buckets\`: one take from a person's bucket on PostgreSQL (person-buckets.ts: one
\`INSERT … ON CONFLICT DO UPDATE … RETURNING\` on the \`person_buckets\` row), against the smallest write
an update already makes (the inbox's row, kv set) and the in-memory bucket. The statement is prepared
once per connection: planned on every call, as the store's other statements are, it cost the
server about twice the CPU (the row below it). Each phase runs on a
store of its own (a pool of 10 connections); the bot's CPU is this process's, the database's is
what its connections used (the postmaster's exited children, so connecting is included: about
ten connections a phase). Latencies are per take, or per round of six for the inline rows.

Machine: ${os.cpus().length} vCPUs (${os.cpus()[0]?.model.trim() ?? "?"}), Node ${process.version}, embedded PostgreSQL on loopback, the bench and the server on the same cores, load average ${load.toFixed(1)} at the start (the machine is shared). Date: ${new Date().toISOString().slice(0, 10)}.

| what | takes | p50 | p95 | takes/s | bot CPU per take | database CPU per take |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join("\n")}

In memory, a take costs ${memoryUs.toFixed(2)} µs of CPU (1,000,000 takes over 5,000 people).

A flood from one person through the bot's buckets for ${(flood.ms / 1000).toFixed(1)} s, one take after another
(the in-memory copy in front, production pace: a burst of 10, then 60 a minute):
${flood.takes.toLocaleString("en")} takes, ${flood.passed} passed, ${flood.asked} reached the database.

What it means for an update. A message or a button press on PostgreSQL makes one take: about the
cost of the inbox row every webhook update already writes (a round trip, a fraction of a
millisecond of the server's CPU), beside the several statements its handling makes (the person's
row, the chat's lock, the flow's record). Prepared once per connection, the statement costs the
server less than half of what the same text planned on every call does. An inline query's quotes
are taken in one statement (the takes one person makes in one turn of the event loop go
together): six statements queued on one row's lock cost several times more. A flood from one
person costs the database about one statement per token the bucket gets back, not one per
update: the copy in front refuses what is sure to be refused. On files nothing changes: the count
stays in memory, at well under a microsecond.
`;
  await writeFile(new URL("./person-buckets-postgres.results.md", import.meta.url), text);
  console.log(text);
}

await main();
