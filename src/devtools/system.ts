/**
 * Sandbox and trial modes as `npm start` runs them: the development servers the mode needs
 * (sandbox exchange, Bot API emulator, playground page), then the app. `src/system.ts` loads this
 * file by dynamic import, and the playground's tests call {@link startDevSystem} too, so they
 * exercise exactly what a newcomer gets.
 *
 * Ports in sandbox mode, from SANDBOX_PORT: the playground page on SANDBOX_PORT itself (the one
 * address a person opens), the emulator on +1, the sandbox exchange on +2. 0 = any free ports.
 */
import { randomInt } from "node:crypto";
import { join, resolve } from "node:path";
import { ConfigError, loadConfig, type DevConfig } from "../config.js";
import type { Logger } from "../log.js";
import { startApp, type App } from "../app.js";
import { freePort } from "../net/listen.js";
import { SANDBOX_ORDERS_FILE, startSandbox, type SandboxServer } from "./sandbox/server.js";
import { startEmulator, type Emulator } from "./emulator/server.js";
import { PLAYGROUND_ADMIN, startPlayground, type Playground } from "./playground/server.js";
import { ALL_PARTNER_FEATURES, type PartnerFeature } from "../partner/features.js";

/** How often the bot checks statuses in sandbox mode unless POLL_INTERVAL_MS says otherwise. */
export const SANDBOX_POLL_INTERVAL_MS = 2_000;

/**
 * Sandbox-mode defaults on top of the parsed config: the playground's admin is an admin unless
 * ADMIN_IDS names others, and statuses are checked every 2 s (unless POLL_INTERVAL_MS is set) so
 * a push follows a press in the side panel at once. Trial mode is returned unchanged.
 */
export function withSandboxDefaults(config: DevConfig, env: Record<string, string | undefined> = process.env): DevConfig {
  if (config.mode !== "sandbox") return config;
  const out = { ...config };
  if (out.adminIds.length === 0) out.adminIds = [PLAYGROUND_ADMIN.id];
  if ((env.POLL_INTERVAL_MS ?? "").trim() === "") out.pollIntervalMs = SANDBOX_POLL_INTERVAL_MS;
  return out;
}

/**
 * `npm start` in sandbox or trial mode: the built-in exchange offers every capability beyond our
 * contract, so unless PARTNER_FEATURES is set (even to nothing) the bot uses them all, and the
 * playground shows them with a switch each. Only the start-up applies this: the tests that build
 * a development run themselves (loadDevConfig, the e2e harness) keep the default of none, as a
 * deployment does.
 */
export function withSandboxFeatures(config: DevConfig, env: Record<string, string | undefined> = process.env): DevConfig {
  return env.PARTNER_FEATURES === undefined ? { ...config, partnerFeatures: ALL_PARTNER_FEATURES } : config;
}

/**
 * The configuration of a development run from `env`, with the sandbox defaults (the playground's
 * tests). A production environment is refused: it runs without the development tools.
 */
export function loadDevConfig(env: Record<string, string | undefined>): DevConfig {
  const config = loadConfig(env);
  if (config.mode === "production")
    throw new ConfigError(["PARTNER_API_URL is set: the development tools run in sandbox and trial modes only"]);
  return withSandboxDefaults(config, env);
}

/** Everything {@link startDevSystem} started. */
export interface DevSystem {
  readonly app: App;
  /** Sandbox exchange. */
  readonly sandbox: SandboxServer;
  /** Bot API emulator; sandbox mode only. */
  readonly emulator: Emulator | undefined;
  /** The browser playground; sandbox mode only. */
  readonly playground: Playground | undefined;
  /** Stops the app, then the servers, in reverse order of start. Safe to call twice. */
  close(): Promise<void>;
}

/** The servers sit on consecutive ports from SANDBOX_PORT; 0 means any free port. */
function portNear(base: number, offset: number): number {
  return base === 0 ? 0 : base + offset;
}

/** Starts the servers the config's mode needs and the app; on failure closes what it started. */
export async function startDevSystem(config: DevConfig, logger: Logger, options: { signal?: AbortSignal } = {}): Promise<DevSystem> {
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async (): Promise<void> => {
    for (const close of closers.splice(0).reverse()) await close().catch((err: unknown) => logger.warn({ err }, "while closing"));
  };
  try {
    // In sandbox mode the playground's side panel moves orders on, which a newcomer can follow;
    // a trial run on real Telegram has no panel, so its orders move on the sandbox's own clock.
    // One set for the bot and the sandbox: the playground's switches change both at once.
    const features = new Set<PartnerFeature>(config.partnerFeatures);
    config = { ...config, partnerFeatures: features };
    const sandbox = await startSandbox({
      features,
      port: portNear(config.sandboxPort, 2),
      catalog: config.sandboxCatalog,
      // The orders live in DATA_DIR beside the bot's data, so a second `npm start` still knows
      // the first run's exchanges (the bot goes on tracking them) and draws on from the saved
      // generator, never repeating an id the store has. The seed is used only when there is no
      // file yet; a random one, so a DATA_DIR whose orders file was removed gets new ids too.
      stateFile: join(config.dataDir, SANDBOX_ORDERS_FILE),
      seed: randomInt(1, 2 ** 31),
      ...(config.mode === "sandbox" ? { lifecycle: "manual" as const } : {}),
    });
    closers.push(() => sandbox.close());
    let emulator: Emulator | undefined;
    let telegram: { botToken: string; telegramApiRoot: string | undefined };
    if (config.mode === "sandbox") {
      // Telegram's flood limits are on here, so the bot's own pacing (it waits out a 429's
      // retry_after) is exercised where a person watches, as it would be on real Telegram.
      const e = await startEmulator({ port: portNear(config.sandboxPort, 1), floodLimits: true });
      emulator = e;
      closers.push(() => e.close());
      logger.info(
        "SANDBOX MODE: no BOT_TOKEN and no PARTNER_API_URL are set, so the bot talks to a built-in Bot API emulator and a simulated exchange. No real Telegram, no real coins.",
      );
      logger.info(`Bot API emulator: ${e.apiRoot} (bot @${e.bot.username})`);
      telegram = { botToken: e.token, telegramApiRoot: e.apiRoot };
    } else {
      logger.info("TRIAL MODE: real Telegram, simulated exchange (set PARTNER_API_URL and PARTNER_API_KEY to go live).");
      telegram = { botToken: config.botToken, telegramApiRoot: config.telegramApiRoot };
    }
    logger.info(`Sandbox exchange (Partner API): ${sandbox.url}, ${sandbox.catalog.size} catalog (${sandbox.catalog.coins.length} coins)`);
    logger.info(`Data: ${resolve(config.dataDir)} (kept between runs; delete that folder to start afresh).`);

    // The Mini App on the bot's own port (its ops server, as PORT would give it), framed by the
    // playground: a loopback address, which only sandbox mode accepts over plain http.
    if (config.mode === "sandbox" && config.webAppUrl === undefined) {
      const port = config.port ?? (config.sandboxPort === 0 ? await freePort() : config.sandboxPort + 3);
      config = { ...config, port, webAppUrl: `http://127.0.0.1:${String(port)}/app/` };
    }
    const app = await startApp({
      config,
      logger,
      ...telegram,
      webAppFrameAncestors: config.mode === "sandbox" ? ["http://127.0.0.1:*", "http://localhost:*"] : [],
      partnerApiUrl: sandbox.url,
      partnerApiKey: sandbox.apiKey,
      signal: options.signal,
    });
    closers.push(() => app.stop());

    let playground: Playground | undefined;
    if (emulator !== undefined) {
      const p = await startPlayground({
        emulator,
        sandbox,
        app,
        features,
        ...(config.webAppUrl === undefined ? {} : { webAppUrl: config.webAppUrl }),
        port: config.sandboxPort,
        logger: logger.child({ part: "playground" }),
      });
      playground = p;
      closers.push(() => p.close());
    }
    return { app, sandbox, emulator, playground, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
