/**
 * Entry point: config → (sandbox servers) → app; stops cleanly on SIGINT/SIGTERM.
 *
 * With no configuration at all the bot runs in sandbox mode: the built-in sandbox exchange and
 * the Bot API emulator start in this process, so a newcomer sees the whole bot work at once.
 */
import { config as loadDotenv } from "dotenv";
import { ConfigError, loadConfig, secretsOf, type Config } from "./config.js";
import { createLogger, prettyWhenInteractive } from "./log.js";
import { startApp, type App } from "./app.js";
import { startSandbox, type SandboxServer } from "./sandbox/server.js";
import { startEmulator, type Emulator } from "./emulator/server.js";
import { StoreCorruptError, StoreVersionError } from "./store/store.js";

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
const closers: Array<() => Promise<void>> = [];

async function boot(): Promise<App> {
  let sandbox: SandboxServer | undefined;
  let emulator: Emulator | undefined;
  if (config.partnerApiUrl === undefined) {
    sandbox = await startSandbox({ port: portNear(config.sandboxPort, 1) });
    closers.push(() => sandbox!.close());
  }
  if (config.mode === "sandbox") {
    emulator = await startEmulator({ port: portNear(config.sandboxPort, 0) });
    closers.push(() => emulator!.close());
    logger.info(
      "SANDBOX MODE: no BOT_TOKEN and no PARTNER_API_URL are set, so the bot talks to a built-in Bot API emulator and a simulated exchange. No real Telegram, no real coins.",
    );
    logger.info(`Bot API emulator: ${emulator.apiRoot} (bot @${emulator.bot.username})`);
  } else if (config.mode === "trial") {
    logger.info("TRIAL MODE: real Telegram, simulated exchange (set PARTNER_API_URL and PARTNER_API_KEY to go live).");
  }
  if (sandbox) logger.info(`Sandbox exchange (Partner API): ${sandbox.url}`);

  return startApp({
    config,
    logger,
    botToken: config.botToken ?? emulator!.token,
    telegramApiRoot: emulator?.apiRoot ?? config.telegramApiRoot,
    partnerApiUrl: config.partnerApiUrl ?? sandbox!.url,
    partnerApiKey: config.partnerApiKey ?? sandbox!.apiKey,
  });
}

/** The sandbox servers sit on consecutive ports from SANDBOX_PORT; 0 means any free port. */
function portNear(base: number, offset: number): number {
  return base === 0 ? 0 : base + offset;
}

async function closeSandboxServers(): Promise<void> {
  for (const close of closers.reverse()) await close().catch((err) => logger.warn({ err }, "while closing"));
}

function fatal(err: unknown): never {
  if (err instanceof StoreCorruptError || err instanceof StoreVersionError) {
    logger.fatal(err.message);
  } else {
    logger.fatal({ err }, "start-up failed");
  }
  logger.flush();
  process.exit(1);
}

// Signals are handled from the start: a Ctrl-C during start-up stops as soon as the bot is up.
let app: App | undefined;
let stopRequested: NodeJS.Signals | undefined;
let signals = 0;

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  logger.info(`${signal} received`);
  try {
    await app?.stop();
    await closeSandboxServers();
  } catch (err) {
    fatal(err);
  }
  logger.flush();
  process.exit(0);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    signals += 1;
    if (signals > 1) {
      logger.warn(`second ${signal}: exiting without waiting`);
      process.exit(1);
    }
    if (app === undefined) {
      stopRequested = signal;
      return;
    }
    void shutdown(signal);
  });
}

app = await boot().catch(async (err: unknown) => {
  await closeSandboxServers();
  fatal(err);
});
if (stopRequested) await shutdown(stopRequested);
