/**
 * A crash-test world: the Bot API emulator and the sandbox exchange in this process, the real bot
 * in a child process, a temporary data directory, a support group, and kill points that end the
 * bot at an exact moment of its conversation with Telegram or the partner.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type BotMessage, type Emulator, type RecordedCall } from "../../src/devtools/emulator/server.js";
import {
  startSandbox,
  type EndpointName,
  type SandboxOptions,
  type SandboxRequestEvent,
  type SandboxServer,
} from "../../src/devtools/sandbox/server.js";
import type { ExchangeRecord } from "../../src/domain/types.js";
import { BotProcess, sandboxedBotEnv } from "./bot-process.js";
import { builtBot } from "./built-bot.js";
import { TIMING } from "./expectations.js";
import { freePort } from "../postgres/server.js";

/** A token of the shape config.ts accepts (digits, colon, 20+ characters); the emulator's own. */
const CRASH_TOKEN = "123456:CRASH-TEST-TOKEN-emulator-0001";

/** Support's group (SUPPORT_CHAT_ID): a group, so the bot may write to it without a /start. */
const SUPPORT_CHAT_ID = -100777;

/** A one-shot kill: armed until it fires (or is disarmed). */
interface KillPoint<T> {
  /** Resolves with what triggered the kill, once the child was signalled. */
  readonly fired: Promise<T>;
  readonly hasFired: boolean;
  disarm(): void;
}

export interface CrashWorldOptions {
  /** Extra environment for the bot (overrides the defaults below). */
  env?: Record<string, string>;
  /** Sandbox seed (deposit addresses, ids). */
  seed?: number;
  /** More sandbox options (a catalog size, a latency for benchmarks). */
  sandbox?: Omit<SandboxOptions, "seed" | "lifecycle">;
  /** Start the bot at once (default true). */
  start?: boolean;
  /** Node options for the bot's process (see BotProcessOptions.nodeArgs). */
  nodeArgs?: string[];
  /** Updates by webhook (the emulator posts them to the bot's port) instead of long polling. */
  webhook?: boolean;
  /**
   * Runs `src/main.ts` through tsx (`npm start`'s way) instead of the run's build: for a benchmark,
   * which runs outside vitest and has no build.
   */
  fromSources?: boolean;
}

export interface CrashWorld {
  readonly emulator: Emulator;
  readonly sandbox: SandboxServer;
  readonly bot: BotProcess;
  readonly dataDir: string;
  /**
   * Kills the bot synchronously (or `delayMs` later) when the emulator records a call that
   * `match` accepts: the call has taken effect (the person sees the message) and the bot never
   * reads the answer (with a delay: it has read it, and its next steps are cut).
   */
  killOnApiCall(match: (call: RecordedCall) => boolean, opts?: { delayMs?: number }): KillPoint<RecordedCall>;
  /**
   * Kills the bot synchronously when the sandbox reaches `phase` of a request to `endpoint`:
   * "received" (nothing done yet; the sandbox still handles the request right after, as a service
   * that got the whole request would, unless a "timeout" fault holds it), "answered" (done and
   * answered; the bot never reads the answer).
   */
  killOnPartnerRequest(endpoint: EndpointName, phase: SandboxRequestEvent["phase"]): KillPoint<SandboxRequestEvent>;
  /** Waits for the killed bot to be gone and starts it again on the same data. */
  restartAfterKill(): Promise<void>;
  /** The exchanges in the bot's data file (read from disk: what survives a crash). */
  storedExchanges(): Promise<ExchangeRecord[]>;
  /** Messages the bot sent to the support group. */
  supportMessages(): BotMessage[];
  close(): Promise<void>;
}

/** A call that sent or edited text matching `pattern` (sendMessage, editMessageText, …). */
export function textCall(method: "sendMessage" | "editMessageText", pattern: RegExp, chatId?: number): (call: RecordedCall) => boolean {
  return (call) => {
    if (!call.ok || call.method.toLowerCase() !== method.toLowerCase()) return false;
    if (chatId !== undefined && Number(call.params.chat_id) !== chatId) return false;
    const text = call.params.text;
    return typeof text === "string" && pattern.test(text);
  };
}

/** Starts the world; pair with `close()` in afterEach/finally. */
export async function startCrashWorld(options: CrashWorldOptions = {}): Promise<CrashWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), "swapbot-crash-"));
  // Webhook mode: the emulator posts to the bot's port, as the reverse proxy in front of it would.
  const webhookPort = options.webhook ? await freePort() : undefined;
  const emulator = await startEmulator({
    token: CRASH_TOKEN,
    webhookRoute: (url) => `http://127.0.0.1:${webhookPort}${new URL(url).pathname}`,
  });
  const sandbox = await startSandbox({ ...options.sandbox, lifecycle: "manual", seed: options.seed ?? 1 });
  emulator.group({ id: SUPPORT_CHAT_ID, title: "Support" });
  const webhookEnv: Record<string, string> =
    webhookPort === undefined
      ? {}
      : { WEBHOOK_URL: "https://bot.example.com/telegram/hook", WEBHOOK_SECRET: "crash-webhook-secret_1", PORT: String(webhookPort) };
  const bot = new BotProcess({
    emulator,
    nodeArgs: options.nodeArgs,
    built: options.fromSources ? undefined : builtBot(),
    mode: webhookPort === undefined ? "polling" : "webhook",
    env: {
      ...sandboxedBotEnv(emulator, sandbox, dataDir),
      POLL_INTERVAL_MS: String(TIMING.pollIntervalMs),
      SUPPORT_CHAT_ID: String(SUPPORT_CHAT_ID),
      LOG_LEVEL: "info",
      ...webhookEnv,
      ...options.env,
    },
  });
  const removers = new Set<() => void>();

  const world: CrashWorld = {
    emulator,
    sandbox,
    bot,
    dataDir,
    killOnApiCall(match, opts = {}) {
      let resolve!: (call: RecordedCall) => void;
      const fired = new Promise<RecordedCall>((r) => (resolve = r));
      let hasFired = false;
      const remove = emulator.onApiCall((call) => {
        if (hasFired || !bot.running || !match(call)) return;
        hasFired = true;
        remove();
        if (opts.delayMs === undefined || opts.delayMs <= 0) {
          bot.kill();
          resolve(call);
        } else {
          setTimeout(() => {
            bot.kill();
            resolve(call);
          }, opts.delayMs);
        }
      });
      removers.add(remove);
      return {
        fired,
        get hasFired() {
          return hasFired;
        },
        disarm: remove,
      };
    },
    killOnPartnerRequest(endpoint, phase) {
      let resolve!: (event: SandboxRequestEvent) => void;
      const fired = new Promise<SandboxRequestEvent>((r) => (resolve = r));
      let hasFired = false;
      const remove = sandbox.onRequest((event) => {
        if (hasFired || !bot.running || event.phase !== phase || event.request.endpoint !== endpoint) return;
        hasFired = true;
        remove();
        bot.kill();
        resolve(event);
      });
      removers.add(remove);
      return {
        fired,
        get hasFired() {
          return hasFired;
        },
        disarm: remove,
      };
    },
    async restartAfterKill() {
      await bot.waitExit();
      await bot.start();
    },
    async storedExchanges() {
      let text: string;
      try {
        text = await readFile(join(dataDir, "db.json"), "utf8");
      } catch {
        return [];
      }
      const data = JSON.parse(text) as { exchanges?: ExchangeRecord[] };
      return data.exchanges ?? [];
    },
    supportMessages: () => emulator.chat(SUPPORT_CHAT_ID).messages(),
    async close() {
      for (const remove of removers) remove();
      bot.kill();
      await bot.waitExit().catch(() => undefined);
      await emulator.close();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  if (options.start !== false) {
    try {
      await bot.start();
    } catch (err) {
      await world.close();
      throw err;
    }
  }
  return world;
}

/** Runs `fn` in a fresh world and closes it afterwards, whatever happens (concurrent tests). */
export async function withCrashWorld<T>(options: CrashWorldOptions, fn: (world: CrashWorld) => Promise<T>): Promise<T> {
  const world = await startCrashWorld(options);
  try {
    return await fn(world);
  } finally {
    await world.close();
  }
}
