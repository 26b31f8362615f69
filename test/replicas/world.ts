/**
 * Several replicas of the real bot (child processes, webhook mode) sharing one real PostgreSQL,
 * behind a load balancer: the Bot API emulator posts each update to the next replica that is
 * alive, round robin, as a proxy with health checks would. The sandbox exchange is shared too.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../src/devtools/emulator/server.js";
import { startSandbox, type SandboxServer } from "../../src/devtools/sandbox/server.js";
import { BotProcess, sandboxedBotEnv } from "../crash/bot-process.js";
import { builtBot } from "../crash/built-bot.js";
import { TIMING } from "../crash/expectations.js";
import { testDatabase } from "../postgres/database.js";
import { freePort } from "../postgres/server.js";

const TOKEN = "123456:REPLICA-TEST-TOKEN-emulator-01";
const PUBLIC_URL = "https://bot.example.com/telegram/hook";
const SECRET = "replica-webhook-secret_1";
const SUPPORT_CHAT_ID = -100778;

export interface Replica {
  readonly bot: BotProcess;
  readonly port: number;
  /** Updates the load balancer sent to this replica. */
  delivered: number;
}

export interface ReplicaWorld {
  readonly emulator: Emulator;
  readonly sandbox: SandboxServer;
  readonly databaseUrl: string;
  readonly replicas: readonly Replica[];
  close(): Promise<void>;
}

export interface ReplicaWorldOptions {
  replicas?: number;
  env?: Record<string, string>;
  /**
   * How updates reach the replicas: "webhook" (default), every replica behind the balancer; or
   * "polling", the first replica long-polls and the others take no updates (TELEGRAM_UPDATES=none).
   */
  updates?: "webhook" | "polling";
}

/** An exchange's claim as the database holds it. */
interface HeldClaim {
  id: string;
  /** The claiming replica's process id: "host:pid:random". */
  lease_owner: string;
  lease_until: Date;
}

/** What {@link killDuringCheck} did. */
export interface KilledDuringCheck {
  victim: Replica;
  /** The exchanges the victim held claims on when it died. */
  held: HeldClaim[];
  killedAt: number;
}

/**
 * Kills a replica (`victim`, or whichever comes first) in the middle of a status check of an
 * exchange it claimed: every status answer is held `delayMs` meanwhile, so the check is in flight
 * and the claim is the replica's when the kill comes. The answers are prompt again afterwards.
 *
 * Which replica claims an exchange next is decided by how their poll cycles line up, and the same
 * one won again and again for over a minute. So with a `victim`, the others are paused (SIGSTOP)
 * while none of them holds a claim, and go on (SIGCONT) once the victim is killed: their sessions
 * and claims are untouched, as on a replica that was merely slow for a moment.
 */
export async function killDuringCheck(w: ReplicaWorld, victim?: Replica, delayMs = 2_000): Promise<KilledDuringCheck> {
  w.sandbox.faults.inject({ endpoint: "exchange-status", kind: "delay", ms: delayMs });
  const db = new pg.Client({ connectionString: w.databaseUrl });
  const others = victim === undefined ? [] : w.replicas.filter((r) => r !== victim && r.bot.running);
  const signalOthers = (signal: "SIGSTOP" | "SIGCONT") => {
    for (const r of others) if (r.bot.pid !== undefined) process.kill(r.bot.pid, signal);
  };
  let paused = false;
  await db.connect();
  try {
    const checking = (id: string) =>
      w.sandbox.requests.list().some((r) => r.endpoint === "exchange-status" && r.params.id === id && r.status === undefined);
    const replicaOf = (owner: string) => w.replicas.find((r) => r.bot.running && owner.split(":")[1] === String(r.bot.pid));
    const claims = async () =>
      (await db.query<HeldClaim>("SELECT id, lease_owner, lease_until FROM exchanges WHERE lease_until > now()")).rows;
    const end = Date.now() + 60_000;
    for (;;) {
      const rows = await claims();
      const first = rows.find((h) => checking(h.id) && (victim === undefined || replicaOf(h.lease_owner) === victim));
      const killed = first === undefined ? undefined : replicaOf(first.lease_owner);
      if (first !== undefined && killed !== undefined) {
        const killedAt = Date.now();
        killed.bot.kill();
        await killed.bot.waitExit();
        return { victim: killed, held: rows.filter((h) => h.lease_owner === first.lease_owner), killedAt };
      }
      if (!paused && others.length > 0 && !rows.some((h) => others.includes(replicaOf(h.lease_owner)!))) {
        signalOthers("SIGSTOP");
        paused = true;
        // One of them may have claimed just before it stopped: it must finish that check first.
        if ((await claims()).some((h) => others.includes(replicaOf(h.lease_owner)!))) {
          signalOthers("SIGCONT");
          paused = false;
        }
      }
      if (Date.now() > end) throw new Error("no replica of the ones wanted was checking a claimed exchange within 60 s");
      await sleep(20);
    }
  } finally {
    if (paused) signalOthers("SIGCONT");
    w.sandbox.faults.clear();
    await db.end();
  }
}

/** Starts the database, the emulator, the sandbox and `replicas` bots (default 2). */
export async function startReplicaWorld(options: ReplicaWorldOptions = {}): Promise<ReplicaWorld> {
  const databaseUrl = await testDatabase();
  const sandbox = await startSandbox({ lifecycle: "manual", seed: 7 });
  const replicas: Replica[] = [];
  let turn = 0;
  const emulator = await startEmulator({
    token: TOKEN,
    // A load balancer: the next replica that is alive; none alive refuses the connection.
    webhookRoute: (url) => {
      const alive = replicas.filter((r) => r.bot.running);
      const target = alive[turn++ % Math.max(alive.length, 1)];
      if (!target) return "http://127.0.0.1:9/";
      target.delivered++;
      return `http://127.0.0.1:${target.port}${new URL(url).pathname}`;
    },
  });
  emulator.group({ id: SUPPORT_CHAT_ID, title: "Support" });
  const dirs: string[] = [];
  for (let i = 0; i < (options.replicas ?? 2); i++) {
    const dataDir = await mkdtemp(join(tmpdir(), "swapbot-replica-"));
    dirs.push(dataDir);
    const port = await freePort();
    const polling = options.updates === "polling";
    const mode = !polling ? "webhook" : i === 0 ? "polling" : "none";
    const updatesEnv: Record<string, string> =
      mode === "webhook" ? { WEBHOOK_URL: PUBLIC_URL, WEBHOOK_SECRET: SECRET } : mode === "none" ? { TELEGRAM_UPDATES: "none" } : {};
    const bot = new BotProcess({
      emulator,
      mode,
      built: builtBot(),
      env: {
        ...sandboxedBotEnv(emulator, sandbox, dataDir),
        DATABASE_URL: databaseUrl,
        ...updatesEnv,
        PORT: String(port),
        POLL_INTERVAL_MS: String(TIMING.pollIntervalMs),
        SUPPORT_CHAT_ID: String(SUPPORT_CHAT_ID),
        LOG_LEVEL: "info",
        ...options.env,
      },
    });
    replicas.push({ bot, port, delivered: 0 });
  }
  const world: ReplicaWorld = {
    emulator,
    sandbox,
    databaseUrl,
    replicas,
    async close() {
      for (const r of replicas) r.bot.kill();
      await Promise.all(replicas.map((r) => r.bot.waitExit().catch(() => undefined)));
      await emulator.close();
      await sandbox.close();
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    },
  };
  try {
    // One after the other: both would migrate at once safely, but start-up logs read easier.
    for (const r of replicas) await r.bot.start();
  } catch (err) {
    await world.close();
    throw err;
  }
  return world;
}
