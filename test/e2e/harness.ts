/**
 * Runs the real bot, wired by `startApp` exactly as in production, against the sandbox exchange
 * and the Bot API emulator over loopback, with a temporary data directory.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { loadConfig, type Config } from "../../src/config.js";
import { createLogger } from "../../src/log.js";
import { startApp, type App } from "../../src/app.js";
import { startSandbox, type SandboxOptions, type SandboxServer } from "../../src/sandbox/server.js";
import { startEmulator, type Emulator } from "../../src/emulator/server.js";

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
   * while it is down (to leave the data as a crash would have).
   */
  restart(between?: () => Promise<void>): Promise<App>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  sandbox?: SandboxOptions;
}

/** Starts everything; always pair with `close()` in afterEach. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), "swapbot-e2e-"));
  const sandbox = await startSandbox({ lifecycle: "manual", ...options.sandbox });
  const emulator = await startEmulator();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "debug", ...options.env });
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ level: config.logLevel, secrets: [emulator.token, sandbox.apiKey], destination });
  const boot = () =>
    startApp({
      config,
      logger,
      botToken: emulator.token,
      telegramApiRoot: emulator.apiRoot,
      partnerApiUrl: sandbox.url,
      partnerApiKey: sandbox.apiKey,
    });
  let app = await boot();
  const harness: Harness = {
    emulator,
    sandbox,
    get app() {
      return app;
    },
    config,
    dataDir,
    logs,
    async restart(between) {
      await app.stop();
      await between?.();
      app = await boot();
      return app;
    },
    async close() {
      await app.stop();
      await emulator.close();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
