/**
 * Entry point: config → (sandbox servers) → app; stops cleanly on SIGINT/SIGTERM.
 *
 * With no configuration at all the bot runs in sandbox mode: the built-in sandbox exchange and
 * the Bot API emulator start in this process, with a playground page in the browser that plays
 * the Telegram client, so a newcomer sees the whole bot work at once.
 */
import { config as loadDotenv } from "dotenv";
import { ConfigError, loadConfig, secretsOf, type Config } from "./config.js";
import { createLogger, prettyWhenInteractive } from "./log.js";
import type { App } from "./app.js";
import { startSystem, type RunningSystem } from "./system.js";
import { DataDirError, StoreCorruptError, StoreVersionError } from "./store/store.js";
import { SchemaVersionError } from "./store/postgres/migrate.js";
import { DatabaseUnavailableError } from "./store/postgres/database-unavailable.js";
import { osReason } from "./store/errors.js";
import { StartupAbortedError } from "./net/wait-for-telegram.js";
import { signalJudge } from "./stop-signals.js";

loadDotenv({ quiet: true });

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\nSee README.md, section "Configuration".\n`);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger({ level: config.logLevel, secrets: secretsOf(config), destination: await prettyWhenInteractive() });
let system: RunningSystem | undefined;
/** Aborted by the first signal during start-up: waiting for Telegram ends at once. */
const startup = new AbortController();

/** Starts the servers the mode needs and the app; in sandbox mode, says where the playground is. */
async function boot(): Promise<App> {
  system = await startSystem(config, logger, { signal: startup.signal });
  if (system.playgroundUrl !== undefined) {
    const url = system.playgroundUrl;
    logger.info(`PLAYGROUND: open ${url} in your browser to chat with the bot (no Telegram account needed).`);
    // Also plainly on stdout, whatever the log level: this is the one line a newcomer needs.
    process.stdout.write(`\n  ▶ Open ${url} in your browser\n\n`);
  }
  return system.app;
}

async function closeSandboxServers(): Promise<void> {
  await system?.close();
}

function isAddressInUse(err: unknown): err is Error & { code: string } {
  return err instanceof Error && (err as { code?: unknown }).code === "EADDRINUSE";
}

/** What a person can do about a data directory the bot cannot use (no data is at stake). */
function dataDirAdvice(err: DataDirError): string {
  const uid = process.getuid?.();
  const who = uid === undefined ? "the user running the bot" : `the user running the bot (uid ${uid})`;
  const elsewhere = "or set DATA_DIR to a folder that user can write";
  if (err.code === "ENOTDIR" || err.code === "EEXIST") return `Remove or rename the file that is in the way, ${elsewhere}.`;
  if (err.code === "EACCES" || err.code === "EPERM") {
    return err.problem === "create"
      ? `Create the folder and give ${who} write permission on it (mkdir, chown/chmod), ${elsewhere}.`
      : `Give ${who} write permission on it (chown/chmod), ${elsewhere}.`;
  }
  return `Create the folder or fix its permissions, ${elsewhere}.`;
}

function fatal(err: unknown): never {
  if (err instanceof DataDirError) {
    const what = err.problem === "create" ? "cannot be created" : "cannot be written to";
    logger.fatal(
      `The data directory ${err.dir} (DATA_DIR=${config.dataDir}) ${what}: ${osReason(err.code)} (${err.code}). ${dataDirAdvice(err)}`,
    );
  } else if (
    err instanceof StoreCorruptError ||
    err instanceof StoreVersionError ||
    err instanceof DatabaseUnavailableError ||
    err instanceof SchemaVersionError
  ) {
    // Each says in one line what is wrong and what to do (never the database password).
    logger.fatal(err.message);
  } else if (isAddressInUse(err)) {
    logger.fatal(`${err.message}. Another program uses that port: stop it, or set SANDBOX_PORT to another port (0 picks free ones).`);
  } else {
    logger.fatal({ err }, "start-up failed");
  }
  logger.flush();
  process.exit(1);
}

// Signals are handled from the start: a Ctrl-C during start-up stops as soon as the bot is up.
/** The running app, once start-up is done: read by the signal handlers installed before it exists. */
const running: { app?: App } = {};
let stopRequested: NodeJS.Signals | undefined;
const judgeSignal = signalJudge();

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  logger.info(`${signal} received`);
  try {
    await running.app?.stop();
    await closeSandboxServers();
  } catch (err) {
    fatal(err);
  }
  logger.flush();
  process.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    const meaning = judgeSignal();
    if (meaning === "repeat") return;
    if (meaning === "force") {
      logger.warn(`second ${signal}: exiting without waiting`);
      process.exit(1);
    }
    if (running.app === undefined) {
      stopRequested = signal;
      logger.info(`${signal} received during start-up: stopping`);
      startup.abort();
      return;
    }
    void shutdown(signal);
  });
}

running.app = await boot().catch(async (err: unknown) => {
  await closeSandboxServers();
  // A stop asked for during start-up is a clean stop (the app closed its store on the way out).
  if (err instanceof StartupAbortedError || (startup.signal.aborted && stopRequested !== undefined)) {
    logger.info("stopped cleanly during start-up");
    logger.flush();
    process.exit(0);
  }
  fatal(err);
});
if (stopRequested) await shutdown(stopRequested);
