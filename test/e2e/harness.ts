/**
 * Runs the real bot, wired by `startApp` exactly as in production, against the sandbox exchange
 * and the Bot API emulator over loopback, with a temporary data directory.
 */
import { copyFile, cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { loadConfig, type Config } from "../../src/config.js";
import { createLogger } from "../../src/log.js";
import { startApp, type App } from "../../src/app.js";
import { SANDBOX_ORDERS_FILE, startSandbox, type SandboxOptions, type SandboxServer } from "../../src/devtools/sandbox/server.js";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../src/devtools/emulator/server.js";

export interface Harness {
  emulator: Emulator;
  sandbox: SandboxServer;
  app: App;
  config: Config;
  dataDir: string;
  /** Every log line the bot wrote, for assertions about logging (and secrets in it). */
  logs: string[];
  /**
   * Stops the bot and starts it again on the same data, like a process restart. `between` runs
   * while it is down (to leave the data as a crash would have). With `{ sandbox: true }` the
   * sandbox exchange restarts too, as it does with a second `npm start`: it keeps its orders only
   * if it has a state file (`sandboxStateInDataDir`), and `h.sandbox` is the new one afterwards.
   */
  restart(between?: () => Promise<void>, options?: { sandbox?: boolean }): Promise<App>;
  /**
   * Copies the data files (and the archive) as they are on disk right now into a new directory:
   * what a `kill -9` at this moment would leave behind (every write is a rename, so each file is whole).
   */
  snapshot(): Promise<string>;
  /**
   * A crash and restart: the running bot is stopped (its later writes go to its own directory and
   * are ignored) and a new one starts on `dataDir`, usually a {@link snapshot}.
   */
  restartFrom(dataDir: string): Promise<App>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  sandbox?: SandboxOptions;
  /**
   * The sandbox keeps its orders in `<dataDir>/sandbox-orders.json`, as `npm start` has it
   * (src/devtools/system.ts), so they survive `restart(…, { sandbox: true })`.
   */
  sandboxStateInDataDir?: boolean;
  /**
   * Webhook mode: the bot serves a webhook on a free loopback port and the emulator posts updates
   * to it the way Telegram does, through a "proxy" that maps the public URL to that port.
   */
  webhook?: boolean | WebhookHarnessOptions;
  /**
   * How the emulated Telegram treats the bot. Flood limits stay off unless a test turns them on,
   * so the end-to-end tests are not paced at one message a second; privacy mode and inline
   * feedback have Telegram's defaults for a new bot (privacy on, feedback off).
   */
  emulator?: Pick<EmulatorOptions, "floodLimits" | "canReadAllGroupMessages" | "inlineFeedback">;
}

interface WebhookHarnessOptions {
  /** The bot answers each request after at most this long (default: the app's). */
  ackWithinMs?: number;
  /** The emulator's time limit per POST before it retries (default: the emulator's). */
  timeoutMs?: number;
  retryDelayMs?: number;
  /**
   * The app each delivery goes to, asked once per POST (replicas behind a round-robin proxy);
   * undefined, or no answer, sends it to the harness's own app.
   */
  replica?: () => App | undefined;
}

/** The public address and secret the harness gives the bot in webhook mode. */
const WEBHOOK_PUBLIC_URL = "https://bot.example.com/telegram/hook";
export const WEBHOOK_SECRET = "e2e-webhook-secret_123";

/** Starts everything; always pair with `close()` in afterEach. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), "swapbot-e2e-"));
  const sandboxOptions: SandboxOptions = {
    lifecycle: "manual",
    ...options.sandbox,
    ...(options.sandboxStateInDataDir ? { stateFile: join(dataDir, SANDBOX_ORDERS_FILE) } : {}),
  };
  let sandbox = await startSandbox(sandboxOptions);
  const hook = options.webhook === true ? {} : options.webhook === false ? undefined : options.webhook;
  // Read at delivery time: after a restart the bot listens on another free port.
  let app: App | undefined;
  const emulator = await startEmulator({
    ...options.emulator,
    webhookTimeoutMs: hook?.timeoutMs,
    webhookRetryDelayMs: hook?.retryDelayMs,
    webhookRoute: (url) => {
      const local = (hook?.replica?.() ?? app)?.webhook?.localUrl;
      // No bot listening (stopped): the connection is refused, as a proxy with no upstream would.
      if (local === undefined) return "http://127.0.0.1:9/";
      const u = new URL(url);
      return `${local}${u.pathname}${u.search}`;
    },
  });
  const hookEnv: Record<string, string> = hook ? { WEBHOOK_URL: WEBHOOK_PUBLIC_URL, WEBHOOK_SECRET, PORT: "0" } : {};
  // Per-person limits are off unless a test turns them on (an empty value: the production
  // default), as the emulator's flood limits are: tests act far faster than a person.
  const limitsOff = { PERSON_UPDATES_PER_MINUTE: "0", PERSON_QUOTES_PER_MINUTE: "0" };
  const configFor = (dir: string) => loadConfig({ DATA_DIR: dir, LOG_LEVEL: "debug", ...limitsOff, ...hookEnv, ...options.env });
  const config = configFor(dataDir);
  const dirs = [dataDir];
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: config.logLevel, secrets: [emulator.token, sandbox.apiKey, WEBHOOK_SECRET], destination });
  let current = config;
  const boot = (cfg: Config = current) =>
    startApp({
      config: cfg,
      logger,
      botToken: emulator.token,
      telegramApiRoot: emulator.apiRoot,
      partnerApiUrl: sandbox.url,
      partnerApiKey: sandbox.apiKey,
      webhookHost: "127.0.0.1",
      webhookAckWithinMs: hook?.ackWithinMs,
    });
  app = await boot();
  const harness: Harness = {
    emulator,
    get sandbox() {
      return sandbox;
    },
    get app() {
      return app!;
    },
    config,
    dataDir,
    logs,
    async restart(between, restartOptions = {}) {
      await app!.stop();
      if (restartOptions.sandbox) {
        await sandbox.close();
        sandbox = await startSandbox(sandboxOptions);
      }
      await between?.();
      app = await boot();
      return app;
    },
    async snapshot() {
      const dir = await mkdtemp(join(tmpdir(), "swapbot-e2e-crash-"));
      dirs.push(dir);
      const from = current.dataDir;
      const names = await readdir(from);
      for (const name of names) {
        if (name.endsWith(".json")) await copyFile(join(from, name), join(dir, name));
      }
      // A base's log after the base: a line appended meanwhile is one more change, never a gap.
      for (const name of names) {
        if (name.endsWith(".json.log")) await copyFile(join(from, name), join(dir, name));
      }
      // After db.json: the archive is only appended to, so it then holds every line db.json lists.
      await cp(join(from, "archive"), join(dir, "archive"), { recursive: true }).catch((err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      });
      return dir;
    },
    async restartFrom(dir: string) {
      await app!.stop();
      current = configFor(dir);
      app = await boot();
      return app;
    },
    async close() {
      await app!.stop();
      await emulator.close();
      await sandbox.close();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
